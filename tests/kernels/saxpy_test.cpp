// saxpy (examples/saxpy/saxpy.dpk): a scalar argument and a bounds check, launched over global
// ranges larger than the arrays and not multiples of their size.
#include <doctest/doctest.h>

#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

TEST_SUITE("saxpy") {
    TEST_CASE("saxpy with a bounds check over a padded global range") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "examples/saxpy/saxpy.dpk", "saxpy");
            CHECK(k.signature().pretty() == "void(f32, f32[::1], f32[::1])");
            const std::int64_t n = 1000;
            std::vector<float> x(n);
            for (std::int64_t i = 0; i < n; ++i) x[i] = 0.25f * static_cast<float>(i) - 40.0f;
            UsmArray dx = UsmArray::from_host<float>(q, x);

            // y is the first n elements of a larger array: the kernel must not touch the tail.
            for (std::size_t global : {std::size_t{1024}, std::size_t{1536}, std::size_t{1001}}) {
                INFO("global " << global);
                std::vector<float> big(static_cast<std::size_t>(n) + 600, -7.0f);
                for (std::int64_t i = 0; i < n; ++i) big[i] = static_cast<float>(i % 13);
                UsmArray ybig = UsmArray::from_host<float>(q, big);
                UsmArray y = ybig.slice(0, 0, n);
                if (global % 64 == 0)
                    launch(q, k, Range(global), Range(64), {2.5f, dx, y}).wait();
                else
                    launch(q, k, Range(global), {2.5f, dx, y}).wait();
                std::vector<float> out = ybig.to_vector<float>();
                for (std::int64_t i = 0; i < n; ++i)
                    REQUIRE(out[i] == 2.5f * x[i] + static_cast<float>(i % 13));
                for (std::size_t i = n; i < out.size(); ++i) REQUIRE(out[i] == -7.0f);
            }
        }
    }
}
