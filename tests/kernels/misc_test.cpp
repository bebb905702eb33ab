// Less common features end to end: std.reduce group reductions, typed consts, i8/i16/u8/u16
// arithmetic and bool arrays, tuple-indexed / cas / xchg / bitwise atomics, f64 atomics on
// work-group memory, early return and short-circuit guards.
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

TEST_SUITE("misc") {
    TEST_CASE("std.reduce group_sum/min/max with work-group sizes that are not powers of two") {
        const std::size_t n = 1000;
        std::vector<float> x(n);
        for (std::size_t i = 0; i < n; ++i)
            x[i] = static_cast<float>((i * 37) % 101) * 0.5f - 20.0f;
        for (const Device& dev : tests::devices_under_test()) {
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "group_stats");
            UsmArray dx = UsmArray::from_host<float>(q, x);
            for (std::size_t local : {std::size_t{100}, std::size_t{125}, std::size_t{8}}) {
                INFO("device " << tests::device_label(dev) << ", local " << local);
                const std::size_t groups = n / local;
                UsmArray out =
                    UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(groups), 3});
                launch(q, k, Range(n), Range(local), {dx, out, LocalMemory{DType::F32, local}})
                    .wait();
                std::vector<float> r = out.to_vector<float>();
                for (std::size_t g = 0; g < groups; ++g) {
                    auto first = x.begin() + static_cast<std::ptrdiff_t>(g * local);
                    auto last = first + static_cast<std::ptrdiff_t>(local);
                    double sum = 0.0;
                    for (auto it = first; it != last; ++it) sum += *it;
                    REQUIRE(std::abs(r[g * 3] - 2.5 * sum) <= 1e-4 * (1.0 + std::abs(sum)));
                    REQUIRE(r[g * 3 + 1] == *std::min_element(first, last));
                    REQUIRE(r[g * 3 + 2] == *std::max_element(first, last));
                }
            }
        }
    }

    TEST_CASE("u8/i16/u16 arithmetic wraps in its type; bool arrays; && before ||") {
        std::vector<std::uint8_t> a;
        std::vector<std::int16_t> b;
        std::vector<std::uint16_t> c;
        for (int i = 0; i < 64; ++i) {
            a.push_back(static_cast<std::uint8_t>(i * 37));
            b.push_back(static_cast<std::int16_t>(i % 2 ? -i * 997 : i * 1013));
            c.push_back(static_cast<std::uint16_t>(i % 9 == 0 ? 7 : 65535 - i * 50));
        }
        b[5] = std::numeric_limits<std::int16_t>::min();
        const std::size_t n = a.size();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "small_ints");
            UsmArray da = UsmArray::from_host<std::uint8_t>(q, a);
            UsmArray db = UsmArray::from_host<std::int16_t>(q, b);
            UsmArray dc = UsmArray::from_host<std::uint16_t>(q, c);
            UsmArray out = UsmArray::zeros(q, DType::I64, {6, static_cast<std::int64_t>(n)});
            UsmArray flags = UsmArray::zeros(q, DType::Bool, {static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), {da, db, dc, out, flags}).wait();
            std::vector<std::int64_t> r = out.to_vector<std::int64_t>();
            std::vector<bool> f;
            {
                std::vector<std::uint8_t> raw(n);
                flags.copy_to_host(raw.data(), raw.size());
                for (std::uint8_t v : raw) f.push_back(v != 0);
            }
            for (std::size_t i = 0; i < n; ++i) {
                INFO("a=" << +a[i] << ", b=" << b[i] << ", c=" << c[i]);
                bool flag = (b[i] < 0 && a[i] > 100) || c[i] == 7;
                CHECK(r[0 * n + i] == static_cast<std::uint8_t>(a[i] + 200));
                CHECK(r[1 * n + i] == static_cast<std::int16_t>(b[i] * 3));
                CHECK(r[2 * n + i] == static_cast<std::uint16_t>(a[i] + c[i]));
                CHECK(r[3 * n + i] ==
                      static_cast<std::int16_t>(static_cast<std::int16_t>(-b[i]) / 4));
                CHECK(r[4 * n + i] == (b[i] >> 1));
                CHECK(f[i] == flag);
                CHECK(r[5 * n + i] == (flag ? 1 : 0));
            }
        }
    }

    TEST_CASE("tuple-indexed, bitwise, cas and xchg atomics; f64 atomics in work-group memory") {
        const std::size_t n = 512;
        std::vector<std::int32_t> keys(n);
        for (std::size_t i = 0; i < n; ++i) keys[i] = static_cast<std::int32_t>((i * 7919) % 997);
        std::vector<std::int32_t> grid(16, 0);
        std::uint32_t ored = 0, anded = 0xffffffffu;
        double total = 0.0;
        for (std::int32_t k : keys) {
            ++grid[(k % 4) * 4 + (k / 4) % 4];
            ored |= 1u << (k % 32);
            anded &= ~(1u << (k % 32));
            total += k * 0.5;
        }
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "atomics_more");
            UsmArray dk = UsmArray::from_host<std::int32_t>(q, keys);
            UsmArray dg = UsmArray::zeros(q, DType::I32, {4, 4});
            UsmArray bits =
                UsmArray::from_host<std::uint32_t>(q, std::vector<std::uint32_t>{0, 0xffffffffu});
            UsmArray slot = UsmArray::from_host<std::int64_t>(q, std::vector<std::int64_t>{-1, -1});
            UsmArray dt = UsmArray::zeros(q, DType::F64, {1});
            launch(q, k, Range(n), Range(64), {dk, dg, bits, slot, dt}).wait();
            CHECK(dg.to_vector<std::int32_t>() == grid);
            CHECK(bits.to_vector<std::uint32_t>() == std::vector<std::uint32_t>{ored, anded});
            std::vector<std::int64_t> s = slot.to_vector<std::int64_t>();
            CHECK(s[0] >= 0);
            CHECK(s[0] < static_cast<std::int64_t>(n));
            CHECK(s[1] >= 0);
            CHECK(s[1] < static_cast<std::int64_t>(n));
            CHECK(dt.to_vector<double>()[0] == total);
        }
    }

    TEST_CASE("early return, short-circuit guard, INT_MIN literal") {
        const std::int64_t n = 100;
        std::vector<std::int32_t> x(n);
        for (std::int64_t i = 0; i < n; ++i) x[i] = static_cast<std::int32_t>((i * 13) % 7);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "guards");
            UsmArray dx = UsmArray::from_host<std::int32_t>(q, x);
            UsmArray out = UsmArray::zeros(q, DType::I32, {n});
            launch(q, k, Range(128), Range(32), {dx, n, out}).wait();
            std::vector<std::int32_t> r = out.to_vector<std::int32_t>();
            for (std::int64_t i = 0; i < n; ++i) {
                std::int32_t v = std::numeric_limits<std::int32_t>::min();
                if (i + 1 < n && x[i + 1] > x[i]) v = x[i + 1];
                if (i == 0 || x[i - 1] == 0) v = v + 1;
                REQUIRE(r[i] == v);
            }
        }
    }

    TEST_CASE("one generic function over global, local and private arrays; fences; 3-d local") {
        const std::size_t n = 128;
        std::vector<float> x(n + 2, 0.0f);
        for (std::size_t i = 0; i < n; ++i) x[i] = 0.5f * static_cast<float>(i);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "address_spaces");
            UsmArray dx = UsmArray::from_host<float>(q, x);
            UsmArray out = UsmArray::zeros(q, DType::F32, {6, static_cast<std::int64_t>(n)});
            launch(q, k, Range(n), Range(64), {dx, out}).wait();
            std::vector<float> r = out.to_vector<float>();
            for (std::size_t g = 0; g < n; ++g) {
                const std::size_t l = g % 64, base = g - l;
                auto t = [&](std::size_t j) { return j < 64 ? 2.0f * x[base + j] : 0.0f; };
                INFO("item " << g);
                REQUIRE(r[0 * n + g] == x[g] + x[g + 1] + x[g + 2]);
                REQUIRE(r[1 * n + g] == t(l) + t(l + 1) + t(l + 2));
                REQUIRE(r[2 * n + g] == (3.0f + x[g]) + (4.0f + x[g]) + (5.0f + x[g]));
                REQUIRE(r[3 * n + g] == 7.0f);
                REQUIRE(r[4 * n + g] == static_cast<float>((l + 1) % 64));
                REQUIRE(r[5 * n + g] == 16.0f);
            }
        }
    }

    TEST_CASE("stream compaction with the old values of atomic_add") {
        const std::size_t n = 1000;
        std::vector<std::int32_t> x(n);
        std::vector<std::int32_t> want;
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = static_cast<std::int32_t>((i * 7919) % 1009);
            if (x[i] % 3 == 0) want.push_back(x[i]);
        }
        std::sort(want.begin(), want.end());
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "compact");
            UsmArray dx = UsmArray::from_host<std::int32_t>(q, x);
            UsmArray out = UsmArray::zeros(q, DType::I32, {static_cast<std::int64_t>(n)});
            UsmArray count = UsmArray::zeros(q, DType::I32, {1});
            launch(q, k, Range(n), {dx, out, count}).wait();
            const std::int32_t c = count.to_vector<std::int32_t>()[0];
            REQUIRE(c == static_cast<std::int32_t>(want.size()));
            std::vector<std::int32_t> got = out.to_vector<std::int32_t>();
            got.resize(static_cast<std::size_t>(c));
            std::sort(got.begin(), got.end());
            CHECK(got == want);  // every slot taken exactly once
        }
    }

    TEST_CASE("scalar parameters of several types; two launch-sized local arrays") {
        const std::size_t n = 64, local = 16;
        std::vector<float> x(n);
        for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i);
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "scalars_and_locals");
            UsmArray dx = UsmArray::from_host<float>(q, x);
            UsmArray out = UsmArray::zeros(q, DType::F64, {static_cast<std::int64_t>(n + 6)});
            launch(q, k, Range(n), Range(local),
                   {std::int32_t{-5}, std::uint64_t{18446744073709551615ull}, 2.5, true,
                    std::int8_t{-3}, dx, out, LocalMemory{DType::F32, local},
                    LocalMemory{DType::I32, local}})
                .wait();
            std::vector<double> r = out.to_vector<double>();
            CHECK(r[0] == -5.0);
            CHECK(r[1] == 18446744073709551615.0);
            CHECK(r[2] == 2.5);
            CHECK(r[3] == 1.0);
            CHECK(r[4] == -3.0);
            CHECK(r[5] == 0.0);
            for (std::size_t g = 0; g < n; ++g) {
                const std::size_t mirror = local - 1 - g % local;
                REQUIRE(r[6 + g] == static_cast<double>(g - g % local + mirror) +
                                        static_cast<double>(mirror) * 1000.0);
            }
        }
    }

    TEST_CASE("compound assignment evaluates its index once; range bounds are evaluated once") {
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "misc.dpk", "evaluated_once");
            UsmArray out = UsmArray::zeros(q, DType::I32, {32});
            UsmArray counter = UsmArray::zeros(q, DType::I32, {1});
            UsmArray loops = UsmArray::zeros(q, DType::I64, {16});
            launch(q, k, Range(16), {out, counter, loops}).wait();
            CHECK(counter.to_vector<std::int32_t>()[0] == 16);
            std::vector<std::int32_t> o = out.to_vector<std::int32_t>();
            for (std::size_t i = 0; i < o.size(); ++i) REQUIRE(o[i] == (i < 16 ? 5 : 0));
            CHECK(loops.to_vector<std::int64_t>() == std::vector<std::int64_t>(16, 408));
        }
    }
}
