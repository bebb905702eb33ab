// The promotion and implicit-conversion rules of the language (docs/language.md, "Typing rules").
#pragma once

#include <optional>
#include <string_view>

#include "dpk/core/dtype.h"

namespace dpk::compiler::sema {

/// The scalar type a name denotes in expressions (casts, local_array element types): only the
/// language's own spellings (`f32`, `i64`, `bool`, ...), not the NumPy aliases that
/// annotations and signatures also accept.
std::optional<DType> type_name(std::string_view name);
/// Whether a program may not give type name `name` to its own items and variables. The type
/// names the language had from the start are reserved; one added later (bf16) is not, so that
/// programs written when it was a free name still compile: a program's own declaration of it
/// shadows the cast as one of a builtin's name shadows the builtin (annotations and
/// local_array's element type still read it as the type).
bool reserved_type_name(std::string_view name);

/// Integers and floats (not bool).
bool is_numeric(DType t);
bool is_unsigned(DType t);

/// The common type of two numeric types: two integers of one signedness give the wider, an
/// integer with a float gives the float, two floats give the wider. nullopt when one is a signed
/// and the other an unsigned integer, or one f16 and the other bf16 (the program needs a cast).
std::optional<DType> promote(DType a, DType b);

/// Element types whose matrices take element-wise arithmetic and the math builtins: the floats
/// but bf16 (bf16 tiles are loaded, stored, filled and multiplied by matrix_mad only).
bool has_matrix_arithmetic(DType t);

/// True when `from` converts to `to` implicitly: the same type, or a widening under the
/// promotion rules (promote(from, to) == to). Never bool <-> number.
bool widens_to(DType from, DType to);

/// A signed integer type that holds every value of the signed and the unsigned type given
/// (capped at i64): the cast suggested when signed and unsigned operands meet.
DType signed_type_holding(DType a, DType b);

}  // namespace dpk::compiler::sema
