// vecadd (examples/vecadd/vecadd.dpk, generic) specialized for f32, f64, i32 and i64 by our
// compiler and run through the runtime on every SPIR-V device.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

template <typename T>
void check_vecadd(const char* type) {
    const std::string sig =
        std::string("void(") + type + "[::1], " + type + "[::1], " + type + "[::1])";
    for (const Device& dev : tests::devices_under_test()) {
        INFO("device " << tests::device_label(dev) << ", " << sig);
        Queue q(dev);
        LoadedKernel k = tests::dpk_kernel(dev, "examples/vecadd/vecadd.dpk", "vecadd", sig);
        const std::size_t n = 1000;
        std::vector<T> a(n), b(n);
        for (std::size_t i = 0; i < n; ++i) {
            // Values that need the full type: negatives, fractions, and beyond 32 bits for i64.
            if constexpr (sizeof(T) == 8 && std::is_integral_v<T>) {
                a[i] = static_cast<T>(i) * 7'000'000'011LL - 3;
                b[i] = -static_cast<T>(i) * 3 + 12'345'678'901LL;
            } else {
                a[i] = static_cast<T>(static_cast<double>(i) * 1.5 - 300);
                b[i] = static_cast<T>(static_cast<double>(n - i) * 0.25 + 7);
            }
        }
        UsmArray da = UsmArray::from_host<T>(q, a);
        UsmArray db = UsmArray::from_host<T>(q, b);
        UsmArray dc = UsmArray::zeros(q, dtype_of<T>(), {static_cast<std::int64_t>(n)});
        launch(q, k, Range(n), {da, db, dc}).wait();
        std::vector<T> c = dc.to_vector<T>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(c[i] == static_cast<T>(a[i] + b[i]));

        // Again with an explicit work-group size (1000 = 8 * 125).
        dc.fill(Scalar(T{0})).wait();
        launch(q, k, Range(n), Range(8), {da, db, dc}).wait();
        c = dc.to_vector<T>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(c[i] == static_cast<T>(a[i] + b[i]));
    }
}

}  // namespace

TEST_SUITE("vecadd") {
    TEST_CASE("vecadd f32") {
        check_vecadd<float>("f32");
    }
    TEST_CASE("vecadd f64") {
        check_vecadd<double>("f64");
    }
    TEST_CASE("vecadd i32") {
        check_vecadd<std::int32_t>("i32");
    }
    TEST_CASE("vecadd i64") {
        check_vecadd<std::int64_t>("i64");
    }
}
