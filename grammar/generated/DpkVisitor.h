
// Generated from Dpk.g4 by ANTLR 4.7.2

#pragma once


#include "antlr4-runtime.h"
#include "DpkParser.h"


namespace dpk::grammar {

/**
 * This class defines an abstract visitor for a parse tree
 * produced by DpkParser.
 */
class  DpkVisitor : public antlr4::tree::AbstractParseTreeVisitor {
public:

  /**
   * Visit parse trees produced by DpkParser.
   */
    virtual antlrcpp::Any visitProgram(DpkParser::ProgramContext *context) = 0;

    virtual antlrcpp::Any visitItem(DpkParser::ItemContext *context) = 0;

    virtual antlrcpp::Any visitImportDecl(DpkParser::ImportDeclContext *context) = 0;

    virtual antlrcpp::Any visitConstDecl(DpkParser::ConstDeclContext *context) = 0;

    virtual antlrcpp::Any visitFunctionDecl(DpkParser::FunctionDeclContext *context) = 0;

    virtual antlrcpp::Any visitAttribute(DpkParser::AttributeContext *context) = 0;

    virtual antlrcpp::Any visitParamList(DpkParser::ParamListContext *context) = 0;

    virtual antlrcpp::Any visitParam(DpkParser::ParamContext *context) = 0;

    virtual antlrcpp::Any visitNamedType(DpkParser::NamedTypeContext *context) = 0;

    virtual antlrcpp::Any visitExplicitType(DpkParser::ExplicitTypeContext *context) = 0;

    virtual antlrcpp::Any visitAnyDim(DpkParser::AnyDimContext *context) = 0;

    virtual antlrcpp::Any visitUnitDim(DpkParser::UnitDimContext *context) = 0;

    virtual antlrcpp::Any visitTypeArg(DpkParser::TypeArgContext *context) = 0;

    virtual antlrcpp::Any visitSignatureEntry(DpkParser::SignatureEntryContext *context) = 0;

    virtual antlrcpp::Any visitParamTypeEntry(DpkParser::ParamTypeEntryContext *context) = 0;

    virtual antlrcpp::Any visitBlock(DpkParser::BlockContext *context) = 0;

    virtual antlrcpp::Any visitVarDeclStmt(DpkParser::VarDeclStmtContext *context) = 0;

    virtual antlrcpp::Any visitIfStmt(DpkParser::IfStmtContext *context) = 0;

    virtual antlrcpp::Any visitWhileStmt(DpkParser::WhileStmtContext *context) = 0;

    virtual antlrcpp::Any visitForStmt(DpkParser::ForStmtContext *context) = 0;

    virtual antlrcpp::Any visitBreakStmt(DpkParser::BreakStmtContext *context) = 0;

    virtual antlrcpp::Any visitContinueStmt(DpkParser::ContinueStmtContext *context) = 0;

    virtual antlrcpp::Any visitReturnStmt(DpkParser::ReturnStmtContext *context) = 0;

    virtual antlrcpp::Any visitBlockStmt(DpkParser::BlockStmtContext *context) = 0;

    virtual antlrcpp::Any visitSimpleStmt(DpkParser::SimpleStmtContext *context) = 0;

    virtual antlrcpp::Any visitIfStatement(DpkParser::IfStatementContext *context) = 0;

    virtual antlrcpp::Any visitAssignOp(DpkParser::AssignOpContext *context) = 0;

    virtual antlrcpp::Any visitExpr(DpkParser::ExprContext *context) = 0;

    virtual antlrcpp::Any visitBinaryOp(DpkParser::BinaryOpContext *context) = 0;

    virtual antlrcpp::Any visitUnaryOp(DpkParser::UnaryOpContext *context) = 0;

    virtual antlrcpp::Any visitPostfix(DpkParser::PostfixContext *context) = 0;

    virtual antlrcpp::Any visitPostfixExpr(DpkParser::PostfixExprContext *context) = 0;

    virtual antlrcpp::Any visitIndexOp(DpkParser::IndexOpContext *context) = 0;

    virtual antlrcpp::Any visitMemberOp(DpkParser::MemberOpContext *context) = 0;

    virtual antlrcpp::Any visitIntLit(DpkParser::IntLitContext *context) = 0;

    virtual antlrcpp::Any visitFloatLit(DpkParser::FloatLitContext *context) = 0;

    virtual antlrcpp::Any visitBoolLit(DpkParser::BoolLitContext *context) = 0;

    virtual antlrcpp::Any visitStringLit(DpkParser::StringLitContext *context) = 0;

    virtual antlrcpp::Any visitCall(DpkParser::CallContext *context) = 0;

    virtual antlrcpp::Any visitName(DpkParser::NameContext *context) = 0;

    virtual antlrcpp::Any visitParenOrTuple(DpkParser::ParenOrTupleContext *context) = 0;


};

}  // namespace dpk::grammar
