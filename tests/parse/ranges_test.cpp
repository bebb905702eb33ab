// Source ranges of chosen nodes, and the dense expression / variable ids.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "tests/parse/parse_helpers.h"

namespace dpk::tests {
namespace {

const char* kSaxpy =
    "kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {\n"  // 1
    "    let i = global_id(0);\n"                             // 2
    "    if i < x.shape[0] {\n"                               // 3
    "        y[i] = alpha * x[i] + y[i];\n"                   // 4
    "    }\n"                                                 // 5
    "}\n";                                                    // 6

std::string str(source::SourceRange r) {
    return std::to_string(r.begin.line) + ":" + std::to_string(r.begin.column) + "-" +
           std::to_string(r.end.line) + ":" + std::to_string(r.end.column);
}

TEST_CASE("ranges of items, statements and expressions") {
    auto p = parse(kSaxpy);
    REQUIRE_MESSAGE(p->module, p->errors());
    const ast::Function& f = *p->module->functions.at(0);
    CHECK(str(f.range) == "1:1-6:2");
    CHECK(str(f.name_range) == "1:8-1:13");
    CHECK(str(f.params[0].var.range) == "1:14-1:19");
    CHECK(str(f.params[1].var.range) == "1:26-1:27");
    CHECK(str(f.params[1].var.type->range) == "1:29-1:37");
    CHECK(str(f.body->range) == "1:52-6:2");

    const auto& let = static_cast<const ast::VarDecl&>(*f.body->stmts.at(0));
    CHECK(str(let.range) == "2:5-2:26");
    CHECK(str(let.var.range) == "2:9-2:10");
    const auto& call = static_cast<const ast::Call&>(*let.init);
    CHECK(str(call.range) == "2:13-2:25");
    CHECK(str(call.callee_range) == "2:13-2:22");
    CHECK(str(call.args.at(0)->range) == "2:23-2:24");

    const auto& iff = static_cast<const ast::If&>(*f.body->stmts.at(1));
    CHECK(str(iff.range) == "3:5-5:6");
    const auto& cond = static_cast<const ast::Binary&>(*iff.cond);
    CHECK(str(cond.range) == "3:8-3:22");
    CHECK(str(cond.op_range) == "3:10-3:11");
    const auto& index = static_cast<const ast::Index&>(*cond.rhs);
    CHECK(str(index.range) == "3:12-3:22");
    const auto& member = static_cast<const ast::Member&>(*index.base);
    CHECK(str(member.range) == "3:12-3:19");
    CHECK(str(member.member_range) == "3:14-3:19");
    CHECK(str(iff.then_block->range) == "3:23-5:6");

    const auto& assign = static_cast<const ast::Assign&>(*iff.then_block->stmts.at(0));
    CHECK(str(assign.range) == "4:9-4:36");
    CHECK(str(assign.op_range) == "4:14-4:15");
    CHECK(str(assign.target->range) == "4:9-4:13");
    CHECK(str(assign.value->range) == "4:16-4:35");
}

TEST_CASE("ranges of consts, imports, for loops and parenthesized expressions") {
    auto p = parse(
        "import std.reduce;\n"
        "const N: i32 = (1 + 2) * 3;\n"
        "kernel k(a) {\n"
        "    for t in range(0, N) { a[t] = 0; }\n"
        "}\n");
    REQUIRE_MESSAGE(p->module, p->errors());
    CHECK(str(p->module->imports.at(0).range) == "1:1-1:19");
    const ast::Const& c = *p->module->consts.at(0);
    CHECK(str(c.range) == "2:1-2:28");
    CHECK(str(c.name_range) == "2:7-2:8");
    CHECK(str(c.type->range) == "2:10-2:13");
    CHECK(str(c.value->range) == "2:16-2:27");
    const auto& mul = static_cast<const ast::Binary&>(*c.value);
    CHECK(str(mul.lhs->range) == "2:17-2:22");  // parentheses are not part of the inner node
    const auto& loop = static_cast<const ast::For&>(*p->module->functions[0]->body->stmts[0]);
    CHECK(str(loop.range) == "4:5-4:39");
    CHECK(str(loop.var.range) == "4:9-4:10");
    CHECK(str(loop.range_call) == "4:14-4:25");
    CHECK(str(loop.body->range) == "4:26-4:39");
}

TEST_CASE("columns count bytes, also after non-ASCII text") {
    auto p = parse("/* \xC3\xA9t\xC3\xA9 */ kernel k() {}");
    REQUIRE_MESSAGE(p->module, p->errors());
    CHECK(str(p->module->functions[0]->name_range) == "1:20-1:21");  // 18 in code points
}

/// Calls `fn` on every expression under `e`.
void walk(const ast::Expr* e, const std::function<void(const ast::Expr&)>& fn) {
    if (!e) return;
    fn(*e);
    switch (e->kind) {
        case ast::ExprKind::Unary:
            walk(static_cast<const ast::Unary*>(e)->operand.get(), fn);
            break;
        case ast::ExprKind::Binary:
            walk(static_cast<const ast::Binary*>(e)->lhs.get(), fn);
            walk(static_cast<const ast::Binary*>(e)->rhs.get(), fn);
            break;
        case ast::ExprKind::Call:
            for (const auto& a : static_cast<const ast::Call*>(e)->args) walk(a.get(), fn);
            break;
        case ast::ExprKind::Index:
            walk(static_cast<const ast::Index*>(e)->base.get(), fn);
            for (const auto& a : static_cast<const ast::Index*>(e)->indices) walk(a.get(), fn);
            break;
        case ast::ExprKind::Member: walk(static_cast<const ast::Member*>(e)->base.get(), fn); break;
        case ast::ExprKind::Tuple:
            for (const auto& a : static_cast<const ast::Tuple*>(e)->elements) walk(a.get(), fn);
            break;
        default: break;
    }
}

struct IdCollector {
    std::vector<std::uint32_t> exprs;
    std::vector<std::pair<std::string, std::uint32_t>> vars;

    void expr(const ast::Expr* e) {
        walk(e, [&](const ast::Expr& x) { exprs.push_back(x.id); });
    }
    void stmt(const ast::Stmt* s) {
        switch (s->kind) {
            case ast::StmtKind::Block:
                for (const auto& x : static_cast<const ast::Block*>(s)->stmts) stmt(x.get());
                break;
            case ast::StmtKind::VarDecl: {
                const auto* d = static_cast<const ast::VarDecl*>(s);
                expr(d->init.get());
                vars.emplace_back(d->var.name, d->var.id);
                break;
            }
            case ast::StmtKind::Assign:
                expr(static_cast<const ast::Assign*>(s)->target.get());
                expr(static_cast<const ast::Assign*>(s)->value.get());
                break;
            case ast::StmtKind::If: {
                const auto* i = static_cast<const ast::If*>(s);
                expr(i->cond.get());
                stmt(i->then_block.get());
                if (i->else_stmt) stmt(i->else_stmt.get());
                break;
            }
            case ast::StmtKind::While:
                expr(static_cast<const ast::While*>(s)->cond.get());
                stmt(static_cast<const ast::While*>(s)->body.get());
                break;
            case ast::StmtKind::For: {
                const auto* f = static_cast<const ast::For*>(s);
                expr(f->start.get());
                expr(f->stop.get());
                expr(f->step.get());
                vars.emplace_back(f->var.name, f->var.id);
                stmt(f->body.get());
                break;
            }
            case ast::StmtKind::Return:
                expr(static_cast<const ast::Return*>(s)->value.get());
                break;
            case ast::StmtKind::ExprStmt:
                expr(static_cast<const ast::ExprStmt*>(s)->expr.get());
                break;
            default: break;
        }
    }
};

void check_dense(std::vector<std::uint32_t> ids, std::uint32_t count) {
    std::sort(ids.begin(), ids.end());
    REQUIRE(ids.size() == count);
    for (std::uint32_t i = 0; i < count; ++i) CHECK(ids[i] == i);
}

TEST_CASE("expression and variable ids are dense per function, parameters first") {
    auto p = parse(
        "const A = 1 + 2;\n"
        "kernel k(x, y: f32) {\n"
        "    let i = global_id(0);\n"
        "    for t in range(1, 4) { var s = x[t] * (y, 2); s += 1; }\n"
        "    if i > 0 { let j = -i; } else if true { x[i] = 0; } else { return; }\n"
        "}\n"
        "func g(a) { while a.shape[0] > 0 { let b = a; } return a; }\n");
    REQUIRE_MESSAGE(p->module, p->errors());
    const ast::Const& c = *p->module->consts[0];
    IdCollector cc;
    cc.expr(c.value.get());
    check_dense(cc.exprs, c.expr_count);
    CHECK(c.expr_count == 3);

    for (const auto& f : p->module->functions) {
        IdCollector ids;
        for (const auto& prm : f->params) ids.vars.emplace_back(prm.var.name, prm.var.id);
        ids.stmt(f->body.get());
        check_dense(ids.exprs, f->expr_count);
        std::vector<std::uint32_t> var_ids;
        for (const auto& [name, id] : ids.vars) var_ids.push_back(id);
        check_dense(var_ids, f->var_count);
        for (std::size_t i = 0; i < f->params.size(); ++i) CHECK(f->params[i].var.id == i);
    }
    const ast::Function& k = *p->module->functions[0];
    CHECK(k.var_count == 6);  // x y i t s j
    CHECK(k.expr_count > 10);
}

}  // namespace
}  // namespace dpk::tests
