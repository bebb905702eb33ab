// Conversions at use sites: untyped literals taking their type from the context, implicit
// widening, and the explicit conversions the language performs (indices, atomic values).
#include "compiler/sema/type_checker.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

namespace {

bool is_compound(const ast::Expr& e) {
    return e.kind == ast::ExprKind::Unary || e.kind == ast::ExprKind::Binary;
}

/// A literal as written, possibly negated (`300`, `-1`), as opposed to a folded expression.
bool is_literal(const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Unary) {
        const auto& u = static_cast<const ast::Unary&>(e);
        return u.op == ast::UnaryOp::Neg && u.operand && is_literal(*u.operand);
    }
    return e.kind == ast::ExprKind::IntLit || e.kind == ast::ExprKind::FloatLit;
}

}  // namespace

void TypeChecker::finalize(const ast::Expr& e, const types::Type* t, bool root, bool constrains) {
    ExprInfo& in = info(e);
    if (!untyped_[e.id] || !t) return;
    const UntypedValue u = *untyped_[e.id];
    const bool known = !runtime_untyped_[e.id];
    DType d = t->dtype;
    // Integer arithmetic keeps integer semantics (7 / 2 is 3) before it becomes a float.
    if (!u.is_float && is_float(d) && is_compound(e) && !is_literal(e)) {
        finalize(e, scalar(DType::I64), root, false);
        in.converted_to = t;
        warn_int_quotient(e, t);
        return;
    }
    if (known && root && !fits(u, d)) {
        std::string what = u.is_float ? "float " : "integer ";
        what += is_literal(e) ? "literal " : "constant ";
        what += u.str();
        if (d == DType::Bool) {
            error(e.range, "cannot use " + what + " as a bool; write true or false");
        } else if (u.is_float && is_integer(d)) {
            error(e.range, what + " cannot become " + t->str() + " without a cast: write " +
                               t->str() + "(...)");
        } else {
            error(e.range, what + " does not fit in " + t->str());
        }
    }
    in.type = t;
    in.converted_to = nullptr;
    const Builtin builtin = in.builtin;
    if (constrains) constrain(e, t);
    if (e.kind == ast::ExprKind::Unary) {
        const auto& un = static_cast<const ast::Unary&>(e);
        if (un.operand) finalize(*un.operand, t, false, constrains);
    } else if (e.kind == ast::ExprKind::Binary) {
        const auto& b = static_cast<const ast::Binary&>(e);
        if (b.lhs) finalize(*b.lhs, t, false, constrains);
        if (b.rhs) finalize(*b.rhs, t, false, constrains);
    } else if (e.kind == ast::ExprKind::Call) {  // a builtin on untyped values: its arguments
        const auto& c = static_cast<const ast::Call&>(e);
        std::size_t first = builtin_group(builtin) == BuiltinGroup::Select ? 1 : 0;
        for (std::size_t i = first; i < c.args.size(); ++i)
            if (c.args[i]) finalize(*c.args[i], t, true, constrains);
    }
    if (!known) return;
    ExprInfo& out = info(e);
    out.constant = to_const(u, d);
    // Float arithmetic is folded at the precision of `t`, one operation at a time, as the
    // device would compute it (integers are exact, or reported above when they do not fit).
    if (!is_float(d)) return;
    if (e.kind == ast::ExprKind::Unary) {
        const auto& un = static_cast<const ast::Unary&>(e);
        if (auto v = un.operand ? use_value(*un.operand) : std::nullopt)
            if (auto f = fold_typed(un.op, *v, d)) out.constant = f;
    } else if (e.kind == ast::ExprKind::Binary) {
        const auto& b = static_cast<const ast::Binary&>(e);
        auto l = b.lhs ? use_value(*b.lhs) : std::nullopt;
        auto r = b.rhs ? use_value(*b.rhs) : std::nullopt;
        if (l && r)
            if (auto f = fold_typed(b.op, *l, *r, d)) out.constant = f;
    }
}

const types::Type* TypeChecker::materialize(const ast::Expr& e, Operand& op) {
    if (op.error) return nullptr;
    if (!op.is_untyped()) return op.type;
    const types::Type* t = scalar(op.untyped->is_float ? DType::F64 : DType::I64);
    finalize(e, t, true, false);
    op = Operand::typed(t);
    return t;
}

bool TypeChecker::has_value(const ast::Expr& e, const Operand& op) {
    if (op.error || op.is_untyped() || !op.type) return !op.error;
    if (op.type->is_void()) {
        std::string what = e.kind == ast::ExprKind::Call
                               ? "'" + static_cast<const ast::Call&>(e).callee + "'"
                               : "this expression";
        error(e.range,
              what + " returns nothing, so '" + text_of(e, "this call") + "' has no value");
        return false;
    }
    if (op.type->kind == types::Type::Kind::MemFlags) {
        error(e.range, "memory flags are only meaningful in barrier(...) and fence(...)");
        return false;
    }
    return true;
}

void TypeChecker::set_converted(const ast::Expr& e, const types::Type* to) {
    ExprInfo& in = info(e);
    in.converted_to = (in.type == to) ? nullptr : to;
    if (in.converted_to) warn_int_quotient(e, to);
}

void TypeChecker::warn_int_quotient(const ast::Expr& e, const types::Type* to) {
    if (e.kind != ast::ExprKind::Binary || !to || !to->is_float_type()) return;
    const auto& b = static_cast<const ast::Binary&>(e);
    if (b.op != ast::BinaryOp::Div && b.op != ast::BinaryOp::Rem) return;
    const types::Type* from = info(e).type;
    if (!from || !from->is_int() || !b.lhs || !b.rhs) return;
    const bool div = b.op == ast::BinaryOp::Div;
    std::string text = text_of(e, "");
    std::string l = text_of(*b.lhs, "a"), r = text_of(*b.rhs, "b");
    std::string f = to->str();
    warning(b.op_range.begin.line ? b.op_range : e.range,
            std::string("integer ") + (div ? "division" : "remainder") +
                (text.empty() ? "" : " '" + text + "'") + " is computed in " + from->str() +
                (div ? " (the quotient is truncated)" : "") + " and then converted to " + f +
                "; write " + f + "(" + l + ") " + (div ? "/" : "%") + " " + f + "(" + r +
                ") to compute it in " + f + ", or " + f + "(" + (text.empty() ? "..." : text) +
                ") to keep the integer result");
}

bool TypeChecker::coerce(const ast::Expr& e, const Operand& op, const types::Type* to,
                         const Mismatch& mismatch) {
    if (op.error || !to) return false;
    auto cast_hint = [&] {
        return to->is_scalar() ? " without a cast: write " + to->str() + "(...)" : std::string();
    };
    if (op.is_untyped()) {
        bool ok =
            to->is_scalar() && (to->is_float_type() || (to->is_int() && !op.untyped->is_float));
        if (ok) {
            finalize(e, to);
            return true;
        }
        error(e.range, mismatch(describe(op)) + cast_hint());
        return false;
    }
    if (!has_value(e, op)) return false;
    if (op.type == to) return true;
    if (op.type->is_scalar() && to->is_scalar() && !op.type->is_bool() && !to->is_bool() &&
        widens_to(op.type->dtype, to->dtype)) {
        set_converted(e, to);
        return true;
    }
    std::string msg = mismatch(describe(op));
    if (op.type->is_scalar()) msg += cast_hint();
    error(e.range, msg);
    return false;
}

bool TypeChecker::convert(const ast::Expr& e, Operand& op, const types::Type* to,
                          const std::string& what) {
    if (op.error || !to) return false;
    if (op.is_untyped()) {
        if (to->is_bool()) {
            error(e.range, what + " must be a bool, found " + describe(op));
            return false;
        }
        if (op.untyped->is_float && to->is_int()) {
            finalize(e, scalar(DType::F64), true, false);
            set_converted(e, to);
        } else {
            finalize(e, to, true, false);
        }
        op = Operand::typed(to);
        return true;
    }
    if (!has_value(e, op)) return false;
    if (!op.type->is_scalar() || op.type->is_bool() != to->is_bool()) {
        error(e.range, what + " must be " + (to->is_bool() ? "a bool" : "a number") + ", found " +
                           describe(op));
        return false;
    }
    set_converted(e, to);
    return true;
}

std::optional<ConstValue> TypeChecker::use_value(const ast::Expr& e) {
    const ExprInfo& in = info(e);
    if (!in.constant || !in.type || !in.type->is_scalar()) return std::nullopt;
    if (in.converted_to && in.converted_to != in.type)
        return convert_const(*in.constant, in.type->dtype, in.converted_to->dtype);
    return in.constant;
}

std::string TypeChecker::describe(const Operand& op) const {
    if (op.error) return "an invalid value";
    if (op.is_runtime_untyped()) return op.untyped->is_float ? "float value" : "integer value";
    if (op.is_untyped()) return op.untyped->is_float ? "float literal" : "integer literal";
    return op.type ? op.type->str() : "an invalid value";
}

std::string TypeChecker::text_of(const ast::Expr& e, const std::string& fallback) const {
    const auto& r = e.range;
    if (!file_ || r.begin.line == 0 || r.begin.line != r.end.line || r.end.column <= r.begin.column)
        return fallback;
    std::string_view line = file_->line(r.begin.line);
    std::size_t begin = r.begin.column - 1, len = r.end.column - r.begin.column;
    if (begin + len > line.size() || len > 32) return fallback;
    return std::string(line.substr(begin, len));
}

}  // namespace dpk::compiler::sema
