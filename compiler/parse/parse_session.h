// Internal to compiler/parse: one run of the hand-written scanner (lexer.h) and the generated
// parser over one source text, with positions mapped to SourceLocs and syntax errors collected
// as diagnostics.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "DpkParser.h"
#include "compiler/parse/lexer.h"
#include "compiler/source/diagnostics.h"
#include "compiler/source/source_file.h"

namespace dpk::compiler::parse {

/// Maps ANTLR character indexes (code points) to 1-based lines and byte columns.
class TokenLocator {
public:
    /// `text` must be valid UTF-8 and outlive the locator.
    explicit TokenLocator(std::string_view text);

    /// The location of the code point with index `cp_index` (or of the end of the text).
    source::SourceLoc at(std::size_t cp_index) const;
    /// The range a token covers; an empty range at the end of the text for EOF.
    source::SourceRange range(const antlr4::Token* token) const;
    /// From the start of `first` to the end of `last`.
    source::SourceRange range(const antlr4::Token* first, const antlr4::Token* last) const;
    /// The range of a parse-tree node (first to last token; safe on partial trees).
    source::SourceRange range(antlr4::ParserRuleContext* ctx) const;

private:
    std::size_t byte_offset(std::size_t cp_index) const;

    std::string_view text_;
    std::vector<std::size_t> cp_to_byte_;   // empty when the text is ASCII
    std::vector<std::size_t> line_starts_;  // byte offsets
};

/// Diagnostics of one parse, reported to Diagnostics sorted by position.
class ParseDiagnostics {
public:
    void error(source::SourceRange range, std::string message);
    /// An error that names the dpk spelling of a foreign one; the syntax errors reported on
    /// its line are dropped (they are about the same mistake).
    void hint(source::SourceRange range, std::string message);
    /// A note attached to the last error (kept right after it when sorting).
    void note(source::SourceRange range, std::string message);
    bool has_errors() const { return !entries_.empty(); }
    /// Moves everything to `out`, errors in source order, each followed by its notes.
    void flush(const source::SourceFile* file, source::Diagnostics& out);

private:
    struct Entry {
        source::SourceRange range;
        std::string message;
        std::vector<std::pair<source::SourceRange, std::string>> notes;
        bool is_hint = false;
    };
    std::vector<Entry> entries_;
};

/// Lexes and parses one text with the dpk grammar. Lexical errors (stray characters,
/// unterminated strings and comments), syntax errors, invalid UTF-8 and runaway nesting all
/// become diagnostics; nothing escapes as an exception.
class ParseSession {
public:
    /// `text` must outlive the session (and every tree it returns).
    explicit ParseSession(std::string_view text);
    ~ParseSession();

    /// Runs one start rule (e.g. `&grammar::DpkParser::program`). Returns the parse tree, owned
    /// by the session, or null when the text could not be parsed at all. Check has_errors().
    template <class Ctx>
    Ctx* run(Ctx* (grammar::DpkParser::*rule)()) {
        return static_cast<Ctx*>(run_rule(
            [rule](grammar::DpkParser& p) -> antlr4::ParserRuleContext* { return (p.*rule)(); }));
    }

    /// Lexes without parsing (for scans that need no parse tree, parse/item_scan.h): every
    /// token on any channel, EOF last; empty when the text is not valid UTF-8. The tokens are
    /// owned by the session.
    std::vector<antlr4::Token*> tokens();

    const TokenLocator& locator() const { return *locator_; }
    ParseDiagnostics& diagnostics() { return diags_; }
    bool has_errors() const { return diags_.has_errors(); }

private:
    using StartRule = std::function<antlr4::ParserRuleContext*(grammar::DpkParser&)>;
    antlr4::ParserRuleContext* run_rule(const StartRule& start);
    bool lex();
    void scan_error_tokens();
    void report_foreign_spellings();
    bool check_nesting();

    std::string_view text_;
    std::string utf8_;  // copy handed to ANTLR
    std::unique_ptr<TokenLocator> locator_;
    std::unique_ptr<antlr4::ANTLRInputStream> input_;
    std::unique_ptr<Scanner> lexer_;
    std::unique_ptr<antlr4::CommonTokenStream> tokens_;
    std::unique_ptr<grammar::DpkParser> parser_;
    std::unique_ptr<antlr4::ANTLRErrorListener> listener_;
    ParseDiagnostics diags_;
    bool unterminated_comment_ = false;
    std::vector<const antlr4::Token*> hinted_;  // tokens a foreign-spelling hint covers
    bool spellings_checked_ = false;
};

}  // namespace dpk::compiler::parse
