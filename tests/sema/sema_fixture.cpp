#include "tests/sema/sema_fixture.h"

namespace dpk::tests {

namespace {

void walk_expr(const ast::Expr* e, std::vector<const ast::Expr*>& out) {
    if (!e) return;
    out.push_back(e);
    switch (e->kind) {
        case ast::ExprKind::Unary:
            walk_expr(static_cast<const ast::Unary*>(e)->operand.get(), out);
            break;
        case ast::ExprKind::Binary: {
            auto* b = static_cast<const ast::Binary*>(e);
            walk_expr(b->lhs.get(), out);
            walk_expr(b->rhs.get(), out);
            break;
        }
        case ast::ExprKind::Call:
            for (const auto& a : static_cast<const ast::Call*>(e)->args) walk_expr(a.get(), out);
            break;
        case ast::ExprKind::Index: {
            auto* i = static_cast<const ast::Index*>(e);
            walk_expr(i->base.get(), out);
            for (const auto& x : i->indices) walk_expr(x.get(), out);
            break;
        }
        case ast::ExprKind::Member:
            walk_expr(static_cast<const ast::Member*>(e)->base.get(), out);
            break;
        case ast::ExprKind::Tuple:
            for (const auto& x : static_cast<const ast::Tuple*>(e)->elements)
                walk_expr(x.get(), out);
            break;
        default: break;
    }
}

void walk_stmt(const ast::Stmt* s, std::vector<const ast::Expr*>& out,
               std::vector<const ast::VarSymbol*>* vars) {
    if (!s) return;
    switch (s->kind) {
        case ast::StmtKind::VarDecl: {
            auto* d = static_cast<const ast::VarDecl*>(s);
            walk_expr(d->init.get(), out);
            if (vars) vars->push_back(&d->var);
            break;
        }
        case ast::StmtKind::Assign: {
            auto* a = static_cast<const ast::Assign*>(s);
            walk_expr(a->target.get(), out);
            walk_expr(a->value.get(), out);
            break;
        }
        case ast::StmtKind::If: {
            auto* i = static_cast<const ast::If*>(s);
            walk_expr(i->cond.get(), out);
            walk_stmt(i->then_block.get(), out, vars);
            walk_stmt(i->else_stmt.get(), out, vars);
            break;
        }
        case ast::StmtKind::While: {
            auto* w = static_cast<const ast::While*>(s);
            walk_expr(w->cond.get(), out);
            walk_stmt(w->body.get(), out, vars);
            break;
        }
        case ast::StmtKind::For: {
            auto* f = static_cast<const ast::For*>(s);
            walk_expr(f->start.get(), out);
            walk_expr(f->stop.get(), out);
            walk_expr(f->step.get(), out);
            if (vars) vars->push_back(&f->var);
            walk_stmt(f->body.get(), out, vars);
            break;
        }
        case ast::StmtKind::Return:
            walk_expr(static_cast<const ast::Return*>(s)->value.get(), out);
            break;
        case ast::StmtKind::ExprStmt:
            walk_expr(static_cast<const ast::ExprStmt*>(s)->expr.get(), out);
            break;
        case ast::StmtKind::Block:
            for (const auto& c : static_cast<const ast::Block*>(s)->stmts)
                walk_stmt(c.get(), out, vars);
            break;
        default: break;
    }
}

std::string text_of(const ast::Function& f, const ast::Expr& e) {
    if (!f.file || e.range.begin.line != e.range.end.line) return {};
    auto line = f.file->line(e.range.begin.line);
    std::size_t b = e.range.begin.column - 1, n = e.range.end.column - e.range.begin.column;
    if (b + n > line.size()) return {};
    return std::string(line.substr(b, n));
}

}  // namespace

std::vector<const ast::Expr*> SemaFixture::exprs_of(const ast::Function& f) {
    std::vector<const ast::Expr*> out;
    walk_stmt(f.body.get(), out, nullptr);
    return out;
}

const ast::Expr* SemaFixture::find(const sema::FunctionInstance& inst,
                                   const std::string& text) const {
    for (const ast::Expr* e : exprs_of(*inst.decl))
        if (text_of(*inst.decl, *e) == text) return e;
    return nullptr;
}

std::string SemaFixture::var_type(const sema::FunctionInstance& inst,
                                  const std::string& name) const {
    std::vector<const ast::Expr*> exprs;
    std::vector<const ast::VarSymbol*> vars;
    for (const auto& p : inst.decl->params) vars.push_back(&p.var);
    walk_stmt(inst.decl->body.get(), exprs, &vars);
    for (const auto* v : vars) {
        if (v->name != name) continue;
        const auto* t = inst.var_type(*v);
        return t ? t->str() : "<null>";
    }
    FAIL("no variable '" << name << "'");
    return {};
}

std::string type_of(const std::string& params, const std::string& expr) {
    SemaFixture p("kernel k(" + params + ") { let r = " + expr + "; }");
    auto* k = p.specialize("k");
    if (!k) return "error: " + p.first_error();
    return p.var_type(*k->kernel, "r");
}

std::string errors_of(const std::string& text, const std::string& kernel,
                      const std::string& signature) {
    SemaFixture p(text);
    if (!p.check()) return p.errors();
    if (kernel.empty()) return p.errors();
    auto* k = p.specialize(kernel, signature);
    CHECK_MESSAGE(k == nullptr, "expected '" << kernel << "' to fail");
    return p.errors();
}

}  // namespace dpk::tests
