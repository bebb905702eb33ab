// The ten seed scenarios (docs/kernels.md, "Seed scenarios"), each on every SPIR-V-capable device,
// with real arrays.
#include <chrono>
#include <set>
#include <span>
#include <type_traits>

#include "jit/device_target.h"
#include "dpk/runtime/kernel_bundle.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;
using dpk::tests::identity;
using dpk::tests::iota;
using dpk::tests::seed_program;

namespace {

constexpr const char* kSaxpySig = "void(f32, f32[::1], f32[::1])";

/// Runs `body` expecting a SignatureMismatchError whose message contains every `needle`.
template <typename F>
void expect_mismatch(F&& body, std::initializer_list<std::string> needles) {
    try {
        body();
        FAIL("no SignatureMismatchError was thrown");
    } catch (const SignatureMismatchError& e) {
        std::string what = e.what();
        INFO("message: " << what);
        for (const std::string& n : needles) CHECK(what.find(n) != std::string::npos);
    }
}

}  // namespace

TEST_CASE("1 eager: specialize compiles at once; attributes are readable before any launch") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel saxpy = p.kernel("saxpy");
        CompiledKernel k = saxpy.specialize(kSaxpySig, dev);
        // Everything happened in specialize: the front end and the driver build.
        CHECK(p.cache().stats().front_end_compiles == 1);
        CHECK(p.cache().stats().programs.builds == 1);
        CHECK(saxpy.compile_count() == 1);
        CHECK(saxpy.launch_count() == 0);
        CHECK(k.signature().pretty() == kSaxpySig);
        CHECK(k.device() == dev);
        const KernelAttributes& a = k.attributes();
        MESSAGE(device_label(dev) << ": saxpy max work-group " << a.max_work_group_size
                                  << ", preferred multiple " << a.preferred_work_group_size_multiple
                                  << ", local " << a.local_mem_size << " B, private "
                                  << a.private_mem_size << " B");
        CHECK(a.max_work_group_size > 0);
        CHECK(a.preferred_work_group_size_multiple > 0);
        REQUIRE(k.spirv().size() > 5);
        CHECK(k.spirv()[0] == 0x07230203u);
        std::string asm_text = k.disassembly();
        CHECK(asm_text.find("OpEntryPoint Kernel") != std::string::npos);
        CHECK(asm_text.find("saxpy") != std::string::npos);
        CHECK(k.param_names() == std::vector<std::string>{"alpha", "x", "y"});

        // A kernel with work-group memory reports it before any launch too.
        CompiledKernel mm =
            p.kernel("matmul").specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev);
        CHECK(mm.loaded().image().abi.static_local_bytes == 2 * 16 * 16 * sizeof(float));
        CHECK(mm.attributes().max_work_group_size >= 256);
        MESSAGE(device_label(dev) << ": matmul local " << mm.attributes().local_mem_size
                                  << " B (ABI " << mm.loaded().image().abi.static_local_bytes
                                  << " B), max work-group " << mm.attributes().max_work_group_size);
    }
}

TEST_CASE("2 reuse: a matching launch runs the eager kernel; nothing compiles again") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel saxpy = p.kernel("saxpy");
        CompiledKernel eager = saxpy.specialize(kSaxpySig, dev);
        const auto stats = p.cache().stats();

        Queue q(dev);
        const std::size_t n = 1000;
        auto x = UsmArray::from_host<float>(q, iota(n));
        auto y = UsmArray::from_host<float>(q, iota(n, 0.0f, 1.0f));
        saxpy.launch(q, Range(1024), {2.0f, x, y}).wait();
        saxpy.launch(q, Range(1024), Range(64), {2, x, y}).wait();  // int 2 converts exactly
        auto out = y.to_vector<float>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(out[i] == 1.0f + 4.0f * static_cast<float>(i));

        REQUIRE(saxpy.definitions().size() == 1);
        CHECK(identity(saxpy.definitions()[0]) == identity(eager));  // the very same kernel
        CHECK(saxpy.compile_count() == 1);
        CHECK(saxpy.launch_count() == 2);
        CHECK(p.cache().stats().front_end_compiles == stats.front_end_compiles);
        CHECK(p.cache().stats().programs.builds == stats.programs.builds);

        // The explicit usm_ndarray spelling of the same signature is the same definition.
        CompiledKernel again = saxpy.specialize(
            "void(f32, usm_ndarray(f32, ndim=1, layout=\"C\", usm_type=\"device\", device=\"" +
                dev.filter_string() + "\"), f32[::1])",
            dev);
        CHECK(identity(again) == identity(eager));
        CHECK(saxpy.compile_count() == 1);
    }
}

TEST_CASE("3 enforcement: dtype, ndim, layout, usm_type, device and host memory mismatches") {
    const std::vector<Device> devices = devices_under_test();
    for (const Device& dev : devices) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel saxpy = p.kernel("saxpy");
        saxpy.specialize(kSaxpySig, dev);
        Kernel matmul = p.kernel("matmul");
        matmul.specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev);
        const auto stats = p.cache().stats();

        Queue q(dev);
        const std::int64_t n = 256;
        auto x = UsmArray::from_host<float>(q, iota(n));
        auto y = UsmArray::zeros(q, DType::F32, {n});
        const std::string listing = "specializations: void(f32, f32[::1], f32[::1]) on ";

        auto x64 = UsmArray::zeros(q, DType::F64, {n});
        expect_mismatch(
            [&] {
                saxpy.launch(q, Range(256), {1.0f, x64, y});
            },
            {"kernel 'saxpy'", "parameter 1 'x'", "expected f32[::1]", "usm_ndarray(f64", listing});
        auto x2d = UsmArray::zeros(q, DType::F32, {16, 16});
        expect_mismatch(
            [&] {
                saxpy.launch(q, Range(256), {1.0f, x2d, y});
            },
            {"parameter 1 'x'", "f32[::1]", "shape=(16, 16)", listing});
        auto strided = UsmArray::zeros(q, DType::F32, {2 * n}).slice(0, 0, 2 * n, 2);
        expect_mismatch(
            [&] {
                saxpy.launch(q, Range(256), {1.0f, x, strided});
            },
            {"parameter 2 'y'", "layout differs: the array is A, the parameter needs C", listing});
        auto a = UsmArray::zeros(q, DType::F32, {32, 32});
        auto f_order = UsmArray::zeros(q, DType::F32, {32, 32}, UsmType::Device, Layout::F);
        expect_mismatch(
            [&] {
                matmul.launch(q, Range(32, 32), Range(16, 16), {a, f_order, a});
            },
            {"kernel 'matmul'", "parameter 1 'B'", "f32[:, ::1]",
             "layout differs: the array is F, the parameter needs C"});
        if (dev.info().supports(UsmType::Shared)) {
            auto shared = UsmArray::zeros(q, DType::F32, {n}, UsmType::Shared);
            expect_mismatch(
                [&] {
                    saxpy.launch(q, Range(256), {1.0f, shared, y});
                },
                {"parameter 1 'x'", "usm_type differs (shared vs device)", listing});
        }
        // Host memory smuggled in as an address is not an array (and std::vector, raw pointers
        // and spans do not compile as arguments at all: scenario 4).
        std::vector<float> host(n);
        expect_mismatch(
            [&] {
                saxpy.launch(q, Range(256),
                             {1.0f, reinterpret_cast<std::uintptr_t>(host.data()), y});
            },
            {"parameter 1 'x'", "host memory is never a kernel argument", "UsmArray::from_host"});
        // A scalar that does not convert exactly.
        expect_mismatch(
            [&] {
                saxpy.launch(q, Range(256), {0.1, x, y});
            },
            {"parameter 0 'alpha'", "does not convert exactly to f32"});
        // Another device: its arrays, or a queue on it.
        for (const Device& other : devices) {
            if (other == dev) continue;
            Queue q2(other);
            auto there = UsmArray::zeros(q2, DType::F32, {n});
            expect_mismatch(
                [&] {
                    saxpy.launch(q, Range(256), {1.0f, there, y});
                },
                {"parameter 1 'x'", "the array lives on " + other.filter_string(), listing});
            auto x2 = UsmArray::zeros(q2, DType::F32, {n});
            auto y2 = UsmArray::zeros(q2, DType::F32, {n});
            expect_mismatch(
                [&] {
                    saxpy.launch(q2, Range(256), {1.0f, x2, y2});
                },
                {"not specialized for device", listing});
        }
        // Nothing was compiled, nothing launched, nothing written.
        CHECK(saxpy.compile_count() == 1);
        CHECK(matmul.compile_count() == 1);
        CHECK(saxpy.definitions().size() == 1);
        CHECK(saxpy.launch_count() == 0);
        CHECK(matmul.launch_count() == 0);
        CHECK(p.cache().stats().front_end_compiles == stats.front_end_compiles);
        CHECK(p.cache().stats().programs.builds == stats.programs.builds);
        for (float v : y.to_vector<float>()) REQUIRE(v == 0.0f);
    }
}

TEST_CASE("4 compute follows data: host memory is never an argument; how to move it") {
    using runtime::KernelArg;
    static_assert(!std::is_constructible_v<KernelArg, float*>);
    static_assert(!std::is_constructible_v<KernelArg, const float*>);
    static_assert(!std::is_constructible_v<KernelArg, std::vector<float>>);
    static_assert(!std::is_constructible_v<KernelArg, std::vector<float>&>);
    static_assert(!std::is_constructible_v<KernelArg, std::span<float>>);
    static_assert(!std::is_constructible_v<KernelArg, std::array<float, 4>>);
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel vecadd = p.kernel("vecadd");
        vecadd.specialize("void(f32[::1], f32[::1], f32[::1])", dev);
        Queue q(dev);
        std::vector<float> host_a = iota(512), host_b = iota(512, 2.0f);
        auto c = UsmArray::zeros(q, DType::F32, {512});
        expect_mismatch(
            [&] {
                vecadd.launch(q, Range(512),
                              {reinterpret_cast<std::uintptr_t>(host_a.data()),
                               reinterpret_cast<std::uintptr_t>(host_b.data()), c});
            },
            {"parameter 0 'a'", "got a scalar",
             "copy host data into a USM array with UsmArray::from_host(queue, values)"});
        CHECK(vecadd.launch_count() == 0);
        // What the message says to do works.
        auto a = UsmArray::from_host<float>(q, host_a);
        auto b = UsmArray::from_host<float>(q, host_b);
        vecadd.launch(q, Range(512), {a, b, c}).wait();
        auto out = c.to_vector<float>();
        for (std::size_t i = 0; i < out.size(); ++i)
            REQUIRE(out[i] == 3.0f * static_cast<float>(i));
        CHECK(vecadd.compile_count() == 1);
    }
}

TEST_CASE("5 lazy: an unspecialized kernel compiles on first launch, keyed by argument types") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel vecadd = p.kernel("vecadd");
        CHECK(vecadd.definitions().empty());
        Queue q(dev);
        const std::int64_t n = 300;
        auto a = UsmArray::from_host<float>(q, iota(n));
        auto b = UsmArray::from_host<float>(q, iota(n, 1.0f, 5.0f));
        auto c = UsmArray::zeros(q, DType::F32, {n});
        vecadd.launch(q, Range(300), {a, b, c}).wait();
        CHECK(vecadd.compile_count() == 1);
        REQUIRE(vecadd.definitions().size() == 1);
        CHECK(vecadd.definitions()[0].signature().pretty() == "void(f32[::1], f32[::1], f32[::1])");
        const void* first = identity(vecadd.definitions()[0]);
        for (int i = 0; i < 3; ++i) vecadd.launch(q, Range(300), {a, b, c}).wait();
        CHECK(vecadd.compile_count() == 1);
        CHECK(identity(vecadd.definitions()[0]) == first);
        auto out = c.to_vector<float>();
        for (std::int64_t i = 0; i < n; ++i) REQUIRE(out[i] == 5.0f + 2.0f * static_cast<float>(i));

        // Other argument types: a second entry, reused in turn.
        std::vector<double> d(n, 1.5);
        auto da = UsmArray::from_host<double>(q, d);
        auto dc = UsmArray::zeros(q, DType::F64, {n});
        vecadd.launch(q, Range(300), {da, da, dc}).wait();
        vecadd.launch(q, Range(300), {da, da, dc}).wait();
        vecadd.launch(q, Range(300), {a, b, c}).wait();
        CHECK(vecadd.compile_count() == 2);
        REQUIRE(vecadd.definitions().size() == 2);
        CHECK(vecadd.definitions()[1].signature().pretty() == "void(f64[::1], f64[::1], f64[::1])");
        CHECK(dc.to_vector<double>()[7] == 3.0);
        CHECK(vecadd.launch_count() == 7);

        // A strided view gets a layout-Any specialization; declared parameters keep their type.
        auto view = UsmArray::from_host<float>(q, iota(2 * n)).slice(0, 0, 2 * n, 2);
        vecadd.launch(q, Range(300), {view, view, c}).wait();
        CHECK(vecadd.definitions().back().signature().pretty() == "void(f32[:], f32[:], f32[::1])");
        CHECK(c.to_vector<float>()[10] == 40.0f);  // view[i] = 2i
        Kernel saxpy = p.kernel("saxpy");
        saxpy.launch(q, Range(300), {3, a, c}).wait();  // alpha: f32 as declared, 3 converts
        REQUIRE(saxpy.definitions().size() == 1);
        CHECK(saxpy.definitions()[0].signature().pretty() == kSaxpySig);
    }
}

TEST_CASE("6 the device is part of the specialization") {
    const std::vector<Device> devices = devices_under_test();
    if (devices.empty()) return;
    Program p = seed_program();
    Kernel saxpy = p.kernel("saxpy");
    for (const Device& dev : devices) saxpy.specialize(kSaxpySig, dev);
    REQUIRE(saxpy.definitions().size() == devices.size());
    CHECK(saxpy.compile_count() == devices.size());
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const Device& dev = devices[i];
        INFO("device " << device_label(dev));
        CHECK(saxpy.definitions()[i].device() == dev);
        Queue q(dev);
        auto x = UsmArray::from_host<float>(q, iota(64));
        auto y = UsmArray::zeros(q, DType::F32, {64});
        saxpy.launch(q, Range(64), {static_cast<float>(i + 2), x, y}).wait();
        CHECK(y.to_vector<float>()[10] == 10.0f * static_cast<float>(i + 2));
        // A signature naming this device is the same definition; naming another is an error.
        CompiledKernel same =
            saxpy.specialize("void(f32, usm_ndarray(f32, ndim=1, layout=\"C\", device=\"" +
                                 dev.filter_string() + "\"), f32[::1])",
                             dev);
        CHECK(identity(same) == identity(saxpy.definitions()[i]));
        for (const Device& other : devices) {
            if (other == dev) continue;
            CHECK_THROWS_AS(saxpy.specialize("void(f32, usm_ndarray(f32, ndim=1, layout=\"C\", "
                                             "device=\"" +
                                                 other.filter_string() + "\"), f32[::1])",
                                             dev),
                            InvalidArgumentError);
        }
    }
    CHECK(saxpy.compile_count() == devices.size());
    CHECK(saxpy.launch_count() == devices.size());
    // One image per device target (its features: fp16, sub-groups, ...), built for each device.
    std::set<std::string> targets;
    for (const Device& dev : devices) targets.insert(jit::device_target(dev).name());
    CHECK(p.cache().stats().front_end_compiles == targets.size());
    CHECK(p.cache().stats().programs.builds == devices.size());
}

TEST_CASE("7 ranges: 1-3 dims, local memory and barriers, bad local sizes are clear errors") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Queue q(dev);
        // 2-d tiled matmul with work-group memory and barriers.
        const std::int64_t M = 64, K = 48, N = 32;
        std::vector<float> A(M * K), B(K * N), ref(M * N, 0.0f);
        for (std::int64_t i = 0; i < M * K; ++i) A[i] = static_cast<float>(i % 7) - 3.0f;
        for (std::int64_t i = 0; i < K * N; ++i) B[i] = static_cast<float>(i % 5) - 2.0f;
        for (std::int64_t r = 0; r < M; ++r)
            for (std::int64_t c = 0; c < N; ++c)
                for (std::int64_t k = 0; k < K; ++k) ref[r * N + c] += A[r * K + k] * B[k * N + c];
        auto dA = UsmArray::from_host<float>(q, A, {M, K});
        auto dB = UsmArray::from_host<float>(q, B, {K, N});
        auto dC = UsmArray::zeros(q, DType::F32, {M, N});
        Kernel matmul = p.kernel("matmul");
        matmul.specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev);
        matmul.launch(q, Range(M, N), Range(16, 16), {dA, dB, dC}).wait();
        CHECK(dC.to_vector<float>() == ref);

        // 1-d reduction in launch-sized local memory.
        Kernel block_sum = p.kernel("block_sum");
        block_sum.specialize("void(f32[::1], f32[::1], local f32[:])", dev);
        const std::int64_t n = 4096;
        auto x = UsmArray::from_host<float>(q, std::vector<float>(n, 1.0f));
        auto sum = UsmArray::zeros(q, DType::F32, {1});
        block_sum.launch(q, Range(n), Range(64), {x, sum, LocalMemory{DType::F32, 64}}).wait();
        CHECK(sum.to_vector<float>()[0] == static_cast<float>(n));

        // 3-d range with a 3-d work-group.
        Kernel index3d = p.kernel("index3d");
        auto out = UsmArray::zeros(q, DType::I64, {4, 6, 8});
        index3d.launch(q, Range(4, 6, 8), Range(2, 3, 4), {out}).wait();
        auto v = out.to_vector<std::int64_t>();
        CHECK(v[(3 * 6 + 5) * 8 + 7] == 30507);
        CHECK(v[(1 * 6 + 2) * 8 + 3] == 10203);

        // Bad ranges: clear errors, nothing launched, no crash.
        CHECK_THROWS_AS(matmul.launch(q, Range(M, N), Range(16, 12), {dA, dB, dC}),
                        InvalidRangeError);
        CHECK_THROWS_AS(matmul.launch(q, Range(M, N), Range(16), {dA, dB, dC}), InvalidRangeError);
        CHECK_THROWS_AS(matmul.launch(q, Range(M), Range(16), {dA, dB, dC}), InvalidRangeError);
        CHECK_THROWS_AS(
            block_sum.launch(q, Range(n), Range(n * 16), {x, sum, LocalMemory{DType::F32, 64}}),
            InvalidRangeError);
        try {
            block_sum.launch(q, Range(100), Range(64), {x, sum, LocalMemory{DType::F32, 64}});
            FAIL("no InvalidRangeError");
        } catch (const InvalidRangeError& e) {
            CHECK(std::string(e.what()).find("not a multiple of local range") != std::string::npos);
        }
        CHECK(matmul.launch_count() == 1);
        CHECK(block_sum.launch_count() == 1);
    }
}

TEST_CASE("8 async: launches return events at once; dependencies order them; wait is ours") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel slow_fill = p.kernel("slow_fill");
        Kernel twice = p.kernel("twice");
        slow_fill.specialize("void(f32[::1], i64)", dev);
        twice.specialize("void(f32[::1], f32[::1])", dev);
        Queue q1(dev), q2(dev);
        const std::int64_t n = 256;
        auto x = UsmArray::zeros(q1, DType::F32, {n});
        auto y = UsmArray::zeros(q2, DType::F32, {n});
        const std::int64_t spins = 4'000'000;
        auto t0 = std::chrono::steady_clock::now();
        Event filled = slow_fill.launch(q1, Range(n), {x, spins});
        auto launch_time = std::chrono::steady_clock::now() - t0;
        bool done_at_return = filled.is_complete();
        // On another queue, ordered only by the dependency.
        Event doubled = twice.launch(q2, Range(n), {x, y}, {filled});
        doubled.wait();
        auto total_time = std::chrono::steady_clock::now() - t0;
        CHECK(filled.is_complete());
        MESSAGE(device_label(dev) << ": launch returned after "
                                  << std::chrono::duration<double, std::micro>(launch_time).count()
                                  << " us, the kernels finished after "
                                  << std::chrono::duration<double, std::milli>(total_time).count()
                                  << " ms");
        CHECK_FALSE(done_at_return);
        CHECK(launch_time * 10 < total_time);
        auto vy = y.to_vector<float>();
        for (std::int64_t i = 0; i < n; ++i)
            REQUIRE(vy[i] == 2.0f * (static_cast<float>(i) + 2.0f));
    }
}

TEST_CASE("9 AOT: a bundle of precompiled kernels runs with the same signature enforcement") {
    tests::TempDir dir("aot");
    const auto bundle_path = dir.path() / "seed.dpkb";
    Program p = seed_program();
    std::vector<BundleRequest> requests{
        {"saxpy", {kSaxpySig}},
        {"vecadd", {"void(f32[::1], f32[::1], f32[::1])", "void(i32[::1], i32[::1], i32[::1])"}}};
    write_bundle(bundle_path, p, requests);
    // From here on, runtime only (tests/jit/aot_runtime_only_test.cpp does it in a program that links
    // nothing else).
    runtime::KernelBundle bundle = runtime::KernelBundle::read(bundle_path);
    CHECK(bundle.images().size() == 3);
    CHECK(bundle.kernel_names() == std::vector<std::string>{"saxpy", "vecadd"});
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        auto vecadd = bundle.load("vecadd", dev);
        CHECK(vecadd->size() == 2);
        Queue q(dev);
        std::vector<std::int32_t> ints(128);
        for (std::size_t i = 0; i < ints.size(); ++i) ints[i] = static_cast<std::int32_t>(i);
        auto a = UsmArray::from_host<std::int32_t>(q, ints);
        auto c = UsmArray::zeros(q, DType::I32, {128});
        vecadd->launch(q, Range(128), {a, a, c}).wait();
        CHECK(c.to_vector<std::int32_t>()[100] == 200);
        auto d = UsmArray::zeros(q, DType::F64, {128});
        expect_mismatch(
            [&] {
                vecadd->launch(q, Range(128), {d, d, d});
            },
            {"kernel 'vecadd'", "parameter 0 'a'", "f64", "void(f32[::1], f32[::1], f32[::1]) on",
             "void(i32[::1], i32[::1], i32[::1]) on"});
    }
}

TEST_CASE("10 string and C++ signatures are one key; device functions follow their kernels") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = seed_program();
        Kernel saxpy = p.kernel("saxpy");
        CompiledKernel from_string = saxpy.specialize(kSaxpySig, dev);
        Signature built({ParamType::scalar(DType::F32), ParamType::array(DType::F32, 1, Layout::C),
                         ParamType::array(DType::F32, 1, Layout::C)});
        CompiledKernel from_cpp = saxpy.specialize(built, dev);
        CHECK(identity(from_cpp) == identity(from_string));
        CHECK(from_cpp.signature() == built);
        CHECK(saxpy.compile_count() == 1);
        CHECK(saxpy.definitions().size() == 1);
        CHECK(p.cache().stats().front_end_compiles == 1);

        // `sq` is generic: typed with each kernel specialization that calls it.
        Kernel squares = p.kernel("squares");
        squares.specialize("void(f32[::1], f32[::1])", dev);
        squares.specialize(
            Signature({ParamType::array(DType::I64, 1), ParamType::array(DType::I64, 1)}), dev);
        CHECK(squares.definitions().size() == 2);
        Queue q(dev);
        auto xf = UsmArray::from_host<float>(q, iota(16, 0.5f));
        auto of = UsmArray::zeros(q, DType::F32, {16});
        squares.launch(q, Range(16), {xf, of}).wait();
        CHECK(of.to_vector<float>()[3] == 2.25f);
        std::vector<std::int64_t> ints{3'000'000'000LL, -4};
        auto xi = UsmArray::from_host<std::int64_t>(q, ints);
        auto oi = UsmArray::zeros(q, DType::I64, {2});
        squares.launch(q, Range(2), {xi, oi}).wait();
        CHECK(oi.to_vector<std::int64_t>() ==
              std::vector<std::int64_t>{9'000'000'000'000'000'000LL, 16});
        CHECK(squares.compile_count() == 2);
        // A typed device function inside a specialized kernel.
        Kernel clamp_sq = p.kernel("clamp_sq");
        auto xc = UsmArray::from_host<float>(q, std::vector<float>{-2.0f, 0.5f, 3.0f});
        auto oc = UsmArray::zeros(q, DType::F32, {3});
        clamp_sq.launch(q, Range(3), {xc, oc}).wait();
        CHECK(oc.to_vector<float>() == std::vector<float>{1.0f, 0.25f, 1.0f});
    }
}
