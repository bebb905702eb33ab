// Diagnostics of the program check (no types needed), with exact rendering.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

TEST_CASE("check: unknown name") {
    CHECK(errors_of("kernel k(a: f32[::1]) {\n    let i = idx + 1;\n}\n") ==
          "test.dpk:2:13: error: unknown name 'idx'\n"
          "      let i = idx + 1;\n"
          "              ^~~\n");
}

TEST_CASE("check: unknown name suggests a visible name") {
    CHECK(errors_of("kernel k(a: f32[::1]) {\n    let index = 1;\n    a[indx] = 0.0;\n}\n") ==
          "test.dpk:3:7: error: unknown name 'indx'; did you mean 'index'?\n"
          "      a[indx] = 0.0;\n"
          "        ^~~~\n");
}

TEST_CASE("check: unknown function, with and without a suggestion") {
    CHECK(errors_of("kernel k() {\n    foo(1);\n    sqr(2.0);\n}\n") ==
          "test.dpk:2:5: error: unknown function 'foo'\n"
          "      foo(1);\n"
          "      ^~~\n"
          "test.dpk:3:5: error: unknown function 'sqr'; did you mean 'sqrt'?\n"
          "      sqr(2.0);\n"
          "      ^~~\n");
}

TEST_CASE("check: unknown function suggests a user function") {
    CHECK(errors_of("func square(x) { return x * x; }\nkernel k() { let y = sqaure(2); }\n")
              .find("unknown function 'sqaure'; did you mean 'square'?") != std::string::npos);
}

TEST_CASE("check: wrong arity of builtins, casts and user functions") {
    CHECK(errors_of("kernel k(a: f32[::1]) {\n    atomic_add(a, 0);\n}\n") ==
          "test.dpk:2:5: error: 'atomic_add' takes 3 arguments, got 2\n"
          "      atomic_add(a, 0);\n"
          "      ^~~~~~~~~~~~~~~~\n");
    CHECK(errors_of("func sq(x) { return x * x; }\nkernel k() { let y = sq(1, 2); }\n") ==
          "test.dpk:2:22: error: 'sq' takes 1 argument, got 2\n"
          "  kernel k() { let y = sq(1, 2); }\n"
          "                       ^~~~~~~~\n");
    CHECK(errors_of("kernel k() { let y = f32(1, 2); let z = global_id(); }\n") ==
          "test.dpk:1:22: error: 'f32' takes 1 argument, got 2\n"
          "  kernel k() { let y = f32(1, 2); let z = global_id(); }\n"
          "                       ^~~~~~~~~\n"
          "test.dpk:1:41: error: 'global_id' takes 1 argument, got 0\n"
          "  kernel k() { let y = f32(1, 2); let z = global_id(); }\n"
          "                                          ^~~~~~~~~~~\n");
}

TEST_CASE("check: assignment to let, parameters and consts") {
    CHECK(errors_of("const N = 4;\nkernel k(a: f32[::1]) {\n    let i = 0;\n    i = 3;\n"
                    "    a = a;\n    N = 3;\n}\n") ==
          "test.dpk:4:5: error: cannot assign to 'i': it is declared with 'let'; use 'var' to "
          "make it mutable\n"
          "      i = 3;\n"
          "      ^\n"
          "test.dpk:5:5: error: cannot assign to parameter 'a'; copy it into a 'var' first\n"
          "      a = a;\n"
          "      ^\n"
          "test.dpk:6:5: error: cannot assign to const 'N'\n"
          "      N = 3;\n"
          "      ^\n");
}

TEST_CASE("check: break and continue outside a loop") {
    CHECK(errors_of("kernel k() {\n    break;\n    while true { break; continue; }\n"
                    "    continue;\n}\n") ==
          "test.dpk:2:5: error: 'break' outside a loop\n"
          "      break;\n"
          "      ^~~~~~\n"
          "test.dpk:4:5: error: 'continue' outside a loop\n"
          "      continue;\n"
          "      ^~~~~~~~~\n");
}

TEST_CASE("check: a kernel cannot return a value") {
    CHECK(errors_of("kernel k() {\n    return 1;\n}\n") ==
          "test.dpk:2:5: error: kernel 'k' cannot return a value\n"
          "      return 1;\n"
          "      ^~~~~~~~~\n");
    CHECK(errors_of("kernel k(x: f32) {\n    if x > 0.0 { return; }\n}\n").empty());
}

TEST_CASE("check: redeclaration in one scope is an error, shadowing in an inner block is not") {
    CHECK(errors_of("kernel k(x: f32) {\n    let i = 1;\n    { let i = 2; }\n"
                    "    for j in range(3) { let i = j; }\n    let i = 5;\n}\n") ==
          "test.dpk:5:9: error: 'i' is already declared in this scope\n"
          "      let i = 5;\n"
          "          ^\n"
          "test.dpk:2:9: note: 'i' is first declared here\n"
          "      let i = 1;\n"
          "          ^\n");
    CHECK(errors_of("kernel k(x: f32) { let x = 1.0; }\n")
              .find("error: 'x' is already declared in this scope") != std::string::npos);
    CHECK(errors_of("kernel k(x: f32, x: f32) { }\n")
              .find("error: 'x' is already declared in this scope") != std::string::npos);
    CHECK(errors_of("kernel k() { for i in range(3) { let i = 1; } }\n")
              .find("error: 'i' is already declared in this scope") != std::string::npos);
}

TEST_CASE("check: a variable is not visible in its own initializer or after its block") {
    CHECK(errors_of("kernel k() { let a = a + 1; }\n").find("unknown name 'a'") !=
          std::string::npos);
    CHECK(errors_of("kernel k() { { let t = 1; } let u = t; }\n").find("unknown name 't'") !=
          std::string::npos);
}

TEST_CASE("check: recursion, direct and through another function") {
    CHECK(errors_of("func f(x) { return g(x); }\nfunc g(y) { return f(y); }\n"
                    "kernel k() { let z = f(1); }\n") ==
          "test.dpk:2:20: error: recursive call to 'f' (f -> g -> f); recursion is not allowed "
          "in kernels\n"
          "  func g(y) { return f(y); }\n"
          "                     ^\n");
    CHECK(errors_of("func h(z) { return h(z); }\n") ==
          "test.dpk:1:20: error: recursive call to 'h' (h -> h); recursion is not allowed in "
          "kernels\n"
          "  func h(z) { return h(z); }\n"
          "                     ^\n");
}

TEST_CASE("check: bad barrier and fence flags") {
    CHECK(errors_of("kernel k() {\n    barrier(locl);\n    fence(local & global);\n"
                    "    barrier(local | global);\n    fence(global);\n}\n") ==
          "test.dpk:2:13: error: bad barrier flag 'locl': expected local, global or local | global\n"
          "      barrier(locl);\n"
          "              ^~~~\n"
          "test.dpk:3:11: error: bad fence flag: expected local, global or local | global\n"
          "      fence(local & global);\n"
          "            ^~~~~~~~~~~~~~\n");
    CHECK(errors_of("kernel k() { barrier(1); }\n").find("bad barrier flag") != std::string::npos);
    CHECK(errors_of("kernel k() { let f = local; }\n")
              .find("'local' is a memory flag: use it in barrier(...) or fence(...)") !=
          std::string::npos);
}

TEST_CASE("check: local_array placement") {
    CHECK(errors_of("func dev() {\n    let t = local_array(f32, 16);\n}\n") ==
          "test.dpk:2:13: error: local_array is only allowed in a kernel, not in function 'dev'; "
          "allocate it in the kernel and pass it as an argument\n"
          "      let t = local_array(f32, 16);\n"
          "              ^~~~~~~~~~~\n");
    CHECK(errors_of("kernel k() {\n    for t in range(3) { let w = local_array(f32, 4); }\n}\n") ==
          "test.dpk:2:33: error: local_array must be declared directly in the kernel's body, not "
          "inside a loop or block\n"
          "      for t in range(3) { let w = local_array(f32, 4); }\n"
          "                                  ^~~~~~~~~~~\n");
    CHECK(errors_of("kernel k() {\n    local_array(f32, 16);\n}\n") ==
          "test.dpk:2:5: error: local_array(...) must initialize a 'let', e.g. let tile = "
          "local_array(f32, (16, 16));\n"
          "      local_array(f32, 16);\n"
          "      ^~~~~~~~~~~~~~~~~~~~\n");
    CHECK(errors_of("kernel k() { var t = local_array(f32, 16); }\n")
              .find("local_array(...) must initialize a 'let', not a 'var'") != std::string::npos);
    CHECK(errors_of("kernel k() { let t = local_array(f33, 16); }\n")
              .find("unknown type 'f33': the first argument of local_array is an element type "
                    "such as f32") != std::string::npos);
    CHECK(errors_of("kernel k() { let t = local_array(2, 16); }\n")
              .find("the first argument of local_array must be an element type such as f32") !=
          std::string::npos);
    // private_array is allowed in functions and loops.
    CHECK(errors_of("func f() -> f32 { let p = private_array(f32, 4); p[0] = 1.0; return p[0]; }\n"
                    "kernel k() { for i in range(2) { let q = private_array(i32, (2, 2)); } }\n")
              .empty());
}

TEST_CASE("check: duplicate items and items named like types") {
    CHECK(errors_of("func f() { }\nconst f = 1;\n") ==
          "test.dpk:2:7: error: duplicate definition of 'f'\n"
          "  const f = 1;\n"
          "        ^\n"
          "test.dpk:1:6: note: 'f' is first defined here\n"
          "  func f() { }\n"
          "       ^\n");
    CHECK(errors_of("func sqrt(x) { return x; }\n").empty());  // shadows the builtin
    CHECK(errors_of("const f32 = 1;\n").find("'f32' is a type name and cannot name a const") !=
          std::string::npos);
}

TEST_CASE("check: duplicates across modules") {
    SemaFixture p("import m;\nfunc helper() { }\n", {"func helper() { }\n"});
    CHECK_FALSE(p.check());
    CHECK(p.errors() ==
          "module0.dpk:1:6: error: duplicate definition of 'helper'\n"
          "  func helper() { }\n"
          "       ^~~~~~\n"
          "test.dpk:2:6: note: 'helper' is first defined here\n"
          "  func helper() { }\n"
          "       ^~~~~~\n");
}

TEST_CASE("check: names that are not values") {
    CHECK(errors_of("func g() { }\nkernel k() { let a = f32; let b = g; let c = sqrt; }\n") ==
          "test.dpk:2:22: error: 'f32' is a type, not a value; to convert a value, call it: "
          "f32(x)\n"
          "  kernel k() { let a = f32; let b = g; let c = sqrt; }\n"
          "                       ^~~\n"
          "test.dpk:2:35: error: 'g' is a function; call it: g(...)\n"
          "  kernel k() { let a = f32; let b = g; let c = sqrt; }\n"
          "                                    ^\n"
          "test.dpk:2:46: error: 'sqrt' is a function; call it: sqrt(...)\n"
          "  kernel k() { let a = f32; let b = g; let c = sqrt; }\n"
          "                                               ^~~~\n");
}

TEST_CASE("check: calls of kernels and variables") {
    CHECK(errors_of("kernel a() { }\nkernel k() { a(); }\n")
              .find("cannot call kernel 'a': kernels are launched, not called") !=
          std::string::npos);
    CHECK(
        errors_of("kernel k() { let v = 1; v(2); }\n").find("'v' is a variable, not a function") !=
        std::string::npos);
    CHECK(errors_of("kernel k() { let r = range(3); }\n")
              .find("range(...) can only be used in a for loop") != std::string::npos);
}

TEST_CASE("check: annotations") {
    CHECK(errors_of("kernel k(x: flot32) { }\n").find("unknown type 'flot32'") !=
          std::string::npos);
    CHECK(errors_of("kernel k() { var a: f32[::1] = 0.0; }\n")
              .find("a variable cannot be annotated with an array type") != std::string::npos);
    CHECK(errors_of("kernel k() { var a: flt = 0.0; }\n").find("unknown type 'flt'") !=
          std::string::npos);
    CHECK(errors_of("func f() -> f32[::1] { }\n")
              .find("an array type cannot annotate a return type") != std::string::npos);
}

TEST_CASE("check: consts fold, cycles and non-constant initializers are errors") {
    CHECK(errors_of("const A = B + 1;\nconst B = A * 2;\n") ==
          "test.dpk:1:7: error: const 'A' is defined in terms of itself\n"
          "  const A = B + 1;\n"
          "        ^\n");
    CHECK(errors_of("const A = sqrt(2.0);\n") ==
          "test.dpk:1:11: error: const 'A' must be a constant expression; 'sqrt(...)' is not "
          "constant\n"
          "  const A = sqrt(2.0);\n"
          "            ^~~~~~~~~\n");
    CHECK(errors_of("const A = x;\n").find("unknown name 'x'") != std::string::npos);
    CHECK(errors_of("const A: u8 = 256;\n").find("integer literal 256 does not fit in u8") !=
          std::string::npos);
    CHECK(errors_of("const A = 1 / 0;\n").find("division by zero in a constant expression") !=
          std::string::npos);
    CHECK(errors_of("const A: i32 = 2.5;\n")
              .find("cannot assign float literal to const 'A' of type i32 without a cast") !=
          std::string::npos);
    CHECK(errors_of("const A = 3;\nconst B: i32 = A * 2;\nconst C = i32(B) + A;\n"
                    "const D = true && A > 2;\n")
              .empty());
}

TEST_CASE("check: several errors are reported in one run") {
    SemaFixture p("kernel k() {\n  let a = x;\n  let b = y;\n  break;\n  foo();\n}\n");
    CHECK_FALSE(p.check());
    CHECK(p.diags.error_count() == 4);
}

TEST_CASE("check: loop variables are read-only") {
    CHECK(errors_of("kernel k() {\n    for i in range(4) { i = 2; }\n}\n") ==
          "test.dpk:2:25: error: cannot assign to loop variable 'i'; loop variables are "
          "read-only\n"
          "      for i in range(4) { i = 2; }\n"
          "                          ^\n");
}

TEST_CASE("check: NumPy dtype aliases are not reserved names in code") {
    SemaFixture p(
        "kernel k(x: float32[::1]) { let b1 = 1; let int32 = 2; x[0] = f32(b1 + int32); }");
    CHECK_MESSAGE(p.specialize("k"), p.errors());
    CHECK(errors_of("kernel k() { let a = float32(1); }\n")
              .find("'float32' is not a cast in dpk; write f32(1)") != std::string::npos);
}
