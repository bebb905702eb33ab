// Tiled matmul with work-group memory and barriers (examples/matmul/matmul.dpk in f32, and the
// same kernel in f64): 64x48 * 48x32 with 16x16 tiles, against a host product.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

template <typename T>
void check_matmul(const std::string& file, const std::string& kernel, double tolerance) {
    const std::int64_t M = 64, K = 48, N = 32;
    std::vector<T> a(M * K), b(K * N);
    for (std::int64_t i = 0; i < M * K; ++i) a[i] = static_cast<T>((i * 37 % 101) / 50.0 - 1.0);
    for (std::int64_t i = 0; i < K * N; ++i) b[i] = static_cast<T>((i * 53 % 97) / 40.0 - 1.2);
    std::vector<double> ref(M * N, 0.0);
    for (std::int64_t r = 0; r < M; ++r)
        for (std::int64_t c = 0; c < N; ++c)
            for (std::int64_t k = 0; k < K; ++k)
                ref[r * N + c] += static_cast<double>(a[r * K + k]) * b[k * N + c];

    for (const Device& dev : tests::devices_under_test()) {
        INFO("device " << tests::device_label(dev) << ", " << kernel);
        Queue q(dev);
        LoadedKernel mm = tests::dpk_kernel(dev, file, kernel);
        CHECK(mm.image().abi.static_local_bytes == 2 * 16 * 16 * sizeof(T));
        UsmArray da = UsmArray::from_host<T>(q, a, {M, K});
        UsmArray db = UsmArray::from_host<T>(q, b, {K, N});
        UsmArray dc = UsmArray::zeros(q, dtype_of<T>(), {M, N});
        launch(q, mm, Range(N, M), Range(16, 16), {da, db, dc}).wait();  // dimension 0: column
        std::vector<T> c = dc.to_vector<T>();
        for (std::int64_t i = 0; i < M * N; ++i)
            REQUIRE(std::abs(c[i] - ref[i]) <= tolerance * (1.0 + std::abs(ref[i])));
    }
}

}  // namespace

TEST_SUITE("matmul") {
    TEST_CASE("tiled matmul f32 (examples/matmul)") {
        check_matmul<float>("examples/matmul/matmul.dpk", "matmul", 1e-5);
    }
    TEST_CASE("tiled matmul f64") {
        check_matmul<double>("matmul_f64.dpk", "matmul_f64", 1e-13);
    }
}
