// Work items, barriers, atomics, select, math and casts.
#include "tests/sema/sema_fixture.h"

using dpk::compiler::sema::Builtin;
using dpk::compiler::sema::ExprInfo;
using dpk::tests::errors_of;
using dpk::tests::type_of;
using dpk::tests::SemaFixture;

TEST_CASE("builtins: names and arities") {
    using dpk::compiler::sema::builtin_arity;
    using dpk::compiler::sema::builtin_name;
    using dpk::compiler::sema::find_builtin;
    CHECK(find_builtin("atomic_cas") == Builtin::AtomicCas);
    CHECK(find_builtin("copysign") == Builtin::Copysign);
    CHECK_FALSE(find_builtin("printf"));
    CHECK(builtin_name(Builtin::NumGroups) == "num_groups");
    CHECK(builtin_arity(Builtin::AtomicCas) == 4);
    CHECK(builtin_arity(Builtin::Fma) == 3);
    CHECK(builtin_arity(Builtin::Clamp) == 3);
    for (auto name : dpk::compiler::sema::all_builtin_names())
        CHECK(builtin_name(*find_builtin(name)) == name);
}

TEST_CASE("builtins: work items take a constant dimension 0..2 and give i64") {
    for (const char* f :
         {"global_id", "local_id", "group_id", "global_size", "local_size", "num_groups"})
        CHECK(type_of("", std::string(f) + "(2)") == "i64");
    CHECK(type_of("", "global_id(1) * 2") == "i64");
    CHECK(errors_of("kernel k() {\n    let c = global_id(3);\n}\n", "k") ==
          "test.dpk:2:23: error: the dimension of global_id must be 0, 1 or 2, found 3\n"
          "      let c = global_id(3);\n"
          "                        ^\n");
    CHECK(type_of("d: i64", "local_id(d)") ==
          "error: the dimension of local_id must be a constant integer, found a value known only "
          "at run time");
}

TEST_CASE("builtins: barrier and fence flags are folded to a bitmask") {
    SemaFixture p("kernel k() { barrier(global); fence(local | global); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "global").constant->value) == 2);
    const auto& both = p.info(*k->kernel, "local | global");
    CHECK(std::get<std::int64_t>(both.constant->value) == 3);
    CHECK(both.type->kind == dpk::compiler::types::Type::Kind::MemFlags);
    CHECK(p.info(*k->kernel, "fence(local | global)").builtin == Builtin::Fence);
}

TEST_CASE("builtins: atomics on int and float arrays return the old value") {
    SemaFixture p(
        "kernel k(a: i32[::1], f: f64[::1], u: u64[:, ::1], n: i64) {\n"
        "  let s = local_array(f32, 4);\n"
        "  let x = atomic_add(a, 0, 1);\n  let y = atomic_max(f, n, 2.5);\n"
        "  let z = atomic_xor(u, (0, n), 3);\n  let w = atomic_cas(a, 1, 0, 1);\n"
        "  let v = atomic_sub(s, 2, 1.0);\n  let q = atomic_xchg(f, 0, 1);\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "x") == "i32");
    CHECK(p.var_type(*k->kernel, "y") == "f64");
    CHECK(p.var_type(*k->kernel, "z") == "u64");
    CHECK(p.var_type(*k->kernel, "w") == "i32");
    CHECK(p.var_type(*k->kernel, "v") == "f32");
    CHECK(p.var_type(*k->kernel, "q") == "f64");
    CHECK(p.type(*k->kernel, "2.5") == "f64");
    CHECK(p.info(*k->kernel, "atomic_cas(a, 1, 0, 1)").builtin == Builtin::AtomicCas);
}

TEST_CASE("builtins: atomic values convert to the element type like an assignment") {
    SemaFixture p(
        "kernel k(a: i64[::1], x: i32, f: f64[::1]) { atomic_add(a, 0, x); "
        "atomic_add(f, 0, x); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "x").converted_to->str() == "i64");
    CHECK(errors_of("kernel k(a: i32[::1], x: f32) {\n    atomic_add(a, 0, x);\n}\n", "k") ==
          "test.dpk:2:22: error: cannot use f32 as a value of atomic_add on i32[::1] without a "
          "cast: write i32(...)\n"
          "      atomic_add(a, 0, x);\n"
          "                       ^\n");
}

TEST_CASE("builtins: atomic errors") {
    CHECK(type_of("a: f32[::1]", "atomic_and(a, 0, 1)") ==
          "error: atomic_and needs an array of 32- or 64-bit integers, found f32[::1]");
    CHECK(type_of("a: bool[::1]", "atomic_add(a, 0, true)") ==
          "error: atomic_add needs an array of 32- or 64-bit integers, f32 or f64, found "
          "bool[::1]");
    CHECK(type_of("a: u8[::1]", "atomic_add(a, 0, 1)") ==
          "error: atomic_add needs an array of 32- or 64-bit integers, f32 or f64, found u8[::1]");
    CHECK(type_of("x: f32", "atomic_add(x, 0, 1)") ==
          "error: the first argument of atomic_add must be a global or local array; 'x' is f32");
    CHECK(
        errors_of("kernel k() { let p = private_array(i32, 4); let o = atomic_add(p, 0, 1); }", "k")
            .find("atomic_add needs a global or local array; private i32[4] is private to the "
                  "work item") != std::string::npos);
    CHECK(type_of("a: i32[:, ::1]", "atomic_add(a, 0, 1)") ==
          "error: atomic_add on a 2-d array needs a tuple of 2 indices, e.g. (i, j)");
    CHECK(type_of("a: i32[:, ::1]", "atomic_add(a, (0, 1, 2), 1)") ==
          "error: atomic_add on a 2-d array needs 2 indices, got 3");
    CHECK(type_of("a: i32[::1], b: bool", "atomic_min(a, 0, b)") ==
          "error: cannot use bool as a value of atomic_min on i32[::1] without a cast: write "
          "i32(...)");
}

TEST_CASE("builtins: select") {
    CHECK(type_of("c: bool, x: f32, y: f64", "select(c, x, y)") == "f64");
    CHECK(type_of("c: bool, x: f32", "select(c, x, 0.0)") == "f32");
    CHECK(type_of("c: bool", "select(c, 1, 2)") == "i64");
    CHECK(type_of("c: bool", "select(c, true, false)") == "bool");
    CHECK(type_of("n: i32", "select(n, 1, 2)") ==
          "error: the condition of select must be bool, found i32");
    CHECK(type_of("c: bool, a: i32, b: u32", "select(c, a, b)") ==
          "error: cannot mix signed i32 and unsigned u32 in 'select'; cast one side, e.g. i64(b)");
}

TEST_CASE("builtins: float math on f32 and f64") {
    CHECK(type_of("x: f32", "sqrt(x)") == "f32");
    CHECK(type_of("x: f64", "exp(x) + log(x)") == "f64");
    CHECK(type_of("", "sqrt(2.0)") == "f64");
    CHECK(type_of("", "sin(1)") == "f64");
    CHECK(type_of("x: f32", "pow(x, 2)") == "f32");
    CHECK(type_of("x: f32, y: f64", "atan2(x, y)") == "f64");
    CHECK(type_of("x: f32", "fma(x, x, 1.0)") == "f32");
    CHECK(type_of("x: f32", "isnan(x)") == "bool");
    CHECK(type_of("x: f64", "isinf(x) || isnan(x)") == "bool");
    CHECK(type_of("x: f16", "sqrt(x)") == "f16");
    CHECK(errors_of("kernel k(n: i32) {\n    let e = sqrt(n);\n}\n", "k") ==
          "test.dpk:2:18: error: 'sqrt' needs f32 or f64 arguments, found i32; cast it first, "
          "e.g. sqrt(f32(n))\n"
          "      let e = sqrt(n);\n"
          "                   ^\n");
    CHECK(type_of("b: bool", "floor(b)") ==
          "error: cannot apply 'floor' to bool; it needs f32 or f64 values");
}

TEST_CASE("builtins: min, max, clamp, abs on ints and floats") {
    CHECK(type_of("n: i32", "min(n, 0)") == "i32");
    CHECK(type_of("n: u16, m: u32", "max(n, m)") == "u32");
    CHECK(type_of("x: f32", "clamp(x, 0.0, 1.0)") == "f32");
    CHECK(type_of("x: f32, n: i64", "min(x, n)") == "f32");
    CHECK(type_of("n: i8", "abs(n)") == "i8");
    CHECK(type_of("", "abs(-2.5)") == "f64");
    CHECK(type_of("n: i32, u: u32", "min(n, u)") ==
          "error: cannot mix signed i32 and unsigned u32 in 'min'; cast one side, e.g. i64(u)");
    CHECK(type_of("b: bool", "abs(b)") == "error: cannot apply 'abs' to bool; it needs numbers");
}

TEST_CASE("builtins: casts between scalar types") {
    SemaFixture p(
        "kernel k(n: i32, x: f64, b: bool) {\n"
        "  let a = f32(n);\n  let c = bool(n);\n  let d = i64(b);\n  let e = u8(300);\n"
        "  let f = i32(2.5);\n  let g = f32(1);\n  let h = i32(x);\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    const auto& a = p.info(*k->kernel, "f32(n)");
    CHECK(a.call_kind == ExprInfo::CallKind::Cast);
    CHECK(a.type->str() == "f32");
    CHECK(p.var_type(*k->kernel, "c") == "bool");
    CHECK(p.var_type(*k->kernel, "d") == "i64");
    CHECK(std::get<std::uint64_t>(p.info(*k->kernel, "u8(300)").constant->value) == 44u);
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "i32(2.5)").constant->value) == 2);
    CHECK(std::get<double>(p.info(*k->kernel, "f32(1)").constant->value) == 1.0);
    CHECK(p.type(*k->kernel, "1") == "f32");
    CHECK_FALSE(p.info(*k->kernel, "i32(x)").constant);
    CHECK(type_of("a: f32[::1]", "f32(a)") ==
          "error: cannot convert f32[::1] to f32: casts convert scalars only");
}

TEST_CASE("builtins: fmin, fmax, mad, sign, mix, isfinite follow the float math rules") {
    CHECK(type_of("x: f32", "fmin(x, 2.0)") == "f32");
    CHECK(type_of("x: f64", "fmax(x, 2.0)") == "f64");
    CHECK(type_of("x: f32", "mad(x, x, 1.0)") == "f32");
    CHECK(type_of("x: f32", "sign(x)") == "f32");
    CHECK(type_of("x: f32, y: f32", "mix(x, y, 0.25)") == "f32");
    CHECK(type_of("x: f64", "isfinite(x)") == "bool");
    CHECK(type_of("n: i32", "sign(n)").find("'sign' needs f32 or f64 arguments, found i32") !=
          std::string::npos);
}

TEST_CASE("builtins: popcount, clz, ctz take 32- and 64-bit integers and keep their type") {
    CHECK(type_of("n: u32", "popcount(n)") == "u32");
    CHECK(type_of("n: i64", "clz(n)") == "i64");
    CHECK(type_of("n: i32", "ctz(n)") == "i32");
    CHECK(type_of("", "popcount(255)") == "i64");
    CHECK(type_of("n: u8", "popcount(n)") ==
          "error: 'popcount' needs a 32- or 64-bit integer, found u8; cast it first, e.g. "
          "popcount(u32(n))");
    CHECK(type_of("x: f32", "clz(x)").find("'clz' needs a 32- or 64-bit integer, found f32") !=
          std::string::npos);
}

TEST_CASE("builtins: atomic_inc and atomic_dec take (array, index) of integers") {
    CHECK(type_of("a: i32[::1]", "atomic_inc(a, 0)") == "i32");
    CHECK(type_of("a: u64[::1]", "atomic_dec(a, 3)") == "u64");
    CHECK(type_of("a: f32[::1]", "atomic_inc(a, 0)")
              .find("needs an array of 32- or 64-bit "
                    "integers, found f32[::1]") != std::string::npos);
}
