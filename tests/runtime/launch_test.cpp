// Launches with dpk's ABI on every SPIR-V-capable device: numbers, not just "no crash".
#include "dpk/runtime/launch.h"

#include <doctest/doctest.h>

#include <map>
#include <numeric>
#include <random>

#include "dpk/core/error.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {
std::vector<float> iota_f32(std::size_t n, float scale) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = scale * static_cast<float>(i);
    return v;
}
}  // namespace

TEST_CASE("vecadd adds f32 arrays, with and without a local range") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        const std::size_t n = 1024;
        auto a = iota_f32(n, 1.0f), b = iota_f32(n, 0.5f);
        auto da = UsmArray::from_host<float>(q, a);
        auto db = UsmArray::from_host<float>(q, b);
        auto dc = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)});
        launch(q, k, Range(n), {da, db, dc}).wait();
        auto c = dc.to_vector<float>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(c[i] == 1.5f * static_cast<float>(i));

        dc.fill(0.0f).wait();
        launch(q, k, Range(n), Range(64), {da, db, dc}).wait();
        c = dc.to_vector<float>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(c[i] == 1.5f * static_cast<float>(i));
    }
}

TEST_CASE("vecadd on shared and host USM arrays") {
    for (const Device& dev : devices_under_test()) {
        for (UsmType usm : {UsmType::Shared, UsmType::Host}) {
            INFO("device " << device_label(dev) << ", usm_type " << usm_type_name(usm));
            if (!dev.info().supports(usm)) {
                MESSAGE("SKIPPED usm_type " << usm_type_name(usm) << " on " << device_label(dev)
                                            << ": " << dev.info().usm_backing(usm));
                continue;
            }
            Queue q(dev);
            LoadedKernel k(dev, tests::vecadd_image(usm));
            const std::size_t n = 256;
            auto a = iota_f32(n, 2.0f), b = iota_f32(n, 1.0f);
            auto da = UsmArray::from_host<float>(q, a, usm);
            auto db = UsmArray::from_host<float>(q, b, usm);
            auto dc = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)}, usm);
            launch(q, k, Range(n), {da, db, dc}).wait();
            const float* host = static_cast<const float*>(dc.host_data());  // coherent host access
            for (std::size_t i = 0; i < n; ++i) REQUIRE(host[i] == 3.0f * static_cast<float>(i));
        }
    }
}

TEST_CASE("saxpy: scalar argument and bounds check against a rounded-up global range") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::saxpy_image());
        const std::int64_t n = 1000, padded = 1024;
        auto x = UsmArray::from_host<float>(q, iota_f32(n, 1.0f));
        // y is a view of the first n elements of a larger array whose tail must stay untouched.
        std::vector<float> big(static_cast<std::size_t>(padded) + 64, -7.0f);
        for (std::int64_t i = 0; i < n; ++i) big[static_cast<std::size_t>(i)] = 1.0f;
        auto ybig = UsmArray::from_host<float>(q, big);
        auto y = ybig.slice(0, 0, n);
        CHECK(y.layout() == Layout::C);
        launch(q, k, Range(static_cast<std::size_t>(padded)), Range(64), {2.0f, x, y}).wait();
        auto out = ybig.to_vector<float>();
        for (std::int64_t i = 0; i < n; ++i)
            REQUIRE(out[static_cast<std::size_t>(i)] == 2.0f * static_cast<float>(i) + 1.0f);
        for (std::size_t i = static_cast<std::size_t>(n); i < out.size(); ++i)
            REQUIRE(out[i] == -7.0f);

        // Scalars convert when exact (int 3 -> f32 3), and are rejected when they would round.
        launch(q, k, Range(static_cast<std::size_t>(n)), {3, x, y}).wait();
        out = y.to_vector<float>();
        CHECK(out[10] == 3.0f * 10.0f + 21.0f);
        CHECK_THROWS_AS(launch(q, k, Range(static_cast<std::size_t>(n)), {0.1, x, y}),
                        SignatureMismatchError);
    }
}

TEST_CASE("block_sum: launch-sized local memory and barriers") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::block_sum_image());
        const std::size_t n = 4096;
        std::vector<float> x(n);
        for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 17);
        auto dx = UsmArray::from_host<float>(q, x);
        for (std::size_t local : {16u, 64u, 256u}) {
            INFO("local size " << local);
            const std::size_t groups = n / local;
            auto out = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(groups)});
            launch(q, k, Range(n), Range(local), {dx, out, LocalMemory{DType::F32, local}}).wait();
            auto sums = out.to_vector<float>();
            for (std::size_t g = 0; g < groups; ++g) {
                float expect = 0;
                for (std::size_t i = g * local; i < (g + 1) * local; ++i) expect += x[i];
                REQUIRE(sums[g] == expect);
            }
        }
    }
}

TEST_CASE("histogram: integer atomics") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::histogram_image());
        const std::size_t n = 100000, nbins = 16;
        std::mt19937 rng(42);
        std::vector<std::int32_t> data(n);
        std::vector<std::int32_t> expect(nbins, 0);
        for (auto& v : data) {
            v = static_cast<std::int32_t>(rng() % nbins);
            ++expect[static_cast<std::size_t>(v)];
        }
        auto dd = UsmArray::from_host<std::int32_t>(q, data);
        auto bins = UsmArray::zeros(q, DType::I32, {static_cast<std::int64_t>(nbins)});
        launch(q, k, Range(n), {dd, bins}).wait();
        CHECK(bins.to_vector<std::int32_t>() == expect);
    }
}

TEST_CASE("index2d: C, F, transposed and strided arrays (layout Any passes strides)") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::index2d_image());
        auto check = [&](const UsmArray& out, std::int64_t rows, std::int64_t cols) {
            launch(q, k, Range(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols)),
                   {out})
                .wait();
            auto v = out.to_vector<std::int64_t>();  // C order of the logical shape
            for (std::int64_t i = 0; i < rows; ++i)
                for (std::int64_t j = 0; j < cols; ++j)
                    REQUIRE(v[static_cast<std::size_t>(i * cols + j)] == i * 1000 + j);
        };
        SUBCASE("C") {
            check(UsmArray::zeros(q, DType::I64, {13, 7}), 13, 7);
        }
        SUBCASE("F") {
            auto f = UsmArray::zeros(q, DType::I64, {13, 7}, UsmType::Device, Layout::F);
            CHECK(f.layout() == Layout::F);
            check(f, 13, 7);
        }
        SUBCASE("transposed view") {
            auto base = UsmArray::zeros(q, DType::I64, {7, 13});
            auto t = base.transpose();
            CHECK(t.layout() == Layout::F);
            check(t, 13, 7);
            auto b = base.to_vector<std::int64_t>();  // base[j, i] == i * 1000 + j
            CHECK(b[static_cast<std::size_t>(2 * 13 + 5)] == 5 * 1000 + 2);
        }
        SUBCASE("strided slice view; the gaps stay untouched") {
            std::vector<std::int64_t> init(20 * 9, -1);
            auto base = UsmArray::from_host<std::int64_t>(q, init, {20, 9});
            auto view = base.slice(0, 1, 20, 2).slice(1, 0, 9, 3);  // 10 x 3, strides (18, 3)
            CHECK(view.layout() == Layout::Any);
            CHECK(view.strides() == std::vector<std::int64_t>{18, 3});
            check(view, 10, 3);
            auto b = base.to_vector<std::int64_t>();
            std::int64_t written = 0, untouched = 0;
            for (std::int64_t r = 0; r < 20; ++r)
                for (std::int64_t c = 0; c < 9; ++c) {
                    std::int64_t v = b[static_cast<std::size_t>(r * 9 + c)];
                    if (r % 2 == 1 && c % 3 == 0) {
                        REQUIRE(v == ((r - 1) / 2) * 1000 + c / 3);
                        ++written;
                    } else {
                        REQUIRE(v == -1);
                        ++untouched;
                    }
                }
            CHECK(written == 30);
            CHECK(untouched == 180 - 30);
        }
    }
}

TEST_CASE("index3d: a 3-d global and local range") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::index3d_image());
        auto out = UsmArray::zeros(q, DType::I64, {4, 10, 6});
        launch(q, k, Range(4, 10, 6), Range(2, 5, 3), {out}).wait();
        auto v = out.to_vector<std::int64_t>();
        for (std::int64_t i = 0; i < 4; ++i)
            for (std::int64_t j = 0; j < 10; ++j)
                for (std::int64_t l = 0; l < 6; ++l)
                    REQUIRE(v[static_cast<std::size_t>((i * 10 + j) * 6 + l)] ==
                            i * 10000 + j * 100 + l);
    }
}
