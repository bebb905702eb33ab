#include "compiler/parse/ast_dump.h"

#include "compiler/ast/type_annotation.h"

namespace dpk::compiler::parse {

namespace {

void indent(std::string& out, int level) {
    out.append(static_cast<std::size_t>(level) * 2, ' ');
}

std::string var_text(const ast::VarSymbol& v) {
    return v.type ? v.name + ":" + dump(*v.type) : v.name;
}

void dump_stmt(std::string& out, const ast::Stmt* s, int level);

void dump_block(std::string& out, const ast::Block* b, int level) {
    indent(out, level);
    if (b == nullptr) {
        out += "<null>";
        return;
    }
    out += "(block";
    for (const auto& s : b->stmts) {
        out += "\n";
        dump_stmt(out, s.get(), level + 1);
    }
    out += ")";
}

void dump_stmt(std::string& out, const ast::Stmt* s, int level) {
    if (s == nullptr) {
        indent(out, level);
        out += "<null>";
        return;
    }
    switch (s->kind) {
        case ast::StmtKind::Block:
            dump_block(out, static_cast<const ast::Block*>(s), level);
            return;
        case ast::StmtKind::If: {
            const auto* i = static_cast<const ast::If*>(s);
            indent(out, level);
            out += "(if " + dump(i->cond.get()) + "\n";
            dump_block(out, i->then_block.get(), level + 1);
            if (i->else_stmt) {
                out += "\n";
                dump_stmt(out, i->else_stmt.get(), level + 1);
            }
            out += ")";
            return;
        }
        case ast::StmtKind::While: {
            const auto* w = static_cast<const ast::While*>(s);
            indent(out, level);
            out += "(while " + dump(w->cond.get()) + "\n";
            dump_block(out, w->body.get(), level + 1);
            out += ")";
            return;
        }
        case ast::StmtKind::For: {
            const auto* f = static_cast<const ast::For*>(s);
            indent(out, level);
            out += "(for " + f->var.name + " (range";
            if (f->start) out.append(" ").append(dump(f->start.get()));
            out.append(" ").append(dump(f->stop.get()));
            if (f->step) out.append(" ").append(dump(f->step.get()));
            out += ")\n";
            dump_block(out, f->body.get(), level + 1);
            out += ")";
            return;
        }
        default: break;
    }
    indent(out, level);
    switch (s->kind) {
        case ast::StmtKind::VarDecl: {
            const auto* d = static_cast<const ast::VarDecl*>(s);
            out += std::string(d->var.is_mutable ? "(var " : "(let ") + var_text(d->var) + " " +
                   dump(d->init.get()) + ")";
            break;
        }
        case ast::StmtKind::Assign: {
            const auto* a = static_cast<const ast::Assign*>(s);
            out += std::string("(") + ast::op_spelling(a->op) + " " + dump(a->target.get()) + " " +
                   dump(a->value.get()) + ")";
            break;
        }
        case ast::StmtKind::Break: out += "(break)"; break;
        case ast::StmtKind::Continue: out += "(continue)"; break;
        case ast::StmtKind::Return: {
            const auto* r = static_cast<const ast::Return*>(s);
            out += r->value ? "(return " + dump(r->value.get()) + ")" : "(return)";
            break;
        }
        case ast::StmtKind::ExprStmt:
            out += "(expr " + dump(static_cast<const ast::ExprStmt*>(s)->expr.get()) + ")";
            break;
        default: break;
    }
}

std::string join_exprs(const std::vector<ast::ExprPtr>& exprs) {
    std::string out;
    for (const auto& e : exprs) out.append(" ").append(dump(e.get()));
    return out;
}

}  // namespace

std::string dump(const ast::TypeExpr& t) {
    return ast::spelling(t);
}

std::string dump(const ast::Expr* e) {
    if (e == nullptr) return "<null>";
    switch (e->kind) {
        case ast::ExprKind::IntLit: {
            const auto* i = static_cast<const ast::IntLit*>(e);
            return std::to_string(i->value) + i->suffix;
        }
        case ast::ExprKind::FloatLit: return static_cast<const ast::FloatLit*>(e)->text;
        case ast::ExprKind::BoolLit:
            return static_cast<const ast::BoolLit*>(e)->value ? "true" : "false";
        case ast::ExprKind::StringLit:
            return "(string " +
                   std::to_string(static_cast<const ast::StringLit*>(e)->value.size()) + ")";
        case ast::ExprKind::Name: return static_cast<const ast::Name*>(e)->name;
        case ast::ExprKind::Unary: {
            const auto* u = static_cast<const ast::Unary*>(e);
            return std::string("(") + ast::op_spelling(u->op) + " " + dump(u->operand.get()) + ")";
        }
        case ast::ExprKind::Binary: {
            const auto* b = static_cast<const ast::Binary*>(e);
            return std::string("(") + ast::op_spelling(b->op) + " " + dump(b->lhs.get()) + " " +
                   dump(b->rhs.get()) + ")";
        }
        case ast::ExprKind::Call: {
            const auto* c = static_cast<const ast::Call*>(e);
            if (c->receiver)  // `x.dtype(v)`
                return "(call (. " + dump(c->receiver.get()) + " " + c->callee + ")" +
                       join_exprs(c->args) + ")";
            return "(call " + c->callee + join_exprs(c->args) + ")";
        }
        case ast::ExprKind::Index: {
            const auto* i = static_cast<const ast::Index*>(e);
            return "(index " + dump(i->base.get()) + join_exprs(i->indices) + ")";
        }
        case ast::ExprKind::Member: {
            const auto* m = static_cast<const ast::Member*>(e);
            return "(. " + dump(m->base.get()) + " " + m->member + ")";
        }
        case ast::ExprKind::Tuple:
            return "(tuple" + join_exprs(static_cast<const ast::Tuple*>(e)->elements) + ")";
    }
    return "<?>";
}

std::string dump(const ast::Module& module) {
    std::string out;
    for (const auto& imp : module.imports) {
        out += "(import ";
        for (std::size_t i = 0; i < imp.path.size(); ++i) out += (i ? "." : "") + imp.path[i];
        out += ")\n";
    }
    for (const auto& c : module.consts) {
        out.append("(const ").append(c->name);
        if (c->type) out.append(":").append(dump(*c->type));
        out.append(" ").append(dump(c->value.get())).append(")\n");
    }
    for (const auto& f : module.functions) {
        out += std::string(f->is_kernel ? "(kernel " : "(func ") + f->name + " (";
        for (std::size_t i = 0; i < f->params.size(); ++i)
            out.append(i ? " " : "").append(var_text(f->params[i].var));
        out += ")";
        if (f->return_type) out += " -> " + dump(*f->return_type);
        for (const auto& a : f->attributes) {
            out += " @" + a.name + "(";
            for (std::size_t i = 0; i < a.args.size(); ++i)
                out.append(i ? " " : "").append(dump(a.args[i].get()));
            out += ")";
        }
        out += "\n";
        dump_block(out, f->body.get(), 1);
        out += ")\n";
    }
    return out;
}

}  // namespace dpk::compiler::parse
