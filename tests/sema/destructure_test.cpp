// `let (n, m) = x.shape;`: one binding per name, from shape/strides in dimension order or from a
// tuple's elements.
#include "tests/sema/sema_fixture.h"

using dpk::tests::errors_of;
using dpk::tests::SemaFixture;

TEST_CASE("destructure: shape, strides and tuples bind one name each") {
    SemaFixture fx(R"(kernel k(x: f32[:, :], out: i64[::1]) {
    let (n, m) = x.shape;
    var (s0, s1) = x.strides;
    let (a, b) = (1, 2.5f32);
    s0 += 1;
    out[0] = n * m + s0 + s1 + a + i64(b);
}
)");
    const auto* k = fx.specialize("k");
    INFO(fx.errors());
    REQUIRE(k);
    CHECK(fx.var_type(*k->kernel, "n") == "i64");
    CHECK(fx.var_type(*k->kernel, "m") == "i64");
    CHECK(fx.var_type(*k->kernel, "s1") == "i64");
    CHECK(fx.var_type(*k->kernel, "b") == "f32");
}

TEST_CASE("destructure: a name past the last dimension is an error at that name") {
    CHECK(errors_of("kernel k(x: f32[:, ::1]) {\n    let (n, m, p) = x.shape;\n}\n", "k")
              .find("test.dpk:2:16: error:") != std::string::npos);
}
