// Work-group copies from global to local memory: async_copy and wait_copies, on every device
// (OpGroupAsyncCopy / OpGroupWaitEvents on OpenCL; a copy loop and a barrier on CUDA).
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "dpk/dpk.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

// Each work-group copies its tile of `x` (from `first`, any stride) into local memory, then
// every work-item reads a neighbour's element of the tile: right only when the whole tile
// arrived before anyone read it.
const char* const kSource = R"(
kernel tiles(x, out, first: i64) {
    let tile = local_array(x.dtype, 64);
    let g = group_id(0);
    async_copy(tile, 0, x, first + g * 64, 64);
    wait_copies();
    let l = local_id(0);
    out[global_id(0)] = tile[(l + 1) % 64] + tile[63 - l];
}

kernel by_event(x, out) {
    let a = local_array(x.dtype, 16);
    let b = local_array(x.dtype, 16);
    let ea = async_copy(a, 0, x, 0, 16);
    let eb = async_copy(b, 0, x, 16, 16);
    wait_copies(ea);
    let l = local_id(0);
    let first = a[l];
    wait_copies(eb);
    out[l] = first * 100 + b[(l + 1) % 16];
}

// Five copies in a row, for work-groups smaller and larger than a warp (on CUDA each copy
// starts a warp further on: the rotation must stay below the local size).
kernel five_copies(x, out) {
    let t = local_array(x.dtype, 40);
    async_copy(t, 0, x, 0, 8);
    async_copy(t, 8, x, 8, 8);
    async_copy(t, 16, x, 16, 8);
    async_copy(t, 24, x, 24, 8);
    async_copy(t, 32, x, 32, 8);
    wait_copies();
    for i in range(local_id(0), 40, local_size(0)) {
        out[group_id(0) * 40 + i] = t[i];
    }
}

kernel two_copies(x, out) {
    let a = local_array(x.dtype, 16);
    let b = local_array(x.dtype, 16);
    async_copy(a, 0, x, 0, 16);
    async_copy(b, 4, x, 16, 12);
    wait_copies();
    let l = local_id(0);
    out[l] = a[l] * 100 + select(l >= 4, b[l], 0);
}
)";

// A tile of 8 x 8 elements of the 2-d `x` at (si, sj) into rows di.. of a local array whose
// rows are the tile's (`whole`: copied in one piece where aligned) or wider (`wide`: row by
// row), then the local array out whole: rows the copy did not reach keep their -1.
const char* const kTileSource = R"(
kernel whole(x, out, si: i64, sj: i64, di: i64) {
    let t = local_array(x.dtype, (16, 8));
    let l = local_id(0);
    for e in range(l, 128, local_size(0)) {
        t[e / 8, e % 8] = -1;
    }
    barrier(local);
    async_copy(t, (di, 0), x, (si, sj), (8, 8));
    wait_copies();
    for e in range(l, 128, local_size(0)) {
        out[e / 8, e % 8] = t[e / 8, e % 8];
    }
}

kernel whole16(x, out, si: i64, sj: i64, di: i64) {
    let t = local_array(x.dtype, (16, 16));
    let l = local_id(0);
    for e in range(l, 256, local_size(0)) {
        t[e / 16, e % 16] = -1;
    }
    barrier(local);
    async_copy(t, (di, 0), x, (si, sj), (8, 16));
    wait_copies();
    for e in range(l, 256, local_size(0)) {
        out[e / 16, e % 16] = t[e / 16, e % 16];
    }
}

kernel wide(x, out, si: i64, sj: i64, di: i64) {
    let t = local_array(x.dtype, (16, 11));
    let l = local_id(0);
    for e in range(l, 176, local_size(0)) {
        t[e / 11, e % 11] = -1;
    }
    barrier(local);
    async_copy(t, (di, 2), x, (si, sj), (8, 8));
    wait_copies();
    for e in range(l, 128, local_size(0)) {
        out[e / 8, e % 8] = t[e / 8, e % 8 + 2];
    }
}
)";

/// What kTileSource's kernels leave in `out` (16 x `width`: 8, or 16 for whole16) for `x`
/// (rows x cols, C order).
template <typename T>
std::vector<T> expected_tile(const std::vector<T>& x, std::int64_t cols, std::int64_t si,
                             std::int64_t sj, std::int64_t di, std::int64_t width = 8) {
    std::vector<T> out(static_cast<std::size_t>(16 * width), static_cast<T>(-1));
    for (std::int64_t r = 0; r < 8; ++r)
        for (std::int64_t c = 0; c < width; ++c)
            out[static_cast<std::size_t>((di + r) * width + c)] =
                x[static_cast<std::size_t>((si + r) * cols + sj + c)];
    return out;
}

template <typename T>
void check_tile_copies(const Device& dev, DType dtype) {
    Queue q(dev);
    Program p = Program::from_string("tiles.dpk", kTileSource);
    const std::int64_t rows = 20, cols = 24;
    std::vector<T> xs(static_cast<std::size_t>(rows * cols));
    for (std::size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<T>(i % 1000);
    UsmArray x = UsmArray::from_host<T>(q, xs, {rows, cols});
    // (si, sj, di): aligned starts (one piece), a start one element in (row by row), the
    // destination's last rows.
    for (auto [si, sj, di] :
         {std::array<std::int64_t, 3>{0, 0, 0}, {4, 8, 3}, {12, 16, 8}, {1, 1, 0}, {5, 3, 7}}) {
        INFO("si " << si << " sj " << sj << " di " << di);
        for (const char* name : {"whole", "wide"}) {
            INFO(name);
            UsmArray out = UsmArray::zeros(q, dtype, {16, 8});
            p.kernel(name).launch(q, Range(64), Range(64), {x, out, si, sj, di}).wait();
            CHECK(out.to_vector<T>() == expected_tile<T>(xs, cols, si, sj, di));
        }
        if (sj + 16 > cols) continue;
        UsmArray out = UsmArray::zeros(q, dtype, {16, 16});  // tile rows twice as long
        p.kernel("whole16").launch(q, Range(64), Range(64), {x, out, si, sj, di}).wait();
        CHECK(out.to_vector<T>() == expected_tile<T>(xs, cols, si, sj, di, 16));
    }
}

/// 1, 2, ..., 32: the input of the i32 kernels of kSource that copy twice.
const std::vector<std::int32_t> kOneToThirtyTwo = [] {
    std::vector<std::int32_t> x(32);
    std::iota(x.begin(), x.end(), 1);
    return x;
}();

/// `out` of kSource's kernel `name` run by one work-group of 16 on kOneToThirtyTwo.
std::vector<std::int32_t> run_on_one_to_thirty_two(const Device& dev, const char* name) {
    Queue q(dev);
    Program p = Program::from_string("copies.dpk", kSource);
    UsmArray xs = UsmArray::from_host<std::int32_t>(q, kOneToThirtyTwo);
    UsmArray out = UsmArray::zeros(q, DType::I32, {16});
    p.kernel(name).launch(q, Range(16), Range(16), {xs, out}).wait();
    return out.to_vector<std::int32_t>();
}

template <typename T>
std::vector<T> expected_tiles(const std::vector<T>& x, std::int64_t first, std::int64_t step,
                              std::size_t n) {
    std::vector<T> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t g = i / 64, l = i % 64;
        auto at = [&](std::size_t k) {
            return x[static_cast<std::size_t>((first + static_cast<std::int64_t>(g * 64 + k)) *
                                              step)];
        };
        out[i] = static_cast<T>(at((l + 1) % 64) + at(63 - l));
    }
    return out;
}

}  // namespace

TEST_SUITE("copies") {
    TEST_CASE("async_copy brings each work-group its tile; wait_copies makes it whole") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            Program p = Program::from_string("copies.dpk", kSource);
            Kernel tiles = p.kernel("tiles");
            const std::size_t n = 256;
            // f32 from a contiguous array, at an offset.
            std::vector<float> xf(n + 64);
            std::iota(xf.begin(), xf.end(), 0.0f);
            UsmArray x = UsmArray::from_host<float>(q, xf);
            UsmArray out = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)});
            tiles.launch(q, Range(n), Range(64), {x, out, std::int64_t{32}}).wait();
            CHECK(out.to_vector<float>() == expected_tiles<float>(xf, 32, 1, n));
            // i64 from every other element: the copy follows the source's stride.
            std::vector<std::int64_t> xi(2 * n);
            for (std::size_t i = 0; i < xi.size(); ++i)
                xi[i] = static_cast<std::int64_t>(i * i % 1000) - 500;
            UsmArray wide = UsmArray::from_host<std::int64_t>(q, xi);
            UsmArray every_other = wide.slice(0, 0, static_cast<std::int64_t>(2 * n), 2);
            UsmArray outi = UsmArray::zeros(q, DType::I64, {static_cast<std::int64_t>(n)});
            tiles.launch(q, Range(n), Range(64), {every_other, outi, std::int64_t{0}}).wait();
            CHECK(outi.to_vector<std::int64_t>() == expected_tiles<std::int64_t>(xi, 0, 2, n));
        }
    }

    TEST_CASE("several copies join one wait; a copy lands at its destination offset") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            std::vector<std::int32_t> expected(16);
            for (std::size_t l = 0; l < 16; ++l)
                expected[l] = kOneToThirtyTwo[l] * 100 + (l >= 4 ? kOneToThirtyTwo[16 + l - 4] : 0);
            CHECK(run_on_one_to_thirty_two(dev, "two_copies") == expected);
        }
    }

    TEST_CASE("successive copies arrive whole in work-groups of any size") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            Program p = Program::from_string("copies.dpk", kSource);
            std::vector<float> x(40);
            std::iota(x.begin(), x.end(), 1.0f);
            UsmArray xs = UsmArray::from_host<float>(q, x);
            std::vector<float> expected;
            for (int g = 0; g < 3; ++g) expected.insert(expected.end(), x.begin(), x.end());
            for (std::size_t local : {1, 8, 17, 48, 64}) {
                INFO("local size " << local);
                if (local > dev.info().max_work_group_size) continue;
                UsmArray out = UsmArray::zeros(q, DType::F32, {120});
                p.kernel("five_copies").launch(q, Range(3 * local), Range(local), {xs, out}).wait();
                CHECK(out.to_vector<float>() == expected);
            }
        }
    }

    TEST_CASE("wait_copies(e) waits for the copies up to the one that gave e") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            std::vector<std::int32_t> expected(16);
            for (std::size_t l = 0; l < 16; ++l)
                expected[l] = kOneToThirtyTwo[l] * 100 + kOneToThirtyTwo[16 + (l + 1) % 16];
            CHECK(run_on_one_to_thirty_two(dev, "by_event") == expected);
        }
    }

    TEST_CASE("bounds-checked: a copy past either array is reported and not made") {
        ProgramOptions checked;
        checked.check_bounds = true;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            Program p = Program::from_string("copies.dpk", kSource, checked);
            std::vector<float> xf(256, 1.0f);
            UsmArray x = UsmArray::from_host<float>(q, xf);
            UsmArray out = UsmArray::zeros(q, DType::F32, {256});
            Kernel tiles = p.kernel("tiles");
            tiles.launch(q, Range(256), Range(64), {x, out, std::int64_t{0}}).wait();  // inside
            CHECK(out.to_vector<float>() == std::vector<float>(256, 2.0f));
            CHECK_THROWS_WITH_AS(
                tiles.launch(q, Range(256), Range(64), {x, out, std::int64_t{8}}).wait(),
                doctest::Contains("out-of-bounds read at copies.dpk:5:5: index 256 in dimension 0 "
                                  "of parameter 0 'x', shape (256,)"),
                BoundsError);
            CHECK_THROWS_WITH_AS(
                tiles.launch(q, Range(256), Range(64), {x, out, std::int64_t{-1}}).wait(),
                doctest::Contains("out-of-bounds read at copies.dpk:5:5: index -1 in dimension 0 "
                                  "of parameter 0 'x'"),
                BoundsError);
        }
    }

    TEST_CASE("async_copy of a tile: 2-d arrays, in one piece where aligned, else row by row") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            // Rows of 32 bytes (64 for whole16), 16 (32), 64 (128).
            check_tile_copies<float>(dev, DType::F32);
            check_tile_copies<std::int16_t>(dev, DType::I16);
            check_tile_copies<std::int64_t>(dev, DType::I64);
            if (dev.info().has(DeviceFeature::Fp64)) check_tile_copies<double>(dev, DType::F64);
        }
    }

    TEST_CASE("bounds-checked: a tile past either array is reported and not copied") {
        ProgramOptions checked;
        checked.check_bounds = true;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            Program p = Program::from_string("tiles.dpk", kTileSource, checked);
            std::vector<float> xs(20 * 24, 2.0f);
            UsmArray x = UsmArray::from_host<float>(q, xs, {20, 24});
            UsmArray out = UsmArray::zeros(q, DType::F32, {16, 8});
            Kernel whole = p.kernel("whole");
            whole
                .launch(q, Range(64), Range(64),
                        {x, out, std::int64_t{12}, std::int64_t{16}, std::int64_t{8}})
                .wait();
            CHECK(out.to_vector<float>() == expected_tile<float>(xs, 24, 12, 16, 8));
            // The source's far corner (20, 24) is outside; then the destination's row 16.
            CHECK_THROWS_WITH_AS(
                whole
                    .launch(q, Range(64), Range(64),
                            {x, out, std::int64_t{13}, std::int64_t{17}, std::int64_t{0}})
                    .wait(),
                doctest::Contains("out-of-bounds read at tiles.dpk:9:5: index 20 in dimension 0 "
                                  "of parameter 0 'x', shape (20, 24)"),
                BoundsError);
            CHECK_THROWS_WITH_AS(
                whole
                    .launch(q, Range(64), Range(64),
                            {x, out, std::int64_t{0}, std::int64_t{0}, std::int64_t{9}})
                    .wait(),
                doctest::Contains("out-of-bounds write at tiles.dpk:9:5: index 16 in dimension 0 "
                                  "of 't', shape (16, 8)"),
                BoundsError);
        }
    }

    TEST_CASE("work-group arrays past 48 KiB, beside a local parameter, keep their bytes") {
        // 40 KiB + 24 KiB of arrays (on CUDA past ptxas's 48 KiB of .shared variables: they go
        // to dynamic shared memory, the parameter's buffer after them), 4 KiB given at launch.
        const char* const source = R"(
kernel big(x: i32[::1], out: i32[::1], s: local i32[:]) {
    let a = local_array(i32, 10240);
    let b = local_array(i32, 6144);
    let l = local_id(0);
    let n = local_size(0);
    for i in range(l, 10240, n) { a[i] = x[i]; }
    for i in range(l, 6144, n) { b[i] = x[10240 + i]; }
    barrier(local);
    async_copy(b, 6000, x, 0, 144);
    for i in range(l, 1024, n) { s[i] = -i32(i); }
    wait_copies();
    barrier(local);
    for i in range(l, 10240, n) { out[i] = a[10239 - i]; }
    for i in range(l, 6144, n) { out[10240 + i] = b[6143 - i]; }
    for i in range(l, 1024, n) { out[16384 + i] = s[i]; }
}
)";
        std::vector<std::int32_t> x(16384);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<std::int32_t>(i * 7 + 3);
        std::vector<std::int32_t> expected(16384 + 1024);
        for (std::size_t i = 0; i < 10240; ++i) expected[i] = x[10239 - i];
        for (std::size_t i = 0; i < 6144; ++i) {
            const std::size_t j = 6143 - i;  // b[j]: x[10240 + j], its last 144 from x[0..144)
            expected[10240 + i] = j >= 6000 ? x[j - 6000] : x[10240 + j];
        }
        for (std::size_t i = 0; i < 1024; ++i) expected[16384 + i] = -static_cast<std::int32_t>(i);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (dev.info().local_mem_size < 69632) {
                MESSAGE("skipped: the device has " << dev.info().local_mem_size
                                                   << " bytes of work-group memory");
                continue;
            }
            Queue q(dev);
            Program p = Program::from_string("big.dpk", source);
            CompiledKernel k =
                p.kernel("big").specialize("void(i32[::1], i32[::1], local i32[:])", dev);
            if (dev.backend() == "cuda") CHECK(k.attributes().local_mem_size == 65536);
            UsmArray dx = UsmArray::from_host<std::int32_t>(q, x);
            for (std::size_t local : {64, 256}) {
                INFO("local size " << local);
                UsmArray out = UsmArray::zeros(q, DType::I32, {16384 + 1024});
                k.launch(q, Range(local), Range(local), {dx, out, LocalMemory{DType::I32, 1024}})
                    .wait();
                CHECK(out.to_vector<std::int32_t>() == expected);
            }
        }
    }

    TEST_CASE("async_copy is a work-group collective: its errors name what is wrong") {
        auto error_of = [](const std::string& text) {
            try {
                Program p = Program::from_string("bad.dpk", text);
                p.kernel("k").specialize("void(f32[::1], f32[::1])",
                                         tests::devices_under_test().front());
            } catch (const CompileError& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        if (tests::devices_under_test().empty()) return;
        CHECK(error_of("kernel k(x, out) { let t = local_array(f32, 8); "
                       "async_copy(t, 0, x, local_id(0), 8); wait_copies(); }")
                  .find("'async_copy' needs the same arguments in every work-item of the "
                        "work-group, but they may differ: they depend on local_id(0)") !=
              std::string::npos);
        CHECK(error_of("kernel k(x, out) { let t = local_array(f32, 8); "
                       "async_copy(t, 0, x, 0, 8); if global_id(0) == 0 { wait_copies(); } }")
                  .find("'wait_copies' must be reached by all work-items of the work-group") !=
              std::string::npos);
        CHECK(error_of("kernel k(x, out) { async_copy(out, 0, x, 0, 8); }")
                  .find("the destination of async_copy must be a 1-d local array, found "
                        "f32[::1]") != std::string::npos);
    }
}
