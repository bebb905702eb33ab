// bf16 in the type rules: promotion (f32 and f64 hold it, f16 does not mix with it), casts,
// literals, math builtins, the reserved name, and what bf16 does not take (sub-group collectives,
// element-wise matrix arithmetic, atomics) as errors.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;
using dpk::tests::type_of;

TEST_CASE("bf16: arithmetic keeps bf16, f32 and f64 hold it, integers and literals take it") {
    CHECK(type_of("a: bf16, b: bf16", "a + b") == "bf16");
    CHECK(type_of("a: bf16, b: f32", "a * b") == "f32");
    CHECK(type_of("a: f64, b: bf16", "a - b") == "f64");
    CHECK(type_of("a: bf16, n: i32", "a * n") == "bf16");
    CHECK(type_of("a: bf16", "a * 2.0") == "bf16");
    CHECK(type_of("a: bf16, b: bf16", "a < b") == "bool");
    CHECK(type_of("a: bf16", "sqrt(a)") == "bf16");
    CHECK(type_of("a: bf16, b: bf16", "fma(a, b, a)") == "bf16");
    CHECK(type_of("a: bf16, b: bf16", "max(a, b)") == "bf16");
    CHECK(type_of("a: bf16", "isnan(a)") == "bool");
    CHECK(type_of("x: f16", "bf16(x)") == "bf16");
    CHECK(type_of("a: bf16", "f16(a)") == "f16");
    CHECK(type_of("a: bf16", "i32(a)") == "i32");
    CHECK(type_of("", "1.5bf16") == "bf16");
    CHECK(type_of("", "2bf16") == "bf16");
}

TEST_CASE("bf16: mixed with f16 is an error naming both types") {
    CHECK(errors_of("kernel k(a: f16, b: bf16) {\n    let r = a + b;\n}\n", "k") ==
          "test.dpk:2:15: error: cannot mix f16 and bf16 in '+'; cast one side, e.g. f32(b)\n"
          "      let r = a + b;\n"
          "                ^\n");
    CHECK(type_of("a: bf16, b: f16", "a < b") ==
          "error: cannot mix bf16 and f16 in '<'; cast one side, e.g. f32(b)");
    // No implicit conversion either way.
    CHECK(errors_of("kernel k(a: f16, y: bf16[::1]) {\n    y[0] = a;\n}\n", "k").find("f16") !=
          std::string::npos);
}

TEST_CASE("bf16: a literal past the largest bf16 does not fit") {
    CHECK(type_of("", "3.4e38bf16") == "error: float literal 3.4e38bf16 does not fit in bf16");
    CHECK(type_of("", "3.38e38bf16") == "bf16");
}

TEST_CASE("bf16: a program's own bf16 shadows the cast; the torch spelling is an alias") {
    // bf16 came after programs were written with it free: a program's own variable, const or
    // function named bf16 still compiles and means what it meant (the older type names stay
    // reserved); annotations still read it as the type.
    CHECK(type_of("bf16: i32", "bf16 + 1i32") == "i32");  // a parameter
    CHECK(type_of("", "bf16(2.0f32)") == "bf16");  // no declaration: the cast
    SemaFixture shadowing(
        "const bf16 = 3;\n"
        "kernel k(x: i32[::1]) { x[0] = bf16 * 2; }\n");
    CHECK(shadowing.specialize("k"));
    SemaFixture function(
        "func bf16(v) { return v * 2; }\n"
        "kernel k(x: i32[::1], y: bf16[::1]) { let r = bf16(x[1]); y[0] = y[1]; }\n");
    auto* typed = function.specialize("k");
    REQUIRE(typed);
    CHECK(function.var_type(*typed->kernel, "r") == "i32");  // the function, not the cast
    CHECK(errors_of("kernel k() { let f16 = 1; }\n")
              .find("'f16' is a type name and cannot name a variable") != std::string::npos);
    CHECK(errors_of("func bf16(x) { return x; }\nkernel k() { let v = bf16; }\n")
              .find("'bf16' is a function; call it") != std::string::npos);
    SemaFixture p("kernel k(x: bfloat16[::1]) { let y: bfloat16 = x[0]; x[1] = y; }");
    CHECK(p.specialize("k"));
}

TEST_CASE("bf16: what bf16 does not take is an error at the call") {
    CHECK(errors_of("kernel k(x: bf16[::1]) {\n    x[0] = sub_group_reduce_add(x[1]);\n}\n", "k")
              .find("'sub_group_reduce_add' does not take bf16 values; convert to f32 "
                    "(f32(x[1])) and back") != std::string::npos);
    CHECK(errors_of("kernel k(x: bf16[::1]) {\n    atomic_add(x, 0, x[1]);\n}\n", "k")
              .find("found bf16[::1]") != std::string::npos);
    const std::string matrix =
        "kernel k(a: bf16[:, ::1]) {\n"
        "    let m = matrix_load(a, (0, 0), (16, 16), \"a\");\n"
        "    let n = m * 2.0;\n"
        "}\n";
    CHECK(errors_of(matrix, "k")
              .find("bf16 matrices are loaded, stored, filled and multiplied "
                    "(matrix_mad) only") != std::string::npos);
    const std::string math =
        "kernel k(a: bf16[:, ::1]) {\n"
        "    let m = exp(matrix_load(a, (0, 0), (16, 16), \"a\"));\n"
        "}\n";
    CHECK(errors_of(math, "k").find("bf16 matrices are loaded") != std::string::npos);
}
