// docs/language.md's baseline programs specialize for f32, f64, i32 and i64 signatures.
#include "tests/sema/sema_fixture.h"

using dpk::tests::SemaFixture;

namespace {

const char* kDesign = R"(
const TILE = 16;

func sq(x) { return x * x; }
func clamp01(x: f32) -> f32 { return min(max(x, 0.0), 1.0); }

kernel vecadd(a, b, c) {
    let i = global_id(0);
    c[i] = a[i] + b[i];
}

kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i < x.shape[0] {
        y[i] = alpha * x[i] + y[i];
    }
}

kernel matmul(A: f32[:, ::1], B: f32[:, ::1], C: f32[:, ::1]) {
    let ta = local_array(f32, (TILE, TILE));
    let tb = local_array(f32, (TILE, TILE));
    let r = global_id(0); let c = global_id(1);
    let lr = local_id(0); let lc = local_id(1);
    var acc: f32 = 0.0;
    for t in range(A.shape[1] / TILE) {
        ta[lr, lc] = A[r, t * TILE + lc];
        tb[lr, lc] = B[t * TILE + lr, c];
        barrier(local);
        for k in range(TILE) { acc += ta[lr, k] * tb[k, lc]; }
        barrier(local);
    }
    C[r, c] = acc;
}

kernel block_sum(x, out, scratch: local f32[:]) {
    let l = local_id(0);
    scratch[l] = x[global_id(0)];
    barrier(local);
    var s = local_size(0) / 2;
    while s > 0 {
        if l < s { scratch[l] += scratch[l + s]; }
        barrier(local);
        s = s / 2;
    }
    if l == 0 { atomic_add(out, 0, scratch[0]); }
}

// block_sum with launch-sized local memory of the signature's type.
kernel block_sum_any(x, out, scratch) {
    let l = local_id(0);
    scratch[l] = x[global_id(0)];
    barrier(local);
    var s = local_size(0) / 2;
    while s > 0 {
        if l < s { scratch[l] += scratch[l + s]; }
        barrier(local);
        s = s / 2;
    }
    if l == 0 { atomic_add(out, 0, scratch[0]); }
}

kernel apply(x, y) {
    let i = global_id(0);
    y[i] = sq(x[i]) + sq(2.0);
}

kernel clamp_all(x: f32[::1]) {
    let i = global_id(0);
    x[i] = clamp01(x[i]);
}
)";

}  // namespace

TEST_CASE("design: the program checks") {
    SemaFixture p(kDesign);
    CHECK_MESSAGE(p.check(), p.errors());
}

TEST_CASE("design: vecadd for f32, f64, i32, i64") {
    for (const char* t : {"f32", "f64", "i32", "i64"}) {
        CAPTURE(t);
        SemaFixture p(kDesign);
        std::string arr = std::string(t) + "[::1]";
        auto* k = p.specialize("vecadd", "void(" + arr + ", " + arr + ", " + arr + ")");
        REQUIRE_MESSAGE(k, p.errors());
        CHECK(k->kernel->symbol == "vecadd");
        CHECK(k->instances.size() == 1);
        CHECK(p.type(*k->kernel, "a[i] + b[i]") == t);
        CHECK(p.type(*k->kernel, "global_id(0)") == "i64");
        CHECK(p.var_type(*k->kernel, "i") == "i64");
        CHECK(p.var_type(*k->kernel, "a") == arr);
        CHECK(k->kernel->return_type->is_void());
    }
}

TEST_CASE("design: vecadd with mixed layouts and widening") {
    SemaFixture p(kDesign);
    auto* k = p.specialize("vecadd", "void(f32[:], f32[::1], f64[::1])");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(p.result(*k->kernel, "a[i] + b[i]") == "f64");  // f32 widened on store to c (f64)
    CHECK(p.type(*k->kernel, "a[i] + b[i]") == "f32");
}

TEST_CASE("design: saxpy compiles as annotated") {
    SemaFixture p(kDesign);
    auto* k = p.specialize("saxpy");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(k->signature.pretty() == "void(f32, f32[::1], f32[::1])");
    CHECK(p.type(*k->kernel, "i < x.shape[0]") == "bool");
    CHECK(p.info(*k->kernel, "x.shape[0]").member_dim == 0);
    CHECK(p.type(*k->kernel, "x.shape[0]") == "i64");
    CHECK(p.type(*k->kernel, "alpha * x[i] + y[i]") == "f32");
}

TEST_CASE("design: saxpy for an explicit matching signature keeps its usm_type") {
    SemaFixture p(kDesign);
    auto* k = p.specialize(
        "saxpy", R"(void(f32, usm_ndarray(f32, ndim=1, layout="C", usm_type="shared"), f32[::1]))");
    REQUIRE_MESSAGE(k, p.errors());
    CHECK(k->signature.params[1].usm_type == dpk::UsmType::Shared);
}

TEST_CASE("design: matmul with TILE as an untyped const") {
    SemaFixture p(kDesign);
    auto* k = p.specialize("matmul");
    REQUIRE_MESSAGE(k, p.errors());
    const auto& m = *k->kernel;
    CHECK(p.var_type(m, "ta") == "local f32[16, 16]");
    CHECK(p.var_type(m, "acc") == "f32");
    CHECK(p.var_type(m, "t") == "i64");
    CHECK(p.var_type(m, "k") == "i64");
    CHECK(p.type(m, "t * TILE + lc") == "i64");
    CHECK(p.type(m, "TILE") == "i64");
    CHECK(p.info(m, "TILE").name_kind == dpk::compiler::sema::ExprInfo::NameKind::Const);
    CHECK(p.type(m, "0.0") == "f32");  // var acc: f32 = 0.0
    CHECK(p.type(m, "ta[lr, k] * tb[k, lc]") == "f32");
    const auto& bar = p.info(m, "barrier(local)");
    CHECK(bar.call_kind == dpk::compiler::sema::ExprInfo::CallKind::Builtin);
    CHECK(bar.builtin == dpk::compiler::sema::Builtin::Barrier);
    CHECK(bar.type->is_void());
    const auto& flag = p.info(m, "local");
    CHECK(flag.name_kind == dpk::compiler::sema::ExprInfo::NameKind::MemFlag);
    REQUIRE(flag.constant);
    CHECK(std::get<std::int64_t>(flag.constant->value) == 1);
}

TEST_CASE("design: block_sum for f32 with a float atomic, f64 output") {
    for (const char* t : {"f32", "f64"}) {
        CAPTURE(t);
        SemaFixture p(kDesign);
        std::string arr = std::string(t) + "[::1]";
        auto* k = p.specialize("block_sum", "void(f32[::1], " + arr + ", local f32[:])");
        REQUIRE_MESSAGE(k, p.errors());
        const auto& b = *k->kernel;
        CHECK(p.var_type(b, "scratch") == "local f32[::1]");
        CHECK(p.var_type(b, "s") == "i64");
        CHECK(p.type(b, "atomic_add(out, 0, scratch[0])") == t);
        CHECK(p.result(b, "scratch[0]") == t);
        CHECK(p.result(b, "x[global_id(0)]") == "f32");
    }
}

TEST_CASE("design: block_sum narrowing f64 input into f32 scratch is an error") {
    SemaFixture p(kDesign);
    CHECK(p.specialize("block_sum", "void(f64[::1], f64[::1], local f32[:])") == nullptr);
    CHECK(p.first_error() ==
          "cannot assign f64 to 'scratch[l]' of type f32 without a cast: write f32(...)");
}

TEST_CASE("design: block_sum with generic scratch for f32, f64, i32, i64") {
    for (const char* t : {"f32", "f64", "i32", "i64"}) {
        CAPTURE(t);
        SemaFixture p(kDesign);
        std::string arr = std::string(t) + "[::1]";
        auto* k =
            p.specialize("block_sum_any", "void(" + arr + ", " + arr + ", local " + t + "[:])");
        REQUIRE_MESSAGE(k, p.errors());
        CHECK(p.type(*k->kernel, "atomic_add(out, 0, scratch[0])") == t);
        CHECK(p.result(*k->kernel, "scratch[0]") == t);
    }
}

TEST_CASE("design: block_sum with f32 scratch into an integer output needs a cast") {
    SemaFixture p(kDesign);
    CHECK(p.specialize("block_sum", "void(i32[::1], i32[::1], local f32[:])") == nullptr);
    CHECK(p.first_error() ==
          "cannot use f32 as a value of atomic_add on i32[::1] without a cast: write i32(...)");
    // With integer input and a float output the atomic is a float atomic.
    SemaFixture q(kDesign);
    auto* k = q.specialize("block_sum", "void(i32[::1], f64[::1], local f32[:])");
    REQUIRE_MESSAGE(k, q.errors());
    CHECK(q.result(*k->kernel, "scratch[0]") == "f64");
    CHECK(q.result(*k->kernel, "x[global_id(0)]") == "f32");
}

TEST_CASE("design: generic functions get one instance per parameter types") {
    SemaFixture p(kDesign);
    auto* k = p.specialize("apply", "void(f32[::1], f64[::1])");
    REQUIRE_MESSAGE(k, p.errors());
    REQUIRE(k->instances.size() == 3);
    CHECK(k->instances.back().get() == k->kernel);
    auto* f32 = SemaFixture::instance(*k, "sq__f32");
    auto* f64 = SemaFixture::instance(*k, "sq__f64");
    REQUIRE(f32);
    REQUIRE(f64);
    CHECK(f32->return_type->str() == "f32");
    CHECK(f64->return_type->str() == "f64");
    CHECK(p.type(*f32, "x * x") == "f32");
    CHECK(k->kernel->callees.size() == 2);
    CHECK(p.type(*k->kernel, "sq(x[i]) + sq(2.0)") == "f64");
    CHECK(p.info(*k->kernel, "sq(x[i])").callee == f32);
}

TEST_CASE("design: clamp01 keeps f32 with literal arguments") {
    SemaFixture p(kDesign);
    auto* k = p.specialize("clamp_all");
    REQUIRE_MESSAGE(k, p.errors());
    auto* c = SemaFixture::instance(*k, "clamp01__f32");
    REQUIRE(c);
    CHECK(c->return_type->str() == "f32");
    CHECK(p.type(*c, "min(max(x, 0.0), 1.0)") == "f32");
    CHECK(p.type(*c, "1.0") == "f32");
    CHECK(p.type(*c, "0.0") == "f32");
}

TEST_CASE("design: block_sum annotated for i32 and i64 with integer atomics") {
    for (const char* t : {"i32", "i64"}) {
        CAPTURE(t);
        std::string src = kDesign;
        std::string ann = std::string("kernel block_sum_int(x: ") + t + "[::1], out: " + t +
                          "[::1], scratch: local " + t + "[:]) {\n";
        auto body = src.substr(src.find("kernel block_sum(x, out, scratch: local f32[:]) {\n"));
        body = body.substr(body.find('\n') + 1);
        body = body.substr(0, body.find("\n}\n") + 3);
        SemaFixture p(src + ann + body);
        auto* k = p.specialize("block_sum_int");
        REQUIRE_MESSAGE(k, p.errors());
        CHECK(p.type(*k->kernel, "atomic_add(out, 0, scratch[0])") == t);
        CHECK(p.result(*k->kernel, "scratch[0]") == t);
        CHECK(k->signature.params[2].is_local_array());
    }
}
