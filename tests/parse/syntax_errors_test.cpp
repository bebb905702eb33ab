// Syntax and lexical errors: exact positions and messages, recovery, and never crashing.
#include <doctest/doctest.h>

#include <random>

#include "tests/parse/parse_helpers.h"

namespace dpk::tests {
namespace {

/// All diagnostics as "LINE:COL: MESSAGE" lines (notes prefixed with "note: ").
std::string errors_of(const std::string& text) {
    auto p = parse(text);
    std::string out;
    for (std::size_t i = 0; i < p->diags.all().size(); ++i) {
        bool note = p->diags.all()[i].severity == source::Severity::Note;
        out += (note ? "note: " : "") + where(*p, i) + "\n";
    }
    if (p->module && p->diags.has_errors()) out += "(module returned despite errors)\n";
    return out;
}

TEST_CASE("missing ';'") {
    CHECK(errors_of("kernel k(a) {\n"
                    "    let i = global_id(0)\n"
                    "    a[i] = 1.0;\n"
                    "}\n") == "2:25: expected ';' after statement\n");
    CHECK(errors_of("kernel k(a) {\n    a[0] = 1\n}\n") == "2:13: expected ';' after statement\n");
    CHECK(errors_of("kernel k(a) { f(1) g(2); }") == "1:19: expected ';' after statement\n");
    CHECK(errors_of("import std.reduce\nconst N = 1;") == "1:18: expected ';' after import\n");
    CHECK(errors_of("const N = 1\nkernel k() {}") == "1:12: expected ';' after constant\n");
}

TEST_CASE("missing '}'") {
    CHECK(errors_of("kernel k(a) {\n    a[0] = 1;\n") ==
          "3:1: expected '}' at end of file\n"
          "note: 1:13: to match this '{'\n");
    CHECK(errors_of("kernel k(a) {\n    if a[0] > 0 {\n        a[0] = 1;\n}\n"
                    "kernel g() {}\n") ==
          "5:1: expected '}' before 'kernel'\n"
          "note: 1:13: to match this '{'\n");
    CHECK(
        errors_of("kernel k(a) { } }") ==
        "1:17: unexpected '}', expected 'import', 'const', 'func', 'kernel', '@' or end of file\n");
}

TEST_CASE("bad tokens") {
    CHECK(errors_of("kernel k(a) { let x = 1 $ 2; }") == "1:25: unexpected character '$'\n");
    CHECK(errors_of("kernel k(a) {\n  $a[0] = 1;\n}") == "2:3: unexpected character '$'\n");
    CHECK(errors_of("kernel k(a) { let x = #; }") == "1:23: unexpected character '#'\n");
    CHECK(errors_of("kernel k(a) { let x = let; }") ==
          "1:23: unexpected 'let', expected an expression\n");
    CHECK(errors_of("kernel k(a) { let = 1; }") == "1:19: unexpected '=', expected an identifier\n");
    CHECK(errors_of("kernel k(a) { x = ; }") == "1:19: unexpected ';', expected an expression\n");
    CHECK(errors_of("kernel k(a) { if a { } else return; }") ==
          "1:29: unexpected 'return', expected 'if' or '{'\n");
    CHECK(errors_of("func f(x: 3) {}") == "1:11: unexpected '3', expected a type\n");
    CHECK(errors_of("let x = 1;") ==
          "1:1: unexpected 'let', expected 'import', 'const', 'func', 'kernel', '@' or end of "
          "file\n");
    // A string is an expression to the parser (print's format, assert's message); sema rejects
    // it anywhere else (tests/errors/debug_string_elsewhere.dpk).
    CHECK(errors_of("kernel k() { x = \"s\"; }").empty());
    CHECK(errors_of("kernel k() { x = \"s\" \"t\"; }") == "1:21: expected ';' after statement\n");
}

TEST_CASE("unterminated comments and strings are reported at their start") {
    CHECK(errors_of("kernel k() {\n}\n  /* never closed\n more\n") ==
          "3:3: unterminated comment (missing '*/')\n");
    // The comment eats the closing brace: only the comment is reported.
    CHECK(errors_of("kernel k() {\n  let x = 1; /* oops\n}\n") ==
          "2:14: unterminated comment (missing '*/')\n");
    CHECK(errors_of("kernel k(a: usm_ndarray(f32, layout=\"C)) {}") ==
          "1:37: unterminated string (missing closing '\"')\n");
}

TEST_CASE("several errors in one file, in source order") {
    CHECK(errors_of("kernel a(x) {\n"
                    "    let i = 0\n"
                    "    x[i] = 1;\n"
                    "}\n"
                    "kernel b(x) {\n"
                    "    x[0] = ;\n"
                    "}\n"
                    "kernel c(x) { let y = 1 $ }\n") ==
          "2:14: expected ';' after statement\n"
          "6:12: unexpected ';', expected an expression\n"
          "8:25: unexpected character '$'\n");  // no second error at the same spot
}

TEST_CASE("errors found while building the AST") {
    CHECK(errors_of("kernel k() { let x = 18446744073709551616; }") ==
          "1:22: integer literal '18446744073709551616' is too large for 64 bits\n");
    CHECK(errors_of("kernel k() { let x = 0x10000000000000000; }") ==
          "1:22: integer literal '0x10000000000000000' is too large for 64 bits\n");
    CHECK(errors_of("kernel k() { let x = 1e999; }") ==
          "1:22: float literal '1e999' is out of range\n");
    CHECK(errors_of("kernel k() -> f32 {}") ==
          "1:15: a kernel returns nothing; remove the return type\n");
    CHECK(errors_of("kernel k(a) { for i in foo(3) {} }") ==
          "1:24: expected 'range(...)' after 'in', found 'foo'\n");
    CHECK(errors_of("kernel k(a) { for i in range(0, 1, 2, 3) {} }") ==
          "1:39: range() takes 1 to 3 arguments (start, stop, step)\n");
    CHECK(errors_of("kernel k(a) { a + 1 = 2; f(a) += 1; }") ==
          "1:15: cannot assign to this expression (expected a variable or an array element)\n"
          "1:26: cannot assign to this expression (expected a variable or an array element)\n");
    CHECK(errors_of("kernel k(a) { let b: local f32[:] = a; }") ==
          "1:22: 'local' arrays are sized at launch and can only be parameters, not a 'let'\n");
    CHECK(errors_of("func f(a: f32[::1, ::2]) {}") ==
          "1:22: only '::1' (unit stride) can be written in an array type, found '::2'\n");
}

TEST_CASE("rendered form") {
    auto p = parse("kernel k(a) {\n    let i = 0\n    a[i] = 1;\n}\n", "prog.dpk");
    CHECK(p->errors() ==
          "prog.dpk:2:14: error: expected ';' after statement\n"
          "      let i = 0\n"
          "               ^\n");
}

TEST_CASE("invalid UTF-8 and runaway nesting are diagnosed, not crashed on") {
    CHECK(errors_of("kernel k() {}\n  \xff\n") == "2:3: source text is not valid UTF-8\n");
    // Surrogates, overlong forms and code points above U+10FFFF are not UTF-8 either (RFC 3629).
    CHECK(errors_of("// \xed\xa0\x80\nkernel k() {}\n") == "1:4: source text is not valid UTF-8\n");
    CHECK(errors_of("// \xe0\x96\x8d\nkernel k() {}\n") == "1:4: source text is not valid UTF-8\n");
    CHECK(errors_of("// \xf0\x8f\xbf\xbf\nkernel k() {}\n") ==
          "1:4: source text is not valid UTF-8\n");
    CHECK(errors_of("// \xf4\x90\x80\x80\nkernel k() {}\n") ==
          "1:4: source text is not valid UTF-8\n");
    CHECK(errors_of("// \xf0\x9f\x98\x80 \xe2\x82\xac\nkernel k() {}\n").empty());
    CHECK(errors_of("kernel k() { let x = " + std::string(5000, '(') + "1" +
                    std::string(5000, ')') + "; }") ==
          "1:277: program nests too deeply (more than 256 levels)\n");  // + the body's '{'
    CHECK(errors_of("kernel k() { let x = " + std::string(5000, '-') + "1; }") ==
          "1:278: program nests too deeply (more than 256 levels)\n");
    std::string chain = "1";
    for (int i = 0; i < 100000; ++i) chain += "+1";
    CHECK(errors_of("kernel k() { let x = " + chain + "; }") ==
          "1:22: expression is too deeply nested (more than 1024 levels)\n");
    std::string ok = "1";
    for (int i = 0; i < 1000; ++i) ok += "+1";
    CHECK(errors_of("kernel k() { let x = " + ok + "; }").empty());
}

TEST_CASE("random damage never crashes and always reports") {
    const std::string base =
        "import std.reduce;\nconst TILE = 16;\n"
        "kernel matmul(A: f32[:, ::1], B: f32[:, ::1], C: usm_ndarray(f32, ndim=2)) {\n"
        "    let ta = local_array(f32, (TILE, TILE));\n"
        "    var acc: f32 = 0.0;\n"
        "    for t in range(A.shape[1] / TILE) {\n"
        "        ta[0, 1] = A[t, t * TILE + 1]; barrier(local | global);\n"
        "        if t < 2 { acc += -ta[0, t]; } else if !true { break; } else { continue; }\n"
        "    }\n"
        "    C[0, 0] = acc; /* done */ // end\n"
        "}\n";
    const std::string alphabet = "(){}[];:,.=+-*/%<>&|^!~\"$ 0x1e5fiu let var if else";
    std::mt19937 rng(12345);
    for (int round = 0; round < 1500; ++round) {
        std::string text = base;
        int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            std::size_t pos = rng() % text.size();
            switch (rng() % 3) {
                case 0: text.erase(pos, 1 + rng() % 3); break;
                case 1: text.insert(pos, 1, alphabet[rng() % alphabet.size()]); break;
                default: text[pos] = alphabet[rng() % alphabet.size()]; break;
            }
        }
        auto p = parse(text);
        // Either a clean module or a null one with at least one positioned error.
        if (!p->module) {
            REQUIRE(p->diags.has_errors());
            for (const auto& d : p->diags.all()) CHECK(d.range.begin.line >= 1);
        } else {
            CHECK_FALSE(p->diags.has_errors());
        }
    }
}

}  // namespace
}  // namespace dpk::tests
