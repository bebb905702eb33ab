// Histograms with integer atomics (i32 and u32 bins, global and work-group memory) and the other
// integer atomics at 32 and 64 bits, signed and unsigned.
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

constexpr std::int64_t kBins = 16;

std::vector<std::int32_t> histogram_data(std::size_t n) {
    std::vector<std::int32_t> d(n);
    for (std::size_t i = 0; i < n; ++i)
        d[i] = static_cast<std::int32_t>((i * i * 7 + i * 3) % 1000);  // uneven counts
    return d;
}

template <typename B>
std::vector<B> host_histogram(const std::vector<std::int32_t>& d) {
    std::vector<B> h(kBins, 0);
    for (std::int32_t v : d) ++h[v % kBins];
    return h;
}

template <typename T>
void check_int_atomics(const char* type, std::vector<T> values) {
    const std::string sig = std::string("void(") + type + "[::1], " + type + "[::1])";
    T mx = *std::max_element(values.begin(), values.end());
    T mn = *std::min_element(values.begin(), values.end());
    T x = 0;
    for (T v : values) x ^= v;
    for (const Device& dev : tests::devices_under_test()) {
        INFO("device " << tests::device_label(dev) << ", " << sig);
        Queue q(dev);
        LoadedKernel k = tests::dpk_kernel(dev, "histogram.dpk", "int_atomics", sig);
        UsmArray dv = UsmArray::from_host<T>(q, values);
        std::vector<T> init{0, std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), 0};
        UsmArray counts = UsmArray::from_host<T>(q, init);
        launch(q, k, Range(values.size()), {dv, counts}).wait();
        std::vector<T> r = counts.to_vector<T>();
        CHECK(r[0] == static_cast<T>(values.size()));
        CHECK(r[1] == mx);
        CHECK(r[2] == mn);
        CHECK(r[3] == x);
    }
}

}  // namespace

TEST_SUITE("histogram") {
    TEST_CASE("histogram with global integer atomics, i32 and u32 bins, bounds-checked") {
        const std::size_t n = 10000, global = 10240;
        std::vector<std::int32_t> data = histogram_data(n);
        for (const Device& dev : tests::devices_under_test()) {
            Queue q(dev);
            UsmArray dd = UsmArray::from_host<std::int32_t>(q, data);
            for (const char* bin : {"i32", "u32"}) {
                const std::string sig = std::string("void(i32[::1], ") + bin + "[::1])";
                INFO("device " << tests::device_label(dev) << ", " << sig);
                LoadedKernel k = tests::dpk_kernel(dev, "histogram.dpk", "histogram", sig);
                DType bt = std::string(bin) == "i32" ? DType::I32 : DType::U32;
                UsmArray bins = UsmArray::zeros(q, bt, {kBins});
                launch(q, k, Range(global), Range(64), {dd, bins}).wait();
                if (bt == DType::I32)
                    CHECK(bins.to_vector<std::int32_t>() == host_histogram<std::int32_t>(data));
                else
                    CHECK(bins.to_vector<std::uint32_t>() == host_histogram<std::uint32_t>(data));
            }
        }
    }

    TEST_CASE("histogram through work-group memory (local atomics), u32 bins") {
        const std::size_t n = 10000, global = 10240;
        std::vector<std::int32_t> data = histogram_data(n);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "histogram.dpk", "histogram_local");
            UsmArray dd = UsmArray::from_host<std::int32_t>(q, data);
            UsmArray bins = UsmArray::zeros(q, DType::U32, {kBins});
            launch(q, k, Range(global), Range(128), {dd, bins}).wait();
            CHECK(bins.to_vector<std::uint32_t>() == host_histogram<std::uint32_t>(data));
        }
    }

    TEST_CASE("integer atomic add, min, max, xor: i32, u32, i64, u64") {
        std::vector<std::int32_t> i32v;
        std::vector<std::uint32_t> u32v;
        std::vector<std::int64_t> i64v;
        std::vector<std::uint64_t> u64v;
        for (std::int64_t i = 0; i < 2048; ++i) {
            std::int64_t s = (i * 7919) % 4001 - 2000;  // negatives: signed comparison
            i32v.push_back(static_cast<std::int32_t>(s * 1000));
            u32v.push_back(static_cast<std::uint32_t>(s * 1000));  // above 2^31: unsigned
            i64v.push_back(s * 3'000'000'000LL);
            u64v.push_back(static_cast<std::uint64_t>(s) * 3'000'000'000ULL);
        }
        check_int_atomics<std::int32_t>("i32", i32v);
        check_int_atomics<std::uint32_t>("u32", u32v);
        check_int_atomics<std::int64_t>("i64", i64v);
        check_int_atomics<std::uint64_t>("u64", u64v);
    }
}
