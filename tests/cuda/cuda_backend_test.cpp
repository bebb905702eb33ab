// The CUDA backend against a real driver (skipped with a message where none is found), and its
// parts that need no GPU (PTX versions, launch geometry, binary format).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "backends/cuda/cuda_binary.h"
#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_device.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_fill_kernel.h"
#include "backends/cuda/cuda_kernel.h"
#include "backends/cuda/cuda_launch_geometry.h"
#include "backends/cuda/cuda_program.h"
#include "backends/cuda/cuda_queue.h"
#include "backends/cuda/ptx/ptx_target.h"
#include "dpk/core/error.h"

#ifdef DPK_TEST_KERNELS_DIR
#include <spirv-tools/libspirv.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#endif

using namespace dpk;
using namespace dpk::backends;
using namespace dpk::backends::cuda;

namespace {

/// The first CUDA device, or null (with the discovery's problem as a MESSAGE).
std::shared_ptr<CudaDevice> first_device() {
    // Never destroyed: no driver call may run after the driver's own teardown at exit.
    static const Discovery& found = *new Discovery(discover());
    for (const Platform& p : found.platforms)
        for (const auto& d : p.devices)
            if (auto c = std::dynamic_pointer_cast<CudaDevice>(d)) return c;
    MESSAGE(
        "no CUDA device, skipping: " << (found.problem.empty() ? "none listed" : found.problem));
    return nullptr;
}

std::shared_ptr<CudaContext> context_of(CudaDevice& d) {
    return std::static_pointer_cast<CudaContext>(d.default_context());
}

std::string ptx_header(const CudaContext& c) {
    const PtxTarget& t = c.ptx_target();
    return ".version " + std::to_string(t.ptx_major) + "." + std::to_string(t.ptx_minor) +
           "\n.target sm_" + std::to_string(t.sm) + "\n.address_size 64\n";
}

/// y[i] = x[i] * a + float(offset of the second work-group buffer), staged through the first
/// work-group buffer (block size floats) in dynamic shared memory.
PtxModule axpy_module(const CudaContext& c) {
    PtxModule m;
    m.text = ptx_header(c) + R"(
.extern .shared .align 16 .b8 __dpk_dynamic_shared[];
.visible .entry axpy(.param .u64 y, .param .u64 x, .param .f32 a, .param .u64 s1,
                     .param .u64 s2)
{
    .reg .b32 %r<5>;
    .reg .f32 %f<5>;
    .reg .b64 %rd<11>;
    ld.param.u64 %rd1, [y];
    cvta.to.global.u64 %rd1, %rd1;
    ld.param.u64 %rd2, [x];
    cvta.to.global.u64 %rd2, %rd2;
    ld.param.f32 %f1, [a];
    ld.param.u64 %rd3, [s1];
    ld.param.u64 %rd9, [s2];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.u32 %r4, %r1, %r2, %r3;
    mul.wide.u32 %rd4, %r4, 4;
    add.u64 %rd5, %rd2, %rd4;
    ld.global.f32 %f2, [%rd5];
    mul.f32 %f3, %f2, %f1;
    mov.u64 %rd6, __dpk_dynamic_shared;
    mul.wide.u32 %rd7, %r3, 4;
    add.u64 %rd8, %rd6, %rd3;
    add.u64 %rd8, %rd8, %rd7;
    st.shared.f32 [%rd8], %f3;
    bar.sync 0;
    ld.shared.f32 %f3, [%rd8];
    cvt.rn.f32.u64 %f4, %rd9;
    add.f32 %f3, %f3, %f4;
    add.u64 %rd10, %rd1, %rd4;
    st.global.f32 [%rd10], %f3;
    ret;
}

.visible .entry poke(.param .u64 p)
{
    .reg .b64 %rd<2>;
    .reg .b32 %r<2>;
    ld.param.u64 %rd1, [p];
    mov.u32 %r1, 7;
    st.global.u32 [%rd1], %r1;
    ret;
}
)";
    using K = PtxParamKind;
    m.kernels.push_back({"axpy",
                         {{K::GlobalPointer, 8},
                          {K::GlobalPointer, 8},
                          {K::Value, 4},
                          {K::LocalBuffer, 8},
                          {K::LocalBuffer, 8}},
                         0,
                         true});
    m.kernels.push_back({"poke", {{K::GlobalPointer, 8}}, 0, false});
    return m;
}

std::vector<std::uint8_t> read_back(Queue& q, const void* src, std::size_t bytes) {
    std::vector<std::uint8_t> out(bytes);
    q.copy(out.data(), src, bytes, {})->wait();
    return out;
}

NdRange range_1d(std::size_t global, std::size_t local = 0) {
    NdRange r;
    r.dims = 1;
    r.global = {global, 1, 1};
    if (local) {
        r.local = {local, 1, 1};
        r.has_local = true;
    }
    return r;
}

void set_axpy_args(Kernel& k, void* y, void* x, float a, std::size_t block, std::size_t s2) {
    k.set_pointer_arg(0, y);
    k.set_pointer_arg(1, x);
    k.set_value_arg(2, sizeof a, &a);
    k.set_local_arg(3, block * sizeof(float));
    k.set_local_arg(4, s2);
}

}  // namespace

TEST_CASE("PTX ISA versions follow the driver and the target") {
    CHECK(driver_max_ptx_isa(13000) == 90);
    CHECK(driver_max_ptx_isa(12060) == 85);
    CHECK(driver_max_ptx_isa(12080) == 87);
    CHECK(driver_max_ptx_isa(9020) == 0);
    PtxTarget t = ptx_target_for(90, 90);
    CHECK(t.sm == 90);
    CHECK(t.ptx_major * 10 + t.ptx_minor == 78);
    t = ptx_target_for(90, 77);  // never above the driver's
    CHECK(t.ptx_major * 10 + t.ptx_minor == 77);
    t = ptx_target_for(100, 90);
    CHECK(t.ptx_major * 10 + t.ptx_minor == 86);
    CHECK(ptx_isa_name(90) == "9.0");
    CHECK(cuda_version_name(12080) == "12.8");
}

TEST_CASE("the backend's block always divides the global range") {
    LaunchLimits l;
    CHECK(auto_block(1, {1024, 1, 1}, l)[0] == 256);
    CHECK(auto_block(1, {1000, 1, 1}, l)[0] == 250);
    CHECK(auto_block(1, {96, 1, 1}, l)[0] == 96);
    CHECK(auto_block(1, {7, 1, 1}, l)[0] == 7);
    CHECK(auto_block(1, {257, 1, 1}, l)[0] == 1);
    CHECK(auto_block(1, {3 * 64 * 5, 1, 1}, l)[0] == 192);
    auto b = auto_block(2, {3, 1000, 1}, l);
    CHECK(b[0] == 3);
    CHECK(b[1] == 50);
    l.max_block_threads = 128;
    CHECK(auto_block(1, {1024, 1, 1}, l)[0] == 128);

    LaunchGeometry g = launch_geometry(range_1d(1024, 64), LaunchLimits{});
    CHECK(g.grid[0] == 16);
    CHECK(g.block[0] == 64);
    NdRange r;
    r.dims = 2;
    r.global = {1, 70000, 1};
    r.local = {1, 1, 1};
    r.has_local = true;
    CHECK_THROWS_AS(launch_geometry(r, LaunchLimits{}), InvalidRangeError);
}

TEST_CASE("program binaries keep the kernel table") {
    std::vector<PtxKernel> kernels = {
        {"k", {{PtxParamKind::GlobalPointer, 8}, {PtxParamKind::LocalBuffer, 8}}, 64, true, 65536}};
    const std::string ptx = ".version 8.0\n.target sm_90\n";
    std::vector<std::uint8_t> bytes = encode_binary(kernels, ptx);
    CudaBinary b = decode_binary(bytes);
    REQUIRE(b.kernels.size() == 1);
    CHECK(b.kernels[0].name == "k");
    CHECK(b.kernels[0].params[1].kind == PtxParamKind::LocalBuffer);
    CHECK(b.kernels[0].static_shared_bytes == 64);
    CHECK(b.kernels[0].uses_dynamic_shared);
    CHECK(b.kernels[0].dynamic_array_bytes == 65536);
    CHECK(b.ptx == ptx);
    bytes.pop_back();
    CHECK_THROWS_AS(decode_binary(bytes), BuildError);
    bytes = encode_binary(kernels, ptx);
    bytes[0] = 'X';
    CHECK_THROWS_AS(decode_binary(bytes), BuildError);
    bytes = encode_binary(kernels, ptx);
    bytes[bytes.size() - 2] = 0;  // a NUL would cut the text the driver reads
    CHECK_THROWS_WITH_AS(decode_binary(bytes), doctest::Contains("a NUL inside the PTX"),
                         BuildError);
    // Format version 2: the same table without the dynamic array bytes.
    {
        std::vector<std::uint8_t> v2 = encode_binary(kernels, ptx);
        v2[8] = 2;
        const std::size_t at = 8 + 4 + 4 + 4 + 1 + 8 + 1;  // version, count, name "k", shared
        v2.erase(v2.begin() + static_cast<std::ptrdiff_t>(at),
                 v2.begin() + static_cast<std::ptrdiff_t>(at + 8));
        CudaBinary old = decode_binary(v2);
        REQUIRE(old.kernels.size() == 1);
        CHECK(old.kernels[0].static_shared_bytes == 64);
        CHECK(old.kernels[0].dynamic_array_bytes == 0);
        CHECK(old.kernels[0].params.size() == 2);
        CHECK(old.ptx == ptx);
    }
    bytes = encode_binary(kernels, ptx);
    bytes[8] = 1;  // format version 1 held a cubin
    CHECK_THROWS_WITH_AS(decode_binary(bytes), doctest::Contains("format version 1"), BuildError);
    CHECK(fill_kernels_ptx({}).find(".target sm_90") != std::string::npos);
    CHECK(configuration_fingerprint().rfind("cuda-config 1\n", 0) == 0);
}

TEST_CASE("discovery describes the device") {
    auto dev = first_device();
    if (!dev) return;
    const DeviceInfo& i = dev->info();
    MESSAGE(i.name << " | " << i.device_version << " | " << i.platform_version << " | "
                   << i.backend_detail << " | " << i.spirv_detail);
    CHECK(i.backend == "cuda");
    CHECK(i.kind == DeviceKind::Gpu);
    CHECK(dev->sm() >= 50);
    CHECK(i.global_mem_size > 0);
    CHECK(i.max_work_group_size >= 256);
    CHECK(i.spirv == SpirvIngest::Translated);
    CHECK(i.supports(UsmType::Device));
    CHECK(i.supports(UsmType::Host));
    CHECK(!dev->reopen_token().empty());
    auto again = reopen(dev->reopen_token());
    REQUIRE(again);
    CHECK(again->info().name == i.name);
}

TEST_CASE("allocation, fill and copy") {
    auto dev = first_device();
    if (!dev) return;
    auto ctx = context_of(*dev);
    auto q = ctx->create_queue(false);
    CHECK_THROWS_AS(ctx->allocate(UsmType::Device, 64, 512), UsmError);
    CHECK(ctx->allocate(UsmType::Device, 0, 64) == nullptr);
    ctx->deallocate(nullptr);

    for (UsmType type : {UsmType::Device, UsmType::Shared, UsmType::Host}) {
        if (!dev->info().supports(type)) continue;
        CAPTURE(usm_type_name(type));
        constexpr std::size_t n = 4096;
        auto* p = static_cast<std::uint8_t*>(ctx->allocate(type, n, 64));
        REQUIRE(p);
        std::uint8_t b = 0xab;
        q->fill(p, &b, 1, n, {})->wait();
        CHECK(read_back(*q, p, n) == std::vector<std::uint8_t>(n, 0xab));

        std::uint32_t w = 0x11223344;
        q->fill(p, &w, 4, n, {})->wait();
        auto got = read_back(*q, p, n);
        std::uint32_t first = 0, last = 0;
        std::memcpy(&first, got.data(), 4);
        std::memcpy(&last, got.data() + n - 4, 4);
        CHECK(first == w);
        CHECK(last == w);

        for (std::size_t psize : {2u, 8u, 16u, 128u}) {
            CAPTURE(psize);
            std::vector<std::uint8_t> pattern(psize);
            for (std::size_t i = 0; i < psize; ++i)
                pattern[i] = static_cast<std::uint8_t>(i * 7 + 1);
            q->fill(p, pattern.data(), psize, n, {})->wait();
            got = read_back(*q, p, n);
            bool ok = true;
            for (std::size_t i = 0; i < n; ++i) ok = ok && got[i] == pattern[i % psize];
            CHECK(ok);
        }
        // A 4-byte pattern at an address memset cannot take: the byte kernel.
        std::vector<std::uint8_t> zero(n, 0);
        q->copy(p, zero.data(), n, {})->wait();
        q->fill(p + 2, &w, 4, 400, {})->wait();
        got = read_back(*q, p, n);
        bool ok = got[0] == 0 && got[1] == 0 && got[402] == 0;
        for (std::size_t i = 0; i < 400; ++i)
            ok = ok && got[2 + i] == reinterpret_cast<const std::uint8_t*>(&w)[i % 4];
        CHECK(ok);

        std::vector<std::uint8_t> host(n);
        for (std::size_t i = 0; i < n; ++i) host[i] = static_cast<std::uint8_t>(i * 13);
        q->copy(p, host.data(), n, {})->wait();
        CHECK(read_back(*q, p, n) == host);
        if (type != UsmType::Device) CHECK(p[100] == host[100]);  // host-accessible memory
        ctx->deallocate(p);
    }
}

TEST_CASE("kernels: arguments, dependencies, profiling, binaries") {
    auto dev = first_device();
    if (!dev) return;
    auto ctx = context_of(*dev);
    auto program = build_ptx_program(*ctx, axpy_module(*ctx), "");
    MESSAGE("JIT log: " << program->build_log());
    CHECK_THROWS_AS(program->create_kernel("nope"), BuildError);
    auto kernel = program->create_kernel("axpy");
    auto& ck = static_cast<CudaKernel&>(*kernel);
    CHECK(kernel->num_args() == 5);
    CHECK(kernel->attributes().max_work_group_size > 0);
    CHECK(kernel->attributes().preferred_work_group_size_multiple == 32);
    CHECK(ck.num_regs() > 0);
    CHECK(kernel->attributes().registers == static_cast<std::uint32_t>(ck.num_regs()));
    double wrong = 1;
    CHECK_THROWS_WITH_AS(kernel->set_value_arg(2, sizeof wrong, &wrong),
                         doctest::Contains("4 bytes, 8 bytes"), InvalidArgumentError);

    constexpr std::size_t n = 1024;
    float* x = static_cast<float*>(ctx->allocate(UsmType::Device, n * 4, 64));
    float* y = static_cast<float*>(ctx->allocate(UsmType::Device, n * 4, 64));
    auto q = ctx->create_queue(false);
    auto other = ctx->create_queue(false);
    auto timed = ctx->create_queue(true);

    CHECK_THROWS_AS(q->launch(*kernel, range_1d(n, 256), {}), InvalidArgumentError);  // unset
    float two = 2.0f;
    auto filled = other->fill(x, &two, 4, n * 4, {});
    set_axpy_args(*kernel, y, x, 3.0f, 256, 8);
    Event* deps[] = {filled.get()};
    q->launch(*kernel, range_1d(n, 256), deps)->wait();
    auto check_y = [&](float want) {
        std::vector<float> out(n);
        q->copy(out.data(), y, n * 4, {})->wait();
        bool ok = true;
        for (float v : out) ok = ok && v == want;
        CHECK(ok);
        if (!ok) MESSAGE("y[0] = " << out[0] << ", want " << want);
    };
    check_y(2.0f * 3.0f + 1024.0f);  // the second buffer starts after 256 floats

    // No local range: the backend's block (256 for 1024), same result.
    q->launch(*kernel, range_1d(n), {})->wait();
    check_y(1030.0f);

    // Past the default 48 KiB: the backend opts in up to the device's maximum.
    const std::uint64_t optin = ctx->shared_memory_optin();
    if (optin > 48 * 1024 + 2048) {
        set_axpy_args(*kernel, y, x, 3.0f, 256, 48 * 1024);
        q->launch(*kernel, range_1d(n, 256), {})->wait();
        check_y(6.0f + 1024.0f);
    }
    set_axpy_args(*kernel, y, x, 3.0f, 256, optin);
    CHECK_THROWS_AS(q->launch(*kernel, range_1d(n, 256), {}), InvalidRangeError);
    set_axpy_args(*kernel, y, x, 3.0f, 256, 8);

    // Profiling.
    auto e = timed->launch(*kernel, range_1d(n, 256), {});
    ProfilingTimes t = e->profiling();
    CHECK(t.start <= t.end);
    CHECK(t.queued <= t.start);
    auto e2 = timed->launch(*kernel, range_1d(n, 256), {});
    CHECK(e2->profiling().start >= t.end);
    MESSAGE("kernel time " << (t.end - t.start) << " ns");
    CHECK_THROWS_AS(q->launch(*kernel, range_1d(n, 256), {})->profiling(), BackendError);

    // The program's binary reloads, kernel table included.
    auto reloaded = ctx->create_program_from_binary(program->binary(), "");
    auto k2 = reloaded->create_kernel("axpy");
    set_axpy_args(*k2, y, x, 5.0f, 256, 8);
    q->launch(*k2, range_1d(n, 256), {})->wait();
    check_y(10.0f + 1024.0f);
    std::vector<std::uint8_t> junk = program->binary();
    junk.resize(junk.size() - 100);
    CHECK_THROWS_AS(ctx->create_program_from_binary(junk, ""), BuildError);

    // Another library changing the thread's current context does not derail launches.
    ctx->api().cuCtxSetCurrent(nullptr);
    q->launch(*kernel, range_1d(n, 256), {})->wait();
    check_y(1030.0f);

    // Launch overhead against raw cuLaunchKernel on the same stream (reported, not checked).
    const int reps = 2000;
    auto time_it = [&](auto&& f) {
        q->finish();
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < reps; ++i) f();
        auto t1 = std::chrono::steady_clock::now();
        q->finish();
        return std::chrono::duration<double, std::nano>(t1 - t0).count() / reps;
    };
    auto pk = program->create_kernel("poke");
    pk->set_pointer_arg(0, y);
    auto& cpk = static_cast<CudaKernel&>(*pk);
    CUstream stream = static_cast<CudaQueue&>(*q).handle();
    double raw = time_it([&] {
        ctx->api().cuLaunchKernel(cpk.handle(), 1, 1, 1, 32, 1, 1, 0, stream, cpk.kernel_params(),
                                  nullptr);
    });
    double ours = time_it([&] { q->launch(*pk, range_1d(32, 32), {}); });
    std::shared_ptr<Event> prev = q->launch(*pk, range_1d(32, 32), {});
    double with_dep = time_it([&] {
        Event* d[] = {prev.get()};
        prev = q->launch(*pk, range_1d(32, 32), d);
    });
    MESSAGE("per launch: raw cuLaunchKernel "
            << raw << " ns, dpk " << ours << " ns, dpk with a same-queue dependency " << with_dep
            << " ns");
    prev.reset();
    ctx->deallocate(x);
    ctx->deallocate(y);
}

#ifdef DPK_TEST_KERNELS_DIR
TEST_CASE("SPIR-V through dpk's translator runs (tests/runtime/kernels/vecadd.spvasm)") {
    auto dev = first_device();
    if (!dev) return;
    const char* dir = std::getenv("DPK_TEST_KERNELS_DIR");
    std::ifstream in(std::string(dir ? dir : DPK_TEST_KERNELS_DIR) + "/vecadd.spvasm");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const std::string src = text.str();
    spv_context sc = spvContextCreate(SPV_ENV_UNIVERSAL_1_0);
    spv_binary bin = nullptr;
    REQUIRE(spvTextToBinary(sc, src.data(), src.size(), &bin, nullptr) == SPV_SUCCESS);
    std::vector<std::uint32_t> words(bin->code, bin->code + bin->wordCount);
    spvBinaryDestroy(bin);
    spvContextDestroy(sc);

    auto ctx = context_of(*dev);
    auto program = ctx->create_program(words, "");
    CHECK(program->ingest() == SpirvIngest::Translated);
    auto k = program->create_kernel("vecadd");
    REQUIRE(k->num_args() == 6);
    constexpr std::size_t n = 1000;
    auto* a = static_cast<float*>(ctx->allocate(UsmType::Shared, n * 4, 64));
    auto* b = static_cast<float*>(ctx->allocate(UsmType::Host, n * 4, 64));
    auto* c = static_cast<float*>(ctx->allocate(UsmType::Device, n * 4, 64));
    for (std::size_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 0.5f;
    }
    std::int64_t len = n;
    float* args[] = {a, b, c};
    for (std::uint32_t i = 0; i < 3; ++i) {
        k->set_pointer_arg(2 * i, args[i]);
        k->set_value_arg(2 * i + 1, sizeof len, &len);
    }
    auto q = ctx->create_queue(false);
    q->launch(*k, range_1d(n), {})->wait();  // 1000 = 4 blocks of 250
    std::vector<float> out(n);
    q->copy(out.data(), c, n * 4, {})->wait();
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i) ok = ok && out[i] == static_cast<float>(i) + 0.5f;
    CHECK(ok);
    auto reloaded = ctx->create_program_from_binary(program->binary(), "");
    CHECK(reloaded->create_kernel("vecadd")->num_args() == 6);
    for (void* p : {static_cast<void*>(a), static_cast<void*>(b), static_cast<void*>(c)})
        ctx->deallocate(p);
}
#endif

TEST_CASE("malformed PTX is a BuildError carrying the JIT's log") {
    auto dev = first_device();
    if (!dev) return;
    auto ctx = context_of(*dev);
    PtxModule m;
    m.text = ptx_header(*ctx) + ".visible .entry broken() { frobnicate.u32 %r1; ret; }\n";
    m.kernels.push_back({"broken", {}, 0, false});
    try {
        build_ptx_program(*ctx, m, "");
        FAIL("no BuildError");
    } catch (const BuildError& e) {
        MESSAGE(std::string(e.what()));
        CHECK(!e.build_log().empty());
        CHECK(std::string(e.what()).find(e.build_log()) != std::string::npos);
    }
}

// Last: a faulting kernel leaves the CUDA context unusable for the rest of the process.
TEST_CASE("an asynchronous fault surfaces at wait as BackendError") {
    auto dev = first_device();
    if (!dev) return;
    auto ctx = context_of(*dev);
    auto program = build_ptx_program(*ctx, axpy_module(*ctx), "");
    auto k = program->create_kernel("poke");
    k->set_pointer_arg(0, reinterpret_cast<void*>(std::uintptr_t{0x10}));
    auto q = ctx->create_queue(false);
    auto e = q->launch(*k, range_1d(1, 1), {});
    CHECK_THROWS_AS(e->wait(), BackendError);
    try {
        q->finish();
    } catch (const BackendError& err) {
        MESSAGE(std::string(err.what()));
    }
}
