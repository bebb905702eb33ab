// Typing of expressions: literals, names, operators, indexing and array members.
#include "compiler/sema/type_checker.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

using NameKind = ExprInfo::NameKind;

Operand TypeChecker::check(const ast::Expr& e) {
    info(e);  // sizes the side tables
    switch (e.kind) {
        case ast::ExprKind::IntLit: return int_literal(static_cast<const ast::IntLit&>(e));
        case ast::ExprKind::FloatLit: return float_literal(static_cast<const ast::FloatLit&>(e));
        case ast::ExprKind::BoolLit: {
            ExprInfo& in = info(e);
            in.type = scalar(DType::Bool);
            in.constant = ConstValue{static_cast<const ast::BoolLit&>(e).value};
            return Operand::typed(in.type);
        }
        case ast::ExprKind::Name: return name(static_cast<const ast::Name&>(e));
        case ast::ExprKind::Unary: return unary(static_cast<const ast::Unary&>(e));
        case ast::ExprKind::Binary: return binary(static_cast<const ast::Binary&>(e));
        case ast::ExprKind::Call: return call(static_cast<const ast::Call&>(e));
        case ast::ExprKind::Index: return index(static_cast<const ast::Index&>(e));
        case ast::ExprKind::Member: return member(static_cast<const ast::Member&>(e));
        case ast::ExprKind::StringLit:
            error(e.range,
                  "a string is only allowed as the format of print(...), the message "
                  "of assert(cond, message) or the use of matrix_load / matrix_fill");
            return Operand::failed();
        case ast::ExprKind::Tuple:
            for (const auto& el : static_cast<const ast::Tuple&>(e).elements)
                if (el) check(*el);
            error(e.range,
                  "a tuple is only allowed as the shape of local_array / private_array, "
                  "as an atomic index or as a matrix's position and shape");
            return Operand::failed();
    }
    return Operand::failed();
}

Operand TypeChecker::int_literal(const ast::IntLit& e) {
    UntypedValue v = UntypedValue::integer(static_cast<BigInt>(e.value));
    if (e.suffix.empty()) {
        untyped_[e.id] = v;
        return Operand::literal(v);
    }
    auto t = parse_dtype(e.suffix);
    if (!t || !is_integer(*t)) {
        error(e.range, "unknown integer literal suffix '" + e.suffix + "'");
        return Operand::failed();
    }
    if (!fits(v, *t)) {
        error(e.range,
              "integer literal " + v.str() + " does not fit in " + std::string(dtype_name(*t)));
        return Operand::failed();
    }
    ExprInfo& in = info(e);
    in.type = scalar(*t);
    in.constant = to_const(v, *t);
    return Operand::typed(in.type);
}

Operand TypeChecker::negated_int_literal(const ast::Unary& e, const ast::IntLit& lit, DType t) {
    // The minus folds into the literal, so a signed type's minimum (-128i8) is written as such.
    UntypedValue v = UntypedValue::integer(-static_cast<BigInt>(lit.value));
    if (!fits(v, t)) {
        error(e.range,
              "integer literal " + v.str() + " does not fit in " + std::string(dtype_name(t)));
        return Operand::failed();
    }
    info(lit).type = scalar(t);
    ExprInfo& in = info(e);
    in.type = scalar(t);
    in.constant = to_const(v, t);
    return Operand::typed(in.type);
}

Operand TypeChecker::float_literal(const ast::FloatLit& e) {
    UntypedValue v = UntypedValue::floating(e.value);
    if (e.suffix.empty()) {
        untyped_[e.id] = v;
        return Operand::literal(v);
    }
    auto t = parse_dtype(e.suffix);
    if (!t || !is_float(*t)) {
        error(e.range, "unknown float literal suffix '" + e.suffix + "'");
        return Operand::failed();
    }
    if (!fits(v, *t)) {
        error(e.range, "float literal " + (e.text.empty() ? v.str() : e.text) +
                           " does not fit in " + std::string(dtype_name(*t)));
        return Operand::failed();
    }
    ExprInfo& in = info(e);
    in.type = scalar(*t);
    in.constant = to_const(v, *t);
    return Operand::typed(in.type);
}

Operand TypeChecker::name(const ast::Name& e) {
    if (e.id >= res_.names.size()) return Operand::failed();
    const NameBinding& b = res_.names[e.id];
    ExprInfo& in = info(e);
    switch (b.kind) {
        case NameKind::Var: {
            in.name_kind = NameKind::Var;
            in.var_id = b.var->id;
            if (int c = class_of(e); c >= 0) {  // its type is being inferred
                c = find(c);
                untyped_[e.id] =
                    classes_[c].is_float ? UntypedValue::floating(0) : UntypedValue::integer(0);
                runtime_untyped_[e.id] = 1;
                return Operand::runtime_untyped(classes_[c].is_float, c);
            }
            if (!inst_ || b.var->id >= inst_->vars.size()) return Operand::failed();
            in.type = inst_->vars[b.var->id];
            return in.type ? Operand::typed(in.type) : Operand::failed();
        }
        case NameKind::Const: {
            in.name_kind = NameKind::Const;
            const ConstInfo& ci = ctx_.const_info(*b.constant);
            if (ci.state != ConstInfo::State::Done) return Operand::failed();
            if (ci.untyped) {
                untyped_[e.id] = ci.untyped;
                return Operand::literal(*ci.untyped);
            }
            in.type = ci.type;
            in.constant = ci.value;
            return Operand::typed(in.type);
        }
        default: return Operand::failed();  // reported by the resolver
    }
}

Operand TypeChecker::unary(const ast::Unary& e) {
    if (!e.operand) return Operand::failed();
    if (e.op == ast::UnaryOp::Neg && e.operand->kind == ast::ExprKind::IntLit) {
        const auto& lit = static_cast<const ast::IntLit&>(*e.operand);
        auto t = lit.suffix.empty() ? std::nullopt : parse_dtype(lit.suffix);
        if (t && is_integer(*t) && !is_unsigned(*t)) return negated_int_literal(e, lit, *t);
    }
    Operand o = check(*e.operand);
    if (o.error) return Operand::failed();
    const char* op = op_spelling(e.op);
    if (o.is_untyped()) {
        if (e.op == ast::UnaryOp::Not) {
            error(e.range, std::string("'!' needs a bool operand, found ") + describe(o));
            return Operand::failed();
        }
        if (!o.known) {
            if (e.op == ast::UnaryOp::BitNot && o.untyped->is_float) {
                error(e.range, "'~' needs an integer operand, found " + describe(o));
                return Operand::failed();
            }
            untyped_[e.id] = o.untyped;
            runtime_untyped_[e.id] = 1;
            return o;
        }
        std::string err;
        auto v = fold_untyped(e.op, *o.untyped, err);
        if (!v) {
            error(e.range, err);
            return Operand::failed();
        }
        untyped_[e.id] = v;
        return Operand::literal(*v);
    }
    if (!has_value(*e.operand, o)) return Operand::failed();
    const types::Type* t = o.type;
    if (t->is_matrix() && e.op == ast::UnaryOp::Neg && has_matrix_arithmetic(t->dtype)) {
        info(e).type = t;
        return Operand::typed(t);
    }
    bool ok = t->is_scalar();
    std::string need;
    switch (e.op) {
        case ast::UnaryOp::Neg:
            need = "a number";
            ok = ok && (t->is_int() || t->is_float_type());
            if (ok && is_unsigned(t->dtype)) {
                error(e.range,
                      "cannot negate unsigned " + t->str() +
                          "; cast it to a signed type "
                          "first, e.g. -" +
                          std::string(dtype_name(signed_type_holding(t->dtype, t->dtype))) + "(" +
                          text_of(*e.operand) + ")");
                return Operand::failed();
            }
            break;
        case ast::UnaryOp::Not:
            need = "a bool";
            ok = ok && t->is_bool();
            break;
        case ast::UnaryOp::BitNot:
            need = "an integer";
            ok = ok && t->is_int();
            break;
        case ast::UnaryOp::Plus:
            need = "a number";
            ok = ok && (t->is_int() || t->is_float_type());
            break;
    }
    if (!ok) {
        error(e.range, std::string("'") + op + "' needs " + need + " operand, found " + t->str());
        return Operand::failed();
    }
    ExprInfo& in = info(e);
    in.type = t;
    if (auto v = use_value(*e.operand)) in.constant = fold_typed(e.op, *v, t->dtype);
    return Operand::typed(t);
}

Operand TypeChecker::binary(const ast::Binary& e) {
    if (!e.lhs || !e.rhs) return Operand::failed();
    Operand lo = check(*e.lhs);
    Operand ro = check(*e.rhs);
    if (lo.error || ro.error) return Operand::failed();
    if (!has_value(*e.lhs, lo) || !has_value(*e.rhs, ro)) return Operand::failed();
    source::SourceRange where = e.op_range.begin.line ? e.op_range : e.range;
    bool arithmetic_like = !(e.op == ast::BinaryOp::LogAnd || e.op == ast::BinaryOp::LogOr ||
                             (e.op >= ast::BinaryOp::Lt && e.op <= ast::BinaryOp::Ne));
    if (lo.is_untyped() && ro.is_untyped() && arithmetic_like && (!lo.known || !ro.known)) {
        bool is_float = lo.untyped->is_float || ro.untyped->is_float;
        // An integer variable whose type is being inferred meeting a float is an integer with a
        // float (f64, as for a typed integer): combined below. Anything else stays untyped.
        auto int_variable = [](const Operand& o) {
            return !o.known && !o.untyped->is_float && o.var_class >= 0;
        };
        bool int_meets_float = is_float && (int_variable(lo) || int_variable(ro));
        if (!int_meets_float) {
            bool float_ok = e.op == ast::BinaryOp::Add || e.op == ast::BinaryOp::Sub ||
                            e.op == ast::BinaryOp::Mul || e.op == ast::BinaryOp::Div ||
                            e.op == ast::BinaryOp::Rem;
            if (is_float && !float_ok) {
                error(where, std::string("cannot apply '") + op_spelling(e.op) + "' to " +
                                 describe(lo) + " and " + describe(ro) + "; it needs integers");
                return Operand::failed();
            }
            untyped_[e.id] = is_float ? UntypedValue::floating(0) : UntypedValue::integer(0);
            runtime_untyped_[e.id] = 1;
            return Operand::runtime_untyped(is_float, join(lo.var_class, ro.var_class));
        }
    } else if (lo.is_untyped() && ro.is_untyped() && arithmetic_like) {
        std::string err;
        auto v = fold_untyped(e.op, *lo.untyped, *ro.untyped, err);
        if (!v) {
            error(where, err);
            return Operand::failed();
        }
        untyped_[e.id] = v;
        return Operand::literal(*v);
    }
    if ((!lo.is_untyped() && lo.type->is_matrix()) || (!ro.is_untyped() && ro.type->is_matrix())) {
        Operand r = matrix_arithmetic(e.op, *e.lhs, lo, *e.rhs, ro, where);
        if (!r.error) info(e).type = r.type;
        return r;
    }
    Operand r = combine(e.op, *e.lhs, lo, *e.rhs, ro, where);
    if (r.error) return r;
    ExprInfo& in = info(e);
    in.type = r.type;
    auto a = use_value(*e.lhs);
    auto b = use_value(*e.rhs);
    if (a && b) {
        DType operand_type = info(*e.lhs).result()->dtype;
        std::string warn;
        auto v = fold_typed(e.op, *a, *b, operand_type, &warn);
        if (!warn.empty()) warning(where, warn);
        info(e).constant = v;
    }
    return r;
}

std::string TypeChecker::array_name(const ast::Expr& base) const {
    if (base.kind == ast::ExprKind::Name)
        return "array '" + static_cast<const ast::Name&>(base).name + "'";
    return "the array";
}

bool TypeChecker::array_index(const ast::Expr& e) {
    Operand o = check(e);
    if (o.error) return false;
    if (!has_value(e, o)) return false;
    if ((o.is_untyped() && o.untyped->is_float) || (!o.is_untyped() && !o.type->is_int())) {
        error(e.range, "an array index must be an integer, found " + describe(o));
        return false;
    }
    return convert(e, o, scalar(DType::I64), "an array index");
}

Operand TypeChecker::index(const ast::Index& e) {
    if (!e.base) return Operand::failed();
    if (e.base->kind == ast::ExprKind::Member) {
        const auto& m = static_cast<const ast::Member&>(*e.base);
        if (m.member == "shape" || m.member == "strides") return shape_index(e, m);
    }
    Operand base = check(*e.base);
    if (base.error) {
        for (const auto& i : e.indices)
            if (i) check(*i);
        return Operand::failed();
    }
    if (base.is_untyped() || !base.type->is_array()) {
        for (const auto& i : e.indices)
            if (i) check(*i);
        error(e.base->range, "cannot index " + describe(base) + ": only arrays can be indexed");
        return Operand::failed();
    }
    const types::Type* arr = base.type;
    if (static_cast<int>(e.indices.size()) != arr->ndim) {
        error(e.range, array_name(*e.base) + " has " + std::to_string(arr->ndim) +
                           (arr->ndim == 1 ? " dimension" : " dimensions") +
                           " but is indexed with " + std::to_string(e.indices.size()) +
                           "; the number of indices must equal the number of dimensions");
        for (const auto& i : e.indices)
            if (i) check(*i);
        return Operand::failed();
    }
    bool ok = true;
    for (std::size_t d = 0; d < e.indices.size(); ++d) {
        if (!e.indices[d] || !array_index(*e.indices[d])) {
            ok = false;
            continue;
        }
        if (arr->static_shape.size() != e.indices.size()) continue;
        if (auto v = use_value(*e.indices[d]); v && const_int(*v)) {
            std::int64_t i = *const_int(*v), n = arr->static_shape[d];
            if (i < 0 || i >= n) {
                error(e.indices[d]->range, "index " + std::to_string(i) +
                                               " is out of bounds for dimension " +
                                               std::to_string(d) + " of " + array_name(*e.base) +
                                               " (size " + std::to_string(n) + ")");
                ok = false;
            }
        }
    }
    if (!ok) return Operand::failed();
    ExprInfo& in = info(e);
    in.type = scalar(arr->dtype);
    return Operand::typed(in.type);
}

Operand TypeChecker::member_base(const ast::Member& m) {
    if (!m.base) return Operand::failed();
    Operand b = check(*m.base);
    if (b.error) return b;
    if (b.is_untyped() || !b.type->is_array()) {
        error(m.range, "'." + m.member + "' needs an array, found " + describe(b));
        return Operand::failed();
    }
    return b;
}

Operand TypeChecker::shape_index(const ast::Index& e, const ast::Member& m) {
    Operand b = member_base(m);
    if (b.error) return b;
    const types::Type* arr = b.type;
    info(m).type =
        ctx_.types().array(DType::I64, 1, Layout::C, types::AddressSpace::Private, {arr->ndim});
    std::string what = text_of(m, m.member);
    if (e.indices.size() != 1 || !e.indices[0]) {
        error(e.range, "'" + what + "' takes one index, a constant dimension: " + what + "[0]");
        return Operand::failed();
    }
    auto d = constant_int(*e.indices[0], "the dimension in '" + what + "[...]'");
    if (!d) return Operand::failed();
    if (*d < 0 || *d >= arr->ndim) {
        error(e.indices[0]->range, "dimension " + std::to_string(*d) + " of '" + what +
                                       "' is out of range for " + array_name(*m.base) + " with " +
                                       std::to_string(arr->ndim) +
                                       (arr->ndim == 1 ? " dimension" : " dimensions"));
        return Operand::failed();
    }
    ExprInfo& in = info(e);
    in.type = scalar(DType::I64);
    in.member_dim = static_cast<std::int32_t>(*d);
    if (m.member == "shape" && !arr->static_shape.empty())
        in.constant = ConstValue{arr->static_shape[*d]};
    return Operand::typed(in.type);
}

Operand TypeChecker::member(const ast::Member& m) {
    if (m.member == "shape" || m.member == "strides") {
        if (m.base) check(*m.base);
        std::string what = text_of(m, m.member);
        error(m.range,
              "'" + what + "' must be indexed with a constant dimension, e.g. " + what + "[0]");
        return Operand::failed();
    }
    if (m.member == "dtype") {
        if (m.base) check(*m.base);
        std::string x = m.base ? text_of(*m.base) : "x";
        error(m.range, "'" + x + ".dtype' is a type, not a value: convert with " + x +
                           ".dtype(v), annotate with let v: " + x +
                           ".dtype = ..., or allocate "
                           "with local_array(" +
                           x + ".dtype, N)");
        return Operand::failed();
    }
    if (m.member != "size") {
        if (m.base) check(*m.base);
        error(m.member_range.begin.line ? m.member_range : m.range,
              "unknown member '" + m.member + "': arrays have shape, strides, size and dtype");
        return Operand::failed();
    }
    Operand b = member_base(m);
    if (b.error) return b;
    ExprInfo& in = info(m);
    in.type = scalar(DType::I64);
    if (!b.type->static_shape.empty()) {
        std::int64_t n = 1;
        for (auto extent : b.type->static_shape) n *= extent;
        in.constant = ConstValue{n};
    }
    return Operand::typed(in.type);
}

}  // namespace dpk::compiler::sema
