// Operator precedence and associativity, literals and postfix forms, checked through the dump.
#include <doctest/doctest.h>

#include "tests/parse/parse_helpers.h"

namespace dpk::tests {
namespace {

TEST_CASE("C precedence") {
    CHECK(dump_expr("a + b * c << 1 < d & e") == "(& (< (<< (+ a (* b c)) 1) d) e)");
    CHECK(dump_expr("a || b && c | d ^ e & a == b != c") ==
          "(|| a (&& b (| c (^ d (& e (!= (== a b) c))))))");
    CHECK(dump_expr("a < b == c >= d") == "(== (< a b) (>= c d))");
    CHECK(dump_expr("a * b % c + d / e - a") == "(- (+ (% (* a b) c) (/ d e)) a)");
    CHECK(dump_expr("a >> 1 <= b << 2") == "(<= (>> a 1) (<< b 2))");
    CHECK(dump_expr("a && b || c && d") == "(|| (&& a b) (&& c d))");
    CHECK(dump_expr("a | b & c ^ d") == "(| a (^ (& b c) d))");
}

TEST_CASE("left associativity and parentheses") {
    CHECK(dump_expr("a - b - c") == "(- (- a b) c)");
    CHECK(dump_expr("a / b * c") == "(* (/ a b) c)");
    CHECK(dump_expr("a << b >> c") == "(>> (<< a b) c)");
    CHECK(dump_expr("a - (b - c)") == "(- a (- b c))");
    CHECK(dump_expr("(a + b) * c") == "(* (+ a b) c)");
    CHECK(dump_expr("((a))") == "a");
}

TEST_CASE("unary operators bind tighter than binary ones, postfix tighter still") {
    CHECK(dump_expr("-a * b") == "(* (- a) b)");
    CHECK(dump_expr("!a && ~b") == "(&& (! a) (~ b))");
    CHECK(dump_expr("- -a") == "(- (- a))");
    CHECK(dump_expr("-a[0]") == "(- (index a 0))");
    CHECK(dump_expr("a - -1") == "(- a (- 1))");
    CHECK(dump_expr("~a.size") == "(~ (. a size))");
}

TEST_CASE("postfix forms, calls and tuples") {
    CHECK(dump_expr("a.shape[1]") == "(index (. a shape) 1)");
    CHECK(dump_expr("a.strides[0] * a.size") == "(* (index (. a strides) 0) (. a size))");
    CHECK(dump_expr("a[i, j + 1]") == "(index a i (+ j 1))");
    CHECK(dump_expr("a[b[0]][1]") == "(index (index a (index b 0)) 1)");
    CHECK(dump_expr("f32(a) + i64(b)") == "(+ (call f32 a) (call i64 b))");
    CHECK(dump_expr("select(a > b, a, b)") == "(call select (> a b) a b)");
    CHECK(dump_expr("atomic_add(a, (0, 1), 1.0)") == "(call atomic_add a (tuple 0 1) 1.0)");
    CHECK(dump_expr("private_array(f32, 4)") == "(call private_array f32 4)");
    CHECK(dump_expr("local_size(0)") == "(call local_size 0)");
    CHECK(dump_expr("f()") == "(call f)");
    CHECK(dump_expr("local | global") == "(| local global)");
    CHECK(dump_expr("x.dtype(1) * 2") == "(* (call (. x dtype) 1) 2)");
    CHECK(dump_expr("local_array(x.dtype, 4)") == "(call local_array (. x dtype) 4)");
}

TEST_CASE("literals") {
    CHECK(dump_expr("0x1F + 0XfF") == "(+ 31 255)");
    CHECK(dump_expr("18446744073709551615") == "18446744073709551615");
    CHECK(dump_expr("0xFFFFFFFFFFFFFFFF") == "18446744073709551615");
    CHECK(dump_expr("3u32 + 7i64 + 0x10u8") == "(+ (+ 3u32 7i64) 16u8)");
    CHECK(dump_expr("1.0 + 1e-3 + 2.5e+10 + .5 + 1.5f32 + 2f64") ==
          "(+ (+ (+ (+ (+ 1.0 1e-3) 2.5e+10) .5) 1.5f32) 2f64)");
    CHECK(dump_expr("true != false") == "(!= true false)");
    CHECK(dump_expr("2. * 1.e3 + 3.f32") == "(+ (* 2. 1.e3) 3.f32)");

    auto p = parse("kernel k() { let x = 2.5e+10; let y = .5f32; let z = 1e-400; let w = 42; }");
    REQUIRE_MESSAGE(p->module, p->errors());
    const auto& stmts = p->module->functions[0]->body->stmts;
    auto init = [&](int i) { return static_cast<const ast::VarDecl&>(*stmts[i]).init.get(); };
    const auto* x = static_cast<const ast::FloatLit*>(init(0));
    CHECK(x->value == 2.5e10);
    CHECK(x->suffix.empty());
    CHECK(x->text == "2.5e+10");
    const auto* y = static_cast<const ast::FloatLit*>(init(1));
    CHECK(y->value == 0.5);
    CHECK(y->suffix == "f32");
    CHECK(static_cast<const ast::FloatLit*>(init(2))->value == 0.0);  // underflow is fine
    CHECK(static_cast<const ast::IntLit*>(init(3))->value == 42);
}

TEST_CASE("empty programs") {
    for (const char* text : {"", "   \n", "// only a comment\n", "/* c */"}) {
        auto p = parse(text);
        REQUIRE_MESSAGE(p->module, p->errors());
        CHECK(compiler::parse::dump(*p->module).empty());
    }
}

TEST_CASE("comments") {
    auto p = parse("// line comment\n/* block\n comment */ kernel k() { /* inner */ }\n// end");
    REQUIRE_MESSAGE(p->module, p->errors());
    CHECK(p->module->functions.size() == 1);
}

}  // namespace
}  // namespace dpk::tests
