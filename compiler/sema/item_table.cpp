#include "compiler/sema/item_table.h"

#include <algorithm>

#include "compiler/sema/builtins.h"
#include "compiler/sema/type_rules.h"

namespace dpk::compiler::sema {

namespace {

struct ItemRef {
    const source::SourceFile* file;
    source::SourceRange name_range;
};

}  // namespace

void ItemTable::build(const std::vector<const ast::Module*>& modules, source::Diagnostics& diags) {
    std::unordered_map<std::string_view, ItemRef> seen;
    auto add = [&](const std::string& name, const source::SourceFile* file,
                   source::SourceRange range, const char* what) {
        if (reserved_type_name(name)) {
            diags.error(file, range, "'" + name + "' is a type name and cannot name a " + what);
            return false;
        }
        auto [it, inserted] = seen.emplace(name, ItemRef{file, range});
        if (!inserted) {
            diags.error(file, range, "duplicate definition of '" + name + "'");
            diags.note(it->second.file, it->second.name_range,
                       "'" + name + "' is first defined here");
            return false;
        }
        return true;
    };
    for (const ast::Module* m : modules) {
        // The modules m reaches through its imports: depth-first over the links the front end
        // made (a program assembled without them reaches only itself).
        std::vector<const ast::Module*>& reach = reach_[m];
        std::vector<const ast::Module*> todo{m};
        while (!todo.empty()) {
            const ast::Module* at = todo.back();
            todo.pop_back();
            if (std::find(reach.begin(), reach.end(), at) != reach.end()) continue;
            reach.push_back(at);
            for (const auto& import : at->imports)
                if (import.module) todo.push_back(import.module);
        }
        // Items in source order: consts and functions are separate lists, so merge by position.
        std::vector<
            std::pair<source::SourceLoc, std::pair<const ast::Const*, const ast::Function*>>>
            items;
        for (const auto& c : m->consts) items.push_back({c->name_range.begin, {c.get(), nullptr}});
        for (const auto& f : m->functions)
            items.push_back({f->name_range.begin, {nullptr, f.get()}});
        std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
            return a.first.line != b.first.line ? a.first.line < b.first.line
                                                : a.first.column < b.first.column;
        });
        for (const auto& [loc, item] : items) {
            if (const ast::Const* c = item.first) {
                const auto* file = c->file ? c->file : m->file;
                if (add(c->name, file, c->name_range, "const")) {
                    const_by_name_[c->name] = c;
                    consts_.push_back(c);
                    module_of_[c] = m;
                }
            } else {
                const ast::Function* f = item.second;
                const auto* file = f->file ? f->file : m->file;
                if (add(f->name, file, f->name_range, f->is_kernel ? "kernel" : "function")) {
                    function_by_name_[f->name] = f;
                    functions_.push_back(f);
                    module_of_[f] = m;
                }
            }
        }
    }
}

bool ItemTable::sees(const ast::Module* from, const ast::Module* defining) const {
    auto it = reach_.find(from);
    return it != reach_.end() &&
           std::find(it->second.begin(), it->second.end(), defining) != it->second.end();
}

template <class Item>
const Item* ItemTable::visible(const std::unordered_map<std::string_view, const Item*>& by_name,
                               std::string_view name, const ast::Module* from) const {
    auto it = by_name.find(name);
    if (it == by_name.end()) return nullptr;
    if (!find_builtin(name)) return it->second;  // names are unique: one meaning everywhere
    return sees(from, module_of_.at(it->second)) ? it->second : nullptr;
}

const ast::Function* ItemTable::function(std::string_view name, const ast::Module* from) const {
    return visible(function_by_name_, name, from);
}

const ast::Const* ItemTable::constant(std::string_view name, const ast::Module* from) const {
    return visible(const_by_name_, name, from);
}

const ast::Module* ItemTable::module_of(const ast::Function& f) const {
    auto it = module_of_.find(&f);
    return it == module_of_.end() ? nullptr : it->second;
}

const ast::Module* ItemTable::module_of(const ast::Const& c) const {
    auto it = module_of_.find(&c);
    return it == module_of_.end() ? nullptr : it->second;
}

std::vector<std::string_view> ItemTable::names() const {
    std::vector<std::string_view> out;
    for (const auto* f : functions_) out.push_back(f->name);
    for (const auto* c : consts_) out.push_back(c->name);
    return out;
}

}  // namespace dpk::compiler::sema
