#include "compiler/sema/resolver.h"

#include "compiler/sema/suggest.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

using NameKind = ExprInfo::NameKind;

void Resolver::error(source::SourceRange range, std::string message) {
    ctx_.error(file_, range, std::move(message));
    if (res_) res_->ok = false;
}

Resolution Resolver::resolve(const ast::Function& fn) {
    Resolution res;
    res.names.resize(fn.expr_count);
    res.calls.resize(fn.expr_count);
    res.vars.resize(fn.var_count);
    res_ = &res;
    fn_ = &fn;
    const_ = nullptr;
    file_ = ctx_.file_of(fn);
    module_ = ctx_.items().module_of(fn);
    scopes_.assign(1, {});
    loop_depth_ = block_depth_ = 0;
    // An attribute's arguments see the module's names only (consts), not the parameters.
    for (const auto& a : fn.attributes)
        for (const auto& e : a.args) expr(*e);
    for (const auto& p : fn.params) declare(p.var);
    if (fn.body) block(*fn.body, /*new_scope=*/false);
    scopes_.clear();
    res_ = nullptr;
    return res;
}

Resolution Resolver::resolve(const ast::Const& c) {
    Resolution res;
    res.names.resize(c.expr_count);
    res.calls.resize(c.expr_count);
    res_ = &res;
    fn_ = nullptr;
    const_ = &c;
    file_ = ctx_.file_of(c);
    module_ = ctx_.items().module_of(c);
    scopes_.clear();
    if (c.value) expr(*c.value);
    res_ = nullptr;
    return res;
}

bool Resolver::is_param(const ast::VarSymbol& v) const {
    if (!fn_) return false;
    for (const auto& p : fn_->params)
        if (&p.var == &v) return true;
    return false;
}

void Resolver::declare(const ast::VarSymbol& v) {
    ensure_size(res_->vars, v.id);
    res_->vars[v.id] = &v;
    if (reserved_type_name(v.name)) {
        error(v.range, "'" + v.name + "' is a type name and cannot name a variable");
        return;
    }
    auto [it, inserted] = scopes_.back().emplace(v.name, &v);
    if (!inserted) {
        error(v.range, "'" + v.name + "' is already declared in this scope");
        ctx_.note(file_, it->second->range, "'" + v.name + "' is first declared here");
    }
}

const ast::VarSymbol* Resolver::lookup(std::string_view name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
        if (auto found = it->find(name); found != it->end()) return found->second;
    return nullptr;
}

std::vector<std::string_view> Resolver::visible_names() const {
    std::vector<std::string_view> out;
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
        for (const auto& [n, v] : *it) out.push_back(n);
    for (const auto* c : ctx_.items().consts()) out.push_back(c->name);
    return out;
}

void Resolver::block(const ast::Block& b, bool new_scope) {
    if (new_scope) {
        scopes_.emplace_back();
        ++block_depth_;
    }
    for (const auto& s : b.stmts)
        if (s) stmt(*s);
    if (new_scope) {
        scopes_.pop_back();
        --block_depth_;
    }
}

void Resolver::stmt(const ast::Stmt& s) {
    switch (s.kind) {
        case ast::StmtKind::VarDecl: var_decl(static_cast<const ast::VarDecl&>(s)); break;
        case ast::StmtKind::Assign: assign(static_cast<const ast::Assign&>(s)); break;
        case ast::StmtKind::If: {
            const auto& i = static_cast<const ast::If&>(s);
            if (i.cond) expr(*i.cond);
            if (i.then_block) block(*i.then_block, true);
            if (i.else_stmt) {
                if (i.else_stmt->kind == ast::StmtKind::Block) {
                    block(static_cast<const ast::Block&>(*i.else_stmt), true);
                } else {
                    stmt(*i.else_stmt);
                }
            }
            break;
        }
        case ast::StmtKind::While: {
            const auto& w = static_cast<const ast::While&>(s);
            if (w.cond) expr(*w.cond);
            ++loop_depth_;
            if (w.body) block(*w.body, true);
            --loop_depth_;
            break;
        }
        case ast::StmtKind::For: for_loop(static_cast<const ast::For&>(s)); break;
        case ast::StmtKind::Break:
            if (loop_depth_ == 0) error(s.range, "'break' outside a loop");
            break;
        case ast::StmtKind::Continue:
            if (loop_depth_ == 0) error(s.range, "'continue' outside a loop");
            break;
        case ast::StmtKind::Return: {
            const auto& r = static_cast<const ast::Return&>(s);
            if (r.value) {
                expr(*r.value);
                if (fn_ && fn_->is_kernel)
                    error(r.range, "kernel '" + fn_->name + "' cannot return a value");
            }
            break;
        }
        case ast::StmtKind::ExprStmt: {
            const auto& e = static_cast<const ast::ExprStmt&>(s);
            if (e.expr) expr(*e.expr);
            break;
        }
        case ast::StmtKind::Block: block(static_cast<const ast::Block&>(s), true); break;
    }
}

void Resolver::var_decl(const ast::VarDecl& d) {
    if (d.var.type && (d.var.type->is_array || d.var.type->is_local || d.var.type->explicit_usm))
        error(d.var.type->range,
              "a variable cannot be annotated with an array type; bind "
              "arrays with 'let' and no annotation");
    else if (d.var.type && !d.var.type->dtype_of.empty()) {
        if (const ast::VarSymbol* array = lookup(d.var.type->dtype_of))
            res_->dtype_of.emplace_back(&d.var, array);
        else
            error(d.var.type->dtype_of_range, "unknown name '" + d.var.type->dtype_of + "' in '" +
                                                  d.var.type->scalar +
                                                  "': the element type of an array x is x.dtype");
    } else if (d.var.type && !parse_dtype(d.var.type->scalar))
        error(d.var.type->range, "unknown type '" + d.var.type->scalar + "'");
    if (d.init) {
        if (d.init->kind == ast::ExprKind::Call) {
            array_init_ = static_cast<const ast::Call*>(d.init.get());
            array_decl_ = &d;
        }
        expr(*d.init);
        array_init_ = nullptr;
        array_decl_ = nullptr;
    }
    declare(d.var);
}

void Resolver::assign(const ast::Assign& a) {
    if (a.value) expr(*a.value);
    if (!a.target) return;
    const ast::Expr& t = *a.target;
    if (t.kind == ast::ExprKind::Name) {
        const auto& n = static_cast<const ast::Name&>(t);
        name(n);
        const NameBinding& b = res_->names[n.id];
        if (b.kind == NameKind::Var) {
            if (loop_vars_.count(b.var)) {
                error(n.range, "cannot assign to loop variable '" + n.name +
                                   "'; loop variables are read-only");
            } else if (is_param(*b.var)) {
                error(n.range,
                      "cannot assign to parameter '" + n.name + "'; copy it into a 'var' first");
            } else if (!b.var->is_mutable) {
                error(n.range, "cannot assign to '" + n.name +
                                   "': it is declared with 'let'; use 'var' to make it mutable");
            }
        } else if (b.kind == NameKind::Const) {
            error(n.range, "cannot assign to const '" + n.name + "'");
        }
        return;
    }
    if (t.kind == ast::ExprKind::Index) {
        const auto& ix = static_cast<const ast::Index&>(t);
        if (ix.base && ix.base->kind == ast::ExprKind::Member) {
            error(t.range, "cannot assign to '" + static_cast<const ast::Member&>(*ix.base).member +
                               "': array shapes and strides are read-only");
        }
        expr(t);
        return;
    }
    expr(t);
    error(t.range, "cannot assign to this expression; assign to a 'var' or an array element");
}

void Resolver::for_loop(const ast::For& f) {
    if (f.start) expr(*f.start);
    if (f.stop) expr(*f.stop);
    if (f.step) expr(*f.step);
    if (f.var.type)
        error(f.var.type->range,
              "a loop variable cannot be annotated; its type comes "
              "from the range() arguments");
    scopes_.emplace_back();
    ++block_depth_;
    ++loop_depth_;
    declare(f.var);
    loop_vars_.insert(&f.var);
    if (f.body) block(*f.body, /*new_scope=*/false);
    --loop_depth_;
    --block_depth_;
    scopes_.pop_back();
}

void Resolver::expr(const ast::Expr& e) {
    ensure_size(res_->names, e.id);
    ensure_size(res_->calls, e.id);
    switch (e.kind) {
        case ast::ExprKind::IntLit:
        case ast::ExprKind::FloatLit:
        case ast::ExprKind::BoolLit:
        case ast::ExprKind::StringLit: break;
        case ast::ExprKind::Name: name(static_cast<const ast::Name&>(e)); break;
        case ast::ExprKind::Unary: {
            const auto& u = static_cast<const ast::Unary&>(e);
            if (u.operand) expr(*u.operand);
            break;
        }
        case ast::ExprKind::Binary: {
            const auto& b = static_cast<const ast::Binary&>(e);
            if (b.lhs) expr(*b.lhs);
            if (b.rhs) expr(*b.rhs);
            break;
        }
        case ast::ExprKind::Call: call(static_cast<const ast::Call&>(e)); break;
        case ast::ExprKind::Index: {
            const auto& ix = static_cast<const ast::Index&>(e);
            if (ix.base) expr(*ix.base);
            for (const auto& i : ix.indices)
                if (i) expr(*i);
            if (const_)
                error(e.range, "const '" + const_->name + "' must be a constant expression");
            break;
        }
        case ast::ExprKind::Member: {
            const auto& m = static_cast<const ast::Member&>(e);
            if (m.base) expr(*m.base);
            if (const_)
                error(e.range, "const '" + const_->name + "' must be a constant expression");
            break;
        }
        case ast::ExprKind::Tuple: {
            const auto& t = static_cast<const ast::Tuple&>(e);
            for (const auto& el : t.elements)
                if (el) expr(*el);
            if (const_)
                error(e.range, "const '" + const_->name + "' must be a constant expression");
            break;
        }
    }
}

void Resolver::name(const ast::Name& n) {
    ensure_size(res_->names, n.id);
    NameBinding& b = res_->names[n.id];
    if (const ast::VarSymbol* v = lookup(n.name)) {
        b.kind = NameKind::Var;
        b.var = v;
        return;
    }
    if (const ast::Const* c = ctx_.items().constant(n.name, module_)) {
        b.kind = NameKind::Const;
        b.constant = c;
        return;
    }
    if (n.name == "local" || n.name == "global") {
        error(n.range, "'" + n.name + "' is a memory flag: use it in barrier(...) or fence(...)");
        return;
    }
    if (type_name(n.name) && !ctx_.items().function(n.name, module_)) {
        error(n.range, "'" + n.name + "' is a type, not a value; to convert a value, call it: " +
                           n.name + "(x)");
        return;
    }
    if (ctx_.items().function(n.name, module_) || find_builtin(n.name)) {
        error(n.range, "'" + n.name + "' is a function; call it: " + n.name + "(...)");
        return;
    }
    std::string msg = "unknown name '" + n.name + "'";
    if (auto s = closest_name(n.name, visible_names()))
        msg += "; did you mean '" + std::string(*s) + "'?";
    error(n.range, std::move(msg));
}

}  // namespace dpk::compiler::sema
