// Assignments and implicit conversions, declarations, conditions, loops, returns.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

TEST_CASE("statements: narrowing needs a cast") {
    CHECK(errors_of("kernel k(x: f32) {\n    var acc: f32 = 0.0;\n    acc = f64(x) * 2.0;\n}\n",
                    "k") ==
          "test.dpk:3:11: error: cannot assign f64 to 'acc' of type f32 without a cast: write "
          "f32(...)\n"
          "      acc = f64(x) * 2.0;\n"
          "            ^~~~~~~~~~~~\n");
    CHECK(errors_of("kernel k(n: i64) { var m: i32 = n; }", "k")
              .find("cannot assign i64 to 'm' of type i32 without a cast: write i32(...)") !=
          std::string::npos);
    CHECK(errors_of("kernel k(n: i32, a: u32[::1]) { a[0] = n; }", "k")
              .find("cannot assign i32 to 'a[0]' of type u32 without a cast: write u32(...)") !=
          std::string::npos);
    CHECK(errors_of("kernel k(b: bool, a: f32[::1]) { a[0] = b; }", "k")
              .find("cannot assign bool to 'a[0]' of type f32 without a cast: write f32(...)") !=
          std::string::npos);
}

TEST_CASE("statements: widening is implicit and recorded as converted_to") {
    SemaFixture p(
        "kernel k(x: f32, n: i32, a: f64[::1]) {\n"
        "  var d: f64 = x;\n  var m: i64 = n;\n  a[0] = n;\n  d = m;\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "x").converted_to->str() == "f64");
    CHECK(p.info(*k->kernel, "n").converted_to->str() == "i64");
    CHECK(p.info(*k->kernel, "m").converted_to->str() == "f64");
}

TEST_CASE("statements: compound assignment") {
    SemaFixture p(
        "kernel k(n: i32, a: f32[::1]) {\n  var acc: f32 = 0.0;\n  acc += n;\n"
        "  acc *= 2;\n  a[0] -= acc;\n  var u: u32 = 1;\n  u <<= 3;\n  u |= 8;\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "n").converted_to->str() == "f32");
    CHECK(p.type(*k->kernel, "2") == "f32");
    CHECK(errors_of("kernel k() { var n: i32 = 0; n += 1.5; }", "k")
              .find("cannot assign f64 to 'n' of type i32 without a cast: write i32(...)") !=
          std::string::npos);
    CHECK(errors_of("kernel k(x: f64) { var a: f32 = 0.0; a += x; }", "k")
              .find("cannot assign f64 to 'a' of type f32 without a cast") != std::string::npos);
}

TEST_CASE("statements: arrays are bound with let, never stored in var or assigned whole") {
    SemaFixture p("kernel k(a: f32[::1]) { let v = a; v[0] = 1.0; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "v") == "f32[::1]");
    CHECK(errors_of("kernel k(a: f32[::1]) {\n    var v = a;\n}\n", "k") ==
          "test.dpk:2:13: error: cannot store an array in 'var v': bind arrays with 'let'\n"
          "      var v = a;\n"
          "              ^\n");
}

TEST_CASE("statements: conditions must be bool") {
    CHECK(errors_of("kernel k(n: i64) {\n    if n { }\n}\n", "k") ==
          "test.dpk:2:8: error: condition must be bool, found i64\n"
          "      if n { }\n"
          "         ^\n");
    CHECK(errors_of("kernel k(x: f32) { while x { } }", "k")
              .find("condition must be bool, found f32") != std::string::npos);
    CHECK(errors_of("kernel k() { if 1 { } }", "k").find("condition must be bool, found i64") !=
          std::string::npos);
    CHECK(errors_of("kernel k(x: f32) { if x > 0.0 { } else if x { } }", "k")
              .find("condition must be bool, found f32") != std::string::npos);
}

TEST_CASE("statements: the for variable has the promoted type of the range arguments") {
    SemaFixture p(
        "kernel k(n: i32, m: i64, u: u16) {\n"
        "  for a in range(10) { }\n  for b in range(n) { }\n  for c in range(n, m) { }\n"
        "  for d in range(0, n, 2) { }\n  for e in range(u) { }\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "i64");
    CHECK(p.var_type(*k->kernel, "b") == "i32");
    CHECK(p.var_type(*k->kernel, "c") == "i64");
    CHECK(p.result(*k->kernel, "n") == "i32");
    CHECK(p.var_type(*k->kernel, "d") == "i32");
    CHECK(p.type(*k->kernel, "2") == "i32");
    CHECK(p.var_type(*k->kernel, "e") == "u16");
    CHECK(errors_of("kernel k(x: f32) {\n    for i in range(x) { }\n}\n", "k") ==
          "test.dpk:2:20: error: range() arguments must be integers, found f32\n"
          "      for i in range(x) { }\n"
          "                     ^\n");
    CHECK(errors_of("kernel k() { for i in range(0, 10, 0) { } }", "k")
              .find("range() step must not be 0") != std::string::npos);
    CHECK(errors_of("kernel k(n: i32, u: u32) { for i in range(n, u) { } }", "k")
              .find("cannot mix signed i32 and unsigned u32 in range()") != std::string::npos);
}

TEST_CASE("statements: return type inferred from the returns of a generic function") {
    SemaFixture p(
        "func pos(x) { if x > 0 { return x; } return 0; }\n"
        "func none(a) { a[0] = 1; }\n"
        "func widen(a: i32, b: i64) { if b > 0 { return a; } return b; }\n"
        "kernel k(n: i32, y: f32, z: i32[::1]) {\n"
        "  let p = pos(n);\n  let q = pos(y);\n  none(z);\n  let w = widen(n, 2);\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "p") == "i32");
    CHECK(p.var_type(*k->kernel, "q") == "f32");
    CHECK(p.var_type(*k->kernel, "w") == "i64");
    auto* none = SemaFixture::instance(*k, "none__i32_1C");
    REQUIRE(none);
    CHECK(none->return_type->is_void());
    auto* widen = SemaFixture::instance(*k, "widen__i32_i64");
    REQUIRE(widen);
    CHECK(p.info(*widen, "a").converted_to->str() == "i64");
}

TEST_CASE("statements: return errors") {
    CHECK(errors_of("func f(a: i32, b: u32, c: bool) { if c { return a; } return b; }\n"
                    "kernel k() { let x = f(1, 2, true); }",
                    "k")
              .find("cannot mix signed i32 and unsigned u32 in the return values of 'f'") !=
          std::string::npos);
    CHECK(errors_of("func f(x: f64) -> f32 {\n    return x;\n}\nkernel k() { let y = f(1.0); }",
                    "k") ==
          "test.dpk:2:12: error: cannot return f64 from 'f' declared -> f32 without a cast: "
          "write f32(...)\n"
          "      return x;\n"
          "             ^\n");
    CHECK(errors_of("func f(x: f32) { if x > 0.0 { return x; } }\nkernel k() { let y = f(1.0); }",
                    "k")
              .find("function 'f' must return a f32 value on every path") != std::string::npos);
    CHECK(errors_of("func f(x: f32) { if x > 0.0 { return; } return x; }\n"
                    "kernel k() { let y = f(1.0); }",
                    "k")
              .find("function 'f' returns a value elsewhere; this 'return' needs one too") !=
          std::string::npos);
    CHECK(errors_of("func f(a) { return a; }\nkernel k(x: f32[::1]) { let y = f(x); }", "k")
              .find("function 'f' cannot return an array") != std::string::npos);
    CHECK(errors_of("func f() { }\nkernel k() {\n    let y = f();\n}", "k") ==
          "test.dpk:3:13: error: 'f' returns nothing, so 'f()' has no value\n"
          "      let y = f();\n"
          "              ^~~\n");
    CHECK(errors_of("kernel k() { let y = barrier(local); }", "k")
              .find("'barrier' returns nothing, so 'barrier(local)' has no value") !=
          std::string::npos);
}

TEST_CASE("statements: if/else returning on every path and while true count as returning") {
    SemaFixture p(
        "func a(x: f32) -> f32 { if x > 0.0 { return 1.0; } else { return 2.0; } }\n"
        "func b(x: f32) -> f32 { while true { if x > 1.0 { return x; } } }\n"
        "kernel k(y: f32[::1]) { y[0] = a(y[1]) + b(y[2]); }");
    CHECK_MESSAGE(p.specialize("k"), p.errors());
}
