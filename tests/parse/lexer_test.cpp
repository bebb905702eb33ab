// The hand-written scanner (compiler/parse/lexer.cpp) against the lexer ANTLR generates from
// grammar/Dpk.g4: identical token streams (type, channel, start, stop, line, column, text) on
// every .dpk file in the repository, tricky snippets and seeded random strings.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "DpkLexer.h"
#include "antlr4-runtime.h"
#include "compiler/parse/lexer.h"

namespace dpk::tests {
namespace {

struct Tok {
    std::size_t type, channel, start, stop, line, column;
    std::string text;
    bool operator==(const Tok&) const = default;
};

std::string show(const Tok& t) {
    std::ostringstream os;
    os << "type=" << t.type << " ch=" << t.channel << " [" << t.start << "," << t.stop << "] "
       << t.line << ":" << t.column << " '" << t.text << "'";
    return os.str();
}

std::vector<Tok> drain(antlr4::TokenSource& src) {
    std::vector<Tok> out;
    for (;;) {
        std::unique_ptr<antlr4::Token> t = src.nextToken();
        out.push_back({t->getType(), t->getChannel(), t->getStartIndex(), t->getStopIndex(),
                       t->getLine(), t->getCharPositionInLine(), t->getText()});
        if (t->getType() == antlr4::Token::EOF) break;
        REQUIRE(out.size() < 1000000);
    }
    return out;
}

struct CountingListener : antlr4::BaseErrorListener {
    int errors = 0;
    void syntaxError(antlr4::Recognizer*, antlr4::Token*, size_t, size_t, const std::string&,
                     std::exception_ptr) override {
        ++errors;
    }
};

/// Both lexers over `text`; true when they agree (reports the first difference otherwise).
bool agree(const std::string& text) {
    antlr4::ANTLRInputStream in_ref(text);
    grammar::DpkLexer ref(&in_ref);
    CountingListener listener;
    ref.removeErrorListeners();
    ref.addErrorListener(&listener);
    std::vector<Tok> want = drain(ref);

    antlr4::ANTLRInputStream in_hand(text);
    compiler::parse::Scanner hand(&in_hand);
    std::vector<Tok> got = drain(hand);

    CHECK_MESSAGE(listener.errors == 0, "generated lexer reported an error on: " << text);
    if (want == got) return true;
    std::size_t i = 0;
    while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
    std::string w = i < want.size() ? show(want[i]) : "(end)";
    std::string g = i < got.size() ? show(got[i]) : "(end)";
    FAIL_CHECK("token " << i << " differs on input <<<" << text << ">>>\n  generated: " << w
                        << "\n  hand:      " << g);
    return false;
}

TEST_CASE("hand lexer matches the generated lexer on every .dpk file") {
    namespace fs = std::filesystem;
    const fs::path root = DPK_SOURCE_DIR;
    int files = 0;
    for (const char* dir : {"examples", "stdlib", "tests", "bench"}) {
        if (!fs::exists(root / dir)) continue;
        for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
            if (!e.is_regular_file() || e.path().extension() != ".dpk") continue;
            std::ifstream f(e.path(), std::ios::binary);
            std::stringstream ss;
            ss << f.rdbuf();
            INFO("file: " << e.path().string());
            CHECK(agree(ss.str()));
            ++files;
        }
    }
    MESSAGE("lexer equivalence: " << files << " .dpk files");
    CHECK(files > 50);
}

TEST_CASE("hand lexer matches the generated lexer on tricky snippets") {
    const std::vector<std::string> snippets = {
        "", " ", "\n", "\r\n", "\t\f", "a", "_", "_1", "a_b9",
        "( ) [ ] { } , ; :: : . -> += -= *= /= %= &= |= ^= <<= >>= && || == != <= >= << >> < > "
        "= + - * / % & | ^ ! ~",
        "a<<=b", "a>>=b", "a<<b", "a<=b", "a<b", "a< <=b", "a<<<=b", "a>>>b", "a->b", "a-->b",
        "a-=-b", "x::1", "x:::y", "x::::y", "&&&", "|||", "===", "!==", "!!=",
        "1", "12", "0", "007", "1.", "1.5", "2.", ".5", ".", "..", "...", "1..2", "1...2",
        ".5e3f32", ".5e", ".5e+", ".5e-3", ".5f", ".5f16", ".5f64", ".5f128", "1e", "1e3", "1E3",
        "1e+3", "1e-3", "1e+", "1e-", "1ef32", "1e3f32", "1e3f", "1f", "1f3", "1f32", "1f64",
        "1f16", "1f8", "1f320", "1.e5", "1.f32", "1.5e3f64x", "2.5e+10", "1.0.0", "1.5.5",
        "0x", "0X", "0x1", "0x1F", "0X1f", "0x1Fu8", "0xffi64", "0xg", "0x1.5", "00x1", "1x2",
        "0xe5", "0x1e3f32", "1i", "1i8", "1i16", "1i32", "1i64", "1u8", "1u16", "1u32", "1u64",
        "1u", "1u1", "1u128", "1i6", "1i3", "1i32x", "1i8_", "1u88", "1.i32", "1e3i32",
        "import", "imports", "import_", "const", "func", "kernel", "let", "var", "if", "else",
        "while", "for", "in", "break", "continue", "return", "true", "false", "local", "global",
        "i", "iff", "In", "TRUE", "Let", "letx", "xlet", "range", "void",
        "/* unterminated", "/*", "/*/", "/**/", "/***/", "/* a */ b", "/* a */ b */",
        "/* a ** / */", "/* a **", "/* a *", "/* **/", "/*\n*\n", "/* a\n b */ c", "/*/ */",
        "a/*", "a/", "a//b", "//", "// x\ny", "// x\r\ny", "/ /", "/=", "//=", "/*=*/",
        "\"unterminated", "\"", "\"\"", "\"a\"", "\"a\\\"b\"", "\"a\\\"", "\"a\\", "\"a\\\nb\"",
        "\"a\nb\"", "\"a\rb\"", "\"\\\\\"", "\"é\"", "\"\\é\"", "\"a\" \"b", "\"a\\\r\n\"",
        "é", "$", "@", "#", "?", "`", "'", "\\", "\x01", "\x7f", "\v", "a$b", "é1", "1é",
        "ééé\né", "日本語 x", "😀", "a😀b\n😀 c", "\"😀", "/* 😀", "x = 1; // 😀\ny",
        "kernel k(a: f32[::1]) {\n    let i = global_id(0);\n    a[i] = 2.0f32 * a[i];\n}\n",
        // (Surrogates and overlong forms never reach a lexer: the parse session refuses them as
        // invalid UTF-8, tests/parse/syntax_errors_test.cpp.)
        "for i in 0..n { x <<= 1u32; }", "a\r\n\r\nb", "\n\n\nx", "x\n", " \t\r\n\f x",
    };
    int n = 0;
    for (const auto& s : snippets) {
        CHECK(agree(s));
        ++n;
    }
    MESSAGE("lexer equivalence: " << n << " snippets");
}

TEST_CASE("hand lexer matches the generated lexer on random strings") {
    // Fragments of the language's alphabet (and some that are not in it).
    const std::vector<std::string> alphabet = {
        "a", "b", "x", "X", "e", "E", "f", "i", "u", "_", "z", "Z", "0", "1", "2", "3", "6", "8",
        "9", "4", "16", "32", "64", "0x", "f32", "i8", "u64", "e-", "e+", ".", "..", ":", "::",
        "-", ">", "<", "=", "!", "&", "|", "^", "+", "*", "/", "%", "~", "(", ")", "[", "]", "{",
        "}", ",", ";", "\"", "\\", " ", "  ", "\t", "\n", "\r", "\r\n", "\f", "/*", "*/", "//",
        "$", "@", "#", "'", "é", "😀", "if", "in", "let", "kernel", "true", "local", "for",
    };
    std::mt19937 rng(20261202u);
    const int count = 5000;
    int ok = 0;
    for (int k = 0; k < count; ++k) {
        std::size_t len = rng() % 24;
        std::string s;
        for (std::size_t j = 0; j < len; ++j) s += alphabet[rng() % alphabet.size()];
        if (agree(s)) ++ok;
    }
    MESSAGE("lexer equivalence: " << ok << "/" << count << " random strings");
    CHECK(ok == count);
}

}  // namespace
}  // namespace dpk::tests
