// Work-group reductions: block_sum from docs/language.md (examples/reduction/block_sum.dpk:
// launch-sized local memory, a barrier loop, a float atomic add) over 2^16 values, and a generic
// block_sum and float atomics in f32 and f64.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

template <typename T>
std::vector<T> random_values(std::size_t n, double lo, double hi) {
    std::mt19937 gen(1234);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<T> v(n);
    for (auto& x : v) x = static_cast<T>(dist(gen));
    return v;
}

template <typename T>
void check_block_sum(const std::string& file, const std::string& signature, double rel_tol) {
    const std::size_t n = std::size_t{1} << 16;
    std::vector<T> x = random_values<T>(n, 0.0, 1.0);
    double ref = 0.0;
    for (T v : x) ref += v;
    for (const Device& dev : tests::devices_under_test()) {
        INFO("device " << tests::device_label(dev) << ", " << file << " " << signature);
        Queue q(dev);
        LoadedKernel k = tests::dpk_kernel(dev, file, "block_sum", signature);
        UsmArray dx = UsmArray::from_host<T>(q, x);
        for (std::size_t local : {std::size_t{256}, std::size_t{64}}) {
            INFO("local " << local);
            UsmArray out = UsmArray::zeros(q, dtype_of<T>(), {1});
            launch(q, k, Range(n), Range(local), {dx, out, LocalMemory{dtype_of<T>(), local}})
                .wait();
            double sum = static_cast<double>(out.to_vector<T>()[0]);
            REQUIRE(std::abs(sum - ref) <= rel_tol * ref);
        }
    }
}

template <typename T>
void check_float_atomics(const char* type) {
    const std::string sig = std::string("void(") + type + "[::1], " + type + "[::1])";
    const std::size_t n = 4096;
    std::vector<T> x = random_values<T>(n, -100.0, 100.0);
    double sum = 0.0, magnitude = 0.0;
    for (T v : x) {
        sum += v;
        magnitude += std::abs(static_cast<double>(v));
    }
    // Atomic adds happen in any order: allow the rounding of n additions in T.
    const double tolerance = magnitude * (sizeof(T) == 4 ? 1e-5 : 1e-13);
    for (const Device& dev : tests::devices_under_test()) {
        INFO("device " << tests::device_label(dev) << ", " << sig);
        Queue q(dev);
        LoadedKernel k = tests::dpk_kernel(dev, "reduction.dpk", "float_atomics", sig);
        UsmArray dx = UsmArray::from_host<T>(q, x);
        std::vector<T> init{T(0), T(1e30), T(-1e30)};
        UsmArray out = UsmArray::from_host<T>(q, init);
        launch(q, k, Range(n), Range(64), {dx, out}).wait();
        std::vector<T> r = out.to_vector<T>();
        CHECK(std::abs(static_cast<double>(r[0]) + sum) <= tolerance);
        CHECK(r[1] == *std::min_element(x.begin(), x.end()));
        CHECK(r[2] == *std::max_element(x.begin(), x.end()));
    }
}

}  // namespace

TEST_SUITE("reduction") {
    TEST_CASE("block_sum f32 of 2^16 values (docs/language.md kernel, float atomic_add)") {
        check_block_sum<float>("examples/reduction/block_sum.dpk",
                               "void(f32[::1], f32[::1], local f32[:])", 1e-5);
    }
    TEST_CASE("generic block_sum f32 and f64 (f64 atomic_add)") {
        check_block_sum<float>("reduction.dpk", "void(f32[::1], f32[::1], local f32[:])", 1e-5);
        check_block_sum<double>("reduction.dpk", "void(f64[::1], f64[::1], local f64[:])", 1e-12);
    }
    TEST_CASE("float atomic sub, min, max (f32, f64)") {
        check_float_atomics<float>("f32");
        check_float_atomics<double>("f64");
    }
}
