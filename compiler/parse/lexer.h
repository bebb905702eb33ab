// Internal to compiler/parse: a hand-written scanner for the dpk tokens.
//
// It produces exactly the token stream of the lexer ANTLR generates from the lexer rules at the
// end of grammar/Dpk.g4 (same types, channels, code-point start/stop indexes, lines, columns and
// text), without the generated lexer's start-up cost (ATN deserialization and building its DFA
// on every cold start). tests/parse/lexer_test.cpp runs both lexers and checks they agree.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "antlr4-runtime.h"

namespace dpk::compiler::parse {

class Scanner : public antlr4::TokenSource {
public:
    /// `input` must outlive the scanner and every token it returns.
    explicit Scanner(antlr4::ANTLRInputStream* input);

    std::unique_ptr<antlr4::Token> nextToken() override;
    std::size_t getLine() const override { return line_; }
    std::size_t getCharPositionInLine() override { return column_; }
    antlr4::CharStream* getInputStream() override { return input_; }
    std::string getSourceName() override { return input_->getSourceName(); }
    antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override;

private:
    /// Scans one token starting at `pos_`; returns its end (exclusive) and sets type/channel.
    /// `skip` is set for whitespace and terminated comments.
    std::size_t scan(std::size_t& type, std::size_t& channel, bool& skip) const;
    std::size_t scan_number(std::size_t p, std::size_t& type) const;
    std::size_t digits(std::size_t i) const;
    std::size_t exponent(std::size_t i) const;      // end of an exponent at i, or 0
    std::size_t float_suffix(std::size_t i) const;  // end of f16/f32/f64/bf16 at i, or 0
    std::size_t int_suffix(std::size_t i) const;    // end of [iu](8|16|32|64) at i, or 0
    char32_t at(std::size_t i) const { return i < size_ ? data_[i] : char32_t(0xFFFFFFFF); }

    antlr4::ANTLRInputStream* input_;
    const char32_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    std::size_t column_ = 0;
};

}  // namespace dpk::compiler::parse
