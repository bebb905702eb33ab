// Work-group cooperative matrices end to end: a GEMM whose 64 x 64 accumulator tiles, 64 x 16
// tiles of a and 16 x 64 tiles of b are held by a whole work-group of 128 work items gives the
// exact product on every device with f16 (warpgroup products on CUDA sm_90, the compiler's
// emulation on the CPU drivers), with fills, element-wise arithmetic and math on the
// accumulator, and tiles of a and b staged in local memory (b's rows exactly 64 elements, read
// from column 0), also bounds-checked. Inputs are multiples of 1/4 in [-1, 1], so every sum is
// exact in f32.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dpk/dpk.h"
#include "tests/kernels/support/gemm_inputs.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const char* kSource = R"(
// a's and b's tiles copied whole into local memory, b's into alternate halves of a local array
// of 32 rows (B's origin row varies); each step's product waits for the copies, and the next
// copies wait for every work item's loads (the barrier). Also run bounds-checked, where CUDA
// reads a B tile outside its array at (0, 0) instead of as zeros.
@local_size(128)
kernel gemm_copies(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (64, 16));
    let sb = local_array(f16, (32, 64));
    let row = group_id(1) * 64;
    let col = group_id(0) * 64;
    var acc = matrix_fill(0.0f32, (64, 64), "acc", "group");
    for k in range(0, a.shape[1], 16) {
        let half = k / 16 % 2 * 16;
        async_copy(sa, (0, 0), a, (row, k), (64, 16));
        async_copy(sb, (half, 0), b, (k, col), (16, 64));
        wait_copies();
        acc = matrix_mad(matrix_load(sa, (0, 0), (64, 16), "a", "group"),
                         matrix_load(sb, (half, 0), (16, 64), "b", "group"), acc);
        barrier(local);
    }
    matrix_store(c, (row, col), acc);
}

// The tiles written by the work items' own loads and stores; the accumulator starts from c0
// and ends with an epilogue: c = max(2 acc - 1, 0) + |acc| / 4.
@local_size(128)
kernel gemm_epilogue(a: f16[:, ::1], b: f16[:, ::1], c0: f32[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (64, 16));
    let sb = local_array(f16, (16, 64));
    let row = group_id(1) * 64;
    let col = group_id(0) * 64;
    var acc = matrix_load(c0, (row, col), (64, 64), "acc", "group");
    for k in range(0, a.shape[1], 16) {
        for e in range(local_id(0), 1024, 128) {
            sa[e / 16, e % 16] = a[row + e / 16, k + e % 16];
            sb[e / 64, e % 64] = b[k + e / 64, col + e % 64];
        }
        barrier(local);
        acc = matrix_mad(matrix_load(sa, (0, 0), (64, 16), "a", "group"),
                         matrix_load(sb, (0, 0), (16, 64), "b", "group"), acc);
        barrier(local);
    }
    let ones = matrix_fill(1.0f32, (64, 64), "acc", "group");
    matrix_store(c, (row, col), max(acc * 2.0 - ones, 0.0) + abs(acc) / 4.0);
}

// Where matrices are emulated any types, sizes and declared work-group sizes work (the CPU
// drivers): f32 tiles of 32 x 32 from tiles of a and b copied to local memory, a work-group of
// 128 work items, and the same epilogue.
@local_size(128)
kernel gemm_f32(a: f32[:, ::1], b: f32[:, ::1], c0: f32[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f32, (32, 16));
    let sb = local_array(f32, (16, 32));
    let row = group_id(1) * 32;
    let col = group_id(0) * 32;
    var acc = matrix_load(c0, (row, col), (32, 32), "acc", "group");
    for k in range(0, a.shape[1], 16) {
        async_copy(sa, (0, 0), a, (row, k), (32, 16));
        async_copy(sb, (0, 0), b, (k, col), (16, 32));
        wait_copies();
        acc = matrix_mad(matrix_load(sa, (0, 0), (32, 16), "a", "group"),
                         matrix_load(sb, (0, 0), (16, 32), "b", "group"), acc);
        barrier(local);
    }
    let ones = matrix_fill(1.0f32, (32, 32), "acc", "group");
    matrix_store(c, (row, col), max(acc * 2.0 - ones, 0.0) + abs(acc) / 4.0);
}

// 16 x 8 by 8 x 32 tiles of a work-group of 4 x 3 work items, each element stored once (12
// work items share 128 elements: some hold 11, others 10).
@local_size(4, 3)
kernel gemm_small(a: f32[:, ::1], b: f32[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 32;
    var acc = -matrix_fill(-1.0f32, (16, 32), "acc", "group");
    for k in range(0, a.shape[1], 8) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 8), "a", "group"),
                         matrix_load(b, (k, col), (8, 32), "b", "group"), acc);
    }
    matrix_store(c, (row, col), acc);
}

// The tiles' products in a device function (whose emulated products share their factors through
// local memory as the kernel's do), the tiles read from global memory, 64 work items.
func product_tile(a, b, c, row, col) {
    var acc = matrix_fill(0.5f32, (32, 32), "acc", "group");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (row, k), (32, 16), "a", "group"),
                         matrix_load(b, (k, col), (16, 32), "b", "group"), acc);
    }
    matrix_store(c, (row, col), acc);
}

@local_size(64)
kernel gemm_function(a: f32[:, ::1], b: f32[:, ::1], c: f32[:, ::1]) {
    product_tile(a, b, c, group_id(1) * 32, group_id(0) * 32);
}
)";

constexpr std::int64_t M = 128, K = 48, N = 128;

using dpk::tests::float_values;
using dpk::tests::gemm_a_value;
using dpk::tests::gemm_b_value;
using dpk::tests::gemm_product;
using dpk::tests::half_bits;

}  // namespace

/// max(2 w - 1, 0) + |w| / 4 of each element: the kernels' epilogue.
std::vector<float> epilogue(std::vector<float> c) {
    for (float& w : c) w = std::max(w * 2.0f - 1.0f, 0.0f) + std::abs(w) / 4.0f;
    return c;
}

TEST_SUITE("group_matrices") {
    TEST_CASE("work-group matrices: f16 GEMMs of 64 x 64 tiles in work-groups of 128, exact") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("group_matrices.dpk", kSource, options);
        options.check_bounds = true;
        Program checked = Program::from_string("group_matrices.dpk", kSource, options);
        const auto ha = half_bits(M * K, gemm_a_value);
        const auto hb = half_bits(K * N, gemm_b_value);
        const std::string plain = "void(f16[:, ::1], f16[:, ::1], f32[:, ::1])";
        int ran = 0;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            // Matrix units of work-groups, or the compiler's emulation (no matrix units) on a
            // device with f16 arithmetic; a device with sub-group matrix units alone has no
            // work-group matrices.
            const DeviceInfo& info = dev.info();
            const bool emulated = !info.has(DeviceFeature::CooperativeMatrix);
            if (!info.has(DeviceFeature::WorkgroupMatrix) &&
                !(emulated && info.has(DeviceFeature::Fp16))) {
                MESSAGE(tests::device_label(dev)
                        << std::string(emulated ? ": no f16, skipped (the next case runs f32 tiles)"
                                                : ": sub-group matrix units only, skipped"));
                continue;
            }
            Queue q(dev);
            UsmArray a = UsmArray::from_host(q, DType::F16, {M, K}, ha.data(), ha.size() * 2);
            UsmArray b = UsmArray::from_host(q, DType::F16, {K, N}, hb.data(), hb.size() * 2);
            const Range global(N / 64 * 128, M / 64), local(128, 1);
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_copies")
                    .specialize(plain, dev)
                    .launch(q, global, local, {a, b, c})
                    .wait();
                CHECK(c.to_vector<float>() == gemm_product(M, K, N, 0.0f));
            }
            {
                UsmArray c0 = UsmArray::zeros(q, DType::F32, {M, N});
                c0.fill(-0.5f).wait();
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_epilogue")
                    .specialize("void(f16[:, ::1], f16[:, ::1], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, global, local, {a, b, c0, c})
                    .wait();
                CHECK(c.to_vector<float>() == epilogue(gemm_product(M, K, N, -0.5f)));
            }
            {
                // Bounds-checked: exact inside; one row of tiles too many is reported.
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                CompiledKernel k = checked.kernel("gemm_copies").specialize(plain, dev);
                k.launch(q, global, local, {a, b, c}).wait();
                CHECK(c.to_vector<float>() == gemm_product(M, K, N, 0.0f));
                try {
                    k.launch(q, Range(N / 64 * 128, M / 64 + 1), local, {a, b, c}).wait();
                    FAIL("no bounds error");
                } catch (const BoundsError& e) {
                    const std::string what = e.what();
                    CAPTURE(what);
                    CHECK(what.find("parameter 0 'a', shape (128, 48)") != std::string::npos);
                }
            }
            ++ran;
        }
        if (!ran) MESSAGE("no device with work-group matrices and f16: nothing ran");
    }

    TEST_CASE("emulated work-group matrices: f32 GEMMs, any sizes and work-group sizes, exact") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("group_matrices.dpk", kSource, options);
        const std::vector<float> ha = float_values(M * K, gemm_a_value);
        const std::vector<float> hb = float_values(K * N, gemm_b_value);
        int ran = 0;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (dev.info().has(DeviceFeature::CooperativeMatrix)) {
                MESSAGE(tests::device_label(dev) << ": matrix units (no f32 factors), skipped");
                continue;
            }
            Queue q(dev);
            UsmArray a = UsmArray::from_host<float>(q, ha, {M, K});
            UsmArray b = UsmArray::from_host<float>(q, hb, {K, N});
            {
                UsmArray c0 = UsmArray::zeros(q, DType::F32, {M, N});
                c0.fill(-0.5f).wait();
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_f32")
                    .specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, Range(N / 32 * 128, M / 32), Range(128, 1), {a, b, c0, c})
                    .wait();
                CHECK(c.to_vector<float>() == epilogue(gemm_product(M, K, N, -0.5f)));
            }
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_small")
                    .specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, Range(N / 32 * 4, M / 16 * 3), Range(4, 3), {a, b, c})
                    .wait();
                CHECK(c.to_vector<float>() == gemm_product(M, K, N, 1.0f));
            }
            {
                UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
                p.kernel("gemm_function")
                    .specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev)
                    .launch(q, Range(N / 32 * 64, M / 32), Range(64, 1), {a, b, c})
                    .wait();
                CHECK(c.to_vector<float>() == gemm_product(M, K, N, 0.5f));
            }
            ++ran;
        }
        if (!ran) MESSAGE("no device emulating matrices: nothing ran");
    }

    TEST_CASE(
        "bounds-checked emulated work-group matrices: right inside, a tile outside reported") {
        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        options.check_bounds = true;
        Program p = Program::from_string("group_matrices.dpk", kSource, options);
        const std::vector<float> ha = float_values(M * K, gemm_a_value);
        const std::vector<float> hb = float_values(K * N, gemm_b_value);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (dev.info().has(DeviceFeature::CooperativeMatrix)) continue;  // f32 factors
            Queue q(dev);
            UsmArray a = UsmArray::from_host<float>(q, ha, {M, K});
            UsmArray b = UsmArray::from_host<float>(q, hb, {K, N});
            UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
            CompiledKernel k = p.kernel("gemm_small")
                                   .specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev);
            k.launch(q, Range(N / 32 * 4, M / 16 * 3), Range(4, 3), {a, b, c}).wait();
            CHECK(c.to_vector<float>() == gemm_product(M, K, N, 1.0f));
            // One row of tiles too many: the tile at row M starts outside `a`.
            try {
                k.launch(q, Range(N / 32 * 4, (M / 16 + 1) * 3), Range(4, 3), {a, b, c}).wait();
                FAIL("no bounds error");
            } catch (const BoundsError& e) {
                const std::string what = e.what();
                CAPTURE(what);
                CHECK(what.find("index 128 in dimension 0 of parameter 0 'a', shape (128, 48)") !=
                      std::string::npos);
            }
        }
    }
}
