#include "dpk/runtime/scalar.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "core/bfloat16.h"

namespace dpk::runtime {

namespace {

constexpr int kDoubleMantissaBits = 52;
constexpr int kHalfMantissaBits = 10;
constexpr int kDoubleBias = 1023;
constexpr int kHalfBias = 15;
constexpr int kHalfMaxExponentField = 31;
constexpr std::uint16_t kHalfInfinity = 0x7c00;
constexpr std::uint16_t kHalfQuietNan = 0x7e00;
constexpr std::uint16_t kHalfSign = 0x8000;

/// `significand >> shift`, rounded to nearest, ties to even.
std::uint64_t shift_right_rounded(std::uint64_t significand, int shift) {
    if (shift <= 0) return significand;
    if (shift >= 64) return 0;
    const std::uint64_t kept = significand >> shift;
    const std::uint64_t rest = significand & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    return kept + ((rest > half || (rest == half && (kept & 1))) ? 1 : 0);
}

std::uint16_t half_bits_of(double v) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof b);
    const auto sign = static_cast<std::uint16_t>((b >> 48) & kHalfSign);
    const int exponent = static_cast<int>((b >> kDoubleMantissaBits) & 0x7ff);
    const std::uint64_t mantissa = b & ((std::uint64_t{1} << kDoubleMantissaBits) - 1);
    if (exponent == 0x7ff) return sign | (mantissa ? kHalfQuietNan : kHalfInfinity);
    if (exponent == 0) return sign;  // zero or a double subnormal: far below f16's smallest
    const std::uint64_t significand = mantissa | (std::uint64_t{1} << kDoubleMantissaBits);
    const int e = exponent - kDoubleBias + kHalfBias;  // the f16 exponent field, if normal
    if (e >= kHalfMaxExponentField) return sign | kHalfInfinity;
    constexpr int kDrop = kDoubleMantissaBits - kHalfMantissaBits;
    // Normal: the implicit bit lands on bit 10 and carries into the exponent field when the
    // rounding overflows; subnormal: shifted further, no implicit bit in the field.
    const std::uint64_t bits = e >= 1 ? (static_cast<std::uint64_t>(e - 1) << kHalfMantissaBits) +
                                            shift_right_rounded(significand, kDrop)
                                      : shift_right_rounded(significand, kDrop + 1 - e);
    return sign | static_cast<std::uint16_t>(std::min<std::uint64_t>(bits, kHalfInfinity));
}

double half_value(std::uint16_t h) {
    const int exponent = (h >> kHalfMantissaBits) & kHalfMaxExponentField;
    const int mantissa = h & ((1 << kHalfMantissaBits) - 1);
    double v = 0;
    if (exponent == 0)
        v = std::ldexp(mantissa, 1 - kHalfBias - kHalfMantissaBits);
    else if (exponent == kHalfMaxExponentField)
        v = mantissa ? std::numeric_limits<double>::quiet_NaN()
                     : std::numeric_limits<double>::infinity();
    else
        v = std::ldexp(mantissa + (1 << kHalfMantissaBits),
                       exponent - kHalfBias - kHalfMantissaBits);
    return (h & kHalfSign) ? -v : v;
}

/// Whether `t` is a 16-bit float type, which has no C++ type of its own (f16, bf16).
bool is_small_float(DType t) {
    return t == DType::F16 || t == DType::BF16;
}

/// `v` rounded to the 16-bit float type `t`.
Scalar small_float(DType t, double v) {
    return t == DType::F16 ? Scalar(Half(v)) : Scalar(BFloat16(v));
}

/// The value of the bits of a 16-bit float type `t`.
double small_float_value(DType t, std::uint16_t bits) {
    return t == DType::F16 ? half_value(bits) : bf16_value(bits);
}

/// Calls f with a default value of the C++ type behind `type` (f16 and bf16 are no host types).
template <typename F>
decltype(auto) visit_type(DType type, F&& f) {
    switch (type) {
        case DType::Bool: return f(bool{});
        case DType::I8: return f(std::int8_t{});
        case DType::I16: return f(std::int16_t{});
        case DType::I32: return f(std::int32_t{});
        case DType::I64: return f(std::int64_t{});
        case DType::U8: return f(std::uint8_t{});
        case DType::U16: return f(std::uint16_t{});
        case DType::U32: return f(std::uint32_t{});
        case DType::U64: return f(std::uint64_t{});
        case DType::F16:
        case DType::BF16:
        case DType::F32: return f(float{});
        case DType::F64: return f(double{});
    }
    return f(std::int64_t{});
}

template <typename T>
T load(const std::uint64_t& bits) {
    T v;
    std::memcpy(&v, &bits, sizeof(T));
    return v;
}
}  // namespace

Half::Half(double v) {
    bits_ = half_bits_of(v);
}

double Half::value() const {
    return half_value(bits_);
}

BFloat16::BFloat16(double v) {
    bits_ = bf16_bits(static_cast<float>(v));
}

double BFloat16::value() const {
    return bf16_value(bits_);
}

Scalar Scalar::from_double(DType type, double v) {
    if (is_small_float(type)) return small_float(type, v);
    return visit_type(type, [&](auto t) { return Scalar(static_cast<decltype(t)>(v)); });
}

Scalar Scalar::from_int(DType type, std::int64_t v) {
    if (is_small_float(type)) return small_float(type, static_cast<double>(v));
    return visit_type(type, [&](auto t) { return Scalar(static_cast<decltype(t)>(v)); });
}

Scalar Scalar::from_uint(DType type, std::uint64_t v) {
    if (is_small_float(type)) return small_float(type, static_cast<double>(v));
    return visit_type(type, [&](auto t) { return Scalar(static_cast<decltype(t)>(v)); });
}

double Scalar::as_double() const {
    if (is_small_float(dtype_)) return small_float_value(dtype_, static_cast<std::uint16_t>(bits_));
    return visit_type(dtype_,
                      [&](auto t) { return static_cast<double>(load<decltype(t)>(bits_)); });
}

std::int64_t Scalar::as_int() const {
    if (is_small_float(dtype_)) {
        const double v = as_double();
        return std::isfinite(v) ? static_cast<std::int64_t>(v) : 0;
    }
    return visit_type(dtype_,
                      [&](auto t) { return static_cast<std::int64_t>(load<decltype(t)>(bits_)); });
}

std::uint64_t Scalar::as_uint() const {
    if (is_small_float(dtype_)) {
        const double v = as_double();
        return std::isfinite(v) && v >= 0 ? static_cast<std::uint64_t>(v) : 0;
    }
    return visit_type(dtype_,
                      [&](auto t) { return static_cast<std::uint64_t>(load<decltype(t)>(bits_)); });
}

std::optional<Scalar> Scalar::exact_as(DType type) const {
    if (type == dtype_) return *this;
    if (is_small_float(type)) {  // exact when the value survives the round trip (NaN stays NaN)
        const double v = as_double();
        const Scalar out = small_float(type, v);
        if (std::isnan(v)) return is_float(dtype_) ? std::optional(out) : std::nullopt;
        return out.as_double() == v ? std::optional(out) : std::nullopt;
    }
    Scalar out;
    if (is_float(dtype_)) {
        double v = as_double();
        out = from_double(type, v);
        if (std::isnan(v)) return is_float(type) ? std::optional(out) : std::nullopt;
        if (out.as_double() != v) return std::nullopt;
        if (!is_float(type) && type != DType::Bool && std::abs(v) >= 0x1p63) return std::nullopt;
        return out;
    }
    if (is_signed(dtype_) || dtype_ == DType::Bool) {
        std::int64_t v = as_int();
        out = from_int(type, v);
        if (is_float(type)) {
            double d = out.as_double();
            bool exact = std::abs(d) < 0x1p63 && static_cast<std::int64_t>(d) == v;
            return exact ? std::optional(out) : std::nullopt;
        }
        if (!is_signed(type) && v < 0) return std::nullopt;
        return out.as_int() == v ? std::optional(out) : std::nullopt;
    }
    std::uint64_t v = as_uint();
    out = from_uint(type, v);
    if (is_float(type)) {
        double d = out.as_double();
        bool exact = d < 0x1p64 && static_cast<std::uint64_t>(d) == v;
        return exact ? std::optional(out) : std::nullopt;
    }
    if (is_signed(type) && out.as_int() < 0) return std::nullopt;
    return out.as_uint() == v ? std::optional(out) : std::nullopt;
}

std::string Scalar::str() const {
    std::ostringstream s;
    if (is_float(dtype_))
        s << as_double();
    else if (is_signed(dtype_) || dtype_ == DType::Bool)
        s << as_int();
    else
        s << as_uint();
    return s.str() + ":" + std::string(dtype_name(dtype_));
}

}  // namespace dpk::runtime
