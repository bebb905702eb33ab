// Accuracy measurement of dpk's CUDA math library (backends/cuda/math), shared by the host check
// (tests/cuda/math_host_ulp_test.cpp: the same C sources compiled for the host) and the GPU test
// (tests/cuda/math_ulp_test.cpp: the PTX through dpk's CUDA backend). One copy of: the functions
// and their OpenCL bounds, the input generator, the long double references, the ULP measurement
// and the printed table.
//
// Bounds: OpenCL SPIR-V Environment Specification, "ULP Values for Math Instructions - Full
// Profile" (the OpenCL.std instructions), identical for Float32 and Float64 for these functions.
// ULP: the error |got - ref| / ulp(ref), ulp taken in the target type at the reference's binade
// (denormal spacing below the smallest normal, the top binade's spacing above the largest
// finite); an infinite result counts as 2^(emax+1) against a finite reference. Special values
// must match exactly: a NaN reference wants a NaN, an infinite one the same infinity, a zero
// reference a zero of the same sign; a NaN where the reference is a number always fails.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

namespace dpk::cuda_math_test {

struct MathFunction {
    const char* name;  // OpenCL.std name
    int arity;         // 1 or 2
    double bound;      // max ULP, full profile, f32 and f64
    bool in_language;  // a dpk builtin (exp10 is in the library, not in the language)
    long double (*ref1)(long double);
    long double (*ref2)(long double, long double);
    // Uniform sample ranges: range A for the first argument, B for a second uniform batch of the
    // first argument (unary) or for the second argument (binary). f32 and f64 ranges.
    double a32_lo, a32_hi, b32_lo, b32_hi;
    double a64_lo, a64_hi, b64_lo, b64_hi;
};

namespace ref {
inline long double rsqrt(long double x) { return 1.0L / sqrtl(x); }
inline long double cbrt(long double x) { return cbrtl(x); }
inline long double exp(long double x) { return expl(x); }
inline long double exp2(long double x) { return exp2l(x); }
inline long double exp10(long double x) { return exp10l(x); }
inline long double expm1(long double x) { return expm1l(x); }
inline long double log(long double x) { return logl(x); }
inline long double log2(long double x) { return log2l(x); }
inline long double log10(long double x) { return log10l(x); }
inline long double log1p(long double x) { return log1pl(x); }
inline long double sin(long double x) { return sinl(x); }
inline long double cos(long double x) { return cosl(x); }
inline long double tan(long double x) { return tanl(x); }
inline long double asin(long double x) { return asinl(x); }
inline long double acos(long double x) { return acosl(x); }
inline long double atan(long double x) { return atanl(x); }
inline long double sinh(long double x) { return sinhl(x); }
inline long double cosh(long double x) { return coshl(x); }
inline long double tanh(long double x) { return tanhl(x); }
inline long double erf(long double x) { return erfl(x); }
inline long double erfc(long double x) { return erfcl(x); }
inline long double pow(long double x, long double y) { return powl(x, y); }
inline long double atan2(long double y, long double x) { return atan2l(y, x); }
inline long double fmod(long double x, long double y) { return fmodl(x, y); }
inline long double hypot(long double x, long double y) { return hypotl(x, y); }
}  // namespace ref

/// Every function of the library, in table order.
inline const std::vector<MathFunction>& math_functions() {
    // clang-format off
    static const std::vector<MathFunction> kFunctions = {
        // name    ar bound lang  ref1        ref2        f32 A           f32 B           f64 A             f64 B
        {"rsqrt",  1, 2,  true,  ref::rsqrt, nullptr,    0, 16,          1e-40, 1e-30,   0, 16,            1e-310, 1e-300},
        {"cbrt",   1, 2,  true,  ref::cbrt,  nullptr,    -10, 10,        -1e-3, 1e-3,    -10, 10,          -1e-3, 1e-3},
        {"exp",    1, 3,  true,  ref::exp,   nullptr,    -104, 89,       -1, 1,          -746, 710,        -1, 1},
        {"exp2",   1, 3,  true,  ref::exp2,  nullptr,    -151, 129,      -1, 1,          -1076, 1025,      -1, 1},
        {"exp10",  1, 3,  false, ref::exp10, nullptr,    -46, 39,        -1, 1,          -324, 309,        -1, 1},
        {"expm1",  1, 3,  true,  ref::expm1, nullptr,    -20, 89,        -1e-3, 1e-3,    -40, 710,         -1e-3, 1e-3},
        {"log",    1, 3,  true,  ref::log,   nullptr,    0, 4,           0.9, 1.1,       0, 4,             0.9, 1.1},
        {"log2",   1, 3,  true,  ref::log2,  nullptr,    0, 4,           0.9, 1.1,       0, 4,             0.9, 1.1},
        {"log10",  1, 3,  true,  ref::log10, nullptr,    0, 4,           0.9, 1.1,       0, 4,             0.9, 1.1},
        {"log1p",  1, 2,  true,  ref::log1p, nullptr,    -1, 4,          -1e-3, 1e-3,    -1, 4,            -1e-3, 1e-3},
        {"sin",    1, 4,  true,  ref::sin,   nullptr,    -10, 10,        -1e5, 1e5,      -10, 10,          -1e6, 1e6},
        {"cos",    1, 4,  true,  ref::cos,   nullptr,    -10, 10,        -1e5, 1e5,      -10, 10,          -1e6, 1e6},
        {"tan",    1, 5,  true,  ref::tan,   nullptr,    -10, 10,        -1e5, 1e5,      -10, 10,          -1e6, 1e6},
        {"asin",   1, 4,  true,  ref::asin,  nullptr,    -1, 1,          -0.6, 0.6,      -1, 1,            -0.6, 0.6},
        {"acos",   1, 4,  true,  ref::acos,  nullptr,    -1, 1,          0.9, 1,         -1, 1,            0.9, 1},
        {"atan",   1, 5,  true,  ref::atan,  nullptr,    -20, 20,        -1, 1,          -20, 20,          -1, 1},
        {"sinh",   1, 4,  true,  ref::sinh,  nullptr,    -90, 90,        -1, 1,          -711, 711,        -1, 1},
        {"cosh",   1, 4,  true,  ref::cosh,  nullptr,    -90, 90,        -1, 1,          -711, 711,        -1, 1},
        {"tanh",   1, 5,  true,  ref::tanh,  nullptr,    -20, 20,        -1, 1,          -40, 40,          -1, 1},
        {"erf",    1, 16, true,  ref::erf,   nullptr,    -6, 6,          -1, 1,          -7, 7,            -1, 1},
        {"erfc",   1, 16, true,  ref::erfc,  nullptr,    -6, 11,         -1, 1,          -6, 28,           -1, 1},
        {"pow",    2, 16, true,  nullptr,    ref::pow,   0, 8,           -40, 40,        0, 8,             -300, 300},
        {"atan2",  2, 6,  true,  nullptr,    ref::atan2, -10, 10,        -10, 10,        -10, 10,          -10, 10},
        {"fmod",   2, 0,  true,  nullptr,    ref::fmod,  -1e6, 1e6,      -10, 10,        -1e15, 1e15,      -10, 10},
        {"hypot",  2, 4,  true,  nullptr,    ref::hypot, -10, 10,        -10, 10,        -10, 10,          -10, 10},
    };
    // clang-format on
    return kFunctions;
}

inline const MathFunction* find_math_function(std::string_view name) {
    for (const auto& f : math_functions())
        if (name == f.name) return &f;
    return nullptr;
}

/// Inputs per row: $DPK_MATH_ULP_INPUTS, else 10^6.
inline std::size_t input_count() {
    if (const char* s = std::getenv("DPK_MATH_ULP_INPUTS")) {
        const long long n = std::atoll(s);
        if (n > 0) return static_cast<std::size_t>(n);
    }
    return 1000000;
}

template <class T>
struct Inputs {
    std::vector<T> x;
    std::vector<T> y;  // empty for unary functions
    std::size_t size() const { return x.size(); }
};

namespace detail {

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {  // splitmix64
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1p-53; }  // [0, 1)
};

inline std::uint64_t seed_of(std::string_view name, int bits) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    return h ^ static_cast<std::uint64_t>(bits) * 0x9e3779b97f4a7c15ull;
}

template <class T>
T from_bits(std::uint64_t b) {
    if constexpr (sizeof(T) == 4) {
        auto u = static_cast<std::uint32_t>(b);
        T v;
        std::memcpy(&v, &u, 4);
        return v;
    } else {
        T v;
        std::memcpy(&v, &b, 8);
        return v;
    }
}

template <class T>
std::uint64_t to_bits(T v) {
    if constexpr (sizeof(T) == 4) {
        std::uint32_t u;
        std::memcpy(&u, &v, 4);
        return u;
    } else {
        std::uint64_t u;
        std::memcpy(&u, &v, 8);
        return u;
    }
}

template <class T>
T uniform(Rng& r, double lo, double hi) {
    return static_cast<T>(lo + (hi - lo) * r.unit());
}

/// Values every function sees: zeros, infinities, NaNs, denormals, the extremes, small integers.
template <class T>
std::vector<T> edge_values() {
    using L = std::numeric_limits<T>;
    std::vector<T> v = {T(0), -T(0), L::infinity(), -L::infinity(), L::quiet_NaN(),
                        -L::quiet_NaN(), L::denorm_min(), -L::denorm_min(),
                        static_cast<T>(L::min() - L::denorm_min()), L::min(), -L::min(),
                        L::max(), -L::max(), T(1), T(-1), T(0.5), T(-0.5), T(2), T(-2), T(3),
                        T(-3), T(10), T(-10), L::epsilon(), -L::epsilon(), T(1) + L::epsilon(),
                        T(1) - L::epsilon() / 2, T(-1) + L::epsilon() / 2, T(100), T(-100)};
    return v;
}

/// Huge and awkward arguments for sin/cos/tan: near multiples of pi/2, powers of two, the
/// largest finite values (full Payne-Hanek reduction).
template <class T>
std::vector<T> trig_values() {
    std::vector<T> v;
    const long double pio2 = 1.570796326794896619231321691639751442L;
    for (int k = -64; k <= 64; ++k) {
        const T t = static_cast<T>(pio2 * k);
        v.push_back(t);
        v.push_back(std::nextafter(t, std::numeric_limits<T>::infinity()));
        v.push_back(std::nextafter(t, -std::numeric_limits<T>::infinity()));
    }
    for (int e = 10; e < std::numeric_limits<T>::max_exponent; e += 3) {
        v.push_back(std::ldexp(T(1), e));
        v.push_back(std::ldexp(static_cast<T>(1.2345678901234567L), e));
        v.push_back(-std::ldexp(static_cast<T>(1.7724538509055160L), e));
    }
    // classic hard cases: 1e22, 2^1023 * (2 - 2^-52), the float nearest 10^k
    for (long double p = 1; p < 1e38L; p *= 10) v.push_back(static_cast<T>(p));
    if constexpr (sizeof(T) == 8) {
        v.push_back(1e22);
        v.push_back(5.319372648326541e255);   // near a multiple of pi/2 (Kahan/McDonald)
        v.push_back(6381956970095103.0 * 0x1p797);
    } else {
        v.push_back(1.0e22f);
        v.push_back(16367173.0f * 0x1p72f);   // near a multiple of pi/2 in float
    }
    return v;
}

/// Where a function's implementation changes path: the limits of exp's reduction and of its
/// results (overflow, the last denormal, rounding to 0), log's reduction boundaries and denormal
/// scaling, erf's switch between its two polynomials and where it rounds to 1, rsqrt's normal
/// range. Each value comes with its two neighbours.
template <class T>
std::vector<T> path_values(std::string_view name) {
    constexpr bool is32 = sizeof(T) == 4;
    std::vector<long double> v;
    if (name == "exp") {
        if (is32)
            v = {88.72283935546875L, 88.7228317L, 89, -87.3365479L, -103.278931L, -103.972084L,
                 -104, -126 * 0.693147180559945L, 0.34657359L, -0.34657359L, 0.5L, -0.5L};
        else
            v = {709.782712893384L, 710, -708.39641853226408L, -744.44007192138126L,
                 -745.13321910194122L, -746, 0.34657359027997264L, -0.34657359027997264L};
    } else if (name == "log") {
        v = {0.66666666666666667L, 1.3333333333333333L, 0.70710678118654752L,
             1.4142135623730950L, 0.5L, 2, 4, 0.25L};
        const T dmin = std::numeric_limits<T>::denorm_min(), nmin = std::numeric_limits<T>::min();
        v.push_back(dmin * 3);
        v.push_back(nmin / 3);
        v.push_back(nmin * 1.5L);
    } else if (name == "erf") {
        v = {1, -1, 0.999L, 3.9192059L, 4, -4, 5.9215871957945L, 6, -6, 0.5L, 1e-20L, -1e-30L};
    } else if (name == "rsqrt") {
        const T nmin = std::numeric_limits<T>::min();
        v = {static_cast<long double>(nmin), static_cast<long double>(nmin) / 2, 0.25L, 2,
             static_cast<long double>(std::numeric_limits<T>::max()) / 2};
    }
    std::vector<T> out;
    for (long double x : v) {
        const T t = static_cast<T>(x);
        out.push_back(t);
        out.push_back(std::nextafter(t, std::numeric_limits<T>::infinity()));
        out.push_back(std::nextafter(t, -std::numeric_limits<T>::infinity()));
    }
    return out;
}

}  // namespace detail

/// The inputs of one row: the edge cases (every pair of them for two-argument functions, plus
/// integers and half-integers as exponents of pow; a function's path boundaries), then thirds of
/// random bit patterns over the whole range, uniform samples over range A, and over range B.
template <class T>
Inputs<T> make_inputs(const MathFunction& f, std::size_t count) {
    constexpr bool is32 = sizeof(T) == 4;
    detail::Rng rng{detail::seed_of(f.name, is32 ? 32 : 64)};
    Inputs<T> in;
    in.x.reserve(count);
    if (f.arity == 2) in.y.reserve(count);
    const double alo = is32 ? f.a32_lo : f.a64_lo, ahi = is32 ? f.a32_hi : f.a64_hi;
    const double blo = is32 ? f.b32_lo : f.b64_lo, bhi = is32 ? f.b32_hi : f.b64_hi;
    auto push = [&](T x, T y) {
        if (in.x.size() >= count) return;
        in.x.push_back(x);
        if (f.arity == 2) in.y.push_back(y);
    };
    const auto edges = detail::edge_values<T>();
    if (f.arity == 1) {
        for (T e : edges) push(e, T(0));
        for (T p : detail::path_values<T>(f.name)) push(p, T(0));
        if (std::string_view(f.name) == "sin" || std::string_view(f.name) == "cos" ||
            std::string_view(f.name) == "tan")
            for (T t : detail::trig_values<T>()) push(t, T(0));
    } else {
        std::vector<T> ys = edges;
        if (std::string_view(f.name) == "pow") {
            // odd and even integers, half-integers, big odd integers for the sign of pow(-x, y)
            for (int k = -9; k <= 9; ++k) ys.push_back(static_cast<T>(k * 0.5));
            ys.push_back(is32 ? T(16777215.0) : T(9007199254740991.0));
            ys.push_back(is32 ? T(-16777215.0) : T(-9007199254740991.0));
            ys.push_back(is32 ? T(16777216.0) : T(9007199254740992.0));
            ys.push_back(T(1e10));
            ys.push_back(T(-1e10));
            ys.push_back(T(0.25));
            ys.push_back(T(1.5));
        }
        for (T a : edges)
            for (T b : ys) push(a, b);
        if (std::string_view(f.name) == "pow") {
            // x^(k/2) for random x of both signs (negative x: NaN unless k is even)
            for (int i = 0; i < 20000; ++i) {
                const int k = static_cast<int>(rng.next() % 161) - 80;
                push(detail::uniform<T>(rng, -8, 8), static_cast<T>(k * 0.5));
            }
        }
    }
    const std::size_t rest = count > in.x.size() ? count - in.x.size() : 0;
    const std::size_t third = rest / 3;
    for (std::size_t i = 0; i < third; ++i) {  // random bit patterns, whole range
        const T x = detail::from_bits<T>(rng.next());
        const T y = detail::from_bits<T>(rng.next());
        push(x, y);
    }
    if (f.arity == 1) {
        for (std::size_t i = 0; i < third; ++i) push(detail::uniform<T>(rng, alo, ahi), T(0));
        while (in.x.size() < count) push(detail::uniform<T>(rng, blo, bhi), T(0));
    } else {
        // pairs: uniform over A x B; for pow also with random exponents of x (tiny and huge x)
        const bool pow = std::string_view(f.name) == "pow";
        while (in.x.size() < count) {
            T x = detail::uniform<T>(rng, alo, ahi);
            T y = detail::uniform<T>(rng, blo, bhi);
            if (pow && (rng.next() & 3) == 0) {
                const int emax = std::numeric_limits<T>::max_exponent;
                const int e = static_cast<int>(rng.next() % (2 * emax)) - emax;
                x = std::ldexp(static_cast<T>(1 + rng.unit()), e);
                y = detail::uniform<T>(rng, -4, 4);
            }
            push(x, y);
        }
    }
    return in;
}

/// C99 Annex F / OpenCL edge cases with their exact expected results, independent of the host
/// libm: `expected` is exact or (for pi fractions) correctly rounded in long double.
struct SpecialCase {
    const char* name;
    long double x, y, expected;
};

inline const std::vector<SpecialCase>& special_cases() {
    constexpr long double inf = INFINITY, nan = NAN;
    constexpr long double pi = 3.141592653589793238462643383279502884L;
    static const std::vector<SpecialCase> kCases = {
        {"exp", -inf, 0, 0}, {"exp", inf, 0, inf}, {"exp", nan, 0, nan}, {"exp", -0.0L, 0, 1},
        {"exp2", -inf, 0, 0}, {"exp2", inf, 0, inf}, {"exp10", -inf, 0, 0}, {"exp10", 2, 0, 100},
        {"expm1", -inf, 0, -1}, {"expm1", -0.0L, 0, -0.0L}, {"expm1", inf, 0, inf},
        {"log", 0, 0, -inf}, {"log", -0.0L, 0, -inf}, {"log", -1, 0, nan}, {"log", 1, 0, 0},
        {"log", inf, 0, inf}, {"log2", 0, 0, -inf}, {"log2", 8, 0, 3}, {"log10", 0, 0, -inf},
        {"log10", 1000, 0, 3}, {"log1p", -1, 0, -inf}, {"log1p", -0.0L, 0, -0.0L},
        {"log1p", -2, 0, nan}, {"log1p", inf, 0, inf},
        {"sin", inf, 0, nan}, {"sin", -inf, 0, nan}, {"sin", -0.0L, 0, -0.0L}, {"sin", nan, 0, nan},
        {"cos", inf, 0, nan}, {"cos", -0.0L, 0, 1}, {"tan", inf, 0, nan}, {"tan", -0.0L, 0, -0.0L},
        {"asin", 2, 0, nan}, {"asin", -0.0L, 0, -0.0L}, {"acos", 1, 0, 0}, {"acos", -2, 0, nan},
        {"atan", inf, 0, pi / 2}, {"atan", -0.0L, 0, -0.0L},
        {"sinh", -inf, 0, -inf}, {"sinh", -0.0L, 0, -0.0L}, {"cosh", -inf, 0, inf},
        {"cosh", 0, 0, 1}, {"tanh", inf, 0, 1}, {"tanh", -inf, 0, -1}, {"tanh", -0.0L, 0, -0.0L},
        {"erf", inf, 0, 1}, {"erf", -inf, 0, -1}, {"erf", -0.0L, 0, -0.0L}, {"erfc", inf, 0, 0},
        {"erfc", -inf, 0, 2}, {"cbrt", -inf, 0, -inf}, {"cbrt", -0.0L, 0, -0.0L}, {"cbrt", -27, 0, -3},
        {"rsqrt", 0, 0, inf}, {"rsqrt", -0.0L, 0, -inf}, {"rsqrt", inf, 0, 0}, {"rsqrt", -1, 0, nan},
        {"rsqrt", 4, 0, 0.5L}, {"rsqrt", -inf, 0, nan}, {"rsqrt", 0.25L, 0, 2},
        {"exp", 1000, 0, inf}, {"exp", -1000, 0, 0}, {"log", -inf, 0, nan}, {"log", nan, 0, nan},
        {"erf", nan, 0, nan}, {"erf", 10, 0, 1}, {"erf", -10, 0, -1},
        // pow: C99 F.9.4.4
        {"pow", 0, -3, inf}, {"pow", -0.0L, -3, -inf}, {"pow", 0, -4, inf}, {"pow", -0.0L, -4, inf},
        {"pow", -0.0L, -0.5L, inf}, {"pow", 0, -inf, inf}, {"pow", -0.0L, -inf, inf},
        {"pow", 0, 3, 0}, {"pow", -0.0L, 3, -0.0L}, {"pow", -0.0L, 4, 0}, {"pow", -0.0L, 0.5L, 0},
        {"pow", -1, inf, 1}, {"pow", -1, -inf, 1}, {"pow", 1, nan, 1}, {"pow", 1, -inf, 1},
        {"pow", nan, 0, 1}, {"pow", nan, -0.0L, 1}, {"pow", -2, 0.5L, nan}, {"pow", -8, 3, -512},
        {"pow", 0.5L, -inf, inf}, {"pow", 2, -inf, 0}, {"pow", 0.5L, inf, 0}, {"pow", 2, inf, inf},
        {"pow", -inf, -3, -0.0L}, {"pow", -inf, -4, 0}, {"pow", -inf, 3, -inf},
        {"pow", -inf, 4, inf}, {"pow", -inf, 0.5L, inf}, {"pow", inf, -1, 0}, {"pow", inf, 1, inf},
        {"pow", nan, 1, nan}, {"pow", 2, nan, nan}, {"pow", 2, 10, 1024}, {"pow", 4, 0.5L, 2},
        // atan2(y, x): C99 F.9.1.4
        {"atan2", 0, -0.0L, pi}, {"atan2", -0.0L, -0.0L, -pi}, {"atan2", 0, 0, 0},
        {"atan2", -0.0L, 0, -0.0L}, {"atan2", 0, -1, pi}, {"atan2", -0.0L, -1, -pi},
        {"atan2", 0, 1, 0}, {"atan2", -0.0L, 1, -0.0L}, {"atan2", -1, 0, -pi / 2},
        {"atan2", 1, -0.0L, pi / 2}, {"atan2", 1, -inf, pi}, {"atan2", -1, -inf, -pi},
        {"atan2", 1, inf, 0}, {"atan2", -1, inf, -0.0L}, {"atan2", inf, 1, pi / 2},
        {"atan2", inf, -inf, 3 * pi / 4}, {"atan2", -inf, -inf, -3 * pi / 4},
        {"atan2", inf, inf, pi / 4}, {"atan2", -inf, inf, -pi / 4}, {"atan2", nan, 1, nan},
        // fmod: C99 F.9.7.1
        {"fmod", 0, 3, 0}, {"fmod", -0.0L, 3, -0.0L}, {"fmod", inf, 3, nan}, {"fmod", 3, 0, nan},
        {"fmod", 3, inf, 3}, {"fmod", -3, -inf, -3}, {"fmod", -7, 2, -1}, {"fmod", 7.5L, -2, 1.5L},
        {"fmod", nan, 1, nan},
        // hypot: C99 F.9.4.3
        {"hypot", inf, nan, inf}, {"hypot", nan, -inf, inf}, {"hypot", nan, 1, nan},
        {"hypot", -3, 4, 5}, {"hypot", -0.0L, -0.0L, 0}, {"hypot", 1e-45L, 0, 1e-45L},
    };
    return kCases;
}

/// One row of the table.
struct RowResult {
    std::string name;
    int bits = 0;
    std::size_t inputs = 0;
    double max_ulp = 0;  // over inputs whose results are finite numbers on both sides
    double bound = 0;
    std::size_t special_failures = 0;  // NaN / infinity / signed-zero mismatches
    std::string worst;                 // the input of max_ulp (or the first special failure)
    bool ok() const { return special_failures == 0 && max_ulp <= bound; }
};

/// The reference for one input, in long double.
template <class T>
long double reference(const MathFunction& f, T x, T y) {
    if (f.arity == 1) return f.ref1(static_cast<long double>(x));
    return f.ref2(static_cast<long double>(x), static_cast<long double>(y));
}

/// The error of `got` against `ref` in ULP of T; +inf for a special-value mismatch.
template <class T>
double ulp_error(T got, long double ref) {
    using L = std::numeric_limits<T>;
    const bool got_nan = std::isnan(got);
    if (std::isnan(ref)) return got_nan ? 0.0 : INFINITY;
    if (got_nan) return INFINITY;
    if (std::isinf(ref)) return (std::isinf(got) && std::signbit(got) == std::signbit(ref)) ? 0.0 : INFINITY;
    if (ref == 0) return (got == 0 && std::signbit(got) == std::signbit(ref)) ? 0.0 : INFINITY;
    const long double a = fabsl(ref);
    long double ulp;
    if (a < static_cast<long double>(L::min())) {
        ulp = static_cast<long double>(L::denorm_min());
    } else {
        int e = ilogbl(a);
        if (e > L::max_exponent - 1) e = L::max_exponent - 1;
        ulp = ldexpl(1.0L, e - (L::digits - 1));
    }
    long double g = static_cast<long double>(got);
    if (std::isinf(got)) {
        if (a > static_cast<long double>(L::max()) && std::signbit(got) == std::signbit(ref))
            return 0.0;  // the reference overflows T: infinity is its rounding
        g = std::copysign(ldexpl(1.0L, L::max_exponent), static_cast<long double>(got));
    }
    return static_cast<double>(fabsl(g - ref) / ulp);
}

template <class T>
std::string describe(const MathFunction& f, T x, T y, T got, long double ref) {
    char buf[256];
    const int prec = sizeof(T) == 4 ? 9 : 17;
    if (f.arity == 1)
        std::snprintf(buf, sizeof buf, "%s(%.*g) = %.*g, ref %.21Lg", f.name, prec,
                      static_cast<double>(x), prec, static_cast<double>(got), ref);
    else
        std::snprintf(buf, sizeof buf, "%s(%.*g, %.*g) = %.*g, ref %.21Lg", f.name, prec,
                      static_cast<double>(x), prec, static_cast<double>(y), prec,
                      static_cast<double>(got), ref);
    return buf;
}

/// Measures the results `got` of f over `in` against the long double references.
/// `threads` > 1 splits the reference computation.
template <class T>
RowResult measure(const MathFunction& f, const Inputs<T>& in, const std::vector<T>& got,
                  unsigned threads = std::max(1u, std::thread::hardware_concurrency())) {
    RowResult r;
    r.name = f.name;
    r.bits = sizeof(T) * 8;
    r.inputs = in.size();
    r.bound = f.bound;
    struct Part {
        double max_ulp = -1;
        std::size_t worst = 0, specials = 0, first_special = SIZE_MAX;
    };
    std::vector<Part> parts(threads);
    auto work = [&](unsigned t) {
        Part& p = parts[t];
        const std::size_t lo = in.size() * t / threads, hi = in.size() * (t + 1) / threads;
        for (std::size_t i = lo; i < hi; ++i) {
            const T y = f.arity == 2 ? in.y[i] : T(0);
            const double e = ulp_error<T>(got[i], reference(f, in.x[i], y));
            if (std::isinf(e)) {
                if (p.specials++ == 0) p.first_special = i;
            } else if (e > p.max_ulp) {
                p.max_ulp = e;
                p.worst = i;
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    double best = -1;
    std::size_t worst = 0, first_special = SIZE_MAX;
    for (const auto& p : parts) {
        r.special_failures += p.specials;
        if (p.first_special < first_special) first_special = p.first_special;
        if (p.max_ulp > best) {
            best = p.max_ulp;
            worst = p.worst;
        }
    }
    r.max_ulp = best < 0 ? 0 : best;
    const std::size_t show = r.special_failures ? first_special : worst;
    if (in.size()) {
        const T y = f.arity == 2 ? in.y[show] : T(0);
        r.worst = describe<T>(f, in.x[show], y, got[show], reference(f, in.x[show], y));
    }
    return r;
}

/// The table: function, type, inputs, max ULP, bound, OK/FAIL (and the worst input).
inline void print_table(std::FILE* out, const std::vector<RowResult>& rows) {
    std::fprintf(out, "%-8s %-4s %9s %10s %6s %-6s %s\n", "function", "type", "inputs", "max ulp",
                 "bound", "result", "worst case");
    for (const auto& r : rows) {
        char special[64] = "";
        if (r.special_failures)
            std::snprintf(special, sizeof special, " [%zu special-value mismatches]",
                          r.special_failures);
        std::fprintf(out, "%-8s f%-3d %9zu %10.3f %6g %-6s %s%s\n", r.name.c_str(), r.bits,
                     r.inputs, r.max_ulp, r.bound, r.ok() ? "OK" : "FAIL", r.worst.c_str(),
                     special);
    }
    std::fflush(out);
}

}  // namespace dpk::cuda_math_test
