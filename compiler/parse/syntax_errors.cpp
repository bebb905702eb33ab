#include "compiler/parse/syntax_errors.h"

#include <algorithm>
#include <initializer_list>
#include <set>
#include <vector>

namespace dpk::compiler::parse {

using grammar::DpkParser;
using P = grammar::DpkParser;

namespace {

const std::initializer_list<std::size_t> kStatementStarts = {
    P::LET, P::VAR, P::IF, P::WHILE, P::FOR, P::BREAK, P::CONTINUE, P::RETURN, P::LBRACE};
const std::initializer_list<std::size_t> kExprStarts = {
    P::INT,    P::FLOAT, P::TRUE, P::FALSE, P::ID,    P::LOCAL, P::GLOBAL,
    P::LPAREN, P::MINUS, P::PLUS, P::BANG,  P::TILDE, P::STRING};
const std::initializer_list<std::size_t> kOperators = {
    P::STAR,  P::SLASH, P::PERCENT, P::PLUS,  P::MINUS,  P::SHL, P::SHR,
    P::LT,    P::LE,    P::GT,      P::GE,    P::EQ,     P::NE,  P::AMP,
    P::CARET, P::PIPE,  P::AND_AND, P::OR_OR, P::LBRACK, P::DOT};
const std::initializer_list<std::size_t> kAssignOps = {
    P::ASSIGN,     P::ADD_ASSIGN, P::SUB_ASSIGN, P::MUL_ASSIGN, P::DIV_ASSIGN, P::REM_ASSIGN,
    P::AND_ASSIGN, P::OR_ASSIGN,  P::XOR_ASSIGN, P::SHL_ASSIGN, P::SHR_ASSIGN};
const std::initializer_list<std::size_t> kItemStarts = {P::IMPORT, P::CONST, P::FUNC, P::KERNEL};

std::size_t kEof = antlr4::Token::EOF;

std::string token_type_name(std::size_t type, const antlr4::dfa::Vocabulary& vocab) {
    switch (type) {
        case P::ID: return "an identifier";
        case P::INT: return "an integer";
        case P::FLOAT: return "a float literal";
        case P::STRING: return "a string";
        default: break;
    }
    if (type == kEof) return "end of file";
    std::string literal = vocab.getLiteralName(type);
    return literal.empty() ? vocab.getDisplayName(type) : literal;
}

/// "';'", "an expression", "a statement or '}'", ... for an expected-token set.
std::string describe_expected(const antlr4::misc::IntervalSet& expected,
                              const antlr4::dfa::Vocabulary& vocab) {
    std::set<std::size_t> left;
    for (auto t : expected.toList()) left.insert(static_cast<std::size_t>(t));
    std::vector<std::string> parts;
    auto has = [&](std::size_t t) { return left.count(t) != 0; };
    auto drop = [&](std::initializer_list<std::size_t> group) {
        for (auto t : group) left.erase(t);
    };
    if (has(P::LET) && has(P::IF)) {
        parts.push_back("a statement");
        drop(kStatementStarts);
        drop(kExprStarts);
    }
    if (has(P::INT) && has(P::LPAREN) && has(P::ID)) {
        parts.push_back("an expression");
        drop(kExprStarts);
    }
    if (has(P::LOCAL) && has(P::ID)) {
        parts.push_back("a type");
        left.erase(P::LOCAL);
        left.erase(P::ID);
    }
    bool operators = has(P::PLUS) && has(P::STAR);
    bool assigns = has(P::ADD_ASSIGN) && has(P::SHL_ASSIGN);
    if (operators) drop(kOperators);
    if (assigns) drop(kAssignOps);
    for (auto t : left) parts.push_back(token_type_name(t, vocab));
    if (operators) parts.push_back("an operator");
    if (assigns) parts.push_back("an assignment");
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i) out += i + 1 == parts.size() ? " or " : ", ";
        out += parts[i];
    }
    return out;
}

bool only_statement_end(const antlr4::misc::IntervalSet& expected) {
    if (!expected.contains(static_cast<std::size_t>(P::SEMI))) return false;
    for (auto t : expected.toList()) {
        auto type = static_cast<std::size_t>(t);
        if (type == P::SEMI) continue;
        if (std::find(kOperators.begin(), kOperators.end(), type) == kOperators.end() &&
            std::find(kAssignOps.begin(), kAssignOps.end(), type) == kAssignOps.end())
            return false;
    }
    return true;
}

/// "after statement", "after import", ... from the rule that wants the ';'.
std::string semicolon_context(antlr4::ParserRuleContext* ctx) {
    for (; ctx != nullptr; ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent)) {
        switch (ctx->getRuleIndex()) {
            case P::RuleStatement: return " after statement";
            case P::RuleImportDecl: return " after import";
            case P::RuleConstDecl: return " after constant";
            default: break;
        }
    }
    return "";
}

bool is_item_start(std::size_t type) {
    return std::find(kItemStarts.begin(), kItemStarts.end(), type) != kItemStarts.end();
}

/// The innermost block being parsed, for "to match this '{'" notes.
antlr4::ParserRuleContext* open_block(antlr4::ParserRuleContext* ctx) {
    for (; ctx != nullptr; ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent))
        if (ctx->getRuleIndex() == P::RuleBlock) return ctx;
    return nullptr;
}

}  // namespace

std::string describe_token(const antlr4::Token* token) {
    if (token == nullptr || token->getType() == kEof) return "end of file";
    std::string text = token->getText();
    if (text.size() > 24) text = text.substr(0, 21) + "...";
    return "'" + text + "'";
}

void SyntaxErrorStrategy::sync(antlr4::Parser* recognizer) {
    // A missing '}' before the next item: leave the block instead of reading the next
    // function's header as statements.
    if (!inErrorRecoveryMode(recognizer) &&
        recognizer->getContext()->getRuleIndex() == P::RuleBlock &&
        is_item_start(recognizer->getInputStream()->LA(1)))
        throw antlr4::InputMismatchException(recognizer);
    DefaultErrorStrategy::sync(recognizer);
}

bool SyntaxErrorStrategy::report(antlr4::Token* offending, std::string message) {
    if (offending != nullptr) {
        std::size_t type = offending->getType();
        // Already reported by the lexer scan.
        if (type == P::ERROR_CHAR || type == P::UNTERMINATED_STRING) return false;
        if (type == kEof && suppress_at_eof_) return false;
    }
    diags_.error(locator_.range(offending), std::move(message));
    return true;
}

bool SyntaxErrorStrategy::report_after_previous(antlr4::Parser* recognizer,
                                                antlr4::Token* offending, std::string message) {
    // A missing ';' belongs right after the token it should follow (as clang and rustc say),
    // not at the start of the next line.
    antlr4::Token* previous = recognizer->getTokenStream()->LT(-1);
    if (previous == nullptr || (offending != nullptr && (offending->getType() == P::ERROR_CHAR ||
                                                         offending->getType() == P::UNTERMINATED_STRING)))
        return report(offending, std::move(message));
    if (offending != nullptr && offending->getType() == kEof && suppress_at_eof_) return false;
    source::SourceLoc end = locator_.range(previous).end;
    diags_.error({end, end}, std::move(message));
    return true;
}

void SyntaxErrorStrategy::report_unexpected(antlr4::Parser* recognizer, antlr4::Token* offending,
                                            const antlr4::misc::IntervalSet& expected) {
    const auto& vocab = recognizer->getVocabulary();
    std::size_t type = offending ? offending->getType() : kEof;
    bool want_brace = expected.contains(static_cast<std::size_t>(P::RBRACE));
    if (only_statement_end(expected)) {
        report_after_previous(recognizer, offending,
                              "expected ';'" + semicolon_context(recognizer->getContext()));
        return;
    }
    if (want_brace && (type == kEof || is_item_start(type))) {
        std::string where =
            type == kEof ? " at end of file" : " before " + describe_token(offending);
        if (!report(offending, "expected '}'" + where)) return;
        if (auto* block = open_block(recognizer->getContext()))
            diags_.note(locator_.range(block->getStart()), "to match this '{'");
        return;
    }
    std::string message =
        type == kEof ? "unexpected end of file" : "unexpected " + describe_token(offending);
    antlr4::misc::IntervalSet wanted_set = expected;
    if (antlr4::Token* previous = recognizer->getTokenStream()->LT(-1);
        previous && (previous->getType() == P::LET || previous->getType() == P::VAR))
        wanted_set.remove(static_cast<std::size_t>(P::LPAREN));  // ask for the name first
    std::string wanted = describe_expected(wanted_set, vocab);
    if (!wanted.empty()) message += ", expected " + wanted;
    report(offending, std::move(message));
}

void SyntaxErrorStrategy::reportNoViableAlternative(antlr4::Parser* recognizer,
                                                    const antlr4::NoViableAltException& e) {
    report_unexpected(recognizer, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportInputMismatch(antlr4::Parser* recognizer,
                                              const antlr4::InputMismatchException& e) {
    report_unexpected(recognizer, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportFailedPredicate(antlr4::Parser* recognizer,
                                                const antlr4::FailedPredicateException& e) {
    report_unexpected(recognizer, e.getOffendingToken(), e.getExpectedTokens());
}

void SyntaxErrorStrategy::reportUnwantedToken(antlr4::Parser* recognizer) {
    if (inErrorRecoveryMode(recognizer)) return;
    beginErrorCondition(recognizer);
    report_unexpected(recognizer, recognizer->getCurrentToken(), getExpectedTokens(recognizer));
}

void SyntaxErrorStrategy::reportMissingToken(antlr4::Parser* recognizer) {
    if (inErrorRecoveryMode(recognizer)) return;
    beginErrorCondition(recognizer);
    antlr4::Token* t = recognizer->getCurrentToken();
    antlr4::misc::IntervalSet expected = getExpectedTokens(recognizer);
    if (only_statement_end(expected) || (expected.contains(static_cast<std::size_t>(P::RBRACE)) &&
                                         (t->getType() == kEof || is_item_start(t->getType())))) {
        report_unexpected(recognizer, t, expected);
        return;
    }
    std::string wanted = describe_expected(expected, recognizer->getVocabulary());
    std::string where = t->getType() == kEof ? " at end of file" : " before " + describe_token(t);
    report(t, "expected " + wanted + where);
}

void SyntaxErrorListener::syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending,
                                      size_t line, size_t column, const std::string& message,
                                      std::exception_ptr e) {
    (void)recognizer;
    (void)e;
    if (offending != nullptr) {
        diags_.error(locator_.range(offending), "unexpected " + describe_token(offending));
        return;
    }
    // Lexer errors carry no token: use the reported position (column counts code points).
    source::SourceLoc loc{static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(column + 1)};
    diags_.error({loc, loc}, message);
}

}  // namespace dpk::compiler::parse
