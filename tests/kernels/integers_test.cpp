// Integer semantics against C++ (which has C's): division truncating toward zero and remainder
// with the dividend's sign for negative operands, shifts (arithmetic on signed, logical on
// unsigned), bit operations, casts, select, min/max/clamp/abs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

template <typename T>
std::vector<T> int_ops_reference(const std::vector<T>& a, const std::vector<T>& b) {
    const std::size_t n = a.size();
    std::vector<T> out(12 * n);
    for (std::size_t i = 0; i < n; ++i) {
        T x = a[i], y = b[i];
        T row[12] = {static_cast<T>(x / y),
                     static_cast<T>(x % y),
                     static_cast<T>(x << 3),
                     static_cast<T>(x >> 2),
                     static_cast<T>((x & y) | (x ^ 5)),
                     static_cast<T>(~x),
                     std::min(x, y),
                     std::max(x, y),
                     std::min(std::max(x, y), static_cast<T>(y + 10)),
                     x < y ? x : static_cast<T>(y * 2),
                     static_cast<T>((x / y) * y + x % y),
                     static_cast<T>((x >> 1) << 2)};
        for (std::size_t r = 0; r < 12; ++r) out[r * n + i] = row[r];
    }
    return out;
}

template <typename T>
void check_int_ops(const char* type, const std::vector<T>& a, const std::vector<T>& b) {
    const std::string sig =
        std::string("void(") + type + "[::1], " + type + "[::1], " + type + "[:, ::1])";
    const std::size_t n = a.size();
    std::vector<T> want = int_ops_reference(a, b);
    for (const Device& dev : tests::devices_under_test()) {
        INFO("device " << tests::device_label(dev) << ", " << sig);
        Queue q(dev);
        LoadedKernel k = tests::dpk_kernel(dev, "integers.dpk", "int_ops", sig);
        UsmArray da = UsmArray::from_host<T>(q, a), db = UsmArray::from_host<T>(q, b);
        UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {12, static_cast<std::int64_t>(n)});
        launch(q, k, Range(n), {da, db, out}).wait();
        std::vector<T> got = out.to_vector<T>();
        for (std::size_t r = 0; r < 12; ++r)
            for (std::size_t i = 0; i < n; ++i) {
                INFO("row " << r << ", a=" << +a[i] << ", b=" << +b[i]);
                REQUIRE(got[r * n + i] == want[r * n + i]);
            }
    }
}

/// Dividends -50..50 against divisors -7..-1 and 1..7 (every sign combination), scaled.
template <typename T>
void signed_operands(std::vector<T>& a, std::vector<T>& b, T scale) {
    for (int x = -50; x <= 50; x += 3)
        for (int y = -7; y <= 7; ++y) {
            if (y == 0) continue;
            a.push_back(static_cast<T>(x * scale + (x % 5)));
            b.push_back(static_cast<T>(y));
        }
}

}  // namespace

TEST_SUITE("integers") {
    TEST_CASE("i32: division, remainder, shifts, bit ops, min/max/clamp, select") {
        std::vector<std::int32_t> a, b;
        signed_operands<std::int32_t>(a, b, 1000);
        check_int_ops<std::int32_t>("i32", a, b);
    }

    TEST_CASE("i64: the same beyond 32 bits") {
        std::vector<std::int64_t> a, b;
        signed_operands<std::int64_t>(a, b, 100'000'000'000LL);
        check_int_ops<std::int64_t>("i64", a, b);
    }

    TEST_CASE("u32: unsigned division, logical shifts, unsigned comparisons") {
        std::vector<std::uint32_t> a, b;
        for (std::uint32_t x = 0; x < 64; ++x)
            for (std::uint32_t y = 1; y <= 7; ++y) {
                a.push_back(x % 2 ? 4'000'000'000u - x * 12345u : x * 977u);  // above 2^31 too
                b.push_back(y % 3 ? y : 3'000'000'000u + y);
            }
        check_int_ops<std::uint32_t>("u32", a, b);
    }

    TEST_CASE("abs of i32 and f64") {
        std::vector<std::int32_t> a = {
            0, 1, -1, 7, -7, 2147483647, -2147483647, std::numeric_limits<std::int32_t>::min()};
        std::vector<double> f = {0.0, -0.0, 1.5, -1.5, -1e300, 3.0, -2.25, 7.0};
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "integers.dpk", "abs_ops");
            UsmArray da = UsmArray::from_host<std::int32_t>(q, a);
            UsmArray df = UsmArray::from_host<double>(q, f);
            UsmArray ia = UsmArray::zeros(q, DType::I32, {8});
            UsmArray fa = UsmArray::zeros(q, DType::F64, {8});
            launch(q, k, Range(8), {da, df, ia, fa}).wait();
            std::vector<std::int32_t> gi = ia.to_vector<std::int32_t>();
            std::vector<double> gf = fa.to_vector<double>();
            for (std::size_t i = 0; i < 8; ++i) {
                // abs(INT_MIN) wraps to INT_MIN in its own type (two's complement).
                std::int32_t want = a[i] == std::numeric_limits<std::int32_t>::min()
                                        ? a[i]
                                        : static_cast<std::int32_t>(std::abs(a[i]));
                CHECK(gi[i] == want);
                CHECK(gf[i] == std::fabs(f[i]));
                CHECK(!std::signbit(gf[i]));
            }
        }
    }

    TEST_CASE("casts, select, min/max/clamp on floats") {
        std::vector<double> f = {-3.7, -0.5, 0.0, 2.9, 1000.75, -123456.5, 0.1, 1e-3};
        std::vector<std::int64_t> n = {
            -1, 255, 263, -129, 0x123456789, -0x100000001LL, 70000, (1LL << 40) + 5};
        const std::size_t m = f.size();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "integers.dpk", "casts");
            UsmArray df = UsmArray::from_host<double>(q, f);
            UsmArray dn = UsmArray::from_host<std::int64_t>(q, n);
            UsmArray oi = UsmArray::zeros(q, DType::I32, {8, static_cast<std::int64_t>(m)});
            UsmArray of = UsmArray::zeros(q, DType::F64, {7, static_cast<std::int64_t>(m)});
            launch(q, k, Range(m), {df, dn, oi, of}).wait();
            std::vector<std::int32_t> gi = oi.to_vector<std::int32_t>();
            std::vector<double> gf = of.to_vector<double>();
            for (std::size_t i = 0; i < m; ++i) {
                INFO("f=" << f[i] << ", n=" << n[i]);
                CHECK(gi[0 * m + i] == static_cast<std::int32_t>(f[i]));
                CHECK(gi[1 * m + i] == static_cast<std::int32_t>(static_cast<std::int8_t>(n[i])));
                CHECK(gi[2 * m + i] == static_cast<std::int32_t>(static_cast<std::uint8_t>(n[i])));
                CHECK(gi[3 * m + i] == static_cast<std::int32_t>(static_cast<std::uint16_t>(n[i])));
                CHECK(gi[4 * m + i] == (n[i] != 0 ? 1 : 0));
                CHECK(gi[5 * m + i] == static_cast<std::int32_t>(static_cast<float>(f[i]) * 2.0f));
                CHECK(gi[6 * m + i] ==
                      static_cast<std::int32_t>(static_cast<std::uint32_t>(n[i]) >> 28));
                CHECK(gi[7 * m + i] == static_cast<std::int32_t>(n[i]));
                CHECK(gf[0 * m + i] == static_cast<double>(n[i]));
                CHECK(gf[1 * m + i] == static_cast<double>(static_cast<float>(f[i])));
                CHECK(gf[2 * m + i] == static_cast<double>(static_cast<std::uint32_t>(n[i])));
                CHECK(gf[3 * m + i] == (f[i] > 0.0 ? f[i] : -f[i]));
                CHECK(gf[4 * m + i] == std::min(f[i], 0.5));
                CHECK(gf[5 * m + i] ==
                      static_cast<double>(std::max(static_cast<float>(f[i]), 0.5f)));
                CHECK(gf[6 * m + i] == std::clamp(f[i], -1.0, 1.0));
            }
        }
    }
}
