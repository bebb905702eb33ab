// Promotion of mixed operands, comparisons, logical, bitwise and shift operators.
#include <limits>

#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;
using dpk::tests::type_of;

TEST_CASE("operators: integers of one signedness promote to the wider") {
    CHECK(type_of("a: i32, b: i64", "a + b") == "i64");
    CHECK(type_of("a: i8, b: i16", "a * b") == "i16");
    CHECK(type_of("a: u8, b: u32", "a - b") == "u32");
    CHECK(type_of("a: u64, b: u16", "a / b") == "u64");
    SemaFixture p("kernel k(a: i32, b: i64) { let r = a + b; }");
    auto* k = p.specialize("k");
    REQUIRE(k);
    CHECK(p.info(*k->kernel, "a").converted_to->str() == "i64");
    CHECK(p.info(*k->kernel, "b").converted_to == nullptr);
}

TEST_CASE("operators: an integer with a float gives the float, f32 with f64 gives f64") {
    CHECK(type_of("a: i32, b: f32", "a + b") == "f32");
    CHECK(type_of("a: i64, b: f32", "a * b") == "f32");
    CHECK(type_of("a: u32, b: f64", "a - b") == "f64");
    CHECK(type_of("a: f32, b: f64", "a / b") == "f64");
    CHECK(type_of("a: f16, b: f32", "a + b") == "f32");
}

TEST_CASE("operators: signed mixed with unsigned is an error") {
    CHECK(errors_of("kernel k(x: i32, n: u32) {\n    let r = x + n;\n}\n", "k") ==
          "test.dpk:2:15: error: cannot mix signed i32 and unsigned u32 in '+'; cast one side, "
          "e.g. i64(n)\n"
          "      let r = x + n;\n"
          "                ^\n");
    CHECK(type_of("a: u64, b: i8", "a < b") ==
          "error: cannot mix signed i8 and unsigned u64 in '<'; cast one side, e.g. i64(a)");
}

TEST_CASE("operators: % works on floats") {
    CHECK(type_of("a: f32, b: f32", "a % b") == "f32");
    CHECK(type_of("a: i32", "a % 3") == "i32");
}

TEST_CASE("operators: comparisons yield bool and compare in the common type") {
    CHECK(type_of("a: i32, b: f32", "a < b") == "bool");
    CHECK(type_of("a: bool, b: bool", "a == b") == "bool");
    CHECK(type_of("", "1 < 2") == "bool");
    SemaFixture p("kernel k(a: i32, b: f32) { let r = a <= b; let s = 1 < 2.5; }");
    auto* k = p.specialize("k");
    REQUIRE(k);
    CHECK(p.result(*k->kernel, "a") == "f32");
    CHECK(p.info(*k->kernel, "1 < 2.5").constant.has_value());
    CHECK(std::get<bool>(p.info(*k->kernel, "1 < 2.5").constant->value));
    CHECK(type_of("a: bool, b: i32", "a < b") ==
          "error: cannot apply '<' to bool and i32; it needs numbers");
    CHECK(type_of("a: bool", "a == 1") ==
          "error: cannot apply '==' to bool and integer literal; bool and numbers do not mix");
}

TEST_CASE("operators: && || ! need bool") {
    CHECK(type_of("a: bool, b: bool", "a && !b || a") == "bool");
    CHECK(type_of("a: i32, b: bool", "a && b") == "error: '&&' needs bool operands, found i32");
    CHECK(type_of("a: bool", "a || 1") == "error: '||' needs bool operands, found i64");
    CHECK(type_of("a: f32", "!a") == "error: '!' needs a bool operand, found f32");
}

TEST_CASE("operators: bitwise operators on ints and bools only") {
    CHECK(type_of("a: u32, b: u32", "a & b | a ^ 255") == "u32");
    CHECK(type_of("a: bool, b: bool", "a & b") == "bool");
    CHECK(type_of("a: i32", "~a") == "i32");
    CHECK(type_of("a: f32, b: i32", "a & b") ==
          "error: cannot apply '&' to f32 and i32; it needs integers or bools");
    CHECK(type_of("a: i32", "a | 1.5") ==
          "error: cannot apply '|' to i32 and float literal; it needs integers or bools");
    CHECK(type_of("a: f32", "~a") == "error: '~' needs an integer operand, found f32");
}

TEST_CASE("operators: a shift has the type of its left operand") {
    CHECK(type_of("a: u8, b: i64", "a << b") == "u8");
    CHECK(type_of("a: i32", "a >> 3") == "i32");
    CHECK(type_of("b: i32", "1 << b") == "i32");  // a literal takes the count's type
    CHECK(type_of("b: u8", "1 << b") == "u8");
    CHECK(type_of("", "1 << 40") == "i64");
    SemaFixture p("kernel k(a: u8, b: i64) { let r = a << b; }");
    auto* k = p.specialize("k");
    REQUIRE(k);
    CHECK(p.result(*k->kernel, "b") == "u8");  // the count is converted to the shifted type
    CHECK(type_of("a: i32", "a << 32") ==
          "error: shift count 32 is out of range for i32 (0 to 31)");
    CHECK(type_of("a: f32", "a << 1") ==
          "error: cannot apply '<<' to f32 and integer literal; it needs integers");
}

TEST_CASE("operators: unary minus") {
    CHECK(type_of("a: i16", "-a") == "i16");
    CHECK(type_of("a: f32", "-a") == "f32");
    CHECK(errors_of("kernel k(n: u32) {\n    let v = -n;\n}\n", "k") ==
          "test.dpk:2:13: error: cannot negate unsigned u32; cast it to a signed type first, "
          "e.g. -i64(n)\n"
          "      let v = -n;\n"
          "              ^~\n");
    CHECK(type_of("a: bool", "-a") == "error: '-' needs a number operand, found bool");
}

TEST_CASE("operators: arrays are not operands") {
    CHECK(type_of("a: f32[::1]", "a + 1") ==
          "error: cannot apply '+' to f32[::1] and integer literal; it needs numbers");
}

TEST_CASE("operators: typed constants fold") {
    SemaFixture p(
        "const A: i32 = 7;\nkernel k() { let r = A / 2; let s = u8(250) + u8(10); "
        "let t = f32(1) / 3.0; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "A / 2").constant->value) == 3);
    CHECK(std::get<std::uint64_t>(p.info(*k->kernel, "u8(250) + u8(10)").constant->value) == 4u);
    CHECK(std::get<double>(p.info(*k->kernel, "f32(1) / 3.0").constant->value) ==
          static_cast<double>(1.0f / 3.0f));
    // As at run time (x / 0 == x, x % 0 == 0, counts modulo the width), with a warning.
    SemaFixture z("kernel k() { let r = i32(7) / 0; let q = i32(7) % 0; let s = i8(1) << i8(9); }");
    auto* kz = z.specialize("k");
    REQUIRE_MESSAGE(kz, z.errors());
    CHECK(std::get<std::int64_t>(z.info(*kz->kernel, "i32(7) / 0").constant->value) == 7);
    CHECK(std::get<std::int64_t>(z.info(*kz->kernel, "i32(7) % 0").constant->value) == 0);
    CHECK(std::get<std::int64_t>(z.info(*kz->kernel, "i8(1) << i8(9)").constant->value) == 2);
    const std::string rendered = z.diags.render();
    CHECK(rendered.find("warning: division by zero: '/ 0' gives the dividend") !=
          std::string::npos);
    CHECK(rendered.find("warning: division by zero: '% 0' gives 0") != std::string::npos);
    CHECK(rendered.find("warning: shift count 9 is out of range for i8 (0 to 7); the count is "
                        "taken modulo 8") != std::string::npos);
}

TEST_CASE("operators: integer edges fold to the values the device computes") {
    SemaFixture p(
        "kernel k() {\n"
        "    let a = i8(-128) / i8(-1); let b = i8(-128) % i8(-1);\n"
        "    let c = i16(-32768) / i16(-1); let d = i16(-32768) % i16(-1);\n"
        "    let e = i32(-2147483648) / i32(-1); let f = i32(-2147483648) % i32(-1);\n"
        "    let g = i64(-9223372036854775808) / i64(-1); let h = i64(-9223372036854775808) % "
        "i64(-1);\n"
        "    let j = -i8(-128); let l = i8(127) + i8(1); let m = u8(0) - u8(1); let n = ~u16(0);\n"
        "    let o = i8(300.0); let q = u8(-0.5); let r = u32(f32(1e30)); let s = i64(1e300);\n"
        "    let t = i32(2147483648.0); let u = u64(-1e300); let v = i16(-40000.7);\n"
        "    let w = u16(65535.9); let x = i32(-7.9);\n"
        "}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    auto sval = [&](const char* text) {
        return std::get<std::int64_t>(p.info(*k->kernel, text).constant->value);
    };
    auto uval = [&](const char* text) {
        return std::get<std::uint64_t>(p.info(*k->kernel, text).constant->value);
    };
    CHECK(sval("i8(-128) / i8(-1)") == -128);
    CHECK(sval("i8(-128) % i8(-1)") == 0);
    CHECK(sval("i16(-32768) / i16(-1)") == -32768);
    CHECK(sval("i16(-32768) % i16(-1)") == 0);
    CHECK(sval("i32(-2147483648) / i32(-1)") == -2147483648LL);
    CHECK(sval("i32(-2147483648) % i32(-1)") == 0);
    CHECK(sval("i64(-9223372036854775808) / i64(-1)") == std::numeric_limits<std::int64_t>::min());
    CHECK(sval("i64(-9223372036854775808) % i64(-1)") == 0);
    CHECK(sval("-i8(-128)") == -128);
    CHECK(sval("i8(127) + i8(1)") == -128);
    CHECK(uval("u8(0) - u8(1)") == 255u);
    CHECK(uval("~u16(0)") == 65535u);
    // Float -> integer: toward zero, saturated (the device's SaturatedConversion).
    CHECK(sval("i8(300.0)") == 127);
    CHECK(uval("u8(-0.5)") == 0u);
    CHECK(uval("u32(f32(1e30))") == 4294967295u);
    CHECK(sval("i64(1e300)") == std::numeric_limits<std::int64_t>::max());
    CHECK(sval("i32(2147483648.0)") == 2147483647);
    CHECK(uval("u64(-1e300)") == 0u);
    CHECK(sval("i16(-40000.7)") == -32768);
    CHECK(uval("u16(65535.9)") == 65535u);
    CHECK(sval("i32(-7.9)") == -7);
}

TEST_CASE("operators: a typed constant shift count out of range warns; it is taken modulo") {
    SemaFixture p("const K: i32 = 33;\nkernel k(a: i32[::1]) {\n    a[0] = a[0] << K;\n}\n");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.errors().find("warning: shift count 33 is out of range for i32 (0 to 31); the count "
                          "is taken modulo 32") != std::string::npos);
    SemaFixture in_range("const K: i32 = 31;\nkernel k(a: i32[::1]) {\n    a[0] = a[0] << K;\n}\n");
    REQUIRE(in_range.specialize("k"));
    CHECK(in_range.errors().empty());
}
