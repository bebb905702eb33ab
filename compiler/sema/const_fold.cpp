#include "compiler/sema/const_fold.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "core/bfloat16.h"

namespace dpk::compiler::sema {

namespace {

using ast::BinaryOp;
using ast::UnaryOp;

constexpr BigInt kTwo64 = static_cast<BigInt>(1) << 64;
/// Untyped integers stay within [-2^63, 2^64 - 1]: every value some integer type can hold.
constexpr BigInt kUntypedMin = -(static_cast<BigInt>(1) << 63);
constexpr BigInt kUntypedMax = kTwo64 - 1;

std::string big_str(BigInt v) {
    if (v == 0) return "0";
    bool neg = v < 0;
    std::string digits;
    while (v != 0) {
        int d = static_cast<int>(v % 10);
        digits.insert(digits.begin(), static_cast<char>('0' + (d < 0 ? -d : d)));
        v /= 10;
    }
    return neg ? "-" + digits : digits;
}

std::string double_str(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    // Prefer the shortest spelling that reads back the same.
    for (int prec = 1; prec <= 17; ++prec) {
        char shorter[64];
        std::snprintf(shorter, sizeof shorter, "%.*g", prec, v);
        if (std::strtod(shorter, nullptr) == v) {
            std::string s = shorter;
            if (s.find_first_of(".eEni") == std::string::npos) s += ".0";
            return s;
        }
    }
    return buf;
}

bool in_untyped_range(BigInt v) {
    return v >= kUntypedMin && v <= kUntypedMax;
}

/// Truncates `bits` to the width of integer type `t` and returns the typed constant.
ConstValue wrap(std::uint64_t bits, DType t) {
    int width = dtype_bits(t);
    if (width < 64) {
        std::uint64_t mask = (std::uint64_t{1} << width) - 1;
        bits &= mask;
        if (is_signed(t) && (bits >> (width - 1)) & 1) bits |= ~mask;
    }
    if (is_signed(t)) return ConstValue{static_cast<std::int64_t>(bits)};
    return ConstValue{bits};
}

std::uint64_t int_bits(const ConstValue& v) {
    if (auto* b = std::get_if<bool>(&v.value)) return *b ? 1 : 0;
    if (auto* i = std::get_if<std::int64_t>(&v.value)) return static_cast<std::uint64_t>(*i);
    if (auto* u = std::get_if<std::uint64_t>(&v.value)) return *u;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(std::get<double>(v.value)));
}

double float_value(const ConstValue& v) {
    if (auto* d = std::get_if<double>(&v.value)) return *d;
    if (auto* b = std::get_if<bool>(&v.value)) return *b ? 1.0 : 0.0;
    if (auto* i = std::get_if<std::int64_t>(&v.value)) return static_cast<double>(*i);
    return static_cast<double>(std::get<std::uint64_t>(v.value));
}

bool bool_value(const ConstValue& v) {
    if (auto* b = std::get_if<bool>(&v.value)) return *b;
    if (auto* d = std::get_if<double>(&v.value)) return *d != 0;
    return int_bits(v) != 0;
}

/// Rounds to the precision of float type `t` (f16 stays as it is: its constants are rounded
/// where they are emitted). bf16 through f32, as kernels convert to it.
double round_to(double v, DType t) {
    if (t == DType::BF16) return bf16_value(bf16_bits(static_cast<float>(v)));
    return t == DType::F32 ? static_cast<double>(static_cast<float>(v)) : v;
}

/// A float cast to an integer type, as the device does it: rounded toward zero, saturated to the
/// type's range, NaN -> 0 (OpenCL convert_<T>_sat_rtz, PTX cvt.rzi).
ConstValue float_to_int(double v, DType t) {
    if (std::isnan(v)) return wrap(0, t);
    double t_v = std::trunc(v);
    if (is_signed(t)) {
        int w = dtype_bits(t);
        double lo = -std::ldexp(1.0, w - 1), hi = std::ldexp(1.0, w - 1);
        // 2^63 - 1 is not a double: compare with 2^(w-1) itself, then the conversion is exact.
        if (t_v >= hi) return wrap((std::uint64_t{1} << (w - 1)) - 1, t);
        t_v = std::fmax(t_v, lo);
        return wrap(static_cast<std::uint64_t>(static_cast<std::int64_t>(t_v)), t);
    }
    double hi = std::ldexp(1.0, dtype_bits(t)) - 1;
    t_v = std::fmin(std::fmax(t_v, 0.0), hi);
    if (t_v >= 18446744073709551615.0) return wrap(~std::uint64_t{0}, t);
    return wrap(static_cast<std::uint64_t>(t_v), t);
}

double float_max(DType t) {
    switch (t) {
        case DType::F16: return 65504.0;
        case DType::BF16: return 0x1.fep127;
        case DType::F32: return std::numeric_limits<float>::max();
        default: return std::numeric_limits<double>::max();
    }
}

}  // namespace

std::string UntypedValue::str() const {
    return is_float ? double_str(f) : big_str(i);
}

std::optional<UntypedValue> fold_untyped(UnaryOp op, const UntypedValue& v, std::string& error) {
    switch (op) {
        case UnaryOp::Neg:
            if (v.is_float) return UntypedValue::floating(-v.f);
            if (!in_untyped_range(-v.i)) {
                error = "integer constant " + big_str(-v.i) + " is too large";
                return std::nullopt;
            }
            return UntypedValue::integer(-v.i);
        case UnaryOp::BitNot:
            if (v.is_float) break;
            return UntypedValue::integer(~v.i);
        case UnaryOp::Plus: return v;
        case UnaryOp::Not: break;
    }
    error = std::string("'") + op_spelling(op) + "' cannot be applied to " +
            (v.is_float ? "a float literal" : "an integer literal");
    return std::nullopt;
}

std::optional<UntypedValue> fold_untyped(BinaryOp op, const UntypedValue& a, const UntypedValue& b,
                                         std::string& error) {
    if (a.is_float || b.is_float) {
        double x = a.as_double(), y = b.as_double();
        switch (op) {
            case BinaryOp::Add: return UntypedValue::floating(x + y);
            case BinaryOp::Sub: return UntypedValue::floating(x - y);
            case BinaryOp::Mul: return UntypedValue::floating(x * y);
            case BinaryOp::Div: return UntypedValue::floating(x / y);
            case BinaryOp::Rem: return UntypedValue::floating(std::fmod(x, y));
            default:
                error = std::string("'") + op_spelling(op) + "' needs integer operands";
                return std::nullopt;
        }
    }
    BigInt x = a.i, y = b.i, r = 0;
    switch (op) {
        case BinaryOp::Add: r = x + y; break;
        case BinaryOp::Sub: r = x - y; break;
        case BinaryOp::Mul:
            // |x * y| > 2^64 is out of range; check before multiplying to stay in 128 bits.
            if (x != 0 && (y < 0 ? -y : y) > kTwo64 / (x < 0 ? -x : x)) {
                error = "integer constant " + big_str(x) + " * " + big_str(y) + " is too large";
                return std::nullopt;
            }
            r = x * y;
            break;
        case BinaryOp::Div:
        case BinaryOp::Rem:
            if (y == 0) {
                error = "division by zero in a constant expression";
                return std::nullopt;
            }
            r = op == BinaryOp::Div ? x / y : x % y;
            break;
        case BinaryOp::Shl:
        case BinaryOp::Shr:
            if (y < 0 || y >= 64) {
                error = "shift count " + big_str(y) + " is out of range (0 to 63)";
                return std::nullopt;
            }
            r = op == BinaryOp::Shl ? x * (static_cast<BigInt>(1) << static_cast<int>(y))
                                    : x >> static_cast<int>(y);
            break;
        case BinaryOp::BitAnd: r = x & y; break;
        case BinaryOp::BitOr: r = x | y; break;
        case BinaryOp::BitXor: r = x ^ y; break;
        default:
            error = std::string("'") + op_spelling(op) + "' cannot be applied to integer literals";
            return std::nullopt;
    }
    if (!in_untyped_range(r)) {
        error = "integer constant " + big_str(r) + " is too large";
        return std::nullopt;
    }
    return UntypedValue::integer(r);
}

bool fits(const UntypedValue& v, DType t) {
    if (is_float(t))
        return std::isfinite(v.as_double()) ? std::fabs(v.as_double()) <= float_max(t) : v.is_float;
    if (!is_integer(t) || v.is_float) return false;
    int w = dtype_bits(t);
    if (is_signed(t)) {
        BigInt lo = -(static_cast<BigInt>(1) << (w - 1));
        BigInt hi = (static_cast<BigInt>(1) << (w - 1)) - 1;
        return v.i >= lo && v.i <= hi;
    }
    return v.i >= 0 && v.i <= (static_cast<BigInt>(1) << w) - 1;
}

ConstValue to_const(const UntypedValue& v, DType t) {
    if (is_float(t)) return ConstValue{round_to(v.as_double(), t)};
    if (t == DType::Bool) return ConstValue{v.is_float ? v.f != 0 : v.i != 0};
    if (v.is_float) return float_to_int(v.f, t);
    return wrap(static_cast<std::uint64_t>(v.i), t);
}

ConstValue convert_const(const ConstValue& v, DType from, DType to) {
    if (to == DType::Bool) return ConstValue{bool_value(v)};
    if (is_float(to)) {
        if (is_integer(from) && !is_signed(from))
            return ConstValue{round_to(static_cast<double>(int_bits(v)), to)};
        return ConstValue{round_to(float_value(v), to)};
    }
    if (is_float(from)) return float_to_int(float_value(v), to);
    return wrap(int_bits(v), to);
}

std::optional<ConstValue> fold_typed(UnaryOp op, const ConstValue& v, DType t) {
    switch (op) {
        case UnaryOp::Not: return ConstValue{!bool_value(v)};
        case UnaryOp::Plus: return v;
        case UnaryOp::BitNot:
            if (!is_integer(t)) return std::nullopt;
            return wrap(~int_bits(v), t);
        case UnaryOp::Neg:
            if (is_integer(t)) return wrap(std::uint64_t{0} - int_bits(v), t);
            if (t == DType::F16 || t == DType::BF16) return std::nullopt;
            if (is_float(t)) return ConstValue{-float_value(v)};
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<ConstValue> fold_typed(BinaryOp op, const ConstValue& a, const ConstValue& b, DType t,
                                     std::string* warning) {
    switch (op) {
        case BinaryOp::LogAnd: return ConstValue{bool_value(a) && bool_value(b)};
        case BinaryOp::LogOr: return ConstValue{bool_value(a) || bool_value(b)};
        default: break;
    }
    if (t == DType::Bool) {
        bool x = bool_value(a), y = bool_value(b);
        switch (op) {
            case BinaryOp::Eq: return ConstValue{x == y};
            case BinaryOp::Ne: return ConstValue{x != y};
            case BinaryOp::BitAnd: return ConstValue{x && y};
            case BinaryOp::BitOr: return ConstValue{x || y};
            case BinaryOp::BitXor: return ConstValue{x != y};
            default: return std::nullopt;
        }
    }
    if (is_float(t)) {
        if (t == DType::F16 || t == DType::BF16) return std::nullopt;  // not folded
        double x = float_value(a), y = float_value(b);
        auto arith = [&](double r) { return ConstValue{round_to(r, t)}; };
        if (t == DType::F32) {
            float fx = static_cast<float>(x), fy = static_cast<float>(y);
            switch (op) {
                case BinaryOp::Add: return arith(fx + fy);
                case BinaryOp::Sub: return arith(fx - fy);
                case BinaryOp::Mul: return arith(fx * fy);
                case BinaryOp::Div: return arith(fx / fy);
                case BinaryOp::Rem: return arith(std::fmod(fx, fy));
                default: break;
            }
        }
        switch (op) {
            case BinaryOp::Add: return arith(x + y);
            case BinaryOp::Sub: return arith(x - y);
            case BinaryOp::Mul: return arith(x * y);
            case BinaryOp::Div: return arith(x / y);
            case BinaryOp::Rem: return arith(std::fmod(x, y));
            case BinaryOp::Lt: return ConstValue{x < y};
            case BinaryOp::Le: return ConstValue{x <= y};
            case BinaryOp::Gt: return ConstValue{x > y};
            case BinaryOp::Ge: return ConstValue{x >= y};
            case BinaryOp::Eq: return ConstValue{x == y};
            case BinaryOp::Ne: return ConstValue{x != y};
            default: return std::nullopt;
        }
    }
    // Integers: operands are stored sign- or zero-extended to 64 bits.
    std::uint64_t x = int_bits(a), y = int_bits(b);
    bool sgn = is_signed(t);
    auto sx = static_cast<std::int64_t>(x), sy = static_cast<std::int64_t>(y);
    int width = dtype_bits(t);
    switch (op) {
        case BinaryOp::Add: return wrap(x + y, t);
        case BinaryOp::Sub: return wrap(x - y, t);
        case BinaryOp::Mul: return wrap(x * y, t);
        case BinaryOp::Div:
        case BinaryOp::Rem:
            if (y == 0) {  // as at run time: x / 0 == x, x % 0 == 0
                if (warning)
                    *warning = std::string("division by zero: '") + op_spelling(op) + " 0' gives " +
                               (op == BinaryOp::Div ? "the dividend" : "0");
                return wrap(op == BinaryOp::Div ? x : 0, t);
            }
            if (sgn) {
                if (sy == -1) return wrap(op == BinaryOp::Div ? std::uint64_t{0} - x : 0, t);
                return wrap(static_cast<std::uint64_t>(op == BinaryOp::Div ? sx / sy : sx % sy), t);
            }
            return wrap(op == BinaryOp::Div ? x / y : x % y, t);
        case BinaryOp::Shl:
        case BinaryOp::Shr: {
            // As at run time, the count is taken modulo the width.
            const std::optional<std::int64_t> given = const_int(b);
            if (warning && (!given || *given < 0 || *given >= width))
                *warning = "shift count " + const_str(b) + " is out of range for " +
                           std::string(dtype_name(t)) + " (0 to " + std::to_string(width - 1) +
                           "); the count is taken modulo " + std::to_string(width);
            const std::uint64_t count = int_bits(b) & static_cast<std::uint64_t>(width - 1);
            if (op == BinaryOp::Shl) return wrap(x << count, t);
            if (sgn) return wrap(static_cast<std::uint64_t>(sx >> count), t);
            return wrap(x >> count, t);
        }
        case BinaryOp::BitAnd: return wrap(x & y, t);
        case BinaryOp::BitOr: return wrap(x | y, t);
        case BinaryOp::BitXor: return wrap(x ^ y, t);
        case BinaryOp::Lt: return ConstValue{sgn ? sx < sy : x < y};
        case BinaryOp::Le: return ConstValue{sgn ? sx <= sy : x <= y};
        case BinaryOp::Gt: return ConstValue{sgn ? sx > sy : x > y};
        case BinaryOp::Ge: return ConstValue{sgn ? sx >= sy : x >= y};
        case BinaryOp::Eq: return ConstValue{x == y};
        case BinaryOp::Ne: return ConstValue{x != y};
        default: return std::nullopt;
    }
}

std::optional<std::int64_t> const_int(const ConstValue& v) {
    if (auto* b = std::get_if<bool>(&v.value)) return *b ? 1 : 0;
    if (auto* i = std::get_if<std::int64_t>(&v.value)) return *i;
    if (auto* u = std::get_if<std::uint64_t>(&v.value)) {
        if (*u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return static_cast<std::int64_t>(*u);
    }
    return std::nullopt;
}

std::string const_str(const ConstValue& v) {
    if (auto* b = std::get_if<bool>(&v.value)) return *b ? "true" : "false";
    if (auto* i = std::get_if<std::int64_t>(&v.value)) return std::to_string(*i);
    if (auto* u = std::get_if<std::uint64_t>(&v.value)) return std::to_string(*u);
    return double_str(std::get<double>(v.value));
}

}  // namespace dpk::compiler::sema
