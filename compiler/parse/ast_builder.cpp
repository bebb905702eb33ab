#include "compiler/parse/ast_builder.h"

#include "compiler/parse/literals.h"

namespace dpk::compiler::parse {

using source::SourceRange;

namespace {

/// Expressions nest at most this deep (long operator chains are left-deep trees).
constexpr int kMaxExprDepth = 1024;

ast::BinaryOp binary_op(std::size_t token_type) {
    using P = grammar::DpkParser;
    switch (token_type) {
        case P::STAR: return ast::BinaryOp::Mul;
        case P::SLASH: return ast::BinaryOp::Div;
        case P::PERCENT: return ast::BinaryOp::Rem;
        case P::PLUS: return ast::BinaryOp::Add;
        case P::MINUS: return ast::BinaryOp::Sub;
        case P::SHL: return ast::BinaryOp::Shl;
        case P::SHR: return ast::BinaryOp::Shr;
        case P::LT: return ast::BinaryOp::Lt;
        case P::LE: return ast::BinaryOp::Le;
        case P::GT: return ast::BinaryOp::Gt;
        case P::GE: return ast::BinaryOp::Ge;
        case P::EQ: return ast::BinaryOp::Eq;
        case P::NE: return ast::BinaryOp::Ne;
        case P::AMP: return ast::BinaryOp::BitAnd;
        case P::CARET: return ast::BinaryOp::BitXor;
        case P::PIPE: return ast::BinaryOp::BitOr;
        case P::AND_AND: return ast::BinaryOp::LogAnd;
        default: return ast::BinaryOp::LogOr;
    }
}

ast::AssignOp assign_op(std::size_t token_type) {
    using P = grammar::DpkParser;
    switch (token_type) {
        case P::ADD_ASSIGN: return ast::AssignOp::Add;
        case P::SUB_ASSIGN: return ast::AssignOp::Sub;
        case P::MUL_ASSIGN: return ast::AssignOp::Mul;
        case P::DIV_ASSIGN: return ast::AssignOp::Div;
        case P::REM_ASSIGN: return ast::AssignOp::Rem;
        case P::AND_ASSIGN: return ast::AssignOp::BitAnd;
        case P::OR_ASSIGN: return ast::AssignOp::BitOr;
        case P::XOR_ASSIGN: return ast::AssignOp::BitXor;
        case P::SHL_ASSIGN: return ast::AssignOp::Shl;
        case P::SHR_ASSIGN: return ast::AssignOp::Shr;
        default: return ast::AssignOp::Set;
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Items

std::unique_ptr<ast::Module> AstBuilder::build_module(P::ProgramContext* ctx) {
    auto module = std::make_unique<ast::Module>();
    module->file = file_;
    for (auto* item : ctx->item()) {
        if (auto* imp = item->importDecl()) build_import(imp, *module);
        if (auto* c = item->constDecl()) module->consts.push_back(build_const(c));
        if (auto* f = item->functionDecl()) module->functions.push_back(build_function(f));
    }
    return module;
}

void AstBuilder::build_import(P::ImportDeclContext* ctx, ast::Module& module) {
    ast::Import imp;
    for (auto* id : ctx->ID()) imp.path.push_back(id->getText());
    imp.range = loc_.range(ctx);
    imp.file = file_;
    module.imports.push_back(std::move(imp));
}

std::unique_ptr<ast::Const> AstBuilder::build_const(P::ConstDeclContext* ctx) {
    next_expr_ = 0;
    auto c = std::make_unique<ast::Const>();
    c->name = ctx->ID()->getText();
    c->range = loc_.range(ctx);
    c->name_range = loc_.range(ctx->ID()->getSymbol());
    if (ctx->typeExpr()) c->type = build_value_type(ctx->typeExpr(), "a constant");
    c->value = build_expr(ctx->expr());
    c->expr_count = next_expr_;
    c->file = file_;
    return c;
}

std::unique_ptr<ast::Function> AstBuilder::build_function(P::FunctionDeclContext* ctx) {
    next_expr_ = 0;
    next_var_ = 0;
    auto f = std::make_unique<ast::Function>();
    f->is_kernel = ctx->kind->getType() == P::KERNEL;
    f->name = ctx->ID()->getText();
    f->range = loc_.range(ctx);
    f->name_range = loc_.range(ctx->ID()->getSymbol());
    f->file = file_;
    for (auto* a : ctx->attribute()) {
        ast::Attribute attr;
        attr.name = a->ID()->getText();
        attr.range = loc_.range(a);
        attr.name_range = loc_.range(a->ID()->getSymbol());
        for (auto* e : a->expr()) attr.args.push_back(build_expr(e));
        f->attributes.push_back(std::move(attr));
    }
    if (auto* list = ctx->paramList()) {
        for (auto* p : list->param()) {
            ast::Param param;
            param.var = make_var(p->ID()->getSymbol(), false);
            if (p->typeExpr()) param.var.type = build_type(p->typeExpr());
            f->params.push_back(std::move(param));
        }
    }
    if (auto* ret = ctx->typeExpr()) {
        if (f->is_kernel)
            error(loc_.range(ret), "a kernel returns nothing; remove the return type");
        else
            f->return_type = build_value_type(ret, "a return type");
    }
    f->body = build_block(ctx->block());
    f->expr_count = next_expr_;
    f->var_count = next_var_;
    return f;
}

ast::VarSymbol AstBuilder::make_var(antlr4::Token* name, bool is_mutable) {
    ast::VarSymbol v;
    v.name = name->getText();
    v.range = loc_.range(name);
    v.is_mutable = is_mutable;
    v.id = next_var_++;
    return v;
}

// ---------------------------------------------------------------------------------------------
// Statements

std::unique_ptr<ast::Block> AstBuilder::build_block(P::BlockContext* ctx) {
    auto block = std::make_unique<ast::Block>();
    block->range = loc_.range(ctx);
    for (auto* s : ctx->statement()) {
        if (auto* d = dynamic_cast<P::VarDeclStmtContext*>(s); d && d->LPAREN()) {
            build_destructure(d, *block);
            continue;
        }
        if (auto stmt = build_stmt(s)) block->stmts.push_back(std::move(stmt));
    }
    return block;
}

ast::StmtPtr AstBuilder::build_stmt(P::StatementContext* ctx) {
    if (auto* s = dynamic_cast<P::VarDeclStmtContext*>(ctx)) return build_var_decl(s);
    if (auto* s = dynamic_cast<P::IfStmtContext*>(ctx)) return build_if(s->ifStatement());
    if (auto* s = dynamic_cast<P::WhileStmtContext*>(ctx)) {
        auto w = std::make_unique<ast::While>();
        w->range = loc_.range(ctx);
        w->cond = build_expr(s->expr());
        w->body = build_block(s->block());
        return w;
    }
    if (auto* s = dynamic_cast<P::ForStmtContext*>(ctx)) return build_for(s);
    if (dynamic_cast<P::BreakStmtContext*>(ctx)) {
        auto b = std::make_unique<ast::Break>();
        b->range = loc_.range(ctx);
        return b;
    }
    if (dynamic_cast<P::ContinueStmtContext*>(ctx)) {
        auto c = std::make_unique<ast::Continue>();
        c->range = loc_.range(ctx);
        return c;
    }
    if (auto* s = dynamic_cast<P::ReturnStmtContext*>(ctx)) {
        auto r = std::make_unique<ast::Return>();
        r->range = loc_.range(ctx);
        if (s->expr()) r->value = build_expr(s->expr());
        return r;
    }
    if (auto* s = dynamic_cast<P::BlockStmtContext*>(ctx)) return build_block(s->block());
    if (auto* s = dynamic_cast<P::SimpleStmtContext*>(ctx)) return build_simple(s);
    return nullptr;
}

ast::StmtPtr AstBuilder::build_var_decl(P::VarDeclStmtContext* ctx) {
    auto d = std::make_unique<ast::VarDecl>();
    d->range = loc_.range(ctx);
    bool is_var = ctx->kind->getType() == P::VAR;
    std::optional<ast::TypeExpr> type;
    if (ctx->typeExpr()) type = build_value_type(ctx->typeExpr(), is_var ? "a 'var'" : "a 'let'");
    const std::string name = ctx->ID(0)->getText();
    if (ctx->expr()) {
        d->init = build_expr(ctx->expr());
    } else if (!is_var) {
        error(d->range, "a 'let' needs a value: write let " + name + " = ...; (or var " + name +
                            ": T; for a variable that starts at zero)");
    } else if (!type) {
        error(d->range, "'var " + name + ";' needs a type or a value: write var " + name +
                            ": T; (it starts at zero) or var " + name + " = ...;");
    } else {
        d->init = zero_of(*type);
    }
    if (!d->init) d->init = make<ast::IntLit>(d->range);  // after an error: keep going
    // Numbered after its initializer, in which it is not yet in scope.
    d->var = make_var(ctx->ID(0)->getSymbol(), is_var);
    d->var.type = std::move(type);
    return d;
}

ast::ExprPtr AstBuilder::zero_of(const ast::TypeExpr& type) {
    // `0` takes any integer or float type from the annotation; `false` is the bool zero.
    if (type.scalar == "bool" || type.scalar == "boolean") {
        auto b = make<ast::BoolLit>(type.range);
        b->value = false;
        return b;
    }
    return make<ast::IntLit>(type.range);
}

void AstBuilder::build_destructure(P::VarDeclStmtContext* ctx, ast::Block& block) {
    const bool is_var = ctx->kind->getType() == P::VAR;
    const auto names = ctx->ID();
    if (!ctx->expr()) {
        error(loc_.range(ctx), "a 'let (a, b)' or 'var (a, b)' needs a value: write = (e1, e2)");
        return;
    }
    if (ctx->typeExpr()) {
        error(loc_.range(ctx->typeExpr()),
              "a 'let (a, b) = ...' takes no type: the names take the types of the values");
        return;
    }
    for (std::size_t k = 0; k < names.size(); ++k) {
        auto d = std::make_unique<ast::VarDecl>();
        d->range = loc_.range(ctx);
        // Each name gets its own copy of the value, built from the parse tree again.
        ast::ExprPtr value = build_expr(ctx->expr());
        if (value->kind == ast::ExprKind::Tuple) {
            auto& elements = static_cast<ast::Tuple&>(*value).elements;
            if (elements.size() != names.size()) {
                if (k == 0)
                    error(value->range, std::to_string(names.size()) + " names but a tuple of " +
                                            std::to_string(elements.size()) + " values");
                return;
            }
            d->init = std::move(elements[k]);
        } else {
            const bool shape_or_strides = value->kind == ast::ExprKind::Member &&
                                          (static_cast<ast::Member&>(*value).member == "shape" ||
                                           static_cast<ast::Member&>(*value).member == "strides");
            if (!shape_or_strides) {
                error(value->range,
                      "only a tuple, x.shape or x.strides can be taken apart: let (n, m) = "
                      "x.shape;");
                return;
            }
            // The index carries the name's position: a name past the last dimension is
            // reported there.
            auto index = make<ast::Index>(value->range);
            auto dim = make<ast::IntLit>(loc_.range(names[k]->getSymbol()));
            dim->value = k;
            index->base = std::move(value);
            index->indices.push_back(std::move(dim));
            d->init = std::move(index);
        }
        d->var = make_var(names[k]->getSymbol(), is_var);
        block.stmts.push_back(std::move(d));
    }
}

std::unique_ptr<ast::If> AstBuilder::build_if(P::IfStatementContext* ctx) {
    auto s = std::make_unique<ast::If>();
    s->range = loc_.range(ctx);
    s->cond = build_expr(ctx->expr());
    auto blocks = ctx->block();
    s->then_block = build_block(blocks.at(0));
    if (auto* elif = ctx->ifStatement())
        s->else_stmt = build_if(elif);
    else if (blocks.size() > 1)
        s->else_stmt = build_block(blocks[1]);
    return s;
}

ast::StmtPtr AstBuilder::build_for(P::ForStmtContext* ctx) {
    auto f = std::make_unique<ast::For>();
    f->range = loc_.range(ctx);
    antlr4::Token* callee = ctx->ID(1)->getSymbol();
    f->range_call = loc_.range(callee, ctx->RPAREN()->getSymbol());
    if (callee->getText() != "range")
        error(loc_.range(callee),
              "expected 'range(...)' after 'in', found '" + callee->getText() + "'");
    auto args = ctx->expr();
    if (args.size() > 3)
        error(loc_.range(args[3]), "range() takes 1 to 3 arguments (start, stop, step)");
    if (args.size() == 1) {
        f->stop = build_expr(args[0]);
    } else {
        f->start = build_expr(args[0]);
        f->stop = build_expr(args[1]);
        if (args.size() > 2) f->step = build_expr(args[2]);
    }
    // The loop variable is in scope in the body only.
    f->var = make_var(ctx->ID(0)->getSymbol(), false);
    f->body = build_block(ctx->block());
    return f;
}

ast::StmtPtr AstBuilder::build_simple(P::SimpleStmtContext* ctx) {
    if (!ctx->assignOp()) {
        auto s = std::make_unique<ast::ExprStmt>();
        s->range = loc_.range(ctx);
        s->expr = build_expr(ctx->target);
        return s;
    }
    auto a = std::make_unique<ast::Assign>();
    a->range = loc_.range(ctx);
    antlr4::Token* op = ctx->assignOp()->getStart();
    a->op = assign_op(op->getType());
    a->op_range = loc_.range(op);
    a->target = build_expr(ctx->target);
    a->value = build_expr(ctx->value);
    if (a->target && a->target->kind != ast::ExprKind::Name &&
        a->target->kind != ast::ExprKind::Index)
        error(a->target->range,
              "cannot assign to this expression (expected a variable or an "
              "array element)");
    return a;
}

// ---------------------------------------------------------------------------------------------
// Expressions

template <class T>
std::unique_ptr<T> AstBuilder::make(SourceRange range) {
    auto e = std::make_unique<T>();
    e->range = range;
    e->id = next_expr_++;
    return e;
}

namespace {

/// Counts expression nesting while the builder recurses.
struct DepthGuard {
    int& depth;
    explicit DepthGuard(int& d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
};

/// C precedence of a binary operator: higher binds tighter. All are left associative.
int precedence(ast::BinaryOp op) {
    using B = ast::BinaryOp;
    switch (op) {
        case B::Mul:
        case B::Div:
        case B::Rem: return 10;
        case B::Add:
        case B::Sub: return 9;
        case B::Shl:
        case B::Shr: return 8;
        case B::Lt:
        case B::Le:
        case B::Gt:
        case B::Ge: return 7;
        case B::Eq:
        case B::Ne: return 6;
        case B::BitAnd: return 5;
        case B::BitXor: return 4;
        case B::BitOr: return 3;
        case B::LogAnd: return 2;
        case B::LogOr: return 1;
    }
    return 0;
}

}  // namespace

bool AstBuilder::too_deep(antlr4::ParserRuleContext* ctx, std::size_t chain_length) {
    if (depth_ <= kMaxExprDepth && chain_length <= static_cast<std::size_t>(kMaxExprDepth))
        return false;
    if (!depth_reported_)
        error(loc_.range(ctx), "expression is too deeply nested (more than " +
                                   std::to_string(kMaxExprDepth) + " levels)");
    depth_reported_ = true;
    return true;
}

ast::ExprPtr AstBuilder::build_expr(P::ExprContext* ctx) {
    if (ctx == nullptr) return nullptr;
    DepthGuard guard(depth_);
    auto operands = ctx->unaryExpr();
    auto operators = ctx->binaryOp();
    if (too_deep(ctx, operators.size())) return make<ast::IntLit>(loc_.range(ctx));
    // Operator precedence over the flat operand/operator sequence (shunting-yard).
    struct PendingOp {
        ast::BinaryOp op;
        SourceRange range;
    };
    // Each value keeps the source range of its operand text (parentheses included).
    std::vector<std::pair<ast::ExprPtr, SourceRange>> values;
    std::vector<PendingOp> pending;
    auto reduce = [&] {
        auto e = std::make_unique<ast::Binary>();
        auto [rhs, rhs_range] = std::move(values.back());
        values.pop_back();
        auto [lhs, lhs_range] = std::move(values.back());
        values.pop_back();
        e->lhs = std::move(lhs);
        e->rhs = std::move(rhs);
        e->op = pending.back().op;
        e->op_range = pending.back().range;
        pending.pop_back();
        e->range = {lhs_range.begin, rhs_range.end};
        e->id = next_expr_++;
        values.emplace_back(std::move(e), SourceRange{lhs_range.begin, rhs_range.end});
    };
    values.emplace_back(build_unary(operands[0]), loc_.range(operands[0]));
    for (std::size_t i = 0; i < operators.size() && i + 1 < operands.size(); ++i) {
        ast::BinaryOp op = binary_op(operators[i]->getStart()->getType());
        while (!pending.empty() && precedence(pending.back().op) >= precedence(op)) reduce();
        pending.push_back({op, loc_.range(operators[i]->getStart())});
        values.emplace_back(build_unary(operands[i + 1]), loc_.range(operands[i + 1]));
    }
    while (!pending.empty()) reduce();
    return std::move(values.front().first);
}

ast::ExprPtr AstBuilder::build_unary(P::UnaryExprContext* ctx) {
    if (ctx == nullptr) return nullptr;
    if (auto* p = dynamic_cast<P::PostfixContext*>(ctx)) return build_postfix(p->postfixExpr());
    auto* u = dynamic_cast<P::UnaryOpContext*>(ctx);
    if (u == nullptr) return nullptr;
    DepthGuard guard(depth_);
    if (too_deep(ctx, 0)) return make<ast::IntLit>(loc_.range(ctx));
    auto e = make<ast::Unary>(loc_.range(ctx));
    const auto token = u->op->getType();
    e->op = token == P::MINUS  ? ast::UnaryOp::Neg
            : token == P::PLUS ? ast::UnaryOp::Plus
            : token == P::BANG ? ast::UnaryOp::Not
                               : ast::UnaryOp::BitNot;
    e->operand = build_unary(u->unaryExpr());
    return e;
}

ast::ExprPtr AstBuilder::build_postfix(P::PostfixExprContext* ctx) {
    ast::ExprPtr base = build_primary(ctx->primary());
    for (auto* op : ctx->postfixOp()) {
        SourceRange range{base ? base->range.begin : loc_.range(op).begin, loc_.range(op).end};
        if (auto* idx = dynamic_cast<P::IndexOpContext*>(op)) {
            auto e = make<ast::Index>(range);
            e->base = std::move(base);
            for (auto* i : idx->expr()) e->indices.push_back(build_expr(i));
            base = std::move(e);
        } else if (auto* mem = dynamic_cast<P::MemberOpContext*>(op); mem && mem->LPAREN()) {
            auto e = make<ast::Call>(range);  // `x.dtype(v)`
            e->receiver = std::move(base);
            e->callee = mem->ID()->getText();
            e->callee_range = loc_.range(mem->ID()->getSymbol());
            for (auto* a : mem->expr()) e->args.push_back(build_expr(a));
            base = std::move(e);
        } else if (mem) {
            auto e = make<ast::Member>(range);
            e->base = std::move(base);
            e->member = mem->ID()->getText();
            e->member_range = loc_.range(mem->ID()->getSymbol());
            base = std::move(e);
        }
    }
    return base;
}

ast::ExprPtr AstBuilder::build_primary(P::PrimaryContext* ctx) {
    SourceRange range = loc_.range(ctx);
    if (auto* i = dynamic_cast<P::IntLitContext*>(ctx)) return build_int(i->INT()->getSymbol());
    if (auto* f = dynamic_cast<P::FloatLitContext*>(ctx))
        return build_float(f->FLOAT()->getSymbol());
    if (dynamic_cast<P::BoolLitContext*>(ctx)) {
        auto e = make<ast::BoolLit>(range);
        e->value = ctx->getStart()->getType() == P::TRUE;
        return e;
    }
    if (auto* str = dynamic_cast<P::StringLitContext*>(ctx)) return build_string(str->STRING());
    if (auto* c = dynamic_cast<P::CallContext*>(ctx)) {
        auto e = make<ast::Call>(range);
        e->callee = c->ID()->getText();
        e->callee_range = loc_.range(c->ID()->getSymbol());
        for (auto* a : c->expr()) e->args.push_back(build_expr(a));
        return e;
    }
    if (dynamic_cast<P::NameContext*>(ctx)) {
        auto e = make<ast::Name>(range);
        e->name = ctx->getStart()->getText();
        return e;
    }
    auto* p = dynamic_cast<P::ParenOrTupleContext*>(ctx);
    if (p == nullptr) return nullptr;
    auto elements = p->expr();
    if (elements.size() == 1) return build_expr(elements[0]);  // parentheses only group
    auto e = make<ast::Tuple>(range);
    for (auto* x : elements) e->elements.push_back(build_expr(x));
    return e;
}

ast::ExprPtr AstBuilder::build_int(antlr4::Token* token) {
    auto e = make<ast::IntLit>(loc_.range(token));
    IntLiteral lit = parse_int_literal(token->getText());
    if (!lit.ok)
        error(e->range, "integer literal '" + token->getText() + "' is too large for 64 bits");
    e->value = lit.value;
    e->suffix = lit.suffix;
    return e;
}

ast::ExprPtr AstBuilder::build_string(antlr4::tree::TerminalNode* node) {
    auto e = make<ast::StringLit>(loc_.range(node->getSymbol()));
    const std::string text = node->getText();
    const std::string_view body = std::string_view(text).substr(1, text.size() - 2);
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] != '\\') {
            e->value += body[i];
            continue;
        }
        const char c = i + 1 < body.size() ? body[++i] : '\\';
        switch (c) {
            case 'n': e->value += '\n'; break;
            case 't': e->value += '\t'; break;
            case '\\': e->value += '\\'; break;
            case '"': e->value += '"'; break;
            default: {
                SourceRange at = e->range;
                at.begin.column += static_cast<std::uint32_t>(i);  // the backslash, after the quote
                at.end = at.begin;
                at.end.column += 2;
                error(at, std::string("unknown escape '\\") + c +
                              "' in a string: write \\n, \\t, \\\\ or \\\"");
            }
        }
    }
    return e;
}

ast::ExprPtr AstBuilder::build_float(antlr4::Token* token) {
    auto e = make<ast::FloatLit>(loc_.range(token));
    FloatLiteral lit = parse_float_literal(token->getText());
    if (!lit.ok) error(e->range, "float literal '" + token->getText() + "' is out of range");
    e->value = lit.value;
    e->text = token->getText();
    e->suffix = lit.suffix;
    return e;
}

}  // namespace dpk::compiler::parse
