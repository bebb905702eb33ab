#include "compiler/ast/ast.h"

namespace dpk::compiler::ast {

const char* op_spelling(UnaryOp op) {
    switch (op) {
        case UnaryOp::Neg: return "-";
        case UnaryOp::Not: return "!";
        case UnaryOp::BitNot: return "~";
        case UnaryOp::Plus: return "+";
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

std::optional<BinaryOp> compound_binary_op(AssignOp op) {
    switch (op) {
        case AssignOp::Set: return std::nullopt;
        case AssignOp::Add: return BinaryOp::Add;
        case AssignOp::Sub: return BinaryOp::Sub;
        case AssignOp::Mul: return BinaryOp::Mul;
        case AssignOp::Div: return BinaryOp::Div;
        case AssignOp::Rem: return BinaryOp::Rem;
        case AssignOp::BitAnd: return BinaryOp::BitAnd;
        case AssignOp::BitOr: return BinaryOp::BitOr;
        case AssignOp::BitXor: return BinaryOp::BitXor;
        case AssignOp::Shl: return BinaryOp::Shl;
        case AssignOp::Shr: return BinaryOp::Shr;
    }
    return std::nullopt;
}

bool Function::fully_annotated() const {
    for (const auto& p : params)
        if (!p.var.type) return false;
    return true;
}

}  // namespace dpk::compiler::ast
