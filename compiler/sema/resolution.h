// What name resolution learns about one function body or const initializer, before any types:
// what each name and each call refers to.
#pragma once

#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/sema/typed_program.h"

namespace dpk::compiler::sema {

/// What a Name expression denotes.
struct NameBinding {
    ExprInfo::NameKind kind = ExprInfo::NameKind::None;
    const ast::VarSymbol* var = nullptr;   // Var
    const ast::Const* constant = nullptr;  // Const
    DType type_name = DType::I64;          // TypeName
    int mem_flag = 0;                      // MemFlag: 1 = local, 2 = global
};

/// What a Call expression calls.
struct CallBinding {
    ExprInfo::CallKind kind = ExprInfo::CallKind::None;
    Builtin builtin{};                      // Builtin
    DType cast_to = DType::I64;             // Cast
    const ast::Function* callee = nullptr;  // User
};

/// A call of a user function (an edge of the call graph).
struct CallSite {
    const ast::Call* call = nullptr;
    const ast::Function* callee = nullptr;
};

/// Name resolution of one function body or const initializer.
struct Resolution {
    std::vector<NameBinding> names;           // by Expr::id; meaningful for Name expressions
    std::vector<CallBinding> calls;           // by Expr::id; meaningful for Call expressions
    std::vector<const ast::VarSymbol*> vars;  // by VarSymbol::id (functions)
    std::vector<CallSite> user_calls;         // in source order
    /// `let v: x.dtype = ...`: the array variable `x` of each such declaration (by its VarSymbol).
    std::vector<std::pair<const ast::VarSymbol*, const ast::VarSymbol*>> dtype_of;
    bool ok = true;  // false when resolution reported an error
};

}  // namespace dpk::compiler::sema
