// Internal to compiler/parse: numeric literal text -> value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dpk::compiler::parse {

/// An integer literal: decimal or 0x-hex digits, then an optional `i8`..`u64` suffix.
struct IntLiteral {
    std::uint64_t value = 0;
    std::string suffix;
    bool ok = true;  // false when the value does not fit in 64 bits
};
IntLiteral parse_int_literal(std::string_view text);

/// A float literal: `1.0`, `.5`, `1e-3`, with an optional `f16`/`f32`/`f64`/`bf16` suffix.
struct FloatLiteral {
    double value = 0;
    std::string suffix;
    bool ok = true;  // false when the value is out of the range of f64
};
FloatLiteral parse_float_literal(std::string_view text);

/// The contents of a string literal without its quotes, with `\"` and `\\` unescaped.
std::string unquote_string(std::string_view text);

}  // namespace dpk::compiler::parse
