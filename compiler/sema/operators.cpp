// Typing of binary operators: promotion of the operands to one type (unify), shifts, logical
// operators and comparisons.
#include "compiler/sema/type_checker.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

namespace {

bool is_comparison(ast::BinaryOp op) {
    return op >= ast::BinaryOp::Lt && op <= ast::BinaryOp::Ne;
}

std::string needs(const OperandRule& rule) {
    if (rule.ints && rule.floats && rule.bools) return "numbers or bools";
    if (rule.ints && rule.floats) return "numbers";
    if (rule.ints && rule.bools) return "integers or bools";
    if (rule.ints) return "integers";
    if (rule.floats) return "f32 or f64 values";
    return "bools";
}

}  // namespace

const types::Type* TypeChecker::unify(const std::vector<const ast::Expr*>& exprs,
                                      std::vector<Operand>& ops, OperandRule rule,
                                      const std::string& what, source::SourceRange where,
                                      bool point_at_operand) {
    auto list = [&] {
        std::string s;
        for (std::size_t i = 0; i < ops.size(); ++i) s += (i ? " and " : "") + describe(ops[i]);
        return s;
    };
    const types::Type* joined = nullptr;
    const ast::Expr* joined_from = nullptr;
    bool untyped_float = false, bools = false, numbers = false;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Operand& o = ops[i];
        if (o.error) return nullptr;
        bool allowed;
        if (o.is_untyped()) {
            allowed = o.untyped->is_float ? rule.floats : (rule.ints || rule.floats);
            untyped_float |= o.untyped->is_float;
            numbers = true;
        } else {
            const types::Type* t = o.type;
            allowed =
                t->is_scalar() && ((t->is_bool() && rule.bools) || (t->is_int() && rule.ints) ||
                                   (t->is_float_type() && rule.floats));
            if (allowed && t->is_bool()) bools = true;
            if (allowed && !t->is_bool()) {
                numbers = true;
                if (!joined) {
                    joined = t;
                    joined_from = exprs[i];
                } else if (auto p = promote(joined->dtype, t->dtype)) {
                    joined = scalar(*p);
                } else if (is_float(joined->dtype) && is_float(t->dtype)) {  // f16 and bf16
                    error(where, "cannot mix " + joined->str() + " and " + t->str() + " in " +
                                     what + "; cast one side, e.g. f32(" + text_of(*exprs[i]) +
                                     ")");
                    return nullptr;
                } else {
                    bool first_signed = is_signed(joined->dtype);
                    const types::Type* s = first_signed ? joined : t;
                    const types::Type* u = first_signed ? t : joined;
                    const ast::Expr* u_expr = first_signed ? exprs[i] : joined_from;
                    DType cast = signed_type_holding(s->dtype, u->dtype);
                    error(where, "cannot mix signed " + s->str() + " and unsigned " + u->str() +
                                     " in " + what + "; cast one side, e.g. " +
                                     std::string(dtype_name(cast)) + "(" + text_of(*u_expr) + ")");
                    return nullptr;
                }
            }
        }
        if (!allowed) {
            error(point_at_operand ? exprs[i]->range : where,
                  "cannot apply " + what + " to " + list() + "; it needs " + needs(rule));
            return nullptr;
        }
    }
    if (bools && numbers) {
        error(where, "cannot apply " + what + " to " + list() + "; bool and numbers do not mix");
        return nullptr;
    }
    const types::Type* result;
    if (bools) {
        result = scalar(DType::Bool);
    } else if (!joined) {
        result = scalar(untyped_float || !rule.ints ? DType::F64 : DType::I64);
    } else if (untyped_float && joined->is_int()) {
        result = scalar(DType::F64);
    } else {
        result = joined;
    }
    // Untyped operands take the type the typed ones give; with none, the result is a default
    // that fixes nothing, but the untyped variables of one kind must share their type.
    if (!joined) {
        int classes[2] = {-1, -1};
        for (const Operand& o : ops)
            if (o.is_untyped() && o.var_class >= 0)
                classes[o.untyped->is_float] = join(classes[o.untyped->is_float], o.var_class);
    }
    const bool constrains = joined && !(untyped_float && joined->is_int());
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (ops[i].is_untyped()) {
            finalize(*exprs[i], result, true, constrains);
        } else {
            set_converted(*exprs[i], result);
        }
        ops[i] = Operand::typed(result);
    }
    return result;
}

Operand TypeChecker::shift(ast::BinaryOp op, const ast::Expr& l, Operand lo, const ast::Expr& r,
                           Operand ro, source::SourceRange where) {
    std::string what = std::string("'") + op_spelling(op) + "'";
    auto is_int = [](const Operand& o) {
        return o.is_untyped() ? !o.untyped->is_float : o.type->is_int();
    };
    if (!is_int(lo) || !is_int(ro)) {
        error(where, "cannot apply " + what + " to " + describe(lo) + " and " + describe(ro) +
                         "; it needs integers");
        return Operand::failed();
    }
    // A literal shifted by a typed count takes the count's type: `1 << k` with k: u32 is u32.
    const types::Type* t = lo.type;
    if (lo.is_untyped()) {
        if (ro.is_untyped()) {
            t = materialize(l, lo);
        } else {
            t = ro.type;
            finalize(l, t, true, false);
        }
    }
    if (ro.is_runtime_untyped()) {
        finalize(r, t, true, false);
    } else if (ro.is_untyped()) {
        BigInt count = ro.untyped->i;
        if (count < 0 || count >= dtype_bits(t->dtype)) {
            error(r.range, "shift count " + ro.untyped->str() + " is out of range for " + t->str() +
                               " (0 to " + std::to_string(dtype_bits(t->dtype) - 1) + ")");
            return Operand::failed();
        }
        finalize(r, t, true, false);
    } else {
        set_converted(r, t);
        // A typed constant count with a runtime value: taken modulo the width (an all-constant
        // shift is folded, and its out-of-range count reported there).
        const std::optional<ConstValue> count = use_value(r);
        const int width = dtype_bits(t->dtype);
        const std::int64_t n = count ? const_int(*count).value_or(-1) : 0;
        if (count && !use_value(l) && (n < 0 || n >= width))
            warning(r.range, "shift count " + const_str(*count) + " is out of range for " +
                                 t->str() + " (0 to " + std::to_string(width - 1) +
                                 "); the count is taken modulo " + std::to_string(width));
    }
    return Operand::typed(t);
}

Operand TypeChecker::combine(ast::BinaryOp op, const ast::Expr& l, Operand lo, const ast::Expr& r,
                             Operand ro, source::SourceRange where) {
    std::string what = std::string("'") + op_spelling(op) + "'";
    std::vector<const ast::Expr*> exprs{&l, &r};
    std::vector<Operand> ops{lo, ro};
    switch (op) {
        case ast::BinaryOp::LogAnd:
        case ast::BinaryOp::LogOr:
            for (std::size_t i = 0; i < 2; ++i) {
                if (ops[i].is_untyped() || !ops[i].type->is_bool()) {
                    if (ops[i].is_untyped()) materialize(*exprs[i], ops[i]);
                    error(where, what + " needs bool operands, found " + describe(ops[i]));
                    return Operand::failed();
                }
            }
            return Operand::typed(scalar(DType::Bool));
        case ast::BinaryOp::Shl:
        case ast::BinaryOp::Shr: return shift(op, l, lo, r, ro, where);
        case ast::BinaryOp::BitAnd:
        case ast::BinaryOp::BitOr:
        case ast::BinaryOp::BitXor:
            return Operand::typed(unify(exprs, ops, {true, false, true}, what, where));
        default: break;
    }
    if (is_comparison(op)) {
        bool equality = op == ast::BinaryOp::Eq || op == ast::BinaryOp::Ne;
        if (!unify(exprs, ops, {true, true, equality}, what, where)) return Operand::failed();
        return Operand::typed(scalar(DType::Bool));
    }
    return Operand::typed(unify(exprs, ops, {true, true, false}, what, where));
}

}  // namespace dpk::compiler::sema
