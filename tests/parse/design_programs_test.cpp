// The programs of docs/language.md's normative language section parse exactly as written.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/parse/parse_helpers.h"

namespace dpk::tests {
namespace {

// The language's baseline program (docs/language.md): every item and statement kind in one file.
const char* kDesignProgram =
    R"dpk(import std.reduce;                 // stdlib/ modules written in the language
const TILE = 16;

func sq(x) { return x * x; }       // generic device function, typed at each use
func clamp01(x: f32) -> f32 { return min(max(x, 0.0), 1.0); }

kernel vecadd(a, b, c) {           // generic: typed by the signature it is specialized for
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
    let ta = local_array(f32, (TILE, TILE));     // work-group memory
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

kernel block_sum(x, out, scratch: local f32[:]) {  // local memory sized at launch
    let l = local_id(0);
    scratch[l] = x[global_id(0)];
    barrier(local);
    var s = local_size(0) / 2;
    while s > 0 {
        if l < s { scratch[l] += scratch[l + s]; }
        barrier(local);
        s = s / 2;
    }
    if l == 0 { atomic_add(out, 0, scratch[0]); }  // float atomics work everywhere
}
)dpk";

const char* kDesignDump = R"dump((import std.reduce)
(const TILE 16)
(func sq (x)
  (block
    (return (* x x))))
(func clamp01 (x:f32) -> f32
  (block
    (return (call min (call max x 0.0) 1.0))))
(kernel vecadd (a b c)
  (block
    (let i (call global_id 0))
    (= (index c i) (+ (index a i) (index b i)))))
(kernel saxpy (alpha:f32 x:f32[::1] y:f32[::1])
  (block
    (let i (call global_id 0))
    (if (< i (index (. x shape) 0))
      (block
        (= (index y i) (+ (* alpha (index x i)) (index y i)))))))
(kernel matmul (A:f32[:, ::1] B:f32[:, ::1] C:f32[:, ::1])
  (block
    (let ta (call local_array f32 (tuple TILE TILE)))
    (let tb (call local_array f32 (tuple TILE TILE)))
    (let r (call global_id 0))
    (let c (call global_id 1))
    (let lr (call local_id 0))
    (let lc (call local_id 1))
    (var acc:f32 0.0)
    (for t (range (/ (index (. A shape) 1) TILE))
      (block
        (= (index ta lr lc) (index A r (+ (* t TILE) lc)))
        (= (index tb lr lc) (index B (+ (* t TILE) lr) c))
        (expr (call barrier local))
        (for k (range TILE)
          (block
            (+= acc (* (index ta lr k) (index tb k lc)))))
        (expr (call barrier local))))
    (= (index C r c) acc)))
(kernel block_sum (x out scratch:local f32[:])
  (block
    (let l (call local_id 0))
    (= (index scratch l) (index x (call global_id 0)))
    (expr (call barrier local))
    (var s (/ (call local_size 0) 2))
    (while (> s 0)
      (block
        (if (< l s)
          (block
            (+= (index scratch l) (index scratch (+ l s)))))
        (expr (call barrier local))
        (= s (/ s 2))))
    (if (== l 0)
      (block
        (expr (call atomic_add out 0 (index scratch 0)))))))
)dump";

TEST_CASE("the docs/language.md program parses without diagnostics and dumps as expected") {
    auto p = parse(kDesignProgram);
    REQUIRE_MESSAGE(p->module, p->errors());
    CHECK(p->diags.all().empty());
    CHECK(compiler::parse::dump(*p->module) == kDesignDump);
}

TEST_CASE("the docs/language.md program: item structure") {
    auto p = parse(kDesignProgram);
    REQUIRE(p->module);
    const auto& m = *p->module;
    REQUIRE(m.imports.size() == 1);
    CHECK(m.imports[0].path == std::vector<std::string>{"std", "reduce"});
    REQUIRE(m.consts.size() == 1);
    CHECK(m.consts[0]->name == "TILE");
    REQUIRE(m.functions.size() == 6);
    CHECK_FALSE(m.functions[0]->is_kernel);
    CHECK(m.functions[1]->return_type.has_value());
    CHECK(m.functions[2]->is_kernel);
    CHECK_FALSE(m.functions[2]->fully_annotated());
    CHECK(m.functions[3]->fully_annotated());
    const auto& scratch = m.functions[5]->params[2].var;
    REQUIRE(scratch.type);
    CHECK(scratch.type->is_local);
    CHECK(scratch.type->is_array);
    for (const auto& f : m.functions) CHECK(f->file == p->file.get());
}

TEST_CASE("small programs dump exactly") {
    SUBCASE("vecadd") {
        auto p = parse(
            "kernel vecadd(a, b, c) {\n"
            "    let i = global_id(0);\n"
            "    c[i] = a[i] + b[i];\n"
            "}\n");
        REQUIRE_MESSAGE(p->module, p->errors());
        CHECK(compiler::parse::dump(*p->module) ==
              "(kernel vecadd (a b c)\n"
              "  (block\n"
              "    (let i (call global_id 0))\n"
              "    (= (index c i) (+ (index a i) (index b i)))))\n");
    }
    SUBCASE("x.dtype as an annotation and a cast") {
        auto p = parse(
            "kernel k(x) {\n"
            "    var acc: x.dtype = x.dtype(1);\n"
            "}\n");
        REQUIRE_MESSAGE(p->module, p->errors());
        CHECK(compiler::parse::dump(*p->module) ==
              "(kernel k (x)\n"
              "  (block\n"
              "    (var acc:x.dtype (call (. x dtype) 1))))\n");
    }
    SUBCASE("const with a type, else if, while, break, continue, return") {
        auto p = parse(
            "const N: i32 = 4;\n"
            "func f(x: i32, y) -> i32 {\n"
            "    var s: i64 = 0;\n"
            "    while true { if x > N { break; } else if x < 0 { continue; }\n"
            "                 else { s -= 1; } }\n"
            "    { return; }\n"
            "    return -x;\n"
            "}\n");
        REQUIRE_MESSAGE(p->module, p->errors());
        CHECK(compiler::parse::dump(*p->module) ==
              "(const N:i32 4)\n"
              "(func f (x:i32 y) -> i32\n"
              "  (block\n"
              "    (var s:i64 0)\n"
              "    (while true\n"
              "      (block\n"
              "        (if (> x N)\n"
              "          (block\n"
              "            (break))\n"
              "          (if (< x 0)\n"
              "            (block\n"
              "              (continue))\n"
              "            (block\n"
              "              (-= s 1))))))\n"
              "    (block\n"
              "      (return))\n"
              "    (return (- x))))\n");
    }
    SUBCASE("range with start, stop and step; every compound assignment") {
        auto p = parse(
            "kernel k(a: f32[::1, :]) {\n"
            "    for i in range(1, 10, 2) {\n"
            "        a[i, 0] += 1.0; a[i, 0] -= 1.0; a[i, 0] *= 2.0; a[i, 0] /= 2.0;\n"
            "    }\n"
            "    var b = 0u32;\n"
            "    b %= 3; b &= 1; b |= 2; b ^= 4; b <<= 1; b >>= 1; b = a.size;\n"
            "    fence(local | global); barrier(global);\n"
            "}\n");
        REQUIRE_MESSAGE(p->module, p->errors());
        CHECK(compiler::parse::dump(*p->module) ==
              "(kernel k (a:f32[::1, :])\n"
              "  (block\n"
              "    (for i (range 1 10 2)\n"
              "      (block\n"
              "        (+= (index a i 0) 1.0)\n"
              "        (-= (index a i 0) 1.0)\n"
              "        (*= (index a i 0) 2.0)\n"
              "        (/= (index a i 0) 2.0)))\n"
              "    (var b 0u32)\n"
              "    (%= b 3)\n"
              "    (&= b 1)\n"
              "    (|= b 2)\n"
              "    (^= b 4)\n"
              "    (<<= b 1)\n"
              "    (>>= b 1)\n"
              "    (= b (. a size))\n"
              "    (expr (call fence (| local global)))\n"
              "    (expr (call barrier global))))\n");
    }
}

TEST_CASE("the example programs parse") {
    std::filesystem::path dir = std::filesystem::path(DPK_SOURCE_DIR) / "examples";
    int count = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (entry.path().extension() != ".dpk") continue;
        std::ifstream in(entry.path());
        std::stringstream ss;
        ss << in.rdbuf();
        auto p = parse(ss.str(), entry.path().string());
        CHECK_MESSAGE(p->module, p->errors());
        ++count;
    }
    CHECK(count > 0);
}

}  // namespace
}  // namespace dpk::tests
