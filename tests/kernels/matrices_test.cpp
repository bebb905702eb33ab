// Cooperative matrices end to end: a GEMM on matrix_load / matrix_mad / matrix_store gives the
// exact product on every device — tensor cores where the device has them (CUDA sm_80+), the
// compiler's emulation elsewhere (the CPU drivers) — for C- and F-ordered inputs and tiles staged
// in local memory. Inputs are multiples of 1/4 in [-1, 1], so every sum is exact in f32 whatever
// its order.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dpk/dpk.h"
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

double a_value(std::int64_t i) {
    return static_cast<double>(i * 7 % 9) / 4.0 - 1.0;
}
double b_value(std::int64_t i) {
    return static_cast<double>(i * 5 % 9) / 4.0 - 1.0;
}

std::vector<std::uint16_t> halves(std::int64_t n, double (*f)(std::int64_t)) {
    std::vector<std::uint16_t> h(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) h[static_cast<std::size_t>(i)] = Half(f(i)).bits();
    return h;
}

/// c = a * b (+ c0) on the host; a is M x K row-major, b K x N row-major.
std::vector<float> product(float c0) {
    std::vector<float> c(static_cast<std::size_t>(M * N), c0);
    for (std::int64_t r = 0; r < M; ++r)
        for (std::int64_t col = 0; col < N; ++col)
            for (std::int64_t k = 0; k < K; ++k)
                c[static_cast<std::size_t>(r * N + col)] +=
                    static_cast<float>(a_value(r * K + k) * b_value(k * N + col));
    return c;
}

}  // namespace

TEST_SUITE("matrices") {
    TEST_CASE("emulated matrices take any size and type: an f64 GEMM of 8 x 4 x 8 tiles") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("matrices.dpk", kSource, options);
        std::vector<double> a(static_cast<std::size_t>(M * K)), b(static_cast<std::size_t>(K * N));
        for (std::int64_t i = 0; i < M * K; ++i) a[static_cast<std::size_t>(i)] = a_value(i);
        for (std::int64_t i = 0; i < K * N; ++i) b[static_cast<std::size_t>(i)] = b_value(i);
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
        const auto ha = halves(M * K, a_value);
        const auto hb = halves(K * N, b_value);
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
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm").specialize(plain, dev).launch(q, global, local, {a, b, c}).wait();
                CHECK(c.to_vector<float>() == product(0.0f));
            }
            {
                UsmArray c0 = UsmArray::zeros(q, DType::F32, {M, N});
                c0.fill(2.0f).wait();
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_bt")
                    .specialize("void(f16[:, ::1], f16[::1, :], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, global, local, {a, bt, c0, c})
                    .wait();
                CHECK(c.to_vector<float>() == product(2.0f));
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
                std::vector<float> want = product(0.0f);
                for (float& w : want) w = -(0.5f * w + 4.0f - 1.0f) / 2.0f;
                CHECK(c.to_vector<float>() == want);
            }
            {
                // min(max(p, 0), 3) + |p| / 4, element by element: exact.
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_relu")
                    .specialize(plain, dev)
                    .launch(q, global, local, {a, b, c})
                    .wait();
                std::vector<float> want = product(0.0f);
                for (float& w : want) w = std::min(std::max(w, 0.0f), 3.0f) + std::abs(w) * 0.25f;
                CHECK(c.to_vector<float>() == want);
            }
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_local")
                    .specialize(plain, dev)
                    .launch(q, global, local, {a, b, c})
                    .wait();
                CHECK(c.to_vector<float>() == product(0.0f));
            }
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_stages")
                    .specialize(plain, dev)
                    .launch(q, global, local, {a, b, c})
                    .wait();
                CHECK(c.to_vector<float>() == product(0.0f));
            }
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_pipelined")
                    .specialize(plain, dev)
                    .launch(q, global, local, {a, b, c})
                    .wait();
                CHECK(c.to_vector<float>() == product(0.0f));
            }
            ++ran;
        }
        if (!ran) MESSAGE("no device with fp16: nothing ran");
    }

    TEST_CASE("bounds-checked matrices: right inside, the tile's element outside reported") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        options.check_bounds = true;
        Program p = Program::from_string("matrices.dpk", kSource, options);
        const auto ha = halves(M * K, a_value);
        const auto hb = halves(K * N, b_value);
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
            CHECK(c.to_vector<float>() == product(0.0f));
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
