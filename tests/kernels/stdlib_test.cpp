// The standard library end to end (tests/kernels/dpk/stdlib.dpk): std.reduce (sum, sum of
// squares, min, max, argmin, argmax), std.scan (inclusive and exclusive sum, min, max) and
// std.tile (tiles in work-group memory, bounds), on every device, against host references, with
// work-group sizes that are and are not powers of two.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const std::string kFile = "stdlib.dpk";

/// Values in [lo, hi); with `ties`, many repeated values (argmin/argmax tie rules).
template <typename T>
std::vector<T> values(std::size_t n, double lo, double hi, bool ties, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<T> v(n);
    for (auto& x : v) {
        double d = dist(gen);
        x = static_cast<T>(ties ? std::floor(d) : d);
    }
    return v;
}

/// The bytes of a bool array (0 or 1 each).
std::vector<std::uint8_t> bool_bytes(const UsmArray& a) {
    std::vector<std::uint8_t> raw(static_cast<std::size_t>(a.size()));
    a.copy_to_host(raw.data(), raw.size());
    return raw;
}

bool close(double got, double want, double rel) {
    return std::abs(got - want) <= rel * std::max(1.0, std::abs(want));
}

template <typename T>
void check_reductions(const char* type, double rel) {
    const std::string t = type;
    const std::string sig =
        "void(" + t + "[::1], " + t + "[:, ::1], i64[:, ::1], local " + t + "[:], local i64[:])";
    const std::size_t n = 1200;  // 1200 = 16 * 75 = 25 * 48
    std::vector<T> x = values<T>(n, -50.0, 50.0, true, 7);
    for (const Device& dev : tests::devices_under_test()) {
        LoadedKernel k = tests::dpk_kernel(dev, kFile, "reductions", sig);
        Queue q(dev);
        UsmArray dx = UsmArray::from_host<T>(q, x);
        for (std::size_t local : {std::size_t{16}, std::size_t{48}, std::size_t{75}}) {
            INFO("device " << tests::device_label(dev) << ", " << t << ", local " << local);
            const auto groups = static_cast<std::int64_t>(n / local);
            UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {groups, 4});
            UsmArray idx = UsmArray::zeros(q, DType::I64, {groups, 2});
            launch(
                q, k, Range(n), Range(local),
                {dx, out, idx, LocalMemory{dtype_of<T>(), local}, LocalMemory{DType::I64, local}})
                .wait();
            std::vector<T> r = out.to_vector<T>();
            std::vector<std::int64_t> ri = idx.to_vector<std::int64_t>();
            for (std::int64_t g = 0; g < groups; ++g) {
                const auto first = x.begin() + g * static_cast<std::int64_t>(local);
                const auto last = first + static_cast<std::int64_t>(local);
                double sum = 0, squares = 0;
                for (auto it = first; it != last; ++it) {
                    sum += static_cast<double>(*it);
                    squares += static_cast<double>(*it) * static_cast<double>(*it);
                }
                // min_element / max_element give the first position of the extreme: the smallest
                // index on ties, as group_argmin / group_argmax promise.
                const auto lo = std::min_element(first, last);
                const auto hi = std::max_element(first, last);
                INFO("group " << g);
                CHECK(close(static_cast<double>(r[4 * g]), sum, rel));
                CHECK(close(static_cast<double>(r[4 * g + 1]), squares, rel));
                CHECK(r[4 * g + 2] == *lo);
                CHECK(r[4 * g + 3] == *hi);
                CHECK(ri[2 * g] == lo - x.begin());
                CHECK(ri[2 * g + 1] == hi - x.begin());
            }
        }
    }
}

template <typename T>
void check_scans(const char* type, T min_first, T max_first, double rel) {
    const std::string t = type;
    const std::string sig =
        "void(" + t + "[::1], " + t + "[:, ::1], local " + t + "[:], " + t + ", " + t + ")";
    const std::size_t n = 1200;
    std::vector<T> x = values<T>(n, -20.0, 20.0, false, 11);
    for (const Device& dev : tests::devices_under_test()) {
        LoadedKernel k = tests::dpk_kernel(dev, kFile, "scans", sig);
        Queue q(dev);
        UsmArray dx = UsmArray::from_host<T>(q, x);
        for (std::size_t local : {std::size_t{1}, std::size_t{16}, std::size_t{48}, std::size_t{75},
                                  std::size_t{200}}) {
            INFO("device " << tests::device_label(dev) << ", " << t << ", local " << local);
            UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {6, static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), Range(local),
                   {dx, out, LocalMemory{dtype_of<T>(), local}, min_first, max_first})
                .wait();
            std::vector<T> r = out.to_vector<T>();
            for (std::size_t g0 = 0; g0 < n; g0 += local) {
                // Sums are checked to the rounding of the magnitudes added so far (prefix sums of
                // mixed signs cancel).
                double sum = 0, magnitude = 1;
                T lo = min_first, hi = max_first;
                for (std::size_t i = g0; i < g0 + local; ++i) {
                    INFO("item " << i);
                    CHECK(std::abs(r[n + i] - sum) <= rel * magnitude);  // exclusive sum
                    CHECK(r[3 * n + i] == lo);                           // exclusive min
                    CHECK(r[5 * n + i] == hi);                           // exclusive max
                    sum += static_cast<double>(x[i]);
                    magnitude += std::abs(static_cast<double>(x[i]));
                    lo = i == g0 ? x[i] : std::min(lo, x[i]);
                    hi = i == g0 ? x[i] : std::max(hi, x[i]);
                    CHECK(std::abs(r[i] - sum) <= rel * magnitude);  // inclusive sum
                    CHECK(r[2 * n + i] == lo);                       // inclusive min
                    CHECK(r[4 * n + i] == hi);                       // inclusive max
                }
            }
        }
    }
}

}  // namespace

TEST_SUITE("stdlib") {
    TEST_CASE("std.reduce: sum, sum of squares, min, max, argmin, argmax (f32, i32, f64)") {
        check_reductions<float>("f32", 1e-5);
        check_reductions<std::int32_t>("i32", 0);
        check_reductions<double>("f64", 1e-12);
    }

    TEST_CASE("std.scan: inclusive and exclusive sum, min, max (i32, f32)") {
        check_scans<std::int32_t>("i32", 2147483647, -2147483647 - 1, 0);
        check_scans<float>("f32", 1e30f, -1e30f, 1e-5);
    }

    TEST_CASE("std.tile: tiles with partial edges, transposed tiles, tile_count") {
        const std::int64_t rows = 37, cols = 21, tile = 8;  // the T of stdlib.dpk
        std::vector<float> a = values<float>(static_cast<std::size_t>(rows * cols), 0, 1, false, 3);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "tiles");
            Queue q(dev);
            UsmArray da = UsmArray::from_host<float>(q, a, {rows, cols});
            UsmArray b = UsmArray::zeros(q, DType::F32, {rows, cols});
            UsmArray bt = UsmArray::zeros(q, DType::F32, {cols, rows});
            UsmArray counts = UsmArray::zeros(q, DType::I64, {2});
            const auto up = [&](std::int64_t v) {
                return static_cast<std::size_t>((v + tile - 1) / tile * tile);
            };
            // Dimension 0 runs along a row: (column tiles, row tiles) of T x T; the transposed
            // store covers bt's (rows, cols) = (cols, rows) from the same tiles.
            const std::size_t g = std::max(up(cols), up(rows));
            launch(q, k, Range(g, g), Range(tile, tile), {da, b, bt, counts}).wait();
            CHECK(b.to_vector<float>() == a);
            std::vector<float> t = bt.to_vector<float>();
            for (std::int64_t r = 0; r < rows; ++r)
                for (std::int64_t c = 0; c < cols; ++c) REQUIRE(t[c * rows + r] == a[r * cols + c]);
            CHECK(counts.to_vector<std::int64_t>() == std::vector<std::int64_t>{5, 3});
        }
    }

    TEST_CASE("std.tile: in_bounds and in_bounds_2d, negative indices included") {
        const std::vector<std::int64_t> i{0, 3, 4, -1, 2, 0, 3, 7};
        const std::vector<std::int64_t> j{0, 4, 0, 0, 5, -1, 2, 7};
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            LoadedKernel k = tests::dpk_kernel(dev, kFile, "bounds");
            Queue q(dev);
            UsmArray a = UsmArray::zeros(q, DType::F32, {4, 5});
            UsmArray di = UsmArray::from_host<std::int64_t>(q, i);
            UsmArray dj = UsmArray::from_host<std::int64_t>(q, j);
            UsmArray inside = UsmArray::zeros(q, DType::Bool, {8});
            UsmArray inside_1d = UsmArray::zeros(q, DType::Bool, {8});
            launch(q, k, Range(8), {a, di, dj, inside, inside_1d}).wait();
            CHECK(bool_bytes(inside) == std::vector<std::uint8_t>{1, 1, 0, 0, 0, 0, 1, 0});
            CHECK(bool_bytes(inside_1d) == std::vector<std::uint8_t>{1, 1, 1, 1, 1, 0, 1, 1});
        }
    }
}
