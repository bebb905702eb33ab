// Untyped `let`/`var` and builtin calls on literals take their types from their uses
// (docs/language.md, "Literals take their type from their uses").
#include "tests/sema/sema_fixture.h"

using dpk::tests::SemaFixture;

namespace {

double as_f64(const dpk::compiler::sema::ExprInfo& i) {
    REQUIRE(i.constant);
    return std::get<double>(i.constant->value);
}

std::size_t warnings(const SemaFixture& p) {
    return p.diags.warning_count();
}

}  // namespace

TEST_CASE("inference: a let from a literal takes the type of the operand it meets") {
    SemaFixture p(
        "kernel k(x: f32[::1], y: f32[::1]) { let i = global_id(0); let half = 0.5; "
        "y[i] = half * x[i]; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "half") == "f32");
    CHECK(p.type(*k->kernel, "half * x[i]") == "f32");
    CHECK(p.var_type(*k->kernel, "i") == "i64");
}

TEST_CASE("inference: a var accumulator takes the type of what is added to it") {
    SemaFixture p(
        "kernel k(x: f32[::1], y: f32[::1]) { var acc = 0.0; for j in range(4) { acc += x[j]; } "
        "y[0] = f32(acc); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "acc") == "f32");
}

TEST_CASE("inference: variables made from one another share their type") {
    SemaFixture p(
        "kernel k(x: f32[::1]) { let a = 0.25; let b = a * 2.0; var c = b; "
        "c = c + 1.0; x[0] = c; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "f32");
    CHECK(p.var_type(*k->kernel, "b") == "f32");
    CHECK(p.var_type(*k->kernel, "c") == "f32");
}

TEST_CASE("inference: integer variables take integer types only; defaults stay i64 / f64") {
    SemaFixture p(
        "kernel k(a: i32[::1], x: f32[::1]) { let n = 3; a[0] = n; let m = 4; "
        "x[m] = m; let h = 0.5; let q = 7; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "n") == "i32");
    CHECK(p.var_type(*k->kernel, "m") == "i64");  // an index and a float store fix nothing
    CHECK(p.var_type(*k->kernel, "h") == "f64");
    CHECK(p.var_type(*k->kernel, "q") == "i64");
}

TEST_CASE("inference: arguments and returns fix the type") {
    SemaFixture p(
        "func f(v: f32) -> f32 { return v; }\n"
        "func g() -> f32 { let c = 1.5; return c; }\n"
        "kernel k(x: f32[::1]) { let s = 2.0; x[0] = f(s) + g(); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "s") == "f32");
    const auto* g = SemaFixture::instance(*k, "g__");
    REQUIRE(g);
    CHECK(p.var_type(*g, "c") == "f32");
}

TEST_CASE("inference: a builtin on literals is untyped until its use") {
    SemaFixture p(
        "const TWO_PI = 6.283185;\n"
        "kernel k(x: f32[::1]) { x[0] = x[0] / sqrt(TWO_PI) + sqrt(2) + "
        "min(1.0, 2.0); let d = sqrt(2.0); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.type(*k->kernel, "sqrt(TWO_PI)") == "f32");
    CHECK(p.type(*k->kernel, "sqrt(2)") == "f32");
    CHECK(p.type(*k->kernel, "min(1.0, 2.0)") == "f32");
    CHECK(p.var_type(*k->kernel, "d") == "f64");  // nothing constrains it
}

TEST_CASE("inference: constants fold at the precision of the type chosen") {
    SemaFixture p("kernel k(x: f32[::1], y: f64[::1]) { x[0] = 0.1 + 0.2; y[0] = 0.1 + 0.2; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    auto exprs = SemaFixture::exprs_of(*k->kernel->decl);
    std::vector<double> sums;
    for (const auto* e : exprs)
        if (e->kind == dpk::compiler::ast::ExprKind::Binary)
            sums.push_back(as_f64(k->kernel->info(*e)));
    REQUIRE(sums.size() == 2);
    CHECK(sums[0] == static_cast<double>(0.1f + 0.2f));  // f32 arithmetic on f32 operands
    CHECK(sums[1] == 0.1 + 0.2);
}

TEST_CASE("inference: uses that disagree are an error naming both") {
    SemaFixture p(
        "kernel k(x: f32[::1], w: f64[::1]) {\n"
        "    let half = 0.5;\n"
        "    x[0] = half * x[1];\n"
        "    w[0] = w[1] * half;\n"
        "}\n");
    CHECK(p.specialize("k") == nullptr);
    CHECK(p.first_error().find("'half' is used here as f64 but as f32 on line 3") !=
          std::string::npos);
    const auto& all = p.diags.all();
    bool error_at_4_19 = false, note_at_3_12 = false;
    for (const auto& d : all) {
        error_at_4_19 |= d.severity == dpk::compiler::source::Severity::Error &&
                         d.range.begin.line == 4 && d.range.begin.column == 19;
        note_at_3_12 |= d.severity == dpk::compiler::source::Severity::Note &&
                        d.range.begin.line == 3 && d.range.begin.column == 12;
    }
    CHECK(error_at_4_19);
    CHECK(note_at_3_12);
    CHECK(p.diags.error_count() == 1);  // no follow-up errors about 'half'
}

TEST_CASE("inference: an integer quotient converted to a float warns; a cast does not") {
    SemaFixture p(
        "kernel k(x: f32[::1], n: i64) { let i = global_id(0); x[i] = i / n; "
        "x[i] = f32(i / n); x[i] = f32(i) / f32(n); x[i] = 7 / 2; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(warnings(p) == 2);  // `i / n` and `7 / 2`
}

TEST_CASE("x.dtype: annotations, casts and local arrays follow the specialization") {
    SemaFixture p(
        "kernel k(x, out) { let s = local_array(x.dtype, 8); var acc: x.dtype = 0; "
        "acc += x.dtype(1); s[0] = acc; out[0] = s[0]; }");
    for (const char* t : {"f32", "i32", "f64"}) {
        CAPTURE(t);
        std::string dt(t);
        auto* k = p.specialize("k", "void(" + dt + "[::1], " + dt + "[::1])");
        REQUIRE_MESSAGE(k, p.errors());
        CHECK(p.var_type(*k->kernel, "acc") == dt);
        CHECK(p.type(*k->kernel, "x.dtype(1)") == dt);
        CHECK(p.var_type(*k->kernel, "s") == "local " + dt + "[8]");
    }
}

TEST_CASE("x.dtype: a scalar has none, and the type is not a value") {
    SemaFixture p("kernel k(x: f32[::1], n: i64) { x[0] = n.dtype(1); }");
    CHECK(p.specialize("k") == nullptr);
    CHECK(p.first_error().find("needs an array") != std::string::npos);
    SemaFixture q("kernel k(x: f32[::1]) { let t = x.dtype; }");
    CHECK(q.specialize("k") == nullptr);
    CHECK(q.first_error().find("is a type, not a value") != std::string::npos);
}
