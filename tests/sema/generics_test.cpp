// Device functions: instances per parameter-type list, symbols, annotated parameters, imports.
#include "compiler/sema/instantiator.h"
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

TEST_CASE("generics: one instance per distinct parameter types, callees first") {
    SemaFixture p(
        "func sq(x) { return x * x; }\n"
        "func sum_sq(a, b) { return sq(a) + sq(b); }\n"
        "kernel k(x: f32[::1], y: f64[::1]) {\n"
        "  let i = global_id(0);\n"
        "  y[i] = sum_sq(x[i], y[i]) + sq(y[i]) + sq(x[i]);\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    std::vector<std::string> symbols;
    for (const auto& inst : k->instances) symbols.push_back(inst->symbol);
    CHECK(symbols == std::vector<std::string>{"sq__f32", "sq__f64", "sum_sq__f32_f64", "k"});
    auto* sum = SemaFixture::instance(*k, "sum_sq__f32_f64");
    REQUIRE(sum);
    CHECK(sum->return_type->str() == "f64");
    CHECK(sum->callees.size() == 2);
    CHECK(sum->param_types[0]->str() == "f32");
    CHECK(p.var_type(*sum, "a") == "f32");
    CHECK(k->kernel->callees.size() == 3);  // sum_sq, sq f64, sq f32 (each once)
}

TEST_CASE("generics: literal arguments are typed by their defaults") {
    SemaFixture p(
        "func twice(x) { return x + x; }\n"
        "kernel k() { let a = twice(2); let b = twice(2.0); let c = twice(i32(2)); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(SemaFixture::instance(*k, "twice__i64"));
    CHECK(SemaFixture::instance(*k, "twice__f64"));
    CHECK(SemaFixture::instance(*k, "twice__i32"));
    CHECK(p.var_type(*k->kernel, "c") == "i32");
}

TEST_CASE("generics: array arguments give array parameter types") {
    SemaFixture p(
        "func first(a) { return a[0]; }\n"
        "func corner(t) { return t[0, 0]; }\n"
        "kernel k(x: f32[::1], y: i64[:]) {\n"
        "  let t = local_array(f32, (4, 4));\n"
        "  let a = first(x); let b = first(y); let c = corner(t);\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(SemaFixture::instance(*k, "first__f32_1C"));
    CHECK(SemaFixture::instance(*k, "first__i64_1A"));
    auto* c = SemaFixture::instance(*k, "corner__f32_2CL4x4");
    REQUIRE(c);
    CHECK(c->param_types[0]->str() == "local f32[4, 4]");
    CHECK(p.var_type(*k->kernel, "b") == "i64");
}

TEST_CASE("generics: usm_type does not split instances") {
    SemaFixture p(
        "func first(a) { return a[0]; }\n"
        "kernel k(x, y) { let a = first(x) + first(y); }");
    auto* k = p.specialize(
        "k", R"(void(f32[::1], usm_ndarray(f32, ndim=1, layout="C", usm_type="shared")))");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(k->instances.size() == 2);
}

TEST_CASE("generics: annotated parameters") {
    SemaFixture p(
        "func scale(x: f32, s: f64) -> f64 { return x * s; }\n"
        "func get(a: f32[:], i: i64) { return a[i]; }\n"
        "kernel k(v: f32[::1], n: i32) { let r = scale(v[0], n) + get(v, n); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "n").converted_to->str() == "f64");
    auto* get = SemaFixture::instance(*k, "get__f32_1C_i64");
    REQUIRE(get);  // instantiated for the argument's layout
    CHECK(get->return_type->str() == "f32");
    CHECK(errors_of("func f(x: f32) -> f32 { return x; }\nkernel k(d: f64) {\n"
                    "    let r = f(d);\n}\n",
                    "k") ==
          "test.dpk:3:15: error: cannot pass f64 to parameter 'x' of 'f' of type f32 without a "
          "cast: write f32(...)\n"
          "      let r = f(d);\n"
          "                ^\n");
    CHECK(errors_of("func g(a: f32[::1]) { }\nkernel k(x: f32[:]) { g(x); }", "k")
              .find("cannot pass f32[:] to parameter 'a' of 'g' of type f32[::1]") !=
          std::string::npos);
    CHECK(errors_of("func g(a: f32[:]) { }\nkernel k(x: f64[::1]) { g(x); }", "k")
              .find("cannot pass f64[::1] to parameter 'a' of 'g' of type f32[:]") !=
          std::string::npos);
    SemaFixture local(
        "func g(s: local f32[:]) { s[0] = 1.0; }\nkernel k(s: local f32[:]) { g(s); }");
    CHECK_MESSAGE(local.specialize("k"), local.errors());
}

TEST_CASE("generics: an error inside an instance names the instantiation") {
    CHECK(
        errors_of("func neg(x) {\n    return -x;\n}\nkernel k(u: u32) {\n    let r = neg(u);\n}\n",
                  "k") ==
        "test.dpk:2:12: error: cannot negate unsigned u32; cast it to a signed type first, "
        "e.g. -i64(x)\n"
        "      return -x;\n"
        "             ^~\n"
        "test.dpk:5:13: note: in 'neg' instantiated for (x: u32) from this call\n"
        "      let r = neg(u);\n"
        "              ^~~~~~\n");
}

TEST_CASE("generics: functions without parameters and functions from imported modules") {
    SemaFixture p(
        "import lib;\nfunc one() { return 1; }\n"
        "kernel k(x: f32[::1]) { x[0] = one() + lib_twice(x[0]); }",
        {"func lib_twice(v) { return 2.0 * v; }\n"});
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    auto* one = SemaFixture::instance(*k, "one__");
    REQUIRE(one);
    CHECK(one->return_type->str() == "i64");
    auto* twice = SemaFixture::instance(*k, "lib_twice__f32");
    REQUIRE(twice);
    CHECK(twice->return_type->str() == "f32");
}

TEST_CASE("generics: symbols stay unique") {
    SemaFixture p(
        "func f__i64() { return 1; }\nfunc f(x) { return x; }\n"
        "kernel k() { let a = f(1); let b = f__i64(); }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(SemaFixture::instance(*k, "f__i64"));
    CHECK(SemaFixture::instance(*k, "f__i64__"));
}

TEST_CASE("generics: mangling") {
    dpk::compiler::types::TypeContext t;
    dpk::compiler::ast::Function f;
    f.name = "g";
    using dpk::compiler::types::AddressSpace;
    CHECK(dpk::compiler::sema::mangle(
              f, {t.scalar(dpk::DType::F32),
                  t.array(dpk::DType::F64, 2, dpk::Layout::F, AddressSpace::Global),
                  t.array(dpk::DType::I32, 1, dpk::Layout::C, AddressSpace::Private, {8})}) ==
          "g__f32_f64_2F_i32_1CP8");
}
