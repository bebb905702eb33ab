// Internal to compiler/parse: spellings from C, CUDA, OpenCL C and Python that are not dpk
// (`0.5f`, `int i = 0`, `(float)i`, `math.exp(x)`, `i++`, `a ** b`, `c ? a : b`, `# comment`),
// found in the token stream and reported with the dpk spelling instead of a bare syntax error.
#pragma once

#include <string>
#include <vector>

#include "antlr4-runtime.h"

namespace dpk::compiler::parse {

/// One foreign spelling: the tokens it covers and the message that names the dpk spelling.
struct SpellingHint {
    antlr4::Token* first = nullptr;
    antlr4::Token* last = nullptr;
    std::string message;
};

/// The foreign spellings among `tokens` (the whole stream, EOF last), in source order.
/// `input` is the text the tokens were scanned from (for quoting operands).
std::vector<SpellingHint> find_foreign_spellings(const std::vector<antlr4::Token*>& tokens,
                                                 antlr4::CharStream& input);

}  // namespace dpk::compiler::parse
