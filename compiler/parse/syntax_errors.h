// Internal to compiler/parse: turns ANTLR's syntax errors into readable diagnostics.
#pragma once

#include <string>

#include "DpkParser.h"
#include "compiler/parse/parse_session.h"

namespace dpk::compiler::parse {

/// ANTLR's default recovery (single-token insertion and deletion, resync on follow sets) with
/// our own wording: "expected ';' after statement", "unexpected 'foo', expected an expression",
/// "expected '}' at end of file". Errors at tokens the lexer already reported are dropped.
class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
    /// `suppress_at_eof`: drop errors at end of file (an unterminated comment ate the rest).
    SyntaxErrorStrategy(const TokenLocator& locator, ParseDiagnostics& diags, bool suppress_at_eof)
        : locator_(locator), diags_(diags), suppress_at_eof_(suppress_at_eof) {}

    void sync(antlr4::Parser* recognizer) override;

protected:
    void reportNoViableAlternative(antlr4::Parser* recognizer,
                                   const antlr4::NoViableAltException& e) override;
    void reportInputMismatch(antlr4::Parser* recognizer,
                             const antlr4::InputMismatchException& e) override;
    void reportFailedPredicate(antlr4::Parser* recognizer,
                               const antlr4::FailedPredicateException& e) override;
    void reportUnwantedToken(antlr4::Parser* recognizer) override;
    void reportMissingToken(antlr4::Parser* recognizer) override;

private:
    /// "unexpected X[, expected Y]" or a more specific message for common cases.
    void report_unexpected(antlr4::Parser* recognizer, antlr4::Token* offending,
                           const antlr4::misc::IntervalSet& expected);
    /// Records an error just after the token before `offending` (for a missing ';').
    bool report_after_previous(antlr4::Parser* recognizer, antlr4::Token* offending,
                               std::string message);
    /// Records one error; false when it is dropped (the lexer reported that token already).
    bool report(antlr4::Token* offending, std::string message);

    const TokenLocator& locator_;
    ParseDiagnostics& diags_;
    bool suppress_at_eof_;
};

/// Catches whatever reaches ANTLR's listener interface (lexer errors, errors the strategy
/// does not word itself) and reports "unexpected X".
class SyntaxErrorListener : public antlr4::BaseErrorListener {
public:
    SyntaxErrorListener(const TokenLocator& locator, ParseDiagnostics& diags)
        : locator_(locator), diags_(diags) {}

    void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                     size_t column, const std::string& message, std::exception_ptr e) override;

private:
    const TokenLocator& locator_;
    ParseDiagnostics& diags_;
};

/// How a token is named in messages: "'foo'", "end of file".
std::string describe_token(const antlr4::Token* token);

}  // namespace dpk::compiler::parse
