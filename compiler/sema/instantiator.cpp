#include "compiler/sema/instantiator.h"

#include <algorithm>
#include <unordered_set>

#include "compiler/sema/type_checker.h"

namespace dpk::compiler::sema {

namespace {

std::string mangle_type(const types::Type* t) {
    if (!t) return "x";
    std::string s(dtype_name(t->dtype));
    if (!t->is_array()) return s;
    s.append("_").append(std::to_string(t->ndim)).append(layout_name(t->layout));
    if (t->space == types::AddressSpace::Local) s += "L";
    if (t->space == types::AddressSpace::Private) s += "P";
    for (std::size_t i = 0; i < t->static_shape.size(); ++i)
        s.append(i ? "x" : "").append(std::to_string(t->static_shape[i]));
    return s;
}

}  // namespace

std::string mangle(const ast::Function& fn, const std::vector<const types::Type*>& param_types) {
    std::string s = fn.name + "__";
    for (std::size_t i = 0; i < param_types.size(); ++i)
        s.append(i ? "_" : "").append(mangle_type(param_types[i]));
    return s;
}

FunctionInstance* Instantiator::get(const ast::Function& fn,
                                    const std::vector<const types::Type*>& param_types,
                                    std::string symbol) {
    Key key{&fn, param_types};
    if (auto it = instances_.find(key); it != instances_.end()) return it->second;
    if (in_progress_.count(key)) return nullptr;
    in_progress_.insert(key);

    auto inst = std::make_unique<FunctionInstance>();
    inst->decl = &fn;
    inst->symbol = symbol.empty() ? mangle(fn, param_types) : std::move(symbol);
    inst->param_types = param_types;
    FunctionInstance* ptr = inst.get();

    TypeChecker checker(ctx_, ctx_.resolution(fn), *inst, *this);
    checker.check_function();
    if (checker.failed()) {
        failed_.insert(ptr);
        unreported_.insert(ptr);
    }

    in_progress_.erase(key);
    instances_[key] = ptr;
    out_.instances.push_back(std::move(inst));
    return ptr;
}

void Instantiator::finish(const FunctionInstance* root) {
    if (root) {
        std::unordered_set<const FunctionInstance*> reached{root};
        std::vector<const FunctionInstance*> todo{root};
        while (!todo.empty()) {
            const FunctionInstance* f = todo.back();
            todo.pop_back();
            for (const FunctionInstance* c : f->callees)
                if (reached.insert(c).second) todo.push_back(c);
        }
        if (reached.size() != out_.instances.size()) {
            auto& v = out_.instances;
            v.erase(std::remove_if(v.begin(), v.end(),
                                   [&](const auto& i) { return !reached.count(i.get()); }),
                    v.end());
        }
    }
    std::unordered_set<std::string> used;
    for (const auto& inst : out_.instances)
        if (inst->decl->is_kernel) used.insert(inst->symbol);
    for (auto& inst : out_.instances) {
        if (inst->decl->is_kernel) continue;
        std::string base = inst->symbol;
        for (int n = 1; used.count(inst->symbol); ++n)
            inst->symbol = base + "_" + std::to_string(n);
        used.insert(inst->symbol);
    }
}

}  // namespace dpk::compiler::sema
