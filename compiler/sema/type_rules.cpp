#include "compiler/sema/type_rules.h"

#include <algorithm>

namespace dpk::compiler::sema {

namespace {

DType signed_of_bits(int bits) {
    switch (bits) {
        case 8: return DType::I8;
        case 16: return DType::I16;
        case 32: return DType::I32;
        default: return DType::I64;
    }
}

}  // namespace

std::optional<DType> type_name(std::string_view name) {
    auto t = parse_dtype(name);
    if (t && dtype_name(*t) == name) return t;
    return std::nullopt;
}

bool reserved_type_name(std::string_view name) {
    // Type names added to the language after programs were written: not reserved.
    static constexpr std::string_view kAddedLater[] = {"bf16"};
    if (!type_name(name)) return false;
    for (std::string_view added : kAddedLater)
        if (name == added) return false;
    return true;
}

bool is_numeric(DType t) {
    return is_integer(t) || is_float(t);
}

bool is_unsigned(DType t) {
    return is_integer(t) && !is_signed(t);
}

std::optional<DType> promote(DType a, DType b) {
    if (!is_numeric(a) || !is_numeric(b)) return std::nullopt;
    if (a == b) return a;
    // f16 and bf16 (one width, neither holding the other) do not mix; wider floats hold both.
    if (is_float(a) && is_float(b) && dtype_bits(a) == dtype_bits(b)) return std::nullopt;
    if (is_float(a) && is_float(b)) return dtype_bits(a) > dtype_bits(b) ? a : b;
    if (is_float(a)) return a;
    if (is_float(b)) return b;
    if (is_signed(a) != is_signed(b)) return std::nullopt;
    return dtype_bits(a) >= dtype_bits(b) ? a : b;
}

bool has_matrix_arithmetic(DType t) {
    return is_float(t) && t != DType::BF16;
}

bool widens_to(DType from, DType to) {
    if (from == to) return true;
    auto p = promote(from, to);
    return p && *p == to;
}

DType signed_type_holding(DType a, DType b) {
    int bits = 8;
    for (DType t : {a, b}) {
        if (!is_integer(t)) continue;
        bits = std::max(bits, is_signed(t) ? dtype_bits(t) : 2 * dtype_bits(t));
    }
    return signed_of_bits(std::min(bits, 64));
}

}  // namespace dpk::compiler::sema
