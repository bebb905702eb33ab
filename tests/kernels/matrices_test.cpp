// Cooperative matrices end to end: a GEMM on matrix_load / matrix_mad / matrix_store gives the
// exact product on every device — tensor cores where the device has them (CUDA sm_80+), the
// compiler's emulation elsewhere (the CPU drivers) — for C- and F-ordered inputs and tiles staged
// in local memory. Inputs are multiples of 1/4 in [-1, 1], so every sum is exact in f32 whatever
// its order.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dpk/dpk.h"
#include "tests/kernels/support/gemm_inputs.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

// One 16 x 16 tile of c per work-group; the work-group is one sub-group on CUDA (32 work items)
// and one or more on other devices (each computes the same tile and stores the same values, so
// no kernel reads what it writes: gemm_bt's addend is an array of its own).
const char* kSource = R"(
kernel gemm(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 16), "a"),
                         matrix_load(b, (k, col), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}

kernel gemm_bt(a: f16[:, ::1], bt: f16[::1, :], c0: f32[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_load(c0, (row, col), (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 16), "a"),
                         matrix_load(bt, (k, col), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}

kernel gemm_epilogue(a: f16[:, ::1], b: f16[:, ::1], c0: f32[:, ::1], c: f32[:, ::1],
                     alpha: f32, beta: f32) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 16), "a"),
                         matrix_load(b, (k, col), (16, 16), "b"), acc);
    }
    var r = acc * alpha + beta * matrix_load(c0, (row, col), (16, 16), "acc");
    r -= matrix_fill(1.0f32, (16, 16), "acc");
    matrix_store(c, (row, col), -r / 2.0);
}

kernel gemm_relu(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 16), "a"),
                         matrix_load(b, (k, col), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), min(max(acc, 0.0), 3.0) + abs(acc) * 0.25);
}

kernel gemm_f64(a: f64[:, ::1], b: f64[:, ::1], c: f64[:, ::1]) {
    let row = group_id(1) * 8;
    let col = group_id(0) * 8;
    var acc = matrix_fill(0.0, (8, 8), "acc");
    for k in range(0, a.shape[1], 4) {
        acc = matrix_mad(matrix_load(a, (row, k), (8, 4), "a"),
                         matrix_load(b, (k, col), (4, 8), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}

kernel gemm_local(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (16, 16));
    let sb = local_array(f16, (16, 16));
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        for e in range(local_id(0), 256, local_size(0)) {
            sa[e / 16, e % 16] = a[row + e / 16, k + e % 16];
            sb[e / 16, e % 16] = b[k + e / 16, col + e % 16];
        }
        barrier(local);
        acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"),
                         matrix_load(sb, (0, 0), (16, 16), "b"), acc);
        barrier(local);
    }
    matrix_store(c, (row, col), acc);
}

// Two stages of 16 x 16 tiles of a and b in local memory, each copied whole (async_copy of a
// tile) while the other stage is multiplied.
kernel gemm_stages(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (32, 16));
    let sb = local_array(f16, (32, 16));
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    let steps = a.shape[1] / 16;
    async_copy(sa, (0, 0), a, (row, 0), (16, 16));
    async_copy(sb, (0, 0), b, (0, col), (16, 16));
    for step in range(steps) {
        wait_copies();
        let s = step % 2 * 16;
        if step + 1 < steps {
            async_copy(sa, (16 - s, 0), a, (row, (step + 1) * 16), (16, 16));
            async_copy(sb, (16 - s, 0), b, ((step + 1) * 16, col), (16, 16));
        }
        acc = matrix_mad(matrix_load(sa, (s, 0), (16, 16), "a"),
                         matrix_load(sb, (s, 0), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}

// Whole rows of b (16 x 64 tiles: rows of 128 bytes) copied while the work-group's size is
// declared: on CUDA each work-item's pieces written out, and the tiles, read by ldmatrix, laid
// out swizzled; b's tile is read at the group's columns and one element of a's tile is
// overwritten in place first (a scalar store into a swizzled array).
@local_size(32)
kernel gemm_rows(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (16, 16));
    let sb = local_array(f16, (16, 64));
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        async_copy(sa, (0, 0), a, (row, k), (16, 16));
        async_copy(sb, (0, 0), b, (k, 0), (16, 64));
        wait_copies();
        if local_id(0) == 0 {
            sa[3, 5] = sa[3, 5] + 1.0f16;
        }
        barrier(local);
        acc = matrix_mad(matrix_load(sa, (0, 0), (16, 16), "a"),
                         matrix_load(sb, (0, col), (16, 16), "b"), acc);
        barrier(local);
    }
    matrix_store(c, (row, col), acc);
}

// Two stages of b's whole rows (16 x 64: rows of 128 bytes) and a's 16 x 16 tiles; on CUDA the
// stages of b are 2048 bytes apart, whole periods of the swizzled layout.
@local_size(32)
kernel gemm_wide_stages(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (32, 16));
    let sb = local_array(f16, (32, 64));
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    let steps = a.shape[1] / 16;
    async_copy(sa, (0, 0), a, (row, 0), (16, 16));
    async_copy(sb, (0, 0), b, (0, 0), (16, 64));
    for step in range(steps) {
        wait_copies();
        let s = step % 2 * 16;
        if step + 1 < steps {
            async_copy(sa, (16 - s, 0), a, (row, (step + 1) * 16), (16, 16));
            async_copy(sb, (16 - s, 0), b, ((step + 1) * 16, 0), (16, 64));
        }
        acc = matrix_mad(matrix_load(sa, (s, 0), (16, 16), "a"),
                         matrix_load(sb, (s, col), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}

// Three stages: a wait for the older stage's event leaves the newer one in flight.
kernel gemm_pipelined(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (48, 16));
    let sb = local_array(f16, (48, 16));
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    let steps = a.shape[1] / 16;
    async_copy(sa, (0, 0), a, (row, 0), (16, 16));
    var older = async_copy(sb, (0, 0), b, (0, col), (16, 16));
    var newer = older;
    if steps > 1 {
        async_copy(sa, (16, 0), a, (row, 16), (16, 16));
        newer = async_copy(sb, (16, 0), b, (16, col), (16, 16));
    }
    for step in range(steps) {
        wait_copies(older);
        older = newer;
        if step + 2 < steps {
            let n = (step + 2) % 3 * 16;
            async_copy(sa, (n, 0), a, (row, (step + 2) * 16), (16, 16));
            newer = async_copy(sb, (n, 0), b, ((step + 2) * 16, col), (16, 16));
        }
        let s = step % 3 * 16;
        acc = matrix_mad(matrix_load(sa, (s, 0), (16, 16), "a"),
                         matrix_load(sb, (s, 0), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}
)";

constexpr std::int64_t M = 32, K = 48, N = 64;

using dpk::tests::gemm_a_value;
using dpk::tests::gemm_b_value;
using dpk::tests::gemm_product;
using dpk::tests::half_bits;

}  // namespace

TEST_SUITE("matrices") {
    TEST_CASE("emulated matrices take any size and type: an f64 GEMM of 8 x 4 x 8 tiles") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("matrices.dpk", kSource, options);
        std::vector<double> a(static_cast<std::size_t>(M * K)), b(static_cast<std::size_t>(K * N));
        for (std::int64_t i = 0; i < M * K; ++i) a[static_cast<std::size_t>(i)] = gemm_a_value(i);
        for (std::int64_t i = 0; i < K * N; ++i) b[static_cast<std::size_t>(i)] = gemm_b_value(i);
        std::vector<double> want(static_cast<std::size_t>(M * N), 0.0);
        for (std::int64_t r = 0; r < M; ++r)
            for (std::int64_t col = 0; col < N; ++col)
                for (std::int64_t k = 0; k < K; ++k)
                    want[static_cast<std::size_t>(r * N + col)] +=
                        a[static_cast<std::size_t>(r * K + k)] *
                        b[static_cast<std::size_t>(k * N + col)];
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            // Devices with matrix units take their own types only (the next case).
            if (dev.info().has(DeviceFeature::CooperativeMatrix) ||
                !dev.info().has(DeviceFeature::Fp64))
                continue;
            Queue q(dev);
            UsmArray da = UsmArray::from_host<double>(q, a, {M, K});
            UsmArray db = UsmArray::from_host<double>(q, b, {K, N});
            UsmArray dc = UsmArray::zeros(q, DType::F64, {M, N});
            p.kernel("gemm_f64")
                .specialize("void(f64[:, ::1], f64[:, ::1], f64[:, ::1])", dev)
                .launch(q, Range(N / 8 * 4, M / 8), Range(4, 1), {da, db, dc})
                .wait();
            CHECK(dc.to_vector<double>() == want);
        }
    }

    TEST_CASE("GEMM on cooperative matrices: exact on every device with f16") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("matrices.dpk", kSource, options);
        const auto ha = half_bits(M * K, gemm_a_value);
        const auto hb = half_bits(K * N, gemm_b_value);
        // b transposed: column-major storage of the same K x N matrix.
        std::vector<std::uint16_t> hbt(hb.size());
        for (std::int64_t k = 0; k < K; ++k)
            for (std::int64_t col = 0; col < N; ++col)
                hbt[static_cast<std::size_t>(col * K + k)] =
                    hb[static_cast<std::size_t>(k * N + col)];
        int ran = 0;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (!dev.info().has(DeviceFeature::Fp16)) {
                MESSAGE(tests::device_label(dev) << ": no fp16, skipped");
                continue;
            }
            const std::string how =
                dev.info().has(DeviceFeature::CooperativeMatrix) ? "native" : "emulated";
            MESSAGE(tests::device_label(dev) << ": matrices " << how);
            Queue q(dev);
            UsmArray a = UsmArray::from_host(q, DType::F16, {M, K}, ha.data(), ha.size() * 2);
            UsmArray b = UsmArray::from_host(q, DType::F16, {K, N}, hb.data(), hb.size() * 2);
            UsmArray bt = UsmArray::from_host(q, DType::F16, {K, N}, hbt.data(), hbt.size() * 2,
                                              UsmType::Device, Layout::F);
            const Range global(N / 16 * 32, M / 16), local(32, 1);
            const std::string plain = "void(f16[:, ::1], f16[:, ::1], f32[:, ::1])";
            // c = kernel(a, b) for a kernel of `plain`'s signature, c from zeros.
            auto c_of = [&](const char* kernel) {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel(kernel).specialize(plain, dev).launch(q, global, local, {a, b, c}).wait();
                return c.to_vector<float>();
            };
            CHECK(c_of("gemm") == gemm_product(M, K, N, 0.0f));
            {
                UsmArray c0 = UsmArray::zeros(q, DType::F32, {M, N});
                c0.fill(2.0f).wait();
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_bt")
                    .specialize("void(f16[:, ::1], f16[::1, :], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, global, local, {a, bt, c0, c})
                    .wait();
                CHECK(c.to_vector<float>() == gemm_product(M, K, N, 2.0f));
            }
            {
                // c = -(0.5 a b + 2 c0 - 1) / 2 with c0 = 2: exact.
                UsmArray c0 = UsmArray::zeros(q, DType::F32, {M, N});
                c0.fill(2.0f).wait();
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_epilogue")
                    .specialize(
                        "void(f16[:, ::1], f16[:, ::1], f32[:, ::1], f32[:, ::1], f32, f32)", dev)
                    .launch(q, global, local, {a, b, c0, c, 0.5f, 2.0f})
                    .wait();
                std::vector<float> want = gemm_product(M, K, N, 0.0f);
                for (float& w : want) w = -(0.5f * w + 4.0f - 1.0f) / 2.0f;
                CHECK(c.to_vector<float>() == want);
            }
            {
                // min(max(p, 0), 3) + |p| / 4, element by element: exact.
                std::vector<float> want = gemm_product(M, K, N, 0.0f);
                for (float& w : want) w = std::min(std::max(w, 0.0f), 3.0f) + std::abs(w) * 0.25f;
                CHECK(c_of("gemm_relu") == want);
            }
            CHECK(c_of("gemm_local") == gemm_product(M, K, N, 0.0f));
            CHECK(c_of("gemm_stages") == gemm_product(M, K, N, 0.0f));
            {
                // a's element (3, 5) of every 16 x 16 tile plus 1: rows 3, 19, ... of the
                // product gain b's rows 5, 21, 37, ...
                std::vector<float> want = gemm_product(M, K, N, 0.0f);
                for (std::int64_t r = 3; r < M; r += 16)
                    for (std::int64_t k = 5; k < K; k += 16)
                        for (std::int64_t j = 0; j < N; ++j)
                            want[static_cast<std::size_t>(r * N + j)] +=
                                static_cast<float>(gemm_b_value(k * N + j));
                CHECK(c_of("gemm_rows") == want);
            }
            CHECK(c_of("gemm_wide_stages") == gemm_product(M, K, N, 0.0f));
            CHECK(c_of("gemm_pipelined") == gemm_product(M, K, N, 0.0f));
            ++ran;
        }
        if (!ran) MESSAGE("no device with fp16: nothing ran");
    }

    TEST_CASE("bounds-checked matrices: right inside, the tile's element outside reported") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        options.check_bounds = true;
        Program p = Program::from_string("matrices.dpk", kSource, options);
        const auto ha = half_bits(M * K, gemm_a_value);
        const auto hb = half_bits(K * N, gemm_b_value);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (!dev.info().has(DeviceFeature::Fp16)) continue;
            Queue q(dev);
            UsmArray a = UsmArray::from_host(q, DType::F16, {M, K}, ha.data(), ha.size() * 2);
            UsmArray b = UsmArray::from_host(q, DType::F16, {K, N}, hb.data(), hb.size() * 2);
            UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
            CompiledKernel k =
                p.kernel("gemm").specialize("void(f16[:, ::1], f16[:, ::1], f32[:, ::1])", dev);
            k.launch(q, Range(N / 16 * 32, M / 16), Range(32, 1), {a, b, c}).wait();
            CHECK(c.to_vector<float>() == gemm_product(M, K, N, 0.0f));
            // One row of tiles too many: the tile at row M starts outside `a`.
            try {
                k.launch(q, Range(N / 16 * 32, M / 16 + 1), Range(32, 1), {a, b, c}).wait();
                FAIL("no bounds error");
            } catch (const BoundsError& e) {
                const std::string what = e.what();
                CAPTURE(what);
                CHECK(what.find("index 32 in dimension 0 of parameter 0 'a', shape (32, 48)") !=
                      std::string::npos);
            }
        }
    }
}

namespace {

// 8-bit factors with i32 accumulators (16 x 32 a, 32 x 16 b tiles on CUDA; emulated elsewhere):
// c = a * b + c0, the products and sums in i32, wrapping.
const char* kIntSource = R"(
kernel gemm_i8(a: i8[:, ::1], b: i8[:, ::1], c0: i32[:, ::1], c: i32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_load(c0, (row, col), (16, 16), "acc");
    for k in range(0, a.shape[1], 32) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 32), "a"),
                         matrix_load(b, (k, col), (32, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}

kernel gemm_u8(a: u8[:, ::1], b: u8[::1, :], c: i32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0i32, (16, 16), "acc");
    for k in range(0, a.shape[1], 32) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 32), "a"),
                         matrix_load(b, (k, col), (32, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}
)";

constexpr std::int64_t IM = 32, IK = 64, IN = 32;

/// c0 + a * b in i32 with wrapping (as two's complement sums); a IM x IK, b IK x IN, row-major.
template <typename T>
std::vector<std::int32_t> int_product(const std::vector<T>& a, const std::vector<T>& b,
                                      const std::vector<std::int32_t>& c0) {
    std::vector<std::int32_t> c(c0);
    for (std::int64_t r = 0; r < IM; ++r)
        for (std::int64_t col = 0; col < IN; ++col) {
            auto sum = static_cast<std::uint32_t>(c[static_cast<std::size_t>(r * IN + col)]);
            for (std::int64_t k = 0; k < IK; ++k)
                sum += static_cast<std::uint32_t>(
                    static_cast<std::int32_t>(a[static_cast<std::size_t>(r * IK + k)]) *
                    static_cast<std::int32_t>(b[static_cast<std::size_t>(k * IN + col)]));
            c[static_cast<std::size_t>(r * IN + col)] = static_cast<std::int32_t>(sum);
        }
    return c;
}

}  // namespace

TEST_SUITE("matrices") {
    TEST_CASE("i8 and u8 GEMMs with i32 accumulators: exact, wrapping in i32") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("matrices_int.dpk", kIntSource, options);
        // Values over the whole i8 range: sums far beyond i8 (up to 64 * 128 * 128 = 2^20).
        std::vector<std::int8_t> a(static_cast<std::size_t>(IM * IK)),
            b(static_cast<std::size_t>(IK * IN));
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] = static_cast<std::int8_t>(static_cast<int>(i * 37 % 256) - 128);
        for (std::size_t i = 0; i < b.size(); ++i)
            b[i] = static_cast<std::int8_t>(static_cast<int>(i * 91 % 256) - 128);
        std::vector<std::uint8_t> ua(a.size()), ub(b.size());
        for (std::size_t i = 0; i < a.size(); ++i) ua[i] = static_cast<std::uint8_t>(i * 53 % 256);
        for (std::size_t i = 0; i < b.size(); ++i) ub[i] = static_cast<std::uint8_t>(i * 29 % 256);
        const std::vector<std::int32_t> zeros(static_cast<std::size_t>(IM * IN), 0);
        // c0 near the top of i32: a positive sum wraps to negative numbers.
        std::vector<std::int32_t> high(zeros.size());
        for (std::size_t i = 0; i < high.size(); ++i)
            high[i] = 2147483647 - static_cast<std::int32_t>(i % 7) * 1000;
        const auto want_plain = int_product(a, b, zeros);
        const auto want_high = int_product(a, b, high);
        const auto want_u8 = int_product(ua, ub, zeros);
        CHECK(*std::max_element(want_plain.begin(), want_plain.end()) > 127);
        CHECK(std::count_if(want_high.begin(), want_high.end(),
                            [&](std::int32_t v) { return v < 0; }) > 0);  // wrapped
        // u8 b transposed: column-major storage of the same IK x IN matrix.
        std::vector<std::uint8_t> ubt(ub.size());
        for (std::int64_t k = 0; k < IK; ++k)
            for (std::int64_t col = 0; col < IN; ++col)
                ubt[static_cast<std::size_t>(col * IK + k)] =
                    ub[static_cast<std::size_t>(k * IN + col)];
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            const Range global(IN / 16 * 32, IM / 16), local(32, 1);
            UsmArray da = UsmArray::from_host(q, DType::I8, {IM, IK}, a.data(), a.size());
            UsmArray db = UsmArray::from_host(q, DType::I8, {IK, IN}, b.data(), b.size());
            for (const std::vector<std::int32_t>* c0_values : {&zeros, &std::as_const(high)}) {
                UsmArray c0 = UsmArray::from_host<std::int32_t>(q, *c0_values, {IM, IN});
                UsmArray c = UsmArray::zeros(q, DType::I32, {IM, IN});
                p.kernel("gemm_i8")
                    .specialize("void(i8[:, ::1], i8[:, ::1], i32[:, ::1], i32[:, ::1])", dev)
                    .launch(q, global, local, {da, db, c0, c})
                    .wait();
                CHECK(c.to_vector<std::int32_t>() ==
                      (c0_values == &zeros ? want_plain : want_high));
            }
            UsmArray dua = UsmArray::from_host(q, DType::U8, {IM, IK}, ua.data(), ua.size());
            UsmArray dubt = UsmArray::from_host(q, DType::U8, {IK, IN}, ubt.data(), ubt.size(),
                                                UsmType::Device, Layout::F);
            UsmArray c = UsmArray::zeros(q, DType::I32, {IM, IN});
            p.kernel("gemm_u8")
                .specialize("void(u8[:, ::1], u8[::1, :], i32[:, ::1])", dev)
                .launch(q, global, local, {dua, dubt, c})
                .wait();
            CHECK(c.to_vector<std::int32_t>() == want_u8);
        }
    }
}

namespace {

// tf32 factors from f32 arrays (16 x 8 a, 8 x 16 b tiles on CUDA; emulated elsewhere): the
// values rounded to tf32 as they are loaded, products and sums in f32.
const char* kTf32Source = R"(
kernel gemm_tf32(a: f32[:, ::1], b: f32[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 8) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 8), "a", "tf32"),
                         matrix_load(b, (k, col), (8, 16), "b", "tf32"), acc);
    }
    matrix_store(c, (row, col), acc);
}
)";

constexpr std::int64_t TM = 32, TK = 32, TN = 32;

/// f32 `x` rounded to tf32: to nearest at 10 mantissa bits, ties away from zero (cvt.rna).
float tf32(float x) {
    if (!std::isfinite(x)) return x;
    std::uint32_t bits = 0;
    std::memcpy(&bits, &x, 4);
    bits = (bits + 0x1000u) & 0xFFFFE000u;
    float r = 0;
    std::memcpy(&r, &bits, 4);
    return r;
}

/// a * b with the inputs rounded to tf32, in double (exact for the values below), as f32.
std::vector<float> tf32_product(const std::vector<float>& a, const std::vector<float>& b) {
    std::vector<float> c(static_cast<std::size_t>(TM * TN));
    for (std::int64_t r = 0; r < TM; ++r)
        for (std::int64_t col = 0; col < TN; ++col) {
            double sum = 0;
            for (std::int64_t k = 0; k < TK; ++k)
                sum += static_cast<double>(tf32(a[static_cast<std::size_t>(r * TK + k)])) *
                       static_cast<double>(tf32(b[static_cast<std::size_t>(k * TN + col)]));
            c[static_cast<std::size_t>(r * TN + col)] = static_cast<float>(sum);
        }
    return c;
}

}  // namespace

TEST_SUITE("matrices") {
    TEST_CASE("tf32 GEMMs of f32 arrays: inputs rounded to tf32 with ties away, sums exact") {
        // The host's rounding: ties away from zero (1 + 2^-11 is half a tf32 unit above 1),
        // below half down, NaN and infinity kept.
        CHECK(tf32(1.0f + 0x1p-11f) == 1.0f + 0x1p-10f);
        CHECK(tf32(-1.0f - 0x1p-11f) == -1.0f - 0x1p-10f);
        CHECK(tf32(0.5f - 0x1p-13f) == 0.5f);
        CHECK(tf32(1.0f + 0x1p-12f) == 1.0f);
        CHECK(std::isinf(tf32(std::numeric_limits<float>::infinity())));
        CHECK(std::isnan(tf32(std::numeric_limits<float>::quiet_NaN())));
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("matrices_tf32.dpk", kTf32Source, options);
        // Exact in tf32: multiples of 1/4 in [-1, 1].
        std::vector<float> ea(static_cast<std::size_t>(TM * TK)),
            eb(static_cast<std::size_t>(TK * TN));
        for (std::size_t i = 0; i < ea.size(); ++i)
            ea[i] = static_cast<float>(gemm_a_value(static_cast<std::int64_t>(i)));
        for (std::size_t i = 0; i < eb.size(); ++i)
            eb[i] = static_cast<float>(gemm_b_value(static_cast<std::int64_t>(i)));
        // Not exact: a = +-(1 + m 2^-13), m = 0..15 (m = 4 and 12 are ties, rounded away from
        // zero); b = v (1 +- 2^-12), v in {0, +-1/4, +-1/2, +-1} (v (1 - 2^-12) is a tie that
        // rounds to v, v (1 + 2^-12) rounds down to v). The rounded products are multiples of
        // 2^-12 below 2 in magnitude: every sum is exact in f32.
        std::vector<float> na(ea.size()), nb(eb.size());
        for (std::size_t i = 0; i < na.size(); ++i)
            na[i] =
                (i % 3 == 0 ? -1.0f : 1.0f) * (1.0f + static_cast<float>(i * 5 % 16) * 0x1p-13f);
        const float vs[7] = {0.0f, 0.25f, -0.25f, 0.5f, -0.5f, 1.0f, -1.0f};
        for (std::size_t i = 0; i < nb.size(); ++i)
            nb[i] = vs[i * 3 % 7] * (i % 2 == 0 ? 1.0f - 0x1p-12f : 1.0f + 0x1p-12f);
        for (std::size_t i = 0; i < nb.size(); ++i) CHECK(tf32(nb[i]) == vs[i * 3 % 7]);
        const auto want_exact = tf32_product(ea, eb);
        const auto want_rounded = tf32_product(na, nb);
        // Rounding matters: the product of the unrounded inputs differs.
        std::vector<double> unrounded(want_rounded.size(), 0.0);
        for (std::int64_t r = 0; r < TM; ++r)
            for (std::int64_t col = 0; col < TN; ++col)
                for (std::int64_t k = 0; k < TK; ++k)
                    unrounded[static_cast<std::size_t>(r * TN + col)] +=
                        static_cast<double>(na[static_cast<std::size_t>(r * TK + k)]) *
                        static_cast<double>(nb[static_cast<std::size_t>(k * TN + col)]);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < unrounded.size(); ++i)
            differ += static_cast<float>(unrounded[i]) != want_rounded[i];
        CHECK(differ > unrounded.size() / 2);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            const Range global(TN / 16 * 32, TM / 16), local(32, 1);
            for (bool exact : {true, false}) {
                CAPTURE(exact);
                UsmArray da = UsmArray::from_host<float>(q, exact ? ea : na, {TM, TK});
                UsmArray db = UsmArray::from_host<float>(q, exact ? eb : nb, {TK, TN});
                UsmArray c = UsmArray::zeros(q, DType::F32, {TM, TN});
                p.kernel("gemm_tf32")
                    .specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, global, local, {da, db, c})
                    .wait();
                CHECK(c.to_vector<float>() == (exact ? want_exact : want_rounded));
            }
        }
    }
}
