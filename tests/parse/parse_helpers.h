// Helpers shared by the parse tests.
#pragma once

#include <memory>
#include <string>

#include "compiler/ast/ast.h"
#include "compiler/parse/ast_dump.h"
#include "compiler/parse/parser.h"
#include "compiler/source/diagnostics.h"

namespace dpk::tests {

namespace ast = compiler::ast;
namespace source = compiler::source;

/// A parse of one text with everything it refers to kept alive.
struct Parsed {
    std::unique_ptr<source::SourceFile> file;
    source::Diagnostics diags;
    std::unique_ptr<ast::Module> module;

    /// Rendered diagnostics (empty when there were none).
    std::string errors() const { return diags.render(); }
};

inline std::unique_ptr<Parsed> parse(std::string text, std::string name = "test.dpk") {
    auto p = std::make_unique<Parsed>();
    p->file = std::make_unique<source::SourceFile>(std::move(name), std::move(text));
    p->module = compiler::parse::parse_module(*p->file, p->diags);
    return p;
}

/// The dump of the initializer of `let x = EXPR;` in a kernel, or the diagnostics.
inline std::string dump_expr(const std::string& expr) {
    auto p = parse("kernel k(a, b, c, d, e) { let x = " + expr + "; }");
    if (!p->module) return p->errors();
    const auto& stmt = p->module->functions.at(0)->body->stmts.at(0);
    return compiler::parse::dump(static_cast<const ast::VarDecl&>(*stmt).init.get());
}

/// "LINE:COL: MESSAGE" for diagnostic `i`.
inline std::string where(const Parsed& p, std::size_t i) {
    const auto& d = p.diags.all().at(i);
    return std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.column) + ": " +
           d.message;
}

}  // namespace dpk::tests
