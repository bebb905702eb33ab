// State shared by the stages of sema for one program: items, resolutions, folded consts, types
// and the diagnostics sink.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "compiler/sema/const_fold.h"
#include "compiler/sema/item_table.h"
#include "compiler/sema/resolution.h"
#include "compiler/source/diagnostics.h"
#include "compiler/types/type.h"

namespace dpk::compiler::sema {

/// A folded `const` item.
struct ConstInfo {
    enum class State { Pending, Folding, Done, Failed } state = State::Pending;
    /// The const's type; null when it is untyped (literal-only without annotation): it then
    /// behaves like a literal and takes its type from each use.
    const types::Type* type = nullptr;
    std::optional<UntypedValue> untyped;  // untyped consts
    ConstValue value;                     // typed consts
};

/// Everything sema knows about one program.
class SemaContext {
public:
    SemaContext(std::vector<const ast::Module*> modules, source::Diagnostics& diags);

    types::TypeContext& types() { return *types_; }
    const std::shared_ptr<types::TypeContext>& shared_types() const { return types_; }
    const std::vector<const ast::Module*>& modules() const { return modules_; }
    ItemTable& items() { return items_; }
    source::Diagnostics& diagnostics() { return diags_; }

    /// Reports an error once: the same message at the same place (e.g. from two instances of
    /// one generic function) is reported only the first time.
    void error(const source::SourceFile* file, source::SourceRange range, std::string message);
    void note(const source::SourceFile* file, source::SourceRange range, std::string message);
    /// Reports a warning once per specialization (two instances of one generic function warn
    /// once); begin_specialization() starts a new one.
    void warning(const source::SourceFile* file, source::SourceRange range, std::string message);
    void begin_specialization() { warned_.clear(); }
    std::size_t error_count() const { return diags_.error_count(); }

    Resolution& resolution(const ast::Function& f) { return function_res_[&f]; }
    Resolution& resolution(const ast::Const& c) { return const_res_[&c]; }
    /// The folded value of a const (folded on first use; reports errors and cycles once).
    const ConstInfo& const_info(const ast::Const& c);

    /// The source file an item belongs to (the item's own, else its module's).
    const source::SourceFile* file_of(const ast::Function& f) const;
    const source::SourceFile* file_of(const ast::Const& c) const;

private:
    std::vector<const ast::Module*> modules_;
    source::Diagnostics& diags_;
    std::shared_ptr<types::TypeContext> types_;
    ItemTable items_;
    std::unordered_map<const ast::Function*, Resolution> function_res_;
    std::unordered_map<const ast::Const*, Resolution> const_res_;
    std::unordered_map<const ast::Const*, ConstInfo> consts_;
    std::unordered_map<const void*, const source::SourceFile*> item_files_;
    std::set<std::tuple<const source::SourceFile*, std::uint32_t, std::uint32_t, std::string>>
        reported_;
    std::set<std::tuple<const source::SourceFile*, std::uint32_t, std::uint32_t, std::string>>
        warned_;
};

}  // namespace dpk::compiler::sema
