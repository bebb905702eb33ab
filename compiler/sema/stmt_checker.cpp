// Typing of statements: declarations, assignments, conditions, loops and returns (with return
// type inference for device functions).
#include "compiler/sema/type_checker.h"

namespace dpk::compiler::sema {

namespace {

/// Does a loop body contain a `break` for this loop (not for a nested one)?
bool breaks(const ast::Stmt& s) {
    switch (s.kind) {
        case ast::StmtKind::Break: return true;
        case ast::StmtKind::Block:
            for (const auto& c : static_cast<const ast::Block&>(s).stmts)
                if (c && breaks(*c)) return true;
            return false;
        case ast::StmtKind::If: {
            const auto& i = static_cast<const ast::If&>(s);
            return (i.then_block && breaks(*i.then_block)) || (i.else_stmt && breaks(*i.else_stmt));
        }
        default: return false;
    }
}

}  // namespace

void TypeChecker::block(const ast::Block& b) {
    for (const auto& s : b.stmts)
        if (s) stmt(*s);
}

void TypeChecker::stmt(const ast::Stmt& s) {
    switch (s.kind) {
        case ast::StmtKind::VarDecl: var_decl(static_cast<const ast::VarDecl&>(s)); break;
        case ast::StmtKind::Assign: assign(static_cast<const ast::Assign&>(s)); break;
        case ast::StmtKind::If: {
            const auto& i = static_cast<const ast::If&>(s);
            if (i.cond) condition(*i.cond);
            if (i.then_block) block(*i.then_block);
            if (i.else_stmt) stmt(*i.else_stmt);
            break;
        }
        case ast::StmtKind::While: {
            const auto& w = static_cast<const ast::While&>(s);
            if (w.cond) condition(*w.cond);
            if (w.body) block(*w.body);
            break;
        }
        case ast::StmtKind::For: for_loop(static_cast<const ast::For&>(s)); break;
        case ast::StmtKind::Break:
        case ast::StmtKind::Continue: break;
        case ast::StmtKind::Return: return_stmt(static_cast<const ast::Return&>(s)); break;
        case ast::StmtKind::ExprStmt: {
            const auto& es = static_cast<const ast::ExprStmt&>(s);
            if (!es.expr) break;
            Operand o = check(*es.expr);
            materialize(*es.expr, o);
            break;
        }
        case ast::StmtKind::Block: block(static_cast<const ast::Block&>(s)); break;
    }
}

void TypeChecker::var_decl(const ast::VarDecl& d) {
    const ast::VarSymbol& v = d.var;
    if (inst_->vars.size() <= v.id) inst_->vars.resize(v.id + 1);
    Operand o = d.init ? check(*d.init) : Operand::failed();
    if (v.type) {
        // `let v: x.dtype = ...`: the element type of the array x.
        auto element_of_array = [&]() -> std::optional<DType> {
            for (const auto& [var, array] : res_.dtype_of) {
                if (var != &v) continue;
                const types::Type* at =
                    array->id < inst_->vars.size() ? inst_->vars[array->id] : nullptr;
                if (at && at->is_array()) return at->dtype;
                if (at)
                    error(v.type->dtype_of_range, "'" + v.type->scalar + "' needs an array, '" +
                                                      array->name + "' is " + at->str());
            }
            return std::nullopt;
        };
        const std::optional<DType> dtype =
            v.type->dtype_of.empty() ? parse_dtype(v.type->scalar) : element_of_array();
        if (!dtype || v.type->is_array || v.type->is_local || v.type->explicit_usm) return;
        const types::Type* t = scalar(*dtype);
        inst_->vars[v.id] = t;
        if (d.init)
            coerce(*d.init, o, t, [&](const std::string& from) {
                return "cannot assign " + from + " to '" + v.name + "' of type " + t->str();
            });
        return;
    }
    if (o.error || !has_value(*d.init, o)) return;
    if (o.is_untyped() && v.id < var_class_.size()) {  // first pass: typed by its uses
        var_class_[v.id] = new_class(o.untyped->is_float, o.var_class);
        return;
    }
    if (v.id < inferred_.size() && inferred_[v.id]) {  // second pass: as if declared
        const types::Type* t = inferred_[v.id];
        inst_->vars[v.id] = t;
        coerce(*d.init, o, t, [&](const std::string& from) {
            return "cannot assign " + from + " to '" + v.name + "' of type " + t->str();
        });
        return;
    }
    if (v.id < inference_failed_.size() && inference_failed_[v.id]) return;
    const types::Type* t = materialize(*d.init, o);
    if (t->is_array() && v.is_mutable) {
        error(d.init->range,
              "cannot store an array in 'var " + v.name + "': bind arrays with 'let'");
        return;
    }
    inst_->vars[v.id] = t;
}

void TypeChecker::assign(const ast::Assign& a) {
    if (!a.target || !a.value) return;
    Operand value = check(*a.value);
    const ast::Expr& target = *a.target;
    const types::Type* to = nullptr;
    std::string desc;
    if (target.kind == ast::ExprKind::Name) {
        Operand t = check(target);
        if (t.error) return;
        if (t.is_runtime_untyped()) {  // first pass: a variable whose type is inferred
            if (value.error || !has_value(*a.value, value)) return;
            if (auto op = ast::compound_binary_op(a.op)) {
                source::SourceRange where = a.op_range.begin.line ? a.op_range : a.range;
                combine(*op, target, t, *a.value, value, where);
            } else if (value.is_untyped()) {
                if (value.untyped->is_float == t.untyped->is_float)
                    join(t.var_class, value.var_class);
            } else if (value.type->is_scalar()) {
                constrain(target, value.type);
            }
            return;
        }
        to = t.type;
        desc = "'" + static_cast<const ast::Name&>(target).name + "'";
        if (to->is_array()) {
            error(target.range, "cannot assign to array " + desc +
                                    " as a whole; assign its elements, e.g. " +
                                    static_cast<const ast::Name&>(target).name + "[i] = ...");
            return;
        }
    } else if (target.kind == ast::ExprKind::Index) {
        Operand t = check(target);
        if (t.error) return;
        to = t.type;
        const std::string element = text_of(target, "the element");
        desc.reserve(element.size() + 2);
        desc.push_back('\'');
        desc += element;
        desc.push_back('\'');
    } else {
        return;  // reported by the resolver
    }
    if (value.error) return;
    auto op = ast::compound_binary_op(a.op);
    if (!op) {
        coerce(*a.value, value, to, [&](const std::string& from) {
            return "cannot assign " + from + " to " + desc + " of type " + to->str();
        });
        return;
    }
    if (!has_value(*a.value, value)) return;
    source::SourceRange where = a.op_range.begin.line ? a.op_range : a.range;
    Operand r = to->is_matrix()
                    ? matrix_arithmetic(*op, target, Operand::typed(to), *a.value, value, where)
                    : combine(*op, target, Operand::typed(to), *a.value, value, where);
    if (r.error) return;
    if (r.type != to) {
        error(a.value->range, "cannot assign " + r.type->str() + " to " + desc + " of type " +
                                  to->str() + " without a cast: write " + to->str() + "(...)");
    }
}

void TypeChecker::condition(const ast::Expr& e) {
    Operand o = check(e);
    if (o.error) return;
    if (o.is_untyped() || !o.type->is_bool()) {
        if (o.is_untyped()) materialize(e, o);
        error(e.range, "condition must be bool, found " + describe(o));
    }
}

void TypeChecker::for_loop(const ast::For& f) {
    std::vector<const ast::Expr*> exprs;
    std::vector<Operand> ops;
    bool ok = true;
    for (const ast::Expr* x : {f.start.get(), f.stop.get(), f.step.get()}) {
        if (!x) continue;
        Operand o = check(*x);
        ok &= !o.error && has_value(*x, o);
        if (!o.error && ((o.is_untyped() && o.untyped->is_float) ||
                         (!o.is_untyped() && o.type && !o.type->is_int()))) {
            error(x->range, "range() arguments must be integers, found " + describe(o));
            ok = false;
        }
        exprs.push_back(x);
        ops.push_back(o);
    }
    const types::Type* t = nullptr;
    if (ok) {
        source::SourceRange where = f.range_call.begin.line ? f.range_call : f.range;
        t = unify(exprs, ops, {true, false, false}, "range()", where);
    }
    if (t && f.step) {
        if (auto v = use_value(*f.step); v && const_int(*v) == 0)
            error(f.step->range, "range() step must not be 0");
    }
    if (inst_->vars.size() <= f.var.id) inst_->vars.resize(f.var.id + 1);
    inst_->vars[f.var.id] = t;
    if (f.body) block(*f.body);
}

void TypeChecker::return_stmt(const ast::Return& r) {
    const ast::Function& fn = *inst_->decl;
    if (fn.is_kernel) return;  // a value is reported by the resolver
    if (!r.value) {
        if (declared_return_ && !declared_return_->is_void())
            error(r.range,
                  "function '" + fn.name + "' must return a " + declared_return_->str() + " value");
        returns_.push_back({&r, Operand::failed()});
        return;
    }
    Operand o = check(*r.value);
    if (o.error || !has_value(*r.value, o)) return;
    if (!o.is_untyped() && o.type->is_array()) {
        error(r.value->range, "function '" + fn.name + "' cannot return an array");
        return;
    }
    if (declared_return_) {
        coerce(*r.value, o, declared_return_, [&](const std::string& from) {
            return "cannot return " + from + " from '" + fn.name + "' declared -> " +
                   declared_return_->str();
        });
        return;
    }
    returns_.push_back({&r, o});
}

bool TypeChecker::always_returns(const ast::Stmt& s) const {
    switch (s.kind) {
        case ast::StmtKind::Return: return true;
        case ast::StmtKind::Block:
            for (const auto& c : static_cast<const ast::Block&>(s).stmts)
                if (c && always_returns(*c)) return true;
            return false;
        case ast::StmtKind::If: {
            const auto& i = static_cast<const ast::If&>(s);
            return i.then_block && i.else_stmt && always_returns(*i.then_block) &&
                   always_returns(*i.else_stmt);
        }
        case ast::StmtKind::While: {
            const auto& w = static_cast<const ast::While&>(s);
            bool forever = w.cond && w.cond->kind == ast::ExprKind::BoolLit &&
                           static_cast<const ast::BoolLit&>(*w.cond).value;
            return forever && w.body && !breaks(*w.body);
        }
        default: return false;
    }
}

void TypeChecker::finish_returns() {
    const ast::Function& fn = *inst_->decl;
    if (fn.is_kernel) {
        inst_->return_type = ctx_.types().void_type();
        return;
    }
    bool returns_on_all_paths = fn.body && always_returns(*fn.body);
    if (declared_return_) {
        inst_->return_type = declared_return_;
        if (!returns_on_all_paths)
            error(fn.name_range, "function '" + fn.name + "' must return a " +
                                     declared_return_->str() + " value on every path");
        return;
    }
    std::vector<const ast::Expr*> exprs;
    std::vector<Operand> ops;
    const ast::Return* bare = nullptr;
    bool bools = false, numbers = false;
    for (const auto& r : returns_) {
        if (!r.stmt->value) {
            if (!bare) bare = r.stmt;
            continue;
        }
        exprs.push_back(r.stmt->value.get());
        ops.push_back(r.value);
        bool is_bool = !r.value.is_untyped() && r.value.type->is_bool();
        bools |= is_bool;
        numbers |= !is_bool;
    }
    if (exprs.empty()) {
        inst_->return_type = ctx_.types().void_type();
        return;
    }
    if (bare)
        error(bare->range,
              "function '" + fn.name + "' returns a value elsewhere; this 'return' needs one too");
    if (bools && numbers) {
        error(exprs.front()->range, "the return values of '" + fn.name +
                                        "' have different types: bool and numbers do not mix");
        return;
    }
    const types::Type* t = unify(exprs, ops, {true, true, true},
                                 "the return values of '" + fn.name + "'", exprs.front()->range);
    inst_->return_type = t;
    if (t && !returns_on_all_paths)
        error(fn.name_range,
              "function '" + fn.name + "' must return a " + t->str() + " value on every path");
}

}  // namespace dpk::compiler::sema
