// f16 functions on every device with f16, against exact host references: fma rounded once (the
// cases where rounding the exact sum to f32 first lands on an f16 tie are included and
// counted), a * b + c fused or not, sqrt, min and max exact, exp within one f16 unit, isnan, conversions to i32 that
// truncate and saturate, and f64 -> f16 rounded once. On PoCL these run in f32 and round back
// (DriverDefect::HalfLibrary); elsewhere the driver's own f16 functions.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "dpk/dpk.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const char* kSource = R"(
kernel f16_functions(x: f16[::1], y: f16[::1], z: f16[::1], d: f64[::1], r: f16[:, ::1],
                     n: i32[:, ::1]) {
    let i = global_id(0);
    let a = x[i];
    let b = y[i];
    let c = z[i];
    r[i, 0] = fma(a, b, c);
    r[i, 1] = sqrt(abs(a));
    r[i, 2] = min(a, b);
    r[i, 3] = max(a, c);
    r[i, 4] = exp(a);
    r[i, 5] = f16(d[i]);
    r[i, 6] = a * b + c;
    n[i, 0] = i32(c);
    n[i, 1] = select(isnan(a), 1, 0);
}
)";

constexpr int kResults = 7;

/// The f16 nearest `s` * 2^-48 (ties to even; beyond 65504 infinity), as a double; with
/// `f32_first`, `s` rounded to f32's 24 bits first (what computing in f32 would do).
double round_units48(__int128 s, bool f32_first = false) {
    if (s == 0) return 0.0;
    const bool negative = s < 0;
    unsigned __int128 u =
        negative ? static_cast<unsigned __int128>(-s) : static_cast<unsigned __int128>(s);
    auto round_bits = [](unsigned __int128 v, int kept, int min_shift) {
        int msb = 127;
        while (!((v >> msb) & 1)) --msb;
        const int shift = std::max(min_shift, msb - (kept - 1));
        if (shift <= 0) return v;
        unsigned __int128 m = v >> shift;
        const unsigned __int128 rest = v & ((static_cast<unsigned __int128>(1) << shift) - 1);
        const unsigned __int128 half = static_cast<unsigned __int128>(1) << (shift - 1);
        if (rest > half || (rest == half && (m & 1))) ++m;
        return m << shift;
    };
    if (f32_first) u = round_bits(u, 24, 0);
    u = round_bits(u, 11, 24);  // f16's quantum is 2^-24 at least: 2^24 units of 2^-48
    const double v = std::ldexp(static_cast<double>(u), -48);
    const double r = v > 65504.0 ? std::numeric_limits<double>::infinity() : v;
    return negative ? -r : r;
}

/// A finite f16 as a count of 2^-24 (exact: every finite f16 is one).
__int128 units24(double v) {
    return static_cast<__int128>(std::llround(std::ldexp(v, 24)));
}

double fma_reference(double a, double b, double c, bool f32_first = false) {
    return round_units48(units24(a) * units24(b) + units24(c) * (static_cast<__int128>(1) << 24),
                         f32_first);
}

double half_value(std::uint16_t bits) {
    return Half::from_bits(bits).value();
}

}  // namespace

TEST_SUITE("f16") {
    TEST_CASE("f16 functions: fma rounded once, sqrt, min, max, exp, isnan, conversions") {
        // Crafted fma cases: a * b an exact f16 tie (12 significant bits, the last one set) or
        // near one, plus a c far below f32's precision there; then random finite values.
        std::vector<double> xs, ys, zs, ds;
        for (int k = 1; k < 64; k += 2)
            for (double b : {1.5, 1.25, 1.75, 3.0, 0.75, -1.5})
                for (double c : {0x1p-24, -0x1p-24, 0x1p-23, -0x3p-24, 0x1p-20, -0x1p-14}) {
                    xs.push_back(1.0 + k * 0x1p-10);
                    ys.push_back(b);
                    zs.push_back(c);
                }
        std::mt19937 rng(20261208);
        std::uniform_real_distribution<double> wide(-300.0, 300.0), narrow(-4.0, 4.0);
        while (xs.size() < 4096) {
            xs.push_back(Half(narrow(rng)).value());
            ys.push_back(Half(wide(rng)).value());
            zs.push_back(Half(narrow(rng) * 1e-3).value());
        }
        xs[7] = std::numeric_limits<double>::quiet_NaN();
        zs[11] = std::numeric_limits<double>::infinity();  // i32 saturates
        zs[12] = -65504.0;
        const std::size_t count = xs.size();
        // f64 values just past an f16 tie (rounding to f32 first would make it a tie).
        for (std::size_t i = 0; i < count; ++i) {
            const double base = Half(narrow(rng)).value();
            if (i % 2 && std::abs(base) >= 0x1p-14) {
                const int e = std::ilogb(base);
                ds.push_back(
                    base + std::copysign(std::ldexp(1.0, e - 11) + std::ldexp(1.0, e - 40), base));
            } else {
                ds.push_back(wide(rng));
            }
        }
        std::vector<std::uint16_t> hx, hy, hz;
        for (std::size_t i = 0; i < count; ++i) {
            hx.push_back(Half(xs[i]).bits());
            hy.push_back(Half(ys[i]).bits());
            hz.push_back(Half(zs[i]).bits());
        }
        // The crafted cases are hard: in f32 first, some of them round wrong.
        int hard = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const double a = half_value(hx[i]), b = half_value(hy[i]), c = half_value(hz[i]);
            if (std::isfinite(a) && std::isfinite(c) &&
                fma_reference(a, b, c) != fma_reference(a, b, c, true))
                ++hard;
        }
        CHECK(hard > 20);

        ProgramOptions options;
        options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
        Program p = Program::from_string("f16.dpk", kSource, options);
        int ran = 0;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            if (!dev.info().has(DeviceFeature::Fp16) || !dev.info().has(DeviceFeature::Fp64)) {
                MESSAGE(tests::device_label(dev) << ": no f16 or f64, skipped");
                continue;
            }
            Queue q(dev);
            const auto n = static_cast<std::int64_t>(count);
            UsmArray x = UsmArray::from_host(q, DType::F16, {n}, hx.data(), count * 2);
            UsmArray y = UsmArray::from_host(q, DType::F16, {n}, hy.data(), count * 2);
            UsmArray z = UsmArray::from_host(q, DType::F16, {n}, hz.data(), count * 2);
            UsmArray d = UsmArray::from_host<double>(q, ds, {n});
            UsmArray r = UsmArray::zeros(q, DType::F16, {n, kResults});
            UsmArray ints = UsmArray::zeros(q, DType::I32, {n, 2});
            p.kernel("f16_functions")
                .specialize(
                    "void(f16[::1], f16[::1], f16[::1], f64[::1], f16[:, ::1], "
                    "i32[:, ::1])",
                    dev)
                .launch(q, Range(count), {x, y, z, d, r, ints})
                .wait();
            std::vector<std::uint16_t> got(count * kResults);
            r.copy_to_host(got.data(), got.size() * 2);
            const auto got_ints = ints.to_vector<std::int32_t>();
            int wrong_fma = 0, wrong_exp = 0, wrong_other = 0;
            for (std::size_t i = 0; i < count; ++i) {
                const double a = half_value(hx[i]), b = half_value(hy[i]), c = half_value(hz[i]);
                auto result = [&](int k) { return half_value(got[i * kResults + k]); };
                auto same = [](double u, double v) {
                    return u == v || (std::isnan(u) && std::isnan(v));
                };
                if (std::isfinite(a) && std::isfinite(c) &&
                    !same(result(0), fma_reference(a, b, c)))
                    ++wrong_fma;
                if (!same(result(1), Half(std::sqrt(std::abs(a))).value())) ++wrong_other;
                if (!std::isnan(a) &&
                    (result(2) != std::fmin(a, b) || result(3) != std::fmax(a, c)))
                    ++wrong_other;
                const double e = std::exp(a);
                const double unit = std::ldexp(1.0, std::ilogb(e) - 10);
                if (std::isfinite(e) && e < 65504.0 && !(std::abs(result(4) - e) <= unit))
                    ++wrong_exp;
                if (result(5) != Half(ds[i]).value()) ++wrong_other;
                // a * b + c: fused (rounded once) or not (the product rounded to f16 first).
                if (std::isfinite(a) && std::isfinite(c)) {
                    const double fused = fma_reference(a, b, c);
                    const double apart = Half(Half(a * b).value() + c).value();
                    if (!same(result(6), fused) && !same(result(6), apart)) ++wrong_fma;
                }
                const double t = std::trunc(c);
                const std::int32_t want =
                    std::isnan(c)        ? 0
                    : t >= 2147483647.0  ? std::numeric_limits<std::int32_t>::max()
                    : t <= -2147483648.0 ? std::numeric_limits<std::int32_t>::min()
                                         : static_cast<std::int32_t>(t);
                if (got_ints[i * 2] != want || got_ints[i * 2 + 1] != (std::isnan(a) ? 1 : 0))
                    ++wrong_other;
            }
            CHECK(wrong_fma == 0);
            CHECK(wrong_exp == 0);
            CHECK(wrong_other == 0);
            ++ran;
        }
        if (!ran) MESSAGE("no device with f16 and f64: nothing ran");
    }
}
