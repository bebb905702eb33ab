#include "compiler/ast/ast.h"

namespace dpk::compiler::ast {

const char* op_spelling(UnaryOp op) {
    switch (op) {
        case UnaryOp::Neg: return "-";
        case UnaryOp::Not: return "!";
        case UnaryOp::BitNot: return "~";
    }
    return "?";
}

const char* op_spelling(BinaryOp op) {
    switch (op) {
        case BinaryOp::Mul: return "*";
        case BinaryOp::Div: return "/";
        case BinaryOp::Rem: return "%";
        case BinaryOp::Add: return "+";
        case BinaryOp::Sub: return "-";
        case BinaryOp::Shl: return "<<";
        case BinaryOp::Shr: return ">>";
        case BinaryOp::Lt: return "<";
        case BinaryOp::Le: return "<=";
        case BinaryOp::Gt: return ">";
        case BinaryOp::Ge: return ">=";
        case BinaryOp::Eq: return "==";
        case BinaryOp::Ne: return "!=";
        case BinaryOp::BitAnd: return "&";
        case BinaryOp::BitXor: return "^";
        case BinaryOp::BitOr: return "|";
        case BinaryOp::LogAnd: return "&&";
        case BinaryOp::LogOr: return "||";
    }
    return "?";
}

const char* op_spelling(AssignOp op) {
    switch (op) {
        case AssignOp::Set: return "=";
        case AssignOp::Add: return "+=";
        case AssignOp::Sub: return "-=";
        case AssignOp::Mul: return "*=";
        case AssignOp::Div: return "/=";
        case AssignOp::Rem: return "%=";
        case AssignOp::BitAnd: return "&=";
        case AssignOp::BitOr: return "|=";
        case AssignOp::BitXor: return "^=";
        case AssignOp::Shl: return "<<=";
        case AssignOp::Shr: return ">>=";
    }
    return "?";
}

bool Function::fully_annotated() const {
    for (const auto& p : params)
        if (!p.var.type) return false;
    return true;
}

}  // namespace dpk::compiler::ast
