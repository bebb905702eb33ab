// A typed scalar value: what a kernel scalar parameter receives.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

#include "dpk/core/dtype.h"

namespace dpk::runtime {

/// C++ types that map to a DType.
template <typename T>
concept ScalarValue =
    std::is_arithmetic_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, long double>;

/// The DType of a C++ arithmetic type (int -> i32, double -> f64, bool -> bool, ...).
template <ScalarValue T>
constexpr DType dtype_of() {
    if constexpr (std::is_same_v<T, bool>)
        return DType::Bool;
    else if constexpr (std::is_floating_point_v<T>)
        return sizeof(T) == 4 ? DType::F32 : DType::F64;
    else if constexpr (std::is_signed_v<T>)
        return sizeof(T) == 1   ? DType::I8
               : sizeof(T) == 2 ? DType::I16
               : sizeof(T) == 4 ? DType::I32
                                : DType::I64;
    else
        return sizeof(T) == 1   ? DType::U8
               : sizeof(T) == 2 ? DType::U16
               : sizeof(T) == 4 ? DType::U32
                                : DType::U64;
}

/// The bits of a 16-bit float on the host (Half, BFloat16 below): made from its bits, read back
/// as bits.
template <class Float>
class Float16Bits {
public:
    static Float from_bits(std::uint16_t bits) {
        Float f;
        static_cast<Float16Bits&>(f).bits_ = bits;
        return f;
    }
    std::uint16_t bits() const { return bits_; }

protected:
    std::uint16_t bits_ = 0;
};

/// A 16-bit IEEE float on the host: what an `f16` kernel parameter takes (`Half(1.5)`; C++20 has
/// no half type). Made from a double rounded to the nearest f16 (ties to even; beyond 65504
/// rounds to infinity, as a conversion on the device does).
class Half : public Float16Bits<Half> {
public:
    Half() = default;
    explicit Half(double v);
    /// The value, exactly (every f16 is a double).
    double value() const;
};

/// A bfloat16 on the host: what a `bf16` kernel parameter takes (`BFloat16(1.5)`). Made from a
/// double rounded to f32 and then to the nearest bf16 (ties to even; NaN stays NaN), as a
/// conversion to bf16 on the device does.
class BFloat16 : public Float16Bits<BFloat16> {
public:
    BFloat16() = default;
    explicit BFloat16(double v);
    /// The value, exactly (every bf16 is an f32).
    double value() const;
};

/// A value of one DType, stored in its device representation (little-endian, dtype_size bytes).
class Scalar {
public:
    Scalar() = default;
    Scalar(Half v) : dtype_(DType::F16), bits_(v.bits()) {}  // NOLINT(google-explicit-constructor)
    // NOLINTNEXTLINE(google-explicit-constructor)
    Scalar(BFloat16 v) : dtype_(DType::BF16), bits_(v.bits()) {}
    template <ScalarValue T>
    Scalar(T v) : dtype_(dtype_of<T>()) {  // NOLINT(google-explicit-constructor): natural spelling
        static_assert(sizeof(T) <= sizeof(bits_));
        std::memcpy(&bits_, &v, sizeof(T));
    }

    /// A value of `type` made from a double (floats) or int64 (integers), unchecked.
    static Scalar from_double(DType type, double v);
    static Scalar from_int(DType type, std::int64_t v);
    static Scalar from_uint(DType type, std::uint64_t v);

    DType dtype() const { return dtype_; }
    const void* data() const { return &bits_; }
    std::size_t size() const { return dtype_size(dtype_); }

    /// The value as a double / int64 / uint64 (converted with C++ rules).
    double as_double() const;
    std::int64_t as_int() const;
    std::uint64_t as_uint() const;

    /// This value in `type` if the conversion is exact (2 -> f32 yes, 2.5 -> i32 no,
    /// -1 -> u32 no); nullopt otherwise.
    std::optional<Scalar> exact_as(DType type) const;

    /// "2.5:f32".
    std::string str() const;

private:
    DType dtype_ = DType::I64;
    std::uint64_t bits_ = 0;
};

}  // namespace dpk::runtime
