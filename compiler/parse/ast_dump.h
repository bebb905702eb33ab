// A deterministic S-expression rendering of the AST, for tests and debugging.
#pragma once

#include <string>

#include "compiler/ast/ast.h"

namespace dpk::compiler::parse {

/// Imports, then consts, then functions, one item per top-level form; statements one per line,
/// indented two spaces per level; expressions inline: `(+ a (* b c))`, `(call f x)`,
/// `(index a i j)`, `(. a shape)`, `(tuple a b)`. Ends with a newline.
std::string dump(const ast::Module& module);
/// One expression on one line (null prints as `<null>`).
std::string dump(const ast::Expr* expr);
/// One type annotation as written: `f32`, `f32[:, ::1]`, `local f32[:]`, `usm_ndarray(...)`.
std::string dump(const ast::TypeExpr& type);

}  // namespace dpk::compiler::parse
