// Literals take their type from the context; untyped consts behave like literals.
#include <limits>

#include "tests/sema/sema_fixture.h"

using dpk::compiler::sema::ConstValue;
using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

namespace {

std::int64_t as_i64(const dpk::compiler::sema::ExprInfo& i) {
    REQUIRE(i.constant);
    return std::get<std::int64_t>(i.constant->value);
}

double as_f64(const dpk::compiler::sema::ExprInfo& i) {
    REQUIRE(i.constant);
    return std::get<double>(i.constant->value);
}

}  // namespace

TEST_CASE("literals: a float literal next to f32 stays f32") {
    SemaFixture p("kernel k(x: f32, y: f32[::1]) { y[0] = x * 2.0; var acc: f32 = 0.0; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.type(*k->kernel, "x * 2.0") == "f32");
    CHECK(p.type(*k->kernel, "2.0") == "f32");
    CHECK(p.info(*k->kernel, "2.0").converted_to == nullptr);
    CHECK(as_f64(p.info(*k->kernel, "2.0")) == 2.0);
    CHECK(p.type(*k->kernel, "0.0") == "f32");
}

TEST_CASE("literals: an int literal next to a float becomes that float") {
    SemaFixture p("kernel k(x: f64, y: f64[::1]) { y[0] = x * 2 - -3; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.type(*k->kernel, "2") == "f64");
    CHECK(as_f64(p.info(*k->kernel, "2")) == 2.0);
    CHECK(p.type(*k->kernel, "-3") == "f64");
    CHECK(as_f64(p.info(*k->kernel, "-3")) == -3.0);
}

TEST_CASE("literals: an int literal next to an int takes its type") {
    SemaFixture p(
        "kernel k(n: i32, u: u8, y: i32[::1], z: u8[::1]) { y[0] = n + 1; z[0] = u * 2; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.type(*k->kernel, "n + 1") == "i32");
    CHECK(p.type(*k->kernel, "1") == "i32");
    CHECK(p.type(*k->kernel, "u * 2") == "u8");
}

TEST_CASE("literals: without context an int literal is i64 and a float literal f64") {
    SemaFixture p("kernel k() { let a = 1; let b = 1.5; let c = 2 * 3; let d = 1 + 0.5; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "i64");
    CHECK(p.var_type(*k->kernel, "b") == "f64");
    CHECK(p.var_type(*k->kernel, "c") == "i64");
    CHECK(as_i64(p.info(*k->kernel, "2 * 3")) == 6);
    CHECK(p.var_type(*k->kernel, "d") == "f64");
    CHECK(as_f64(p.info(*k->kernel, "1 + 0.5")) == 1.5);
}

TEST_CASE("literals: a float literal next to an integer variable gives f64") {
    SemaFixture p("kernel k(n: i32) { let h = n * 2.5; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "h") == "f64");
    CHECK(p.result(*k->kernel, "n") == "f64");
    CHECK(p.type(*k->kernel, "n") == "i32");
}

TEST_CASE("literals: untyped arithmetic keeps integer semantics before becoming a float") {
    SemaFixture p("kernel k(x: f32) { let y = x * (7 / 2); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    const auto& i = p.info(*k->kernel, "7 / 2");
    CHECK(i.type->str() == "i64");
    CHECK(i.converted_to->str() == "f32");
    CHECK(as_i64(i) == 3);
    CHECK(p.var_type(*k->kernel, "y") == "f32");
}

TEST_CASE("literals: integer division and remainder follow C") {
    SemaFixture p("kernel k() { let a = -7 / 2; let b = -7 % 3; let c = 7 % -3; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(as_i64(p.info(*k->kernel, "-7 / 2")) == -3);
    CHECK(as_i64(p.info(*k->kernel, "-7 % 3")) == -1);
    CHECK(as_i64(p.info(*k->kernel, "7 % -3")) == 1);
}

TEST_CASE("literals: suffixes give a type") {
    SemaFixture p("kernel k() { let a = 3u32; let b = 2.0f32; let c = 7i8; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "u32");
    CHECK(p.var_type(*k->kernel, "b") == "f32");
    CHECK(p.var_type(*k->kernel, "c") == "i8");
    CHECK(std::get<std::uint64_t>(p.info(*k->kernel, "3u32").constant->value) == 3u);
}

TEST_CASE("literals: an untyped const takes its type from each use") {
    SemaFixture p(
        "const TILE = 16;\nconst HALF = 0.5;\n"
        "kernel k(n: i32, x: f32, m: i64, y: f32[::1], z: i32[::1]) {\n"
        "  z[0] = n * TILE;\n  y[0] = x * HALF + TILE;\n  let t = m + TILE;\n  let d = TILE;\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.type(*k->kernel, "n * TILE") == "i32");
    CHECK(p.type(*k->kernel, "x * HALF + TILE") == "f32");
    CHECK(p.var_type(*k->kernel, "t") == "i64");
    CHECK(p.var_type(*k->kernel, "d") == "i64");
    const auto& tile = p.info(*k->kernel, "TILE");
    CHECK(tile.type->str() == "i32");
    CHECK(as_i64(tile) == 16);
}

TEST_CASE("literals: a typed const keeps its type") {
    SemaFixture p(
        "const N: i32 = 4;\nconst M = u32(8);\nconst K = N * 2;\n"
        "kernel k() { let a = N; let b = M; let c = K; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "i32");
    CHECK(p.var_type(*k->kernel, "b") == "u32");
    CHECK(p.var_type(*k->kernel, "c") == "i32");
    CHECK(as_i64(p.info(*k->kernel, "K")) == 8);
}

TEST_CASE("literals: out of range for the context type is an error") {
    CHECK(errors_of("kernel k(u: u8) {\n    let a = u + 300;\n}\n", "k") ==
          "test.dpk:2:17: error: integer literal 300 does not fit in u8\n"
          "      let a = u + 300;\n"
          "                  ^~~\n");
    CHECK(errors_of("kernel k(u: u32) { let a = u + -1; }\n", "k")
              .find("integer literal -1 does not fit in u32") != std::string::npos);
    CHECK(errors_of("const BIG = 1000;\nkernel k(u: i8) { let a = u < BIG; }\n", "k")
              .find("integer constant 1000 does not fit in i8") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = 9223372036854775808; }\n", "k")
              .find("integer literal 9223372036854775808 does not fit in i64") !=
          std::string::npos);
    CHECK(errors_of("kernel k() { let a: f32 = 1e39; }\n", "k")
              .find("float literal 1e+39 does not fit in f32") != std::string::npos);
    CHECK(errors_of("kernel k() { let a: i32 = 2.5; }\n", "k")
              .find("cannot assign float literal to 'a' of type i32 without a cast: write "
                    "i32(...)") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = 300u8; }\n", "k")
              .find("integer literal 300 does not fit in u8") != std::string::npos);
}

TEST_CASE("literals: the largest unsigned literal fits u64") {
    SemaFixture p("kernel k() { let a: u64 = 18446744073709551615; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(std::get<std::uint64_t>(p.info(*k->kernel, "18446744073709551615").constant->value) ==
          18446744073709551615ull);
}

TEST_CASE("literals: a minus sign is folded into the literal") {
    SemaFixture p("kernel k() { let a: i32 = -2147483648; let b: i8 = -128; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "-2147483648").constant->value) ==
          -2147483648LL);
    CHECK(p.type(*k->kernel, "-128") == "i8");
    CHECK(errors_of("kernel k() { let b: i8 = -129; }", "k")
              .find("integer literal -129 does not fit in i8") != std::string::npos);
}

TEST_CASE("literals: a minus sign folds into a suffixed literal: each signed minimum") {
    SemaFixture p(
        "kernel k() { let a = -128i8; let b = -32768i16; let c = -2147483648i32;\n"
        "    let d = -9223372036854775808i64; let e = -(2147483648i32); let f = -5i32; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.type(*k->kernel, "-128i8") == "i8");
    CHECK(as_i64(p.info(*k->kernel, "-128i8")) == -128);
    CHECK(p.type(*k->kernel, "-32768i16") == "i16");
    CHECK(as_i64(p.info(*k->kernel, "-32768i16")) == -32768);
    CHECK(p.type(*k->kernel, "-2147483648i32") == "i32");
    CHECK(as_i64(p.info(*k->kernel, "-2147483648i32")) == -2147483648LL);
    CHECK(p.type(*k->kernel, "-9223372036854775808i64") == "i64");
    CHECK(as_i64(p.info(*k->kernel, "-9223372036854775808i64")) ==
          std::numeric_limits<std::int64_t>::min());
    CHECK(as_i64(p.info(*k->kernel, "-(2147483648i32)")) == -2147483648LL);  // parens only group
    CHECK(as_i64(p.info(*k->kernel, "-5i32")) == -5);
}

TEST_CASE("literals: an unsuffixed minimum in an i32 context, and as i64 without one") {
    SemaFixture p(
        "kernel k(y: i32[::1]) { let a: i32 = -2147483648; let b = -9223372036854775808;\n"
        "    y[0] = -2147483648; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "i32");
    CHECK(p.var_type(*k->kernel, "b") == "i64");
    CHECK(as_i64(p.info(*k->kernel, "-9223372036854775808")) ==
          std::numeric_limits<std::int64_t>::min());
}

TEST_CASE("literals: past a minimum, or without the minus, a suffixed literal does not fit") {
    CHECK(errors_of("kernel k() {\n    let a = 2147483648i32;\n}\n", "k") ==
          "test.dpk:2:13: error: integer literal 2147483648 does not fit in i32\n"
          "      let a = 2147483648i32;\n"
          "              ^~~~~~~~~~~~~\n");
    CHECK(errors_of("kernel k() {\n    let a = -2147483649i32;\n}\n", "k") ==
          "test.dpk:2:13: error: integer literal -2147483649 does not fit in i32\n"
          "      let a = -2147483649i32;\n"
          "              ^~~~~~~~~~~~~~\n");
    CHECK(errors_of("kernel k() { let a = -129i8; }\n", "k")
              .find("integer literal -129 does not fit in i8") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = 128i8; }\n", "k")
              .find("integer literal 128 does not fit in i8") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = -9223372036854775809i64; }\n", "k")
              .find("integer literal -9223372036854775809 does not fit in i64") !=
          std::string::npos);
    CHECK(errors_of("kernel k() { let a: i32 = -2147483649; }\n", "k")
              .find("integer literal -2147483649 does not fit in i32") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = -1u32; }\n", "k").find("cannot negate unsigned u32") !=
          std::string::npos);
}
