#include "compiler/parse/lexer.h"

#include <cstring>
#include <string_view>

#include "DpkParser.h"

namespace dpk::compiler::parse {

using grammar::DpkParser;

namespace {

/// Reads ANTLRInputStream's decoded code points (a protected member) without copying them.
struct InputData : antlr4::ANTLRInputStream {
    static const auto& of(const antlr4::ANTLRInputStream& s) {
        return s.*(&InputData::_data);
    }
};

bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }
bool is_hex(char32_t c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool is_id_start(char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_id_char(char32_t c) { return is_id_start(c) || is_digit(c); }

struct Keyword {
    const char* text;
    std::size_t type;
};

const Keyword kKeywords[] = {
    {"import", DpkParser::IMPORT}, {"const", DpkParser::CONST},
    {"func", DpkParser::FUNC},     {"kernel", DpkParser::KERNEL},
    {"let", DpkParser::LET},       {"var", DpkParser::VAR},
    {"if", DpkParser::IF},         {"else", DpkParser::ELSE},
    {"while", DpkParser::WHILE},   {"for", DpkParser::FOR},
    {"in", DpkParser::IN},         {"break", DpkParser::BREAK},
    {"continue", DpkParser::CONTINUE}, {"return", DpkParser::RETURN},
    {"true", DpkParser::TRUE},     {"false", DpkParser::FALSE},
    {"local", DpkParser::LOCAL},   {"global", DpkParser::GLOBAL},
};

}  // namespace

Scanner::Scanner(antlr4::ANTLRInputStream* input) : input_(input) {
    const auto& data = InputData::of(*input);
    data_ = data.data();
    size_ = data.size();
}

antlr4::TokenFactory<antlr4::CommonToken>* Scanner::getTokenFactory() {
    return antlr4::CommonTokenFactory::DEFAULT.get();
}

std::unique_ptr<antlr4::Token> Scanner::nextToken() {
    for (;;) {
        if (pos_ >= size_) {
            // As antlr4::Lexer::emitEOF: empty text (getText() then answers "<EOF>").
            return antlr4::CommonTokenFactory::DEFAULT->create(
                {this, input_}, antlr4::Token::EOF, "", antlr4::Token::DEFAULT_CHANNEL, pos_,
                pos_ - 1, line_, column_);
        }
        std::size_t type = 0;
        std::size_t channel = antlr4::Token::DEFAULT_CHANNEL;
        bool skip = false;
        std::size_t start = pos_;
        std::size_t line = line_;
        std::size_t column = column_;
        std::size_t end = scan(type, channel, skip);
        for (std::size_t i = start; i < end; ++i) {
            if (data_[i] == '\n') {
                ++line_;
                column_ = 0;
            } else {
                ++column_;
            }
        }
        pos_ = end;
        if (skip) continue;
        return antlr4::CommonTokenFactory::DEFAULT->create({this, input_}, type, "", channel,
                                                           start, end - 1, line, column);
    }
}

std::size_t Scanner::digits(std::size_t i) const {
    while (is_digit(at(i))) ++i;
    return i;
}

std::size_t Scanner::exponent(std::size_t i) const {
    if (at(i) != 'e' && at(i) != 'E') return 0;
    ++i;
    if (at(i) == '+' || at(i) == '-') ++i;
    if (!is_digit(at(i))) return 0;
    return digits(i);
}

std::size_t Scanner::float_suffix(std::size_t i) const {
    if (at(i) == 'b' && at(i + 1) == 'f' && at(i + 2) == '1' && at(i + 3) == '6') return i + 4;
    if (at(i) != 'f') return 0;
    char32_t a = at(i + 1), b = at(i + 2);
    if ((a == '1' && b == '6') || (a == '3' && b == '2') || (a == '6' && b == '4')) return i + 3;
    return 0;
}

std::size_t Scanner::int_suffix(std::size_t i) const {
    if (at(i) != 'i' && at(i) != 'u') return 0;
    char32_t a = at(i + 1), b = at(i + 2);
    if (a == '8') return i + 2;
    if ((a == '1' && b == '6') || (a == '3' && b == '2') || (a == '6' && b == '4')) return i + 3;
    return 0;
}

// FLOAT and INT starting with a digit. The grammar's alternatives are told apart by the
// character after the leading digit run, and every FLOAT form is longer than the bare INT, so
// the longest match is the one alternative that applies (or the bare digits).
std::size_t Scanner::scan_number(std::size_t p, std::size_t& type) const {
    std::size_t e = digits(p);
    char32_t c = at(e);
    type = DpkParser::INT;
    if (c == '.') {  // DIGITS '.' DIGITS? EXPONENT? FLOAT_SUFFIX?
        std::size_t f = digits(e + 1);
        if (std::size_t x = exponent(f)) f = x;
        if (std::size_t s = float_suffix(f)) f = s;
        type = DpkParser::FLOAT;
        return f;
    }
    if (std::size_t x = exponent(e)) {  // DIGITS EXPONENT FLOAT_SUFFIX?
        if (std::size_t s = float_suffix(x)) x = s;
        type = DpkParser::FLOAT;
        return x;
    }
    if (std::size_t s = float_suffix(e)) {  // DIGITS FLOAT_SUFFIX
        type = DpkParser::FLOAT;
        return s;
    }
    if (std::size_t s = int_suffix(e)) return s;  // DIGITS INT_SUFFIX
    if (at(p) == '0' && e == p + 1 && (c == 'x' || c == 'X') && is_hex(at(e + 1))) {
        std::size_t h = e + 1;
        while (is_hex(at(h))) ++h;
        if (std::size_t s = int_suffix(h)) h = s;
        return h;
    }
    return e;
}

std::size_t Scanner::scan(std::size_t& type, std::size_t& channel, bool& skip) const {
    const std::size_t p = pos_;
    const char32_t c = data_[p];
    const char32_t n = at(p + 1);
    auto one = [&](std::size_t t) {
        type = t;
        return p + 1;
    };
    auto two_if = [&](char32_t second, std::size_t t2, std::size_t t1) {
        if (n == second) {
            type = t2;
            return p + 2;
        }
        type = t1;
        return p + 1;
    };
    switch (c) {
        case ' ': case '\t': case '\r': case '\n': case '\f': {
            std::size_t i = p + 1;
            for (char32_t w = at(i); w == ' ' || w == '\t' || w == '\r' || w == '\n' || w == '\f';
                 w = at(++i)) {
            }
            skip = true;
            return i;
        }
        case '/': {
            if (n == '/') {  // LINE_COMMENT
                std::size_t i = p + 2;
                while (i < size_ && data_[i] != '\r' && data_[i] != '\n') ++i;
                skip = true;
                return i;
            }
            if (n == '*') {  // BLOCK_COMMENT up to the first `*/`, else UNTERMINATED_COMMENT
                for (std::size_t i = p + 2; i + 1 < size_; ++i) {
                    if (data_[i] == '*' && data_[i + 1] == '/') {
                        skip = true;
                        return i + 2;
                    }
                }
                type = DpkParser::UNTERMINATED_COMMENT;
                channel = antlr4::Token::HIDDEN_CHANNEL;
                return size_;
            }
            return two_if('=', DpkParser::DIV_ASSIGN, DpkParser::SLASH);
        }
        case '"': {  // STRING, or UNTERMINATED_STRING up to the line end
            std::size_t i = p + 1;
            for (;;) {
                char32_t s = at(i);
                if (s == '"') {
                    type = DpkParser::STRING;
                    return i + 1;
                }
                if (i >= size_ || s == '\r' || s == '\n') break;
                if (s == '\\') {
                    char32_t e = at(i + 1);
                    if (i + 1 >= size_ || e == '\r' || e == '\n') break;
                    i += 2;
                } else {
                    ++i;
                }
            }
            type = DpkParser::UNTERMINATED_STRING;
            return i;
        }
        case '(': return one(DpkParser::LPAREN);
        case ')': return one(DpkParser::RPAREN);
        case '[': return one(DpkParser::LBRACK);
        case ']': return one(DpkParser::RBRACK);
        case '{': return one(DpkParser::LBRACE);
        case '}': return one(DpkParser::RBRACE);
        case ',': return one(DpkParser::COMMA);
        case ';': return one(DpkParser::SEMI);
        case '~': return one(DpkParser::TILDE);
        case '@': return one(DpkParser::AT);
        case ':': return two_if(':', DpkParser::COLONCOLON, DpkParser::COLON);
        case '.':
            if (is_digit(n)) {  // '.' DIGITS EXPONENT? FLOAT_SUFFIX?
                std::size_t f = digits(p + 1);
                if (std::size_t x = exponent(f)) f = x;
                if (std::size_t s = float_suffix(f)) f = s;
                type = DpkParser::FLOAT;
                return f;
            }
            return one(DpkParser::DOT);
        case '-':
            if (n == '>') {
                type = DpkParser::ARROW;
                return p + 2;
            }
            return two_if('=', DpkParser::SUB_ASSIGN, DpkParser::MINUS);
        case '+': return two_if('=', DpkParser::ADD_ASSIGN, DpkParser::PLUS);
        case '*': return two_if('=', DpkParser::MUL_ASSIGN, DpkParser::STAR);
        case '%': return two_if('=', DpkParser::REM_ASSIGN, DpkParser::PERCENT);
        case '^': return two_if('=', DpkParser::XOR_ASSIGN, DpkParser::CARET);
        case '=': return two_if('=', DpkParser::EQ, DpkParser::ASSIGN);
        case '!': return two_if('=', DpkParser::NE, DpkParser::BANG);
        case '&':
            if (n == '&') {
                type = DpkParser::AND_AND;
                return p + 2;
            }
            return two_if('=', DpkParser::AND_ASSIGN, DpkParser::AMP);
        case '|':
            if (n == '|') {
                type = DpkParser::OR_OR;
                return p + 2;
            }
            return two_if('=', DpkParser::OR_ASSIGN, DpkParser::PIPE);
        case '<':
            if (n == '<') {
                if (at(p + 2) == '=') {
                    type = DpkParser::SHL_ASSIGN;
                    return p + 3;
                }
                type = DpkParser::SHL;
                return p + 2;
            }
            return two_if('=', DpkParser::LE, DpkParser::LT);
        case '>':
            if (n == '>') {
                if (at(p + 2) == '=') {
                    type = DpkParser::SHR_ASSIGN;
                    return p + 3;
                }
                type = DpkParser::SHR;
                return p + 2;
            }
            return two_if('=', DpkParser::GE, DpkParser::GT);
        default: break;
    }
    if (is_digit(c)) return scan_number(p, type);
    if (is_id_start(c)) {
        std::size_t i = p + 1;
        while (is_id_char(at(i))) ++i;
        type = DpkParser::ID;
        std::size_t len = i - p;
        if (len <= 8) {
            for (const Keyword& k : kKeywords) {
                if (std::strlen(k.text) != len) continue;
                bool same = true;
                for (std::size_t j = 0; j < len; ++j)
                    if (data_[p + j] != static_cast<char32_t>(k.text[j])) {
                        same = false;
                        break;
                    }
                if (same) {
                    type = k.type;
                    break;
                }
            }
        }
        return i;
    }
    return one(DpkParser::ERROR_CHAR);
}

}  // namespace dpk::compiler::parse
