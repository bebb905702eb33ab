
// Generated from Dpk.g4 by ANTLR 4.7.2

#pragma once


#include "antlr4-runtime.h"
#include "DpkVisitor.h"


namespace dpk::grammar {

/**
 * This class provides an empty implementation of DpkVisitor, which can be
 * extended to create a visitor which only needs to handle a subset of the available methods.
 */
class  DpkBaseVisitor : public DpkVisitor {
public:

  virtual antlrcpp::Any visitProgram(DpkParser::ProgramContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitItem(DpkParser::ItemContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitImportDecl(DpkParser::ImportDeclContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitConstDecl(DpkParser::ConstDeclContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitFunctionDecl(DpkParser::FunctionDeclContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitAttribute(DpkParser::AttributeContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitParamList(DpkParser::ParamListContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitParam(DpkParser::ParamContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitNamedType(DpkParser::NamedTypeContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitExplicitType(DpkParser::ExplicitTypeContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitAnyDim(DpkParser::AnyDimContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitUnitDim(DpkParser::UnitDimContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitTypeArg(DpkParser::TypeArgContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitSignatureEntry(DpkParser::SignatureEntryContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitParamTypeEntry(DpkParser::ParamTypeEntryContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitBlock(DpkParser::BlockContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitVarDeclStmt(DpkParser::VarDeclStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitIfStmt(DpkParser::IfStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitWhileStmt(DpkParser::WhileStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitForStmt(DpkParser::ForStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitBreakStmt(DpkParser::BreakStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitContinueStmt(DpkParser::ContinueStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitReturnStmt(DpkParser::ReturnStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitBlockStmt(DpkParser::BlockStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitSimpleStmt(DpkParser::SimpleStmtContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitIfStatement(DpkParser::IfStatementContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitAssignOp(DpkParser::AssignOpContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitExpr(DpkParser::ExprContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitBinaryOp(DpkParser::BinaryOpContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitUnaryOp(DpkParser::UnaryOpContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitPostfix(DpkParser::PostfixContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitPostfixExpr(DpkParser::PostfixExprContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitIndexOp(DpkParser::IndexOpContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitMemberOp(DpkParser::MemberOpContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitIntLit(DpkParser::IntLitContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitFloatLit(DpkParser::FloatLitContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitBoolLit(DpkParser::BoolLitContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitStringLit(DpkParser::StringLitContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitCall(DpkParser::CallContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitName(DpkParser::NameContext *ctx) override {
    return visitChildren(ctx);
  }

  virtual antlrcpp::Any visitParenOrTuple(DpkParser::ParenOrTupleContext *ctx) override {
    return visitChildren(ctx);
  }


};

}  // namespace dpk::grammar
