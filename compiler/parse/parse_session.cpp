#include "compiler/parse/parse_session.h"

#include <algorithm>

#include "compiler/parse/foreign_spellings.h"
#include "compiler/parse/syntax_errors.h"

namespace dpk::compiler::parse {

using grammar::DpkParser;
using source::SourceLoc;
using source::SourceRange;

namespace {

/// Brackets and prefix operators nest at most this deep: ANTLR's recursive descent (and every
/// later pass over the AST) must stay far from the end of the stack.
constexpr int kMaxNesting = 256;

/// Byte offset of the first byte that is not part of valid UTF-8 (RFC 3629: no overlong forms,
/// no surrogates U+D800-DFFF, nothing above U+10FFFF), or npos.
std::size_t first_invalid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t len = c < 0x80           ? 1
                          : (c >> 5) == 0x6  ? 2
                          : (c >> 4) == 0xE  ? 3
                          : (c >> 3) == 0x1E ? 4
                                             : 0;
        if (len == 0 || i + len > s.size()) return i;
        for (std::size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return i;
        const auto second = len > 1 ? static_cast<unsigned char>(s[i + 1]) : 0;
        if (len == 2 && c < 0xC2) return i;                                     // overlong
        if (len == 3 && c == 0xE0 && second < 0xA0) return i;                   // overlong
        if (len == 3 && c == 0xED && second >= 0xA0) return i;                  // a surrogate
        if (len == 4 && c == 0xF0 && second < 0x90) return i;                   // overlong
        if (len == 4 && (c > 0xF4 || (c == 0xF4 && second >= 0x90))) return i;  // > U+10FFFF
        i += len;
    }
    return std::string_view::npos;
}

SourceLoc byte_loc(std::string_view text, std::size_t offset) {
    SourceLoc loc{1, 1};
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++loc.line;
            loc.column = 1;
        } else {
            ++loc.column;
        }
    }
    return loc;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// TokenLocator

TokenLocator::TokenLocator(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    bool ascii = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') line_starts_.push_back(i + 1);
        if (static_cast<unsigned char>(text[i]) >= 0x80) ascii = false;
    }
    if (ascii) return;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) >> 6) != 0x2) cp_to_byte_.push_back(i);
}

std::size_t TokenLocator::byte_offset(std::size_t cp_index) const {
    if (cp_to_byte_.empty()) return std::min(cp_index, text_.size());
    return cp_index < cp_to_byte_.size() ? cp_to_byte_[cp_index] : text_.size();
}

SourceLoc TokenLocator::at(std::size_t cp_index) const {
    std::size_t off = byte_offset(cp_index);
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), off);
    auto line = static_cast<std::size_t>(it - line_starts_.begin());  // >= 1
    return {static_cast<std::uint32_t>(line),
            static_cast<std::uint32_t>(off - line_starts_[line - 1] + 1)};
}

SourceRange TokenLocator::range(const antlr4::Token* token) const {
    return range(token, token);
}

SourceRange TokenLocator::range(const antlr4::Token* first, const antlr4::Token* last) const {
    if (first == nullptr) return {};
    SourceLoc begin = at(first->getStartIndex());
    if (first->getType() == antlr4::Token::EOF) begin = at(static_cast<std::size_t>(-1));
    if (last == nullptr || last->getType() == antlr4::Token::EOF ||
        last->getTokenIndex() < first->getTokenIndex())
        return {begin, begin};
    return {begin, at(last->getStopIndex() + 1)};
}

SourceRange TokenLocator::range(antlr4::ParserRuleContext* ctx) const {
    if (ctx == nullptr) return {};
    return range(ctx->getStart(), ctx->getStop());
}

// ---------------------------------------------------------------------------------------------
// ParseDiagnostics

void ParseDiagnostics::error(SourceRange range, std::string message) {
    entries_.push_back({range, std::move(message), {}});
}

void ParseDiagnostics::hint(SourceRange range, std::string message) {
    entries_.push_back({range, std::move(message), {}, true});
}

void ParseDiagnostics::note(SourceRange range, std::string message) {
    if (!entries_.empty()) entries_.back().notes.emplace_back(range, std::move(message));
}

void ParseDiagnostics::flush(const source::SourceFile* file, source::Diagnostics& out) {
    std::vector<std::uint32_t> hint_lines;
    for (const auto& e : entries_)
        if (e.is_hint) hint_lines.push_back(e.range.begin.line);
    if (!hint_lines.empty()) {
        std::erase_if(entries_, [&](const Entry& e) {
            return !e.is_hint && std::find(hint_lines.begin(), hint_lines.end(),
                                           e.range.begin.line) != hint_lines.end();
        });
    }
    std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
        if (a.range.begin.line != b.range.begin.line)
            return a.range.begin.line < b.range.begin.line;
        return a.range.begin.column < b.range.begin.column;
    });
    for (auto& e : entries_) {
        out.error(file, e.range, std::move(e.message));
        for (auto& [range, message] : e.notes) out.note(file, range, std::move(message));
    }
    entries_.clear();
}

// ---------------------------------------------------------------------------------------------
// ParseSession

ParseSession::ParseSession(std::string_view text) : text_(text) {}

ParseSession::~ParseSession() {
    // The parser refers to the token stream, which refers to the lexer and the input.
    parser_.reset();
    tokens_.reset();
    lexer_.reset();
    input_.reset();
}

bool ParseSession::lex() {
    if (std::size_t bad = first_invalid_utf8(text_); bad != std::string_view::npos) {
        SourceLoc loc = byte_loc(text_, bad);
        diags_.error({loc, {loc.line, loc.column + 1}}, "source text is not valid UTF-8");
        return false;
    }
    locator_ = std::make_unique<TokenLocator>(text_);
    utf8_.assign(text_);
    input_ = std::make_unique<antlr4::ANTLRInputStream>(utf8_);
    // The scanner never fails: characters no rule matches become ERROR_CHAR tokens.
    lexer_ = std::make_unique<Scanner>(input_.get());
    listener_ = std::make_unique<SyntaxErrorListener>(*locator_, diags_);
    tokens_ = std::make_unique<antlr4::CommonTokenStream>(lexer_.get());
    tokens_->fill();
    // Foreign spellings are looked for only in a text that does not parse (a stray character
    // here, a syntax error in run_rule), so a correct program pays nothing for them.
    for (antlr4::Token* t : tokens_->getTokens())
        if (t->getType() == DpkParser::ERROR_CHAR) {
            report_foreign_spellings();
            break;
        }
    scan_error_tokens();
    return check_nesting();
}

void ParseSession::report_foreign_spellings() {
    if (spellings_checked_) return;
    spellings_checked_ = true;
    for (auto& h : find_foreign_spellings(tokens_->getTokens(), *input_)) {
        diags_.hint(locator_->range(h.first, h.last), std::move(h.message));
        for (auto i = h.first->getTokenIndex(); i <= h.last->getTokenIndex(); ++i)
            hinted_.push_back(tokens_->get(i));
    }
}

void ParseSession::scan_error_tokens() {
    for (antlr4::Token* t : tokens_->getTokens()) {
        if (std::find(hinted_.begin(), hinted_.end(), t) != hinted_.end()) continue;
        switch (t->getType()) {
            case DpkParser::ERROR_CHAR: {
                std::string text = t->getText();
                std::string shown = text;
                if (text.size() == 1 &&
                    (static_cast<unsigned char>(text[0]) < 0x20 || text[0] == 0x7f)) {
                    static const char* hex = "0123456789abcdef";
                    auto c = static_cast<unsigned char>(text[0]);
                    shown = std::string("\\x") + hex[c >> 4] + hex[c & 0xf];
                }
                diags_.error(locator_->range(t), "unexpected character '" + shown + "'");
                break;
            }
            case DpkParser::UNTERMINATED_STRING: {
                SourceRange r = locator_->range(t);
                diags_.error({r.begin, {r.begin.line, r.begin.column + 1}},
                             "unterminated string (missing closing '\"')");
                break;
            }
            case DpkParser::UNTERMINATED_COMMENT: {
                SourceRange r = locator_->range(t);
                diags_.error({r.begin, {r.begin.line, r.begin.column + 2}},
                             "unterminated comment (missing '*/')");
                unterminated_comment_ = true;
                break;
            }
            default: break;
        }
    }
}

bool ParseSession::check_nesting() {
    int depth = 0;
    int prefix_run = 0;
    for (antlr4::Token* t : tokens_->getTokens()) {
        std::size_t type = t->getType();
        bool open =
            type == DpkParser::LPAREN || type == DpkParser::LBRACK || type == DpkParser::LBRACE;
        bool close =
            type == DpkParser::RPAREN || type == DpkParser::RBRACK || type == DpkParser::RBRACE;
        bool prefix =
            type == DpkParser::MINUS || type == DpkParser::BANG || type == DpkParser::TILDE;
        if (open) ++depth;
        if (close && depth > 0) --depth;
        prefix_run = prefix ? prefix_run + 1 : 0;
        if (depth > kMaxNesting || prefix_run > kMaxNesting) {
            diags_.error(locator_->range(t), "program nests too deeply (more than " +
                                                 std::to_string(kMaxNesting) + " levels)");
            return false;
        }
    }
    return true;
}

std::vector<antlr4::Token*> ParseSession::tokens() {
    try {
        if (!tokens_) lex();
    } catch (const std::exception&) {
        return {};
    }
    return tokens_ ? tokens_->getTokens() : std::vector<antlr4::Token*>{};
}

antlr4::ParserRuleContext* ParseSession::run_rule(const StartRule& start) {
    try {
        if (!lex()) return nullptr;
        parser_ = std::make_unique<DpkParser>(tokens_.get());
        auto* sim = parser_->getInterpreter<antlr4::atn::ParserATNSimulator>();

        // Stage 1: fast SLL prediction, bail out at the first error.
        parser_->removeErrorListeners();
        parser_->setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
        sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
        try {
            return start(*parser_);  // lexical errors on hidden tokens are already reported
        } catch (const antlr4::ParseCancellationException&) {
        }

        // Stage 2: full LL with error recovery and our messages.
        report_foreign_spellings();
        tokens_->seek(0);
        parser_->reset();
        parser_->addErrorListener(listener_.get());
        parser_->setErrorHandler(
            std::make_shared<SyntaxErrorStrategy>(*locator_, diags_, unterminated_comment_));
        sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
        return start(*parser_);
    } catch (const std::exception& e) {
        diags_.error({}, std::string("internal parser error: ") + e.what());
    } catch (...) {
        diags_.error({}, "internal parser error");
    }
    return nullptr;
}

}  // namespace dpk::compiler::parse
