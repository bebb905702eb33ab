// Control flow (for with steps in both directions, while, break, continue, nested loops),
// private arrays, and device functions generic at two types, against host versions of the same
// loops.
#include <doctest/doctest.h>

#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

/// The loops of tests/kernels/dpk/control.dpk, kernel `loops`, for one m.
std::vector<std::int64_t> loops_reference(std::int64_t m) {
    std::vector<std::int64_t> r(7, 0);
    for (std::int64_t k = 0; k < m; ++k)
        if (k % 2 == 0 && k % 3 != 0) r[0] += k;
    for (std::int64_t k = m; k > 0; k -= 3) r[1] = r[1] * 2 + k;
    for (std::int64_t k = 1; k < m; k += 4) {
        if (k > 20) break;
        r[2] += k;
    }
    std::int64_t k = 0;
    while (!(k * k >= m * 7 || k >= 1000)) ++k;
    r[3] = k;
    for (std::int64_t v = m; v > 1; ++r[4]) v = v % 2 == 0 ? v / 2 : 3 * v + 1;
    std::int64_t p[8];
    for (int j = 0; j < 8; ++j) p[j] = m * j;
    for (int j = 1; j < 8; ++j) p[j] += p[j - 1];
    for (int j = 7; j >= 0; --j) r[5] = r[5] * 3 + p[j] % 7;
    for (std::int64_t a = 0; a < m; ++a) {
        for (std::int64_t b = a + 1; b < m; ++b)
            if ((a + b) % 2 != 0) ++r[6];
        if (r[6] > 50) break;
    }
    return r;
}

}  // namespace

TEST_SUITE("control") {
    TEST_CASE("loops with break/continue, range steps, while, private_array") {
        std::vector<std::int64_t> m;
        for (std::int64_t i = 0; i < 64; ++i) m.push_back(i % 41);
        const std::size_t n = m.size();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "control.dpk", "loops");
            UsmArray dm = UsmArray::from_host<std::int64_t>(q, m);
            UsmArray out = UsmArray::zeros(q, DType::I64, {7, static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), {dm, out}).wait();
            std::vector<std::int64_t> got = out.to_vector<std::int64_t>();
            for (std::size_t i = 0; i < n; ++i) {
                std::vector<std::int64_t> want = loops_reference(m[i]);
                for (std::size_t r = 0; r < 7; ++r) {
                    INFO("m=" << m[i] << ", output row " << r);
                    REQUIRE(got[r * n + i] == want[r]);
                }
            }
        }
    }

    TEST_CASE("device functions generic at two types (f32 and i64 instances)") {
        const std::size_t n = 100;
        std::vector<float> xf(n), yf(n);
        std::vector<std::int64_t> xi(n), yi(n);
        for (std::size_t i = 0; i < n; ++i) {
            xf[i] = 0.5f * static_cast<float>(i) - 10.0f;
            yf[i] = 3.0f;
            xi[i] = static_cast<std::int64_t>(i) * 100'000 - 3'000'000;  // squares beyond 2^32
            yi[i] = 11;
        }
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "control.dpk", "generic_funcs");
            UsmArray dxf = UsmArray::from_host<float>(q, xf),
                     dyf = UsmArray::from_host<float>(q, yf);
            UsmArray dxi = UsmArray::from_host<std::int64_t>(q, xi);
            UsmArray dyi = UsmArray::from_host<std::int64_t>(q, yi);
            UsmArray out = UsmArray::zeros(q, DType::F64, {static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), {dxf, dyf, dxi, dyi, out}).wait();
            std::vector<float> gyf = dyf.to_vector<float>();
            std::vector<std::int64_t> gyi = dyi.to_vector<std::int64_t>();
            std::vector<double> go = out.to_vector<double>();
            for (std::size_t i = 0; i < n; ++i) {
                REQUIRE(gyf[i] == 2.0f * xf[i] + 3.0f);
                REQUIRE(gyi[i] == 3 * xi[i] + 11);
                REQUIRE(go[i] == static_cast<double>(xf[i] * xf[i]) +
                                     static_cast<double>(xi[i] * xi[i]) + 0.25);
            }
        }
    }
}
