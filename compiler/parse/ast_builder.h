// Internal to compiler/parse: builds the untyped AST from a dpk parse tree.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "DpkParser.h"
#include "compiler/ast/ast.h"
#include "compiler/parse/parse_session.h"

namespace dpk::compiler::parse {

/// Walks a parse tree without syntax errors and builds the AST: source ranges on every node,
/// dense expression ids per function / const initializer, dense variable ids per function
/// (parameters first). Checks that the grammar leaves open (integer overflow, `range(...)`
/// arity, assignment targets, usm_ndarray arguments) are reported to `diags`.
class AstBuilder {
public:
    AstBuilder(const source::SourceFile* file, const TokenLocator& locator, ParseDiagnostics& diags)
        : file_(file), loc_(locator), diags_(diags) {}

    /// The whole program.
    std::unique_ptr<ast::Module> build_module(grammar::DpkParser::ProgramContext* ctx);
    /// One type annotation as written (no check of the type name itself).
    ast::TypeExpr build_type(grammar::DpkParser::TypeExprContext* ctx);

private:
    using P = grammar::DpkParser;

    void build_import(P::ImportDeclContext* ctx, ast::Module& module);
    std::unique_ptr<ast::Const> build_const(P::ConstDeclContext* ctx);
    std::unique_ptr<ast::Function> build_function(P::FunctionDeclContext* ctx);

    std::unique_ptr<ast::Block> build_block(P::BlockContext* ctx);
    ast::StmtPtr build_stmt(P::StatementContext* ctx);
    ast::StmtPtr build_var_decl(P::VarDeclStmtContext* ctx);
    /// The initial value of `var x: T;`: `0`, or `false` for a bool.
    ast::ExprPtr zero_of(const ast::TypeExpr& type);
    /// `let (n, m) = x.shape;` as `let n = x.shape[0]; let m = x.shape[1];` (also `.strides` and
    /// a tuple `(a, b)`), appended to `block`.
    void build_destructure(P::VarDeclStmtContext* ctx, ast::Block& block);
    std::unique_ptr<ast::If> build_if(P::IfStatementContext* ctx);
    ast::StmtPtr build_for(P::ForStmtContext* ctx);
    ast::StmtPtr build_simple(P::SimpleStmtContext* ctx);

    ast::ExprPtr build_expr(P::ExprContext* ctx);
    ast::ExprPtr build_unary(P::UnaryExprContext* ctx);
    /// True (and reported once) when nesting or a binary chain exceeds the builder's limit.
    bool too_deep(antlr4::ParserRuleContext* ctx, std::size_t chain_length);
    ast::ExprPtr build_postfix(P::PostfixExprContext* ctx);
    ast::ExprPtr build_primary(P::PrimaryContext* ctx);
    ast::ExprPtr build_int(antlr4::Token* token);
    ast::ExprPtr build_float(antlr4::Token* token);
    ast::ExprPtr build_string(antlr4::tree::TerminalNode* node);
    /// An expression node with the next id of the current function.
    template <class T>
    std::unique_ptr<T> make(source::SourceRange range);

    ast::VarSymbol make_var(antlr4::Token* name, bool is_mutable);
    /// A `let`/`var`/`const`/`->` annotation: `local` is for parameters only.
    std::optional<ast::TypeExpr> build_value_type(P::TypeExprContext* ctx, const char* what);
    void build_explicit_type(P::ExplicitTypeContext* ctx, ast::TypeExpr& type);

    void error(source::SourceRange range, std::string message) {
        diags_.error(range, std::move(message));
    }

    const source::SourceFile* file_;
    const TokenLocator& loc_;
    ParseDiagnostics& diags_;
    std::uint32_t next_expr_ = 0;
    std::uint32_t next_var_ = 0;
    int depth_ = 0;  // expression nesting, bounded so later recursive passes stay safe
    bool depth_reported_ = false;
};

}  // namespace dpk::compiler::parse
