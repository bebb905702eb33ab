// Typing of calls: casts and user functions (instantiated for the argument types).
#include "compiler/sema/annotation.h"
#include "compiler/sema/instantiator.h"
#include "compiler/sema/type_checker.h"

namespace dpk::compiler::sema {

using CallKind = ExprInfo::CallKind;

namespace {

/// Does an array type satisfy an array annotation of a device function parameter? dtype and
/// ndim must match; a layout other than Any must match; `local T[:]` needs local memory.
bool satisfies(const types::Type* t, const ParamType& p) {
    if (!t || !t->is_array() || t->dtype != p.dtype) return false;
    if (p.is_local_array()) return t->space == types::AddressSpace::Local && t->ndim == 1;
    if (t->space != types::AddressSpace::Global || t->ndim != p.ndim) return false;
    return p.layout == Layout::Any || p.layout == t->layout;
}

}  // namespace

Operand TypeChecker::call(const ast::Call& e) {
    const CallBinding* b = e.id < res_.calls.size() ? &res_.calls[e.id] : nullptr;
    if (b) {
        switch (b->kind) {
            case CallKind::Cast:
                if (e.receiver) {
                    auto d = element_type_of(*e.receiver, "x.dtype(v)");
                    if (!d) {
                        for (const auto& a : e.args)
                            if (a) check(*a);
                        return Operand::failed();
                    }
                    return cast(e, *d);
                }
                return cast(e, b->cast_to);
            case CallKind::Builtin: return builtin(e, b->builtin);
            case CallKind::User:
                if (b->callee) return user_call(e, *b->callee);
                break;
            case CallKind::None: break;
        }
    }
    for (const auto& a : e.args)
        if (a) check(*a);
    return Operand::failed();
}

std::optional<DType> TypeChecker::element_type_of(const ast::Expr& array, const std::string& use) {
    Operand a = check(array);
    if (a.error) return std::nullopt;
    if (a.is_untyped() || !a.type->is_array()) {
        error(array.range, std::string("'") + text_of(array) +
                               ".dtype' needs an array, found " + describe(a) + " (" + use +
                               " names the element type of an array x)");
        return std::nullopt;
    }
    return a.type->dtype;
}

Operand TypeChecker::cast(const ast::Call& e, DType to) {
    ExprInfo& in = info(e);
    in.call_kind = CallKind::Cast;
    if (e.args.size() != 1 || !e.args[0]) {
        for (const auto& a : e.args)
            if (a) check(*a);
        return Operand::failed();
    }
    const ast::Expr& a = *e.args[0];
    Operand op = check(a);
    if (op.error) return op;
    const types::Type* target = scalar(to);
    if (op.is_runtime_untyped()) {
        finalize(a, op.untyped->is_float && is_integer(to) ? scalar(DType::F64) : target, true,
                 false);
    } else if (op.is_untyped()) {
        const UntypedValue& u = *op.untyped;
        // Keep the value exact where the target can hold it; otherwise convert from the
        // literal's natural type (like C: f32(1e300) is inf, u8(300) wraps, i32(2.5) is 2).
        if (fits(u, to) && !(u.is_float && is_integer(to))) {
            finalize(a, target, true, false);
        } else if (u.is_float) {
            finalize(a, scalar(DType::F64), true, false);
        } else if (fits(u, DType::I64)) {
            finalize(a, scalar(DType::I64), true, false);
        } else {
            finalize(a, scalar(DType::U64), true, false);
        }
    } else {
        if (!has_value(a, op)) return Operand::failed();
        if (!op.type->is_scalar()) {
            error(a.range, "cannot convert " + describe(op) + " to " + target->str() +
                               ": casts convert scalars only");
            return Operand::failed();
        }
    }
    ExprInfo& out = info(e);
    out.type = target;
    if (auto v = use_value(a)) {
        const ExprInfo& ai = info(a);
        out.constant = ai.result() == target ? *v : convert_const(*v, ai.result()->dtype, to);
    }
    return Operand::typed(target);
}

Operand TypeChecker::user_call(const ast::Call& e, const ast::Function& fn) {
    info(e).call_kind = CallKind::User;
    if (!instantiator_ || e.args.size() != fn.params.size()) {
        for (const auto& a : e.args)
            if (a) check(*a);
        return Operand::failed();
    }
    const source::SourceFile* callee_file = ctx_.file_of(fn);
    std::vector<const types::Type*> param_types;
    bool ok = true;
    for (std::size_t i = 0; i < e.args.size(); ++i) {
        const ast::Param& p = fn.params[i];
        if (!e.args[i]) {
            ok = false;
            continue;
        }
        const ast::Expr& a = *e.args[i];
        Operand op = check(a);
        if (op.error) {
            ok = false;
            continue;
        }
        std::string param = "parameter '" + p.var.name + "' of '" + fn.name + "'";
        if (!p.var.type) {  // generic: typed by the argument
            if (op.is_runtime_untyped() && op.var_class >= 0) {
                ok = false;  // its type is being inferred: the second pass instantiates
                continue;
            }
            if (!has_value(a, op)) {
                ok = false;
                continue;
            }
            const types::Type* t = materialize(a, op);
            if (t->is_matrix()) {
                error(a.range, "a matrix cannot be passed to a function (" + param +
                                   "): use it in the kernel that makes it");
                ok = false;
                continue;
            }
            if (t->is_copy_event()) {
                error(a.range, "a copy_event cannot be passed to a function (" + param +
                                   "): copies are waited for in the function that starts them");
                ok = false;
                continue;
            }
            if (t->is_array())
                t = ctx_.types().array(t->dtype, t->ndim, t->layout, t->space, t->static_shape);
            param_types.push_back(t);
            continue;
        }
        auto pt = param_type_of(*p.var.type, callee_file, nullptr);
        if (!pt) {  // reported by the program check
            ok = false;
            continue;
        }
        if (pt->is_scalar()) {
            const types::Type* t = scalar(pt->dtype);
            ok &= coerce(a, op, t, [&](const std::string& from) {
                return "cannot pass " + from + " to " + param + " of type " + t->str();
            });
            param_types.push_back(t);
            continue;
        }
        if (!has_value(a, op)) {
            ok = false;
            continue;
        }
        if (op.is_untyped() || !satisfies(op.type, *pt)) {
            error(a.range,
                  "cannot pass " + describe(op) + " to " + param + " of type " + pt->pretty());
            ok = false;
            continue;
        }
        const types::Type* t = op.type;
        param_types.push_back(
            ctx_.types().array(t->dtype, t->ndim, t->layout, t->space, t->static_shape));
    }
    if (!ok) return Operand::failed();
    bool generic = !fn.fully_annotated();
    FunctionInstance* callee = instantiator_->get(fn, param_types);
    if (!callee) return Operand::failed();
    if (instantiator_->failed(callee)) {
        if (generic) {
            std::string types;
            for (std::size_t i = 0; i < param_types.size(); ++i)
                types += (i ? ", " : "") + fn.params[i].var.name + ": " + param_types[i]->str();
            note(e.range, "in '" + fn.name + "' instantiated for (" + types + ") from this call",
                 callee);
        }
        failed_ = true;
        return Operand::failed();
    }
    ExprInfo& in = info(e);
    in.callee = callee;
    if (inst_) {
        bool known = false;
        for (const auto* c : inst_->callees) known |= c == callee;
        if (!known) inst_->callees.push_back(callee);
    }
    in.type = callee->return_type;
    return Operand::typed(in.type);
}

}  // namespace dpk::compiler::sema
