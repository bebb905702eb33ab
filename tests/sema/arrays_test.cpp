// Indexing, shape/strides/size, local and private arrays.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

TEST_CASE("arrays: indices are integers converted to i64") {
    SemaFixture p("kernel k(A: f32[:, ::1], i: i32, j: u32) { let v = A[i, j]; let w = A[0, 1]; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "v") == "f32");
    CHECK(p.result(*k->kernel, "i") == "i64");
    CHECK(p.result(*k->kernel, "j") == "i64");
    CHECK(p.type(*k->kernel, "0") == "i64");
    CHECK(errors_of("kernel k(a: f32[::1], x: f32) {\n    let v = a[x];\n}\n", "k") ==
          "test.dpk:2:15: error: an array index must be an integer, found f32\n"
          "      let v = a[x];\n"
          "                ^\n");
    CHECK(errors_of("kernel k(a: f32[::1], b: bool) { let v = a[b]; }", "k")
              .find("an array index must be an integer, found bool") != std::string::npos);
}

TEST_CASE("arrays: the index count must equal ndim") {
    CHECK(errors_of("kernel k(A: f32[:, ::1]) {\n    let v = A[0];\n}\n", "k") ==
          "test.dpk:2:13: error: array 'A' has 2 dimensions but is indexed with 1; the number of "
          "indices must equal the number of dimensions\n"
          "      let v = A[0];\n"
          "              ^~~~\n");
    CHECK(errors_of("kernel k(a: f32[::1]) { let v = a[0, 1]; }", "k")
              .find("array 'a' has 1 dimension but is indexed with 2") != std::string::npos);
    CHECK(errors_of("kernel k(n: i64) { let v = n[0]; }", "k")
              .find("cannot index i64: only arrays can be indexed") != std::string::npos);
}

TEST_CASE("arrays: shape and strides need a constant dimension in range") {
    SemaFixture p(
        "const D = 1;\nkernel k(A: f32[:, :]) { let a = A.shape[0]; let b = A.strides[D]; "
        "let c = A.size; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.info(*k->kernel, "A.shape[0]").member_dim == 0);
    CHECK(p.info(*k->kernel, "A.strides[D]").member_dim == 1);
    CHECK(p.type(*k->kernel, "A.strides[D]") == "i64");
    CHECK(p.type(*k->kernel, "A.size") == "i64");
    CHECK(p.info(*k->kernel, "A.shape").type->str() == "private i64[2]");
    CHECK_FALSE(p.info(*k->kernel, "A.shape[0]").constant);
    CHECK(errors_of("kernel k(A: f32[:, ::1]) {\n    let s = A.shape[2];\n}\n", "k") ==
          "test.dpk:2:21: error: dimension 2 of 'A.shape' is out of range for array 'A' with 2 "
          "dimensions\n"
          "      let s = A.shape[2];\n"
          "                      ^\n");
    CHECK(errors_of("kernel k(A: f32[::1], d: i64) { let s = A.shape[d]; }", "k")
              .find("the dimension in 'A.shape[...]' must be a constant integer, found a value "
                    "known only at run time") != std::string::npos);
    CHECK(errors_of("kernel k(A: f32[::1]) { let s = A.shape; }", "k")
              .find("'A.shape' must be indexed with a constant dimension, e.g. A.shape[0]") !=
          std::string::npos);
    CHECK(errors_of("kernel k(A: f32[::1]) { let s = A.len; }", "k")
              .find("unknown member 'len': arrays have shape, strides, size and dtype") !=
          std::string::npos);
    CHECK(errors_of("kernel k(n: i32) { let s = n.size; }", "k")
              .find("'.size' needs an array, found i32") != std::string::npos);
}

TEST_CASE("arrays: local_array and private_array") {
    SemaFixture p(
        "const T = 8;\nkernel k() {\n  let a = local_array(f32, (T, 2 * T));\n"
        "  let b = local_array(i32, 64);\n  let c = private_array(f64, 4);\n"
        "  a[1, 2] = 1.0;\n  let n = a.shape[1];\n  let m = b.size;\n}");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "a") == "local f32[8, 16]");
    CHECK(p.var_type(*k->kernel, "b") == "local i32[64]");
    CHECK(p.var_type(*k->kernel, "c") == "private f64[4]");
    const auto& alloc = p.info(*k->kernel, "local_array(i32, 64)");
    CHECK(alloc.builtin == dpk::compiler::sema::Builtin::LocalArray);
    CHECK(alloc.type->static_shape == std::vector<std::int64_t>{64});
    CHECK(p.info(*k->kernel, "i32").name_kind == dpk::compiler::sema::ExprInfo::NameKind::TypeName);
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "a.shape[1]").constant->value) == 16);
    CHECK(std::get<std::int64_t>(p.info(*k->kernel, "b.size").constant->value) == 64);
}

TEST_CASE("arrays: local_array shapes must be positive constants; constant indices in bounds") {
    CHECK(errors_of("kernel k(n: i64) { let a = local_array(f32, n); }", "k")
              .find("the shape of local_array must be a constant integer") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = local_array(f32, (4, 0)); }", "k")
              .find("the shape of local_array must be positive, found 0") != std::string::npos);
    CHECK(errors_of("kernel k() { let a = local_array(f32, 2.5); }", "k")
              .find("the shape of local_array must be a constant integer, found f64") !=
          std::string::npos);
    CHECK(errors_of("kernel k() {\n    let a = local_array(f32, (4, 4));\n    a[4, 0] = 1.0;\n}\n",
                    "k") ==
          "test.dpk:3:7: error: index 4 is out of bounds for dimension 0 of array 'a' (size 4)\n"
          "      a[4, 0] = 1.0;\n"
          "        ^\n");
}

TEST_CASE("arrays: work-group memory parameters") {
    SemaFixture p("kernel k(s: local f32[:]) { s[0] = 1.0; let n = s.shape[0]; }");
    auto* k = p.specialize("k");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.var_type(*k->kernel, "s") == "local f32[::1]");
    CHECK(k->signature.params[0].is_local_array());
}
