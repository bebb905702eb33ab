// The front of the compiler: dpk source text -> untyped AST.
#pragma once

#include <memory>

#include "compiler/ast/ast.h"
#include "compiler/source/diagnostics.h"
#include "compiler/source/source_file.h"

namespace dpk::compiler::parse {

/// Parses one source file into an AST. Lexical and syntax errors (several per run: the parser
/// recovers and goes on) and literal errors are reported to `diags` at their line:column; the
/// result is then null. Never throws. The module and every diagnostic point into `file`, which
/// the caller keeps alive as long as either is used.
std::unique_ptr<ast::Module> parse_module(const source::SourceFile& file,
                                          source::Diagnostics& diags);

}  // namespace dpk::compiler::parse
