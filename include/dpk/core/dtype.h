// Element and scalar types shared by the compiler and the runtime.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace dpk {

/// A scalar element type: what a kernel scalar parameter or an array element holds. BF16
/// (bfloat16: f32's sign, exponent and top 7 mantissa bits) comes last so that the numbers of
/// the others stay what serialized kernel images hold.
enum class DType : std::uint8_t { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, BF16 };

/// The last DType (what readers of serialized types check against).
inline constexpr DType kLastDType = DType::BF16;

/// Short language name: "f32", "i64", "bool", ...
std::string_view dtype_name(DType t);
/// Parses a short name ("f32") or a numba/numpy/torch alias ("float32", "int64", "uint8",
/// "boolean", "bfloat16").
std::optional<DType> parse_dtype(std::string_view name);
/// Size in bytes of one element (bool is one byte in arrays).
std::size_t dtype_size(DType t);
bool is_float(DType t);
bool is_integer(DType t);  // signed or unsigned, not bool
bool is_signed(DType t);   // signed integers only
/// Width in bits (bool counts as 8).
int dtype_bits(DType t);

}  // namespace dpk
