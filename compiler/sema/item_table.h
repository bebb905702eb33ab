// The program's items (consts, funcs, kernels) across the main module and its imports: one
// namespace, duplicates reported.
#pragma once

#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/source/diagnostics.h"

namespace dpk::compiler::sema {

/// Lookup of items by name over every module of a program.
class ItemTable {
public:
    /// Collects the items of `modules` (main module first); reports duplicate names and items
    /// named like a type or a builtin.
    void build(const std::vector<const ast::Module*>& modules, source::Diagnostics& diags);

    const ast::Function* function(std::string_view name) const;
    const ast::Const* constant(std::string_view name) const;
    const std::vector<const ast::Function*>& functions() const { return functions_; }
    const std::vector<const ast::Const*>& consts() const { return consts_; }
    /// Names of every function and const (for "did you mean" suggestions).
    std::vector<std::string_view> names() const;

private:
    std::unordered_map<std::string_view, const ast::Function*> function_by_name_;
    std::unordered_map<std::string_view, const ast::Const*> const_by_name_;
    std::vector<const ast::Function*> functions_;  // in module and source order
    std::vector<const ast::Const*> consts_;
};

}  // namespace dpk::compiler::sema
