// The program's items (consts, funcs, kernels) across the main module and its imports: one
// namespace, duplicates reported; which module sees which item where a name is also a builtin's.
#pragma once

#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/source/diagnostics.h"

namespace dpk::compiler::sema {

/// Lookup of items by name over every module of a program.
///
/// Item names are unique in a program. An item named like a builtin shadows the builtin in the
/// module that defines it and in the modules that import that module (directly or through
/// others); every other module's uses of the name still reach the builtin, so a program's own
/// `func min` never changes what `min(...)` means inside `std.reduce`.
class ItemTable {
public:
    /// Collects the items of `modules` (main module first); reports duplicate names and items
    /// named like a type.
    void build(const std::vector<const ast::Module*>& modules, source::Diagnostics& diags);

    /// The function or const `name` denotes in code of module `from`: null where there is none,
    /// and where the item's name is a builtin's that `from` does not see (the builtin is meant).
    const ast::Function* function(std::string_view name, const ast::Module* from) const;
    const ast::Const* constant(std::string_view name, const ast::Module* from) const;
    /// The module that defines an item.
    const ast::Module* module_of(const ast::Function& f) const;
    const ast::Module* module_of(const ast::Const& c) const;

    const std::vector<const ast::Function*>& functions() const { return functions_; }
    const std::vector<const ast::Const*>& consts() const { return consts_; }
    /// Names of every function and const (for "did you mean" suggestions).
    std::vector<std::string_view> names() const;

private:
    /// Whether code in `from` sees the items of `defining` that are named like builtins.
    bool sees(const ast::Module* from, const ast::Module* defining) const;
    template <class Item>
    const Item* visible(const std::unordered_map<std::string_view, const Item*>& by_name,
                        std::string_view name, const ast::Module* from) const;

    std::unordered_map<std::string_view, const ast::Function*> function_by_name_;
    std::unordered_map<std::string_view, const ast::Const*> const_by_name_;
    std::vector<const ast::Function*> functions_;  // in module and source order
    std::vector<const ast::Const*> consts_;
    std::unordered_map<const void*, const ast::Module*> module_of_;  // by item
    /// For each module, the modules it reaches through its imports (itself included).
    std::unordered_map<const ast::Module*, std::vector<const ast::Module*>> reach_;
};

}  // namespace dpk::compiler::sema
