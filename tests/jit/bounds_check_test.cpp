// The bounds-checked mode (ProgramOptions::check_bounds, DPK_CHECK_BOUNDS=1): an access outside
// an array's shape is skipped and raised after the launch, naming kernel, array, index, shape
// and work-item; in-bounds kernels compute the same numbers; off, the SPIR-V is unchanged.
#include <cstdlib>

#include "compiler/program.h"
#include "runtime/kernel_image_io.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {

// Each out-of-bounds kernel goes out of bounds in exactly one work-item, so that the message
// (the first violation of the launch) is known.
const char* const kSource = R"(
kernel write_past(out: f32[::1]) {
    let i = global_id(0);
    out[i + 1] = f32(i + 1);
}
kernel read_past(a: f32[::1], out: f32[::1]) {
    let i = global_id(0);
    out[i] = a[i + 1] + 1.0;
}
kernel below_zero(m: i64[:, :]) {
    let i = global_id(0);
    let j = global_id(1);
    m[i, j - i] += 1;
}
kernel count_past(counts: i32[::1]) {
    let i = global_id(0);
    atomic_add(counts, i + 1, 1);
}
func put(v: f32[::1], k: i64, x: f32) {
    v[k] = x;
}
kernel through_function(out: f32[::1]) {
    let i = global_id(0);
    put(out, i + 1, 2.0);
}
kernel local_past(out: f32[::1]) {
    let l = local_id(0);
    let tile = local_array(f32, 4);
    tile[l] = f32(l);
    barrier(local);
    out[global_id(0)] = tile[(l + 1) % 4] + tile[l / 3 * 4];
}
kernel private_past(out: f32[::1]) {
    let i = global_id(0);
    let acc = private_array(f32, (2, 3));
    for k in range(3) {
        acc[0, k] = f32(k);
        acc[1, k] = f32(i);
    }
    out[i] = acc[1, 0] + acc[i / 7, i - 5];
}
kernel in_bounds(a: f32[:, :], b: f32[::1], out: f32[::1], counts: i32[::1]) {
    let i = global_id(0);
    let n = a.shape[1];
    var s: f32 = 0.0;
    for k in range(n) {
        s += a[i, k] * b[k];
    }
    out[i] = s;
    out[i] *= 2.0;
    atomic_add(counts, i % 4, 1);
}
)";

Program program(bool check_bounds, std::shared_ptr<KernelCache> cache = {}) {
    ProgramOptions o;
    o.cache =
        cache ? std::move(cache) : std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
    o.check_bounds = check_bounds;
    return Program::from_string("bounds.dpk", kSource, o);
}

/// The message of the BoundsError the wait for `launch` throws ("" when it throws none).
template <typename Launch>
std::string bounds_error(Launch&& launch) {
    try {
        launch().wait();
    } catch (const BoundsError& e) {
        return e.what();
    }
    return "";
}

/// `n` floats `value` in an array of n + 1 whose last element is `sentinel`, and the view of
/// the first n: an access one past the view's end would reach the sentinel.
struct Guarded {
    UsmArray whole;
    UsmArray view;
    Guarded(const Queue& q, std::int64_t n, float value, float sentinel) {
        std::vector<float> host(static_cast<std::size_t>(n) + 1, value);
        host.back() = sentinel;
        whole = UsmArray::from_host<float>(q, host);
        view = whole.slice(0, 0, n);
    }
};

}  // namespace

TEST_CASE("off, the SPIR-V is the default's byte for byte; on, the kernel takes a bounds record") {
    ProgramOptions defaults;
    CHECK_FALSE(defaults.check_bounds);
    defaults.cache = std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
    const KernelImage by_default = Program::from_string("bounds.dpk", kSource, defaults)
                                       .kernel("in_bounds")
                                       .image("void(f32[:, :], f32[::1], f32[::1], i32[::1])");
    const KernelImage off =
        program(false).kernel("in_bounds").image("void(f32[:, :], f32[::1], f32[::1], i32[::1])");
    const KernelImage on =
        program(true).kernel("in_bounds").image("void(f32[:, :], f32[::1], f32[::1], i32[::1])");
    CHECK(off.spirv == by_default.spirv);
    CHECK(off.abi == by_default.abi);
    CHECK_FALSE(off.abi.checks_bounds());
    CHECK(off.abi.bounds_sites.empty());
    REQUIRE(on.abi.checks_bounds());
    CHECK(on.abi.args.size() == off.abi.args.size() + 1);
    CHECK(on.abi.args.back() == AbiArg{AbiArg::Kind::BoundsRecord, 0, 0, DType::U64});
    // a[i, k], b[k], out[i] =, out[i] *=, atomic_add(counts, ...)
    REQUIRE(on.abi.bounds_sites.size() == 5);
    CHECK(on.abi.bounds_sites[0].array == "a");
    CHECK(on.abi.bounds_sites[0].param == 0);
    CHECK(on.abi.bounds_sites[0].access == BoundsSite::Access::Read);
    CHECK(on.abi.bounds_sites[0].location == "bounds.dpk:47:14");
    CHECK(on.abi.bounds_sites[2].access == BoundsSite::Access::Write);
    CHECK(on.abi.bounds_sites[3].access == BoundsSite::Access::Update);
    CHECK(on.abi.bounds_sites[4].access == BoundsSite::Access::Atomic);
    CHECK(on.abi.bounds_sites[4].array == "counts");
    CHECK(on.abi.bounds_sites[4].param == 3);
}

TEST_CASE("the compile options' part of the cache key names check_bounds only when on") {
    compiler::CompileOptions options;
    CHECK(options.codegen_key() == "spirv 0x00010000 fp_contract");
    options.check_bounds = true;
    CHECK(options.codegen_key() == "spirv 0x00010000 fp_contract check_bounds");
}

TEST_CASE("a checked and an unchecked image of one source are two disk entries") {
    tests::TempDir dir("bounds-cache");
    auto cache = tests::private_cache(dir.path());
    const char* sig = "void(f32[::1])";
    const KernelImage on = program(true, cache).kernel("write_past").image(sig);
    const KernelImage off = program(false, cache).kernel("write_past").image(sig);
    CHECK(cache->stats().front_end_compiles == 2);
    CHECK(on.spirv != off.spirv);
    auto restarted = tests::private_cache(dir.path());
    const KernelImage on_again = program(true, restarted).kernel("write_past").image(sig);
    const KernelImage off_again = program(false, restarted).kernel("write_past").image(sig);
    CHECK(restarted->stats().front_end_compiles == 0);
    CHECK(restarted->stats().image_hits == 2);
    CHECK(on_again.spirv == on.spirv);
    CHECK(on_again.abi == on.abi);  // the sites survive the disk
    CHECK(off_again.abi == off.abi);
}

TEST_CASE("a checked image's sites survive the bytes of bundles and cache entries") {
    const KernelImage on = program(true).kernel("through_function").image("void(f32[::1])");
    runtime::ByteWriter out;
    runtime::write_kernel_image(out, on);
    runtime::ByteReader in(out.data(), "test image");
    const KernelImage back = runtime::read_kernel_image(in);
    CHECK(back.abi == on.abi);
    REQUIRE(back.abi.bounds_sites.size() == 1);
    CHECK(back.abi.bounds_sites[0].function == "put");
    CHECK(back.abi.bounds_sites[0].param == BoundsSite::kNoParam);

    // Unchecked images are written as before: no site table after the parameter names.
    const KernelImage off = program(false).kernel("through_function").image("void(f32[::1])");
    runtime::ByteWriter plain;
    runtime::write_kernel_image(plain, off);
    runtime::ByteReader plain_in(plain.data(), "test image");
    CHECK(runtime::read_kernel_image(plain_in).abi == off.abi);
}

TEST_CASE("an out-of-bounds write is dropped and raised by the launch's wait") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        Guarded out(q, 8, 0.0f, -1.0f);
        Kernel k = program(true).kernel("write_past");
        CHECK(bounds_error([&] { return k.launch(q, Range(8), {out.view}); }) ==
              "kernel 'write_past': out-of-bounds write at bounds.dpk:4:5: index 8 in dimension 0 "
              "of parameter 0 'out', shape (8,), by work-item (7)");
        CHECK(out.whole.to_vector<float>() ==
              std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, -1});  // the sentinel is untouched
        // Raised once: the queue's wait has nothing left to raise.
        CHECK_NOTHROW(q.wait());

        // Unchecked, the same launch writes the sentinel (what the checks prevent).
        Guarded plain(q, 8, 0.0f, -1.0f);
        program(false).kernel("write_past").launch(q, Range(8), {plain.view}).wait();
        CHECK(plain.whole.to_vector<float>() == std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8});
    }
}

TEST_CASE("an out-of-bounds read yields 0 and is raised by the queue's wait and by to_vector") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        Guarded a(q, 8, 10.0f, 100.0f);
        auto out = UsmArray::zeros(q, DType::F32, {8});
        Kernel k = program(true).kernel("read_past");
        const std::string expected =
            "kernel 'read_past': out-of-bounds read at bounds.dpk:8:14: index 8 in dimension 0 "
            "of parameter 0 'a', shape (8,), by work-item (7)";
        k.launch(q, Range(8), {a.view, out});
        std::string raised;
        try {
            q.wait();
        } catch (const BoundsError& e) {
            raised = e.what();
        }
        CHECK(raised == expected);
        CHECK(out.to_vector<float>() == std::vector<float>{11, 11, 11, 11, 11, 11, 11, 1});

        k.launch(q, Range(8), {a.view, out});  // no wait: the read-back raises it
        CHECK_THROWS_WITH_AS(out.to_vector<float>(), expected.c_str(), BoundsError);
        CHECK_NOTHROW(q.wait());
    }
}

TEST_CASE("every kind of access names its array, index, shape and work-item") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        Program p = program(true);

        auto m = UsmArray::zeros(q, DType::I64, {2, 3});
        CHECK(bounds_error([&] { return p.kernel("below_zero").launch(q, Range(2, 3), {m}); }) ==
              "kernel 'below_zero': out-of-bounds update at bounds.dpk:13:5: index -1 in "
              "dimension 1 of parameter 0 'm', shape (2, 3), by work-item (1, 0)");
        CHECK(m.to_vector<std::int64_t>() == std::vector<std::int64_t>{1, 1, 1, 1, 1, 0});

        auto counts = UsmArray::zeros(q, DType::I32, {4});
        CHECK(bounds_error([&] { return p.kernel("count_past").launch(q, Range(4), {counts}); }) ==
              "kernel 'count_past': out-of-bounds atomic at bounds.dpk:17:5: index 4 in "
              "dimension 0 of parameter 0 'counts', shape (4,), by work-item (3)");
        CHECK(counts.to_vector<std::int32_t>() == std::vector<std::int32_t>{0, 1, 1, 1});

        Guarded out(q, 8, 0.0f, -1.0f);
        CHECK(bounds_error(
                  [&] { return p.kernel("through_function").launch(q, Range(8), {out.view}); }) ==
              "kernel 'through_function': out-of-bounds write at bounds.dpk:20:5: index 8 "
              "in dimension 0 of 'v' in function 'put', extent 8, by work-item (7)");
        CHECK(out.whole.to_vector<float>() == std::vector<float>{0, 2, 2, 2, 2, 2, 2, 2, -1});

        // tile[l / 3 * 4]: work-item 3 of each group of 4 reads tile[4].
        auto local_out = UsmArray::zeros(q, DType::F32, {4});
        CHECK(bounds_error([&] {
                  return p.kernel("local_past").launch(q, Range(4), Range(4), {local_out});
              }) ==
              "kernel 'local_past': out-of-bounds read at bounds.dpk:31:45: index 4 in "
              "dimension 0 of 'tile', shape (4,), by work-item (3)");
        CHECK(local_out.to_vector<float>() == std::vector<float>{1, 2, 3, 0});

        // acc[i / 7, i - 5]: work-items 0..4 read a negative column, 5..6 row 0, 7 row 1.
        auto private_out = UsmArray::zeros(q, DType::F32, {1});
        CHECK(bounds_error(
                  [&] { return p.kernel("private_past").launch(q, Range(1), {private_out}); }) ==
              "kernel 'private_past': out-of-bounds read at bounds.dpk:40:26: index -5 in "
              "dimension 1 of 'acc', shape (2, 3), by work-item (0)");
        CHECK(private_out.to_vector<float>() == std::vector<float>{0});
    }
}

TEST_CASE("the queue's waits raise each violation once, in launch order, after clean launches") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        Program p = program(true);
        Kernel write = p.kernel("write_past");
        Kernel count = p.kernel("count_past");
        auto clean = UsmArray::zeros(q, DType::F32, {9});
        auto out = UsmArray::zeros(q, DType::F32, {8});
        auto counts = UsmArray::zeros(q, DType::I32, {4});
        for (int r = 0; r < 20; ++r) write.launch(q, Range(8), {clean});  // in bounds
        write.launch(q, Range(8), {out});
        for (int r = 0; r < 20; ++r) write.launch(q, Range(8), {clean});
        count.launch(q, Range(4), {counts});
        auto raised = [&] {
            try {
                q.wait();
            } catch (const BoundsError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        CHECK(raised() ==
              "kernel 'write_past': out-of-bounds write at bounds.dpk:4:5: index 8 in dimension 0 "
              "of parameter 0 'out', shape (8,), by work-item (7)");
        CHECK(raised() ==
              "kernel 'count_past': out-of-bounds atomic at bounds.dpk:17:5: index 4 in "
              "dimension 0 of parameter 0 'counts', shape (4,), by work-item (3)");
        CHECK(raised().empty());
        CHECK(clean.to_vector<float>() == std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8});
    }
}

TEST_CASE("in-bounds kernels compute the same numbers checked and unchecked, and raise nothing") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        const std::int64_t rows = 64, cols = 48;
        std::vector<float> a_host(static_cast<std::size_t>(rows * cols)), b_host(cols);
        for (std::size_t i = 0; i < a_host.size(); ++i)
            a_host[i] = static_cast<float>(i % 13) * 0.25f - 1.0f;
        for (std::size_t k = 0; k < b_host.size(); ++k)
            b_host[k] = 1.0f / static_cast<float>(k + 1);
        auto a = UsmArray::from_host<float>(q, a_host, {rows, cols});
        auto b = UsmArray::from_host<float>(q, b_host);
        std::vector<std::vector<float>> outs;
        std::vector<std::vector<std::int32_t>> counts;
        for (bool check : {false, true}) {
            auto out = UsmArray::zeros(q, DType::F32, {rows});
            auto c = UsmArray::zeros(q, DType::I32, {4});
            program(check).kernel("in_bounds").launch(q, Range(rows), {a, b, out, c}).wait();
            CHECK_NOTHROW(q.wait());
            outs.push_back(out.to_vector<float>());
            counts.push_back(c.to_vector<std::int32_t>());
        }
        CHECK(outs[0] == outs[1]);
        CHECK(counts[0] == counts[1]);
        CHECK(counts[1] == std::vector<std::int32_t>{16, 16, 16, 16});
    }
}

TEST_CASE("DPK_CHECK_BOUNDS=1 turns the checks on for every program; other values are refused") {
    ::setenv("DPK_CHECK_BOUNDS", "1", 1);
    const KernelImage env_on = program(false).kernel("write_past").image("void(f32[::1])");
    ::setenv("DPK_CHECK_BOUNDS", "0", 1);
    const KernelImage env_off = program(false).kernel("write_past").image("void(f32[::1])");
    ::setenv("DPK_CHECK_BOUNDS", "yes", 1);
    CHECK_THROWS_WITH_AS(program(false),
                         "DPK_CHECK_BOUNDS=yes: expected 1 (bounds-checked "
                         "kernels) or 0",
                         InvalidArgumentError);
    ::unsetenv("DPK_CHECK_BOUNDS");
    CHECK(env_on.abi.checks_bounds());
    CHECK(env_on.spirv == program(true).kernel("write_past").image("void(f32[::1])").spirv);
    CHECK_FALSE(env_off.abi.checks_bounds());
}
