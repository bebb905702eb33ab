// Kernel signatures: arity, agreement with annotations, generic kernels without a signature.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

namespace {

const char* kSaxpy =
    "kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {\n"
    "    let i = global_id(0);\n"
    "    if i < x.shape[0] { y[i] = alpha * x[i] + y[i]; }\n"
    "}\n"
    "kernel vecadd(a, b, c) {\n"
    "    let i = global_id(0);\n"
    "    c[i] = a[i] + b[i];\n"
    "}\n"
    "kernel part(n: i32, a) { a[0] = n; }\n"
    "func helper() { }\n";

}  // namespace

TEST_CASE("specialize: signature arity must match") {
    CHECK(errors_of(kSaxpy, "saxpy", "void(f32[::1])") ==
          "test.dpk:1:8: error: signature void(f32[::1]) has 1 parameter but kernel 'saxpy' takes "
          "3 (alpha, x, y)\n"
          "  kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {\n"
          "         ^~~~~\n");
}

TEST_CASE("specialize: annotations must agree with the signature") {
    CHECK(errors_of(kSaxpy, "saxpy", "void(f32, f32[:], f32[::1])") ==
          "test.dpk:1:26: error: kernel 'saxpy': parameter 'x' is annotated f32[::1] but "
          "signature void(f32, f32[:], f32[::1]) gives f32[:]\n"
          "  kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {\n"
          "                           ^\n");
    CHECK(errors_of(kSaxpy, "saxpy", "void(f64, f32[::1], f64[::1])")
              .find("parameter 'alpha' is annotated f32 but signature void(f64, f32[::1], "
                    "f64[::1]) gives f64") != std::string::npos);
    CHECK(errors_of(kSaxpy, "saxpy", "void(f32, f32[::1], f32[:, ::1])")
              .find("parameter 'y' is annotated f32[::1] but signature") != std::string::npos);
    CHECK(errors_of("kernel k(s: local f32[:]) { }", "k", "void(f32[::1])")
              .find("parameter 's' is annotated local f32[:] but signature void(f32[::1]) gives "
                    "f32[::1]") != std::string::npos);
}

TEST_CASE("specialize: a generic kernel needs a signature") {
    CHECK(errors_of(kSaxpy, "vecadd") ==
          "test.dpk:5:15: error: kernel 'vecadd' has generic parameters (a, b, c); give a "
          "signature ('a' has no type)\n"
          "  kernel vecadd(a, b, c) {\n"
          "                ^\n");
    CHECK(errors_of(kSaxpy, "part")
              .find("kernel 'part' has generic parameters (a); give a "
                    "signature") != std::string::npos);
}

TEST_CASE("specialize: partly annotated kernel with a signature") {
    SemaFixture p(kSaxpy);
    auto* k = p.specialize("part", "void(i32, i64[::1])");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(k->signature.pretty() == "void(i32, i64[::1])");
    CHECK(p.result(*k->kernel, "n") == "i64");
}

TEST_CASE("specialize: errors in a generic kernel name the signature") {
    CHECK(errors_of(kSaxpy, "vecadd", "void(i32[::1], u32[::1], i32[::1])") ==
          "test.dpk:7:17: error: cannot mix signed i32 and unsigned u32 in '+'; cast one side, "
          "e.g. i64(b[i])\n"
          "      c[i] = a[i] + b[i];\n"
          "                  ^\n"
          "test.dpk:5:8: note: in kernel 'vecadd' specialized for void(i32[::1], u32[::1], "
          "i32[::1])\n"
          "  kernel vecadd(a, b, c) {\n"
          "         ^~~~~~\n");
    CHECK(errors_of(kSaxpy, "vecadd", "void(f32, f32, f32)")
              .find("cannot index f32: only arrays can be indexed") != std::string::npos);
}

TEST_CASE("specialize: only kernels, by name") {
    SemaFixture p(kSaxpy);
    CHECK(p.specialize("helper") == nullptr);
    CHECK(p.first_error() ==
          "'helper' is a device function, not a kernel; only kernels can be specialized");
    SemaFixture q(kSaxpy);
    CHECK(q.specialize("nope") == nullptr);
    CHECK(q.errors() == "error: no kernel named 'nope'\n");
}

TEST_CASE("specialize: a program with errors is not specialized") {
    SemaFixture p("kernel k() { let a = x; }");
    CHECK(p.specialize("k") == nullptr);
    CHECK(p.diags.error_count() == 1);
}

TEST_CASE("specialize: the same checker specializes many signatures") {
    SemaFixture p(kSaxpy);
    for (const char* t : {"f32", "f64", "i32", "i64", "u8", "i16", "u64", "f16"}) {
        CAPTURE(t);
        std::string a = std::string(t) + "[::1]";
        auto* k = p.specialize("vecadd", "void(" + a + ", " + a + ", " + a + ")");
        REQUIRE_MESSAGE(k, p.errors());
        CHECK(k->types != nullptr);
        CHECK(p.type(*k->kernel, "a[i] + b[i]") == t);
    }
    auto* bools = p.specialize("vecadd", "void(bool[::1], bool[::1], bool[::1])");
    CHECK(bools == nullptr);
    CHECK(p.first_error() == "cannot apply '+' to bool and bool; it needs numbers");
}
