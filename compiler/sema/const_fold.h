// Compile-time arithmetic: untyped (literal-only) constants and typed constants, with the
// language's semantics (wrapping integers, C truncating division, f32 arithmetic in f32).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "compiler/ast/ast.h"
#include "compiler/sema/typed_program.h"

namespace dpk::compiler::sema {

/// An exact integer wide enough for every literal and its negation (GCC/Clang extension).
__extension__ using BigInt = __int128;

/// The value of a literal-only expression before it takes a type from its context: an exact
/// integer (from integer literals) or a double (once a float literal is involved).
struct UntypedValue {
    bool is_float = false;
    BigInt i = 0;
    double f = 0;

    static UntypedValue integer(BigInt v) { return {false, v, 0}; }
    static UntypedValue floating(double v) { return {true, 0, v}; }
    double as_double() const { return is_float ? f : static_cast<double>(i); }
    /// "300", "-1", "2.5"
    std::string str() const;
};

/// Folds `op v` on untyped values; on failure returns nullopt and sets `error`.
std::optional<UntypedValue> fold_untyped(ast::UnaryOp op, const UntypedValue& v,
                                         std::string& error);
/// Folds `a op b` for arithmetic, bitwise and shift operators on untyped values (an integer
/// meeting a float gives a float); on failure returns nullopt and sets `error`.
std::optional<UntypedValue> fold_untyped(ast::BinaryOp op, const UntypedValue& a,
                                         const UntypedValue& b, std::string& error);

/// True when `v` is exactly representable in `t` (integers in range; any integer or float value
/// within a float type's finite range). Floats never fit integer types.
bool fits(const UntypedValue& v, DType t);
/// The constant of type `t` for `v` (integers wrap when they do not fit).
ConstValue to_const(const UntypedValue& v, DType t);

/// `to(v)`: the value of a cast of constant `v` (of type `from`) to `to`.
ConstValue convert_const(const ConstValue& v, DType from, DType to);
/// Folds `op v` for a value of type `t`; nullopt when it cannot be folded (f16).
std::optional<ConstValue> fold_typed(ast::UnaryOp op, const ConstValue& v, DType t);
/// Folds `a op b` where both operands have type `t` (for shifts: `a` has type `t`, `b` any
/// integer). Comparisons and logical operators give bool. nullopt when it cannot be folded. The
/// value is what the device computes, also where the operation is likely a mistake (a division
/// by zero, a shift count outside 0 .. width-1): then `warning`, if given, says so.
std::optional<ConstValue> fold_typed(ast::BinaryOp op, const ConstValue& a, const ConstValue& b,
                                     DType t, std::string* warning = nullptr);

/// The value of an integer (or bool) constant as int64, if it is representable.
std::optional<std::int64_t> const_int(const ConstValue& v);
/// "16", "2.5", "true"
std::string const_str(const ConstValue& v);

}  // namespace dpk::compiler::sema
