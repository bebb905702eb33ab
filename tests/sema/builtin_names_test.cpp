// A program's own functions, consts, parameters and variables named like builtins shadow them;
// calling a value that shadows a builtin is an error with a note at its declaration.
#include "tests/sema/sema_fixture.h"

using dpk::compiler::sema::Builtin;
using dpk::compiler::sema::ExprInfo;
using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

TEST_CASE("builtin names: a user function named like a builtin is called instead") {
    SemaFixture p(
        "func mix(a: f32, b: f32) -> f32 { return a + b; }\n"  // the builtin takes 3
        "func sqrt(x) { return x * 2; }\n"                     // generic, on integers
        "func barrier() { }\n"                                 // the builtin takes flags
        "kernel k(y: f32[::1], n: i64[::1]) {\n"
        "    y[0] = mix(y[1], y[2]);\n"
        "    n[0] = sqrt(n[1]);\n"
        "    barrier();\n"
        "}\n");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    for (const char* call : {"mix(y[1], y[2])", "sqrt(n[1])", "barrier()"}) {
        CAPTURE(call);
        const ExprInfo& in = p.info(*k->kernel, call);
        CHECK(in.call_kind == ExprInfo::CallKind::User);
        REQUIRE(in.callee);
    }
    CHECK(p.info(*k->kernel, "sqrt(n[1])").callee->symbol == "sqrt__i64");
    CHECK(p.type(*k->kernel, "mix(y[1], y[2])") == "f32");
}

TEST_CASE("builtin names: a function's own body and other functions see the same item") {
    SemaFixture p(
        "func abs(x: i64) -> i64 { return select(x < 0, 0 - x, x) + 100; }\n"
        "func twice_abs(x: i64) -> i64 { return abs(x) * 2; }\n"
        "kernel k(n: i64[::1]) { n[0] = twice_abs(n[1]); n[2] = max(n[0], n[1]); }\n");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    const auto* twice = SemaFixture::instance(*k, "twice_abs__i64");
    REQUIRE(twice);
    CHECK(p.info(*twice, "abs(x)").call_kind == ExprInfo::CallKind::User);
    const auto* abs = SemaFixture::instance(*k, "abs__i64");
    REQUIRE(abs);
    const ExprInfo& select = p.info(*abs, "select(x < 0, 0 - x, x)");
    CHECK(select.call_kind == ExprInfo::CallKind::Builtin);
    CHECK(select.builtin == Builtin::Select);
    // Builtins nobody shadows stay builtins.
    CHECK(p.info(*k->kernel, "max(n[0], n[1])").call_kind == ExprInfo::CallKind::Builtin);
}

TEST_CASE("builtin names: consts, parameters and variables named like builtins are values") {
    SemaFixture p(
        "const min: i64 = 3;\n"
        "func f(sqrt: f32) -> f32 { let exp = sqrt * 2.0; return exp; }\n"
        "kernel k(global_id: i64, y: f32[::1], n: i64[::1]) {\n"
        "    var barrier = global_id + min;\n"
        "    for atomic_add in range(2) { barrier += atomic_add; }\n"
        "    n[0] = barrier;\n"
        "    y[0] = f(1.0);\n"
        "}\n");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "min").name_kind == ExprInfo::NameKind::Const);
    CHECK(p.info(*k->kernel, "global_id").name_kind == ExprInfo::NameKind::Var);
    CHECK(p.var_type(*k->kernel, "barrier") == "i64");
}

TEST_CASE("builtin names: calling a variable, parameter or const that hides a builtin") {
    CHECK(errors_of("kernel k(y: f32[::1]) {\n"
                    "    let sqrt = 2.0;\n"
                    "    y[0] = sqrt(y[1]);\n"
                    "}\n") ==
          "test.dpk:3:12: error: 'sqrt' is a variable, not a function; it hides the builtin "
          "function 'sqrt' here\n"
          "      y[0] = sqrt(y[1]);\n"
          "             ^~~~\n"
          "test.dpk:2:9: note: 'sqrt' is declared here\n"
          "      let sqrt = 2.0;\n"
          "          ^~~~\n");
    CHECK(errors_of("func f(min: i64) -> i64 {\n    return min(min, 1);\n}\n") ==
          "test.dpk:2:12: error: 'min' is a parameter, not a function; it hides the builtin "
          "function 'min' here\n"
          "      return min(min, 1);\n"
          "             ^~~\n"
          "test.dpk:1:8: note: 'min' is declared here\n"
          "  func f(min: i64) -> i64 {\n"
          "         ^~~\n");
    CHECK(errors_of("const exp = 2;\nkernel k(y: f32[::1]) {\n    y[0] = exp(y[1]);\n}\n") ==
          "test.dpk:3:12: error: 'exp' is a const, not a function; it hides the builtin "
          "function 'exp' here\n"
          "      y[0] = exp(y[1]);\n"
          "             ^~~\n"
          "test.dpk:1:7: note: 'exp' is declared here\n"
          "  const exp = 2;\n"
          "        ^~~\n");
    // A loop variable hides only inside its loop; after it the builtin is back.
    CHECK(errors_of("kernel k(y: f32[::1]) {\n"
                    "    for sin in range(2) { y[sin] = sin(y[0]); }\n"
                    "    y[0] = sin(y[1]);\n"
                    "}\n")
              .find("2:36: error: 'sin' is a variable, not a function") != std::string::npos);
    CHECK(errors_of("kernel k(y: f32[::1]) {\n"
                    "    for sin in range(2) { y[sin] = 1.0; }\n"
                    "    y[0] = sin(y[1]);\n"
                    "}\n")
              .empty());
    // A variable hides a user function of the same name too.
    CHECK(errors_of("func g() -> i64 { return 1; }\nkernel k() { let g = 2; let h = g(); }\n")
              .find("'g' is a variable, not a function\n") != std::string::npos);
}

TEST_CASE("builtin names: type names stay reserved, range and NumPy aliases do not") {
    CHECK(errors_of("func f32(x) { return x; }\n")
              .find("'f32' is a type name and cannot name a function") != std::string::npos);
    CHECK(errors_of("kernel k() { let i64 = 1; }\n")
              .find("'i64' is a type name and cannot name a variable") != std::string::npos);
    CHECK(errors_of("kernel k(bool: i64) { }\n")
              .find("'bool' is a type name and cannot name a variable") != std::string::npos);
    SemaFixture p(
        "func range(n: i64) -> i64 { return n + 1; }\n"
        "func float32(x: i64) -> f32 { return f32(x) * 0.5; }\n"
        "kernel k(n: i64[::1], y: f32[::1]) {\n"
        "    for i in range(3) { n[i] = range(i); }\n"
        "    y[0] = float32(n[0]);\n"
        "}\n");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "range(i)").call_kind == ExprInfo::CallKind::User);
    CHECK(p.info(*k->kernel, "float32(n[0])").call_kind == ExprInfo::CallKind::User);
}

TEST_CASE("builtin names: an imported module does not see the importer's shadowing items") {
    // The fixture does not link imports: module0 (standing for std.reduce) is not imported by
    // the main file's module, and the main file's `func min` is not visible in it.
    SemaFixture p(
        "func min(a: i64, b: i64) -> i64 { return a + b; }\n"
        "kernel k(n: i64[::1]) { n[0] = smallest(n[1], n[2]) + min(n[1], n[2]); }\n",
        {"func smallest(a: i64, b: i64) -> i64 { return min(a, b); }\n"});
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "min(n[1], n[2])").call_kind == ExprInfo::CallKind::User);
    const auto* smallest = SemaFixture::instance(*k, "smallest__i64_i64");
    REQUIRE(smallest);
    const ExprInfo& inner = p.info(*smallest, "min(a, b)");
    CHECK(inner.call_kind == ExprInfo::CallKind::Builtin);
    CHECK(inner.builtin == Builtin::Min);
}
