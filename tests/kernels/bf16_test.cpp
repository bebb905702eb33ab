// bf16 end to end on every device: conversions to and from f32 bit-exact (ties to even, NaN,
// infinities, values that round up to infinity, subnormals), arithmetic computed in f32 and
// rounded back per operation against a host reference, a bf16 scalar parameter, and a GEMM of
// bf16 tiles with an f32 accumulator (the matrix units where the device has them, the compiler's
// emulation on the CPU drivers).
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/bfloat16.h"
#include "dpk/dpk.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const char* kSource = R"(
kernel to_bf16(x: f32[::1], y: bf16[::1]) {
    let i = global_id(0);
    y[i] = bf16(x[i]);
}

kernel to_f32(y: bf16[::1], x: f32[::1]) {
    let i = global_id(0);
    x[i] = f32(y[i]);
}

// From other types: through f32 (exact from f16, f64 of an f32 value and small integers).
kernel from_others(d: f64[::1], n: i32[::1], y: bf16[::1]) {
    let i = global_id(0);
    y[3 * i + 1] = bf16(d[i]);
    y[3 * i + 2] = bf16(n[i]);
}

kernel from_f16(h: f16[::1], y: bf16[::1]) {
    let i = global_id(0);
    y[3 * i] = bf16(h[i]);
}

// To other types: i32 (toward zero), f64 (exact), f16 (rounded once from the exact f32).
kernel to_others(y: bf16[::1], n: i32[::1], d: f64[::1]) {
    let i = global_id(0);
    n[i] = i32(y[i]);
    d[i] = y[i];
}

kernel to_f16(y: bf16[::1], h: f16[::1]) {
    let i = global_id(0);
    h[i] = f16(y[i]);
}

kernel arith(a: bf16[::1], b: bf16[::1], s: bf16, out: bf16[::1], cmp: i32[::1]) {
    let i = global_id(0);
    let x = a[i];
    let y = b[i];
    out[8 * i] = x + y;
    out[8 * i + 1] = x - y;
    out[8 * i + 2] = x * y;
    out[8 * i + 3] = x / y;
    out[8 * i + 4] = -x * s + 0.5;
    var acc = x;
    acc += y;
    acc *= y;
    out[8 * i + 5] = acc;
    out[8 * i + 6] = min(x, y) + abs(y - x);
    out[8 * i + 7] = floor(x * 3.0bf16) + fabs(y);
    cmp[i] = select(x < y, 1, 0) + select(x == y, 2, 0) + select(x >= y, 4, 0) +
             select(isnan(x), 8, 0);
}

kernel sqrt_bf16(a: bf16[::1], out: bf16[::1]) {
    let i = global_id(0);
    out[i] = sqrt(a[i]);
}

kernel gemm(a: bf16[:, ::1], b: bf16[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = group_id(0) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (row, k), (16, 16), "a"),
                         matrix_load(b, (k, col), (16, 16), "b"), acc);
    }
    matrix_store(c, (row, col), acc);
}
)";

Program program() {
    ProgramOptions options;
    options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
    return Program::from_string("bf16.dpk", kSource, options);
}

float f32_of(std::uint32_t bits) {
    return std::bit_cast<float>(bits);
}

/// The host's reference of a bf16 operation: exact operands in f32, the result rounded once.
std::uint16_t round_bf16(float v) {
    return bf16_bits(v);
}

float value(std::uint16_t bits) {
    return bf16_value(bits);
}

UsmArray bf16_array(const Queue& q, const std::vector<std::uint16_t>& bits) {
    return UsmArray::from_host(q, DType::BF16, {static_cast<std::int64_t>(bits.size())},
                               bits.data(), bits.size() * 2);
}

std::vector<std::uint16_t> bits_of(const UsmArray& a) {
    std::vector<std::uint16_t> out(static_cast<std::size_t>(a.size()));
    a.copy_to_host(out.data(), out.size() * 2);
    return out;
}

}  // namespace

TEST_SUITE("bf16") {
    TEST_CASE("the host's bf16: the dtype, BFloat16 scalars, exact conversions") {
        CHECK(parse_dtype("bf16") == DType::BF16);
        CHECK(parse_dtype("bfloat16") == DType::BF16);
        CHECK(dtype_name(DType::BF16) == "bf16");
        CHECK(dtype_size(DType::BF16) == 2);
        CHECK(is_float(DType::BF16));
        CHECK(BFloat16(1.0 / 3.0).bits() == 0x3eab);  // through f32 0x3eaaaaab: up
        CHECK(BFloat16(-2.0).bits() == 0xc000);
        CHECK(BFloat16(1e300).bits() == 0x7f80);  // past f32: infinity
        CHECK(BFloat16(std::nan("")).bits() == 0x7fc0);
        CHECK(BFloat16::from_bits(0x4049).value() == 3.140625);
        const Scalar b = BFloat16(1.5);
        CHECK(b.dtype() == DType::BF16);
        CHECK(b.size() == 2);
        CHECK(b.as_double() == 1.5);
        CHECK(b.str() == "1.5:bf16");
        CHECK(Scalar(0.25f).exact_as(DType::BF16)->as_double() == 0.25);
        CHECK(!Scalar(0.1f).exact_as(DType::BF16));  // not a bf16: refused, not rounded
        CHECK(!Scalar(257).exact_as(DType::BF16));   // 257 needs 9 significant bits
        CHECK(Scalar(256).exact_as(DType::BF16)->as_double() == 256.0);
        CHECK(b.exact_as(DType::F32)->as_double() == 1.5);
        CHECK(!b.exact_as(DType::I32));
        CHECK(Scalar::from_double(DType::BF16, 3.14159).as_double() == 3.140625);
    }

    TEST_CASE("f32 -> bf16 rounds to nearest even, NaN stays NaN; bf16 -> f32 is exact") {
        // f32 bits and the bf16 bits they round to.
        const std::vector<std::pair<std::uint32_t, std::uint16_t>> cases = {
            {0x3f800000, 0x3f80},  // 1.0
            {0x3f808000, 0x3f80},  // a tie, kept part even: down
            {0x3f818000, 0x3f82},  // a tie, kept part odd: up to even
            {0x3f808001, 0x3f81},  // just above half a unit: up
            {0x3f807fff, 0x3f80},  // just below: down
            {0xbfc00000, 0xbfc0},  // -1.5
            {0x80000000, 0x8000},  // -0.0
            {0x7f7f7fff, 0x7f7f},  // just below the tie above the largest bf16: the largest
            {0x7f7f8000, 0x7f80},  // the tie above the largest bf16 (odd): infinity
            {0x7f7fffff, 0x7f80},  // f32's largest: infinity
            {0xff7fffff, 0xff80},  // and its negative: -infinity
            {0x7f800000, 0x7f80},  // infinity
            {0xff800000, 0xff80},  // -infinity
            {0x7fc00000, 0x7fc0},  // quiet NaN
            {0x7f800001, 0x7fc0},  // signaling NaN whose payload is all dropped: still a NaN
            {0xffc00001, 0xffc0},  // negative NaN keeps its sign
            {0x00018000, 0x0002},  // subnormal tie, odd: up
            {0x00008000, 0x0000},  // subnormal tie, even: down to zero
            {0x00400000, 0x0040},  // subnormal, exact
        };
        std::vector<float> x;
        for (const auto& c : cases) x.push_back(f32_of(c.first));
        std::vector<std::uint16_t> want;
        for (const auto& c : cases) want.push_back(c.second);
        // The host's rounding (runtime scalars, constants) is the same.
        for (std::size_t i = 0; i < cases.size(); ++i) CHECK(bf16_bits(x[i]) == want[i]);
        // Every bf16 bit pattern but the NaNs, and NaNs whose payload survives, widened.
        std::vector<std::uint16_t> all;
        for (std::uint32_t b = 0; b < 0x10000; b += 7) all.push_back(static_cast<std::uint16_t>(b));
        all.push_back(0x7fc1);
        all.push_back(0xff81);
        Program p = program();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            const auto n = static_cast<std::int64_t>(x.size());
            UsmArray dx = UsmArray::from_host<float>(q, x, {n});
            UsmArray dy = UsmArray::empty(q, DType::BF16, {n});
            p.kernel("to_bf16")
                .specialize("void(f32[::1], bf16[::1])", dev)
                .launch(q, Range(n), {dx, dy})
                .wait();
            const std::vector<std::uint16_t> rounded = bits_of(dy);
            REQUIRE(rounded.size() == want.size());
            for (std::size_t i = 0; i < want.size(); ++i) {
                INFO("f32 bits 0x" << std::hex << cases[i].first);
                CHECK(rounded[i] == want[i]);
            }

            const auto m = static_cast<std::int64_t>(all.size());
            UsmArray da = bf16_array(q, all);
            UsmArray df = UsmArray::empty(q, DType::F32, {m});
            p.kernel("to_f32")
                .specialize("void(bf16[::1], f32[::1])", dev)
                .launch(q, Range(m), {da, df})
                .wait();
            const std::vector<float> got = df.to_vector<float>();
            for (std::size_t i = 0; i < all.size(); ++i) {
                CAPTURE(all[i]);
                CHECK(std::bit_cast<std::uint32_t>(got[i]) == std::uint32_t{all[i]} << 16);
            }
        }
    }

    TEST_CASE("conversions between bf16 and the other types go through f32") {
        // f16 1/3 (0x3555 = 0.333251953125) -> f32 exact -> bf16 rounds: 0x3eab.
        // f64 1e30 -> f32 1.00000002e30 (0x7149f2ca) -> bf16 0x714a.
        // i32 16777217 -> f32 16777216 (rounded) -> bf16 0x4b80; -3 -> 0xc040.
        const std::vector<std::uint16_t> h = {0x3555, 0x3c00};
        const std::vector<double> d = {1e30, -0.0};
        const std::vector<std::int32_t> n = {16777217, -3};
        const std::vector<std::uint16_t> want = {0x3eab, 0x714a, 0x4b80, 0x3f80, 0x8000, 0xc040};
        // bf16 -> f16: 0x4049 (3.140625) -> f16 0x4248; 1e30 -> f16 infinity.
        // bf16 -> i32: toward zero, saturated; NaN -> 0. bf16 -> f64: exact.
        const std::vector<std::uint16_t> y = {0x4049, 0x714a, 0xc0a0, 0x7fc0};
        const std::vector<std::uint16_t> want_h = {0x4248, 0x7c00, 0xc500};  // then a NaN
        const std::vector<std::int32_t> want_n = {3, 2147483647, -5, 0};
        Program p = program();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (!dev.info().has(DeviceFeature::Fp64)) {
                MESSAGE(tests::device_label(dev) << ": no fp64, skipped");
                continue;
            }
            const bool fp16 = dev.info().has(DeviceFeature::Fp16);
            if (!fp16) MESSAGE(tests::device_label(dev) << ": no fp16, its conversions skipped");
            Queue q(dev);
            UsmArray dd = UsmArray::from_host<double>(q, d, {2});
            UsmArray dn = UsmArray::from_host<std::int32_t>(q, n, {2});
            std::vector<std::uint16_t> start(6, 0xffff);
            UsmArray out = bf16_array(q, start);
            p.kernel("from_others")
                .specialize("void(f64[::1], i32[::1], bf16[::1])", dev)
                .launch(q, Range(2), {dd, dn, out})
                .wait();
            std::vector<std::uint16_t> expect = want;
            if (fp16) {
                UsmArray dh = UsmArray::from_host(q, DType::F16, {2}, h.data(), 4);
                p.kernel("from_f16")
                    .specialize("void(f16[::1], bf16[::1])", dev)
                    .launch(q, Range(2), {dh, out})
                    .wait();
            } else {
                expect[0] = expect[3] = 0xffff;  // not written
            }
            CHECK(bits_of(out) == expect);

            UsmArray dy = bf16_array(q, y);
            UsmArray on = UsmArray::empty(q, DType::I32, {4});
            UsmArray od = UsmArray::empty(q, DType::F64, {4});
            p.kernel("to_others")
                .specialize("void(bf16[::1], i32[::1], f64[::1])", dev)
                .launch(q, Range(4), {dy, on, od})
                .wait();
            CHECK(on.to_vector<std::int32_t>() == want_n);
            const std::vector<double> got_d = od.to_vector<double>();
            for (std::size_t i = 0; i < 3; ++i) CHECK(got_d[i] == double{value(y[i])});
            CHECK(std::isnan(got_d[3]));
            if (!fp16) continue;
            UsmArray oh = UsmArray::empty(q, DType::F16, {4});
            p.kernel("to_f16")
                .specialize("void(bf16[::1], f16[::1])", dev)
                .launch(q, Range(4), {dy, oh})
                .wait();
            const std::vector<std::uint16_t> got_h = bits_of(oh);
            CHECK(std::vector<std::uint16_t>(got_h.begin(), got_h.begin() + 3) == want_h);
            CHECK((got_h[3] & 0x7c00) == 0x7c00);  // f16 NaN: exponent all ones, mantissa not 0
            CHECK((got_h[3] & 0x03ff) != 0);
        }
    }

    TEST_CASE("bf16 arithmetic: each operation in f32, rounded back to bf16") {
        // a: 1 + k/128 and its negatives (bf16 exact); b: small integers and odd fractions, so
        // that sums, products and quotients need rounding (ties among them).
        std::vector<std::uint16_t> a, b;
        for (std::uint32_t i = 0; i < 64; ++i) {
            a.push_back(
                static_cast<std::uint16_t>(0x3f80 + (i * 37) % 128 + (i % 5 == 0) * 0x8000));
            b.push_back(bf16_bits(static_cast<float>(1 + i % 8)));
        }
        a.push_back(0x7fc0);  // NaN
        b.push_back(0x3f80);
        const std::uint16_t s = BFloat16(1.5).bits();
        CHECK(s == 0x3fc0);
        std::vector<std::uint16_t> want;
        std::vector<std::int32_t> want_cmp;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const float x = value(a[i]), y = value(b[i]), sv = value(s);
            auto r = [](float v) { return value(round_bf16(v)); };
            want.push_back(round_bf16(x + y));
            want.push_back(round_bf16(x - y));
            want.push_back(round_bf16(x * y));
            want.push_back(round_bf16(x / y));
            want.push_back(round_bf16(r(-x * sv) + 0.5f));
            want.push_back(round_bf16(r(r(x + y) * y)));
            want.push_back(round_bf16(r(std::fmin(x, y)) + r(std::fabs(r(y - x)))));
            want.push_back(round_bf16(r(std::floor(r(x * 3.0f))) + std::fabs(y)));
            want_cmp.push_back((x < y ? 1 : 0) + (x == y ? 2 : 0) + (x >= y ? 4 : 0) +
                               (std::isnan(x) ? 8 : 0));
        }
        Program p = program();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            const auto n = static_cast<std::int64_t>(a.size());
            UsmArray da = bf16_array(q, a), db = bf16_array(q, b);
            UsmArray out = UsmArray::empty(q, DType::BF16, {8 * n});
            UsmArray cmp = UsmArray::empty(q, DType::I32, {n});
            p.kernel("arith")
                .specialize("void(bf16[::1], bf16[::1], bf16, bf16[::1], i32[::1])", dev)
                .launch(q, Range(n), {da, db, BFloat16(1.5), out, cmp})
                .wait();
            const std::vector<std::uint16_t> got = bits_of(out);
            REQUIRE(got.size() == want.size());
            for (std::size_t i = 0; i < got.size(); ++i) {
                CAPTURE(i);
                CAPTURE(a[i / 8]);
                CAPTURE(b[i / 8]);
                // NaN results: any NaN (the last input's are).
                if (std::isnan(value(want[i])))
                    CHECK(std::isnan(value(got[i])));
                else
                    CHECK(got[i] == want[i]);
            }
            CHECK(cmp.to_vector<std::int32_t>() == want_cmp);

            // sqrt of squares: exact in f32, so exact in bf16.
            const std::vector<std::uint16_t> squares = {0x4080, 0x4110, 0x4010, 0x0000, 0x3e80};
            UsmArray dsq = bf16_array(q, squares);
            UsmArray roots = UsmArray::empty(q, DType::BF16, {5});
            p.kernel("sqrt_bf16")
                .specialize("void(bf16[::1], bf16[::1])", dev)
                .launch(q, Range(5), {dsq, roots})
                .wait();
            CHECK(bits_of(roots) ==
                  std::vector<std::uint16_t>{0x4000, 0x4040, 0x3fc0, 0x0000, 0x3f00});
        }
    }

    TEST_CASE("GEMM of bf16 tiles with an f32 accumulator: exact on every device") {
        constexpr std::int64_t M = 32, K = 32, N = 32;
        // Multiples of 1/8 in [-2, 2): exact in bf16, every product and sum exact in f32.
        auto a_value = [](std::int64_t i) { return static_cast<float>(i * 7 % 32) / 8.0f - 2.0f; };
        auto b_value = [](std::int64_t i) { return static_cast<float>(i * 5 % 32) / 8.0f - 2.0f; };
        std::vector<std::uint16_t> ha, hb;
        for (std::int64_t i = 0; i < M * K; ++i) ha.push_back(bf16_bits(a_value(i)));
        for (std::int64_t i = 0; i < K * N; ++i) hb.push_back(bf16_bits(b_value(i)));
        std::vector<float> want(static_cast<std::size_t>(M * N), 0.0f);
        for (std::int64_t r = 0; r < M; ++r)
            for (std::int64_t c = 0; c < N; ++c)
                for (std::int64_t k = 0; k < K; ++k)
                    want[static_cast<std::size_t>(r * N + c)] +=
                        value(ha[static_cast<std::size_t>(r * K + k)]) *
                        value(hb[static_cast<std::size_t>(k * N + c)]);
        Program p = program();
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            const std::string how =
                dev.info().has(DeviceFeature::CooperativeMatrix) ? "native" : "emulated";
            MESSAGE(tests::device_label(dev) << ": bf16 matrices " << how);
            Queue q(dev);
            UsmArray a = UsmArray::from_host(q, DType::BF16, {M, K}, ha.data(), ha.size() * 2);
            UsmArray b = UsmArray::from_host(q, DType::BF16, {K, N}, hb.data(), hb.size() * 2);
            UsmArray c = UsmArray::zeros(q, DType::F32, {M, N});
            p.kernel("gemm")
                .specialize("void(bf16[:, ::1], bf16[:, ::1], f32[:, ::1])", dev)
                .launch(q, Range(N / 16 * 32, M / 16), Range(32, 1), {a, b, c})
                .wait();
            CHECK(c.to_vector<float>() == want);
        }
    }
}
