#include "runtime/scalar.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace dpk::runtime {

namespace {
/// Calls f with a default value of the C++ type behind `type` (F16 is not a host type).
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

Scalar Scalar::from_double(DType type, double v) {
    return visit_type(type, [&](auto t) { return Scalar(static_cast<decltype(t)>(v)); });
}

Scalar Scalar::from_int(DType type, std::int64_t v) {
    return visit_type(type, [&](auto t) { return Scalar(static_cast<decltype(t)>(v)); });
}

Scalar Scalar::from_uint(DType type, std::uint64_t v) {
    return visit_type(type, [&](auto t) { return Scalar(static_cast<decltype(t)>(v)); });
}

double Scalar::as_double() const {
    return visit_type(dtype_,
                      [&](auto t) { return static_cast<double>(load<decltype(t)>(bits_)); });
}

std::int64_t Scalar::as_int() const {
    return visit_type(dtype_,
                      [&](auto t) { return static_cast<std::int64_t>(load<decltype(t)>(bits_)); });
}

std::uint64_t Scalar::as_uint() const {
    return visit_type(dtype_,
                      [&](auto t) { return static_cast<std::uint64_t>(load<decltype(t)>(bits_)); });
}

std::optional<Scalar> Scalar::exact_as(DType type) const {
    if (type == dtype_) return *this;
    if (type == DType::F16) return std::nullopt;  // no host half type: pass f16 explicitly
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
