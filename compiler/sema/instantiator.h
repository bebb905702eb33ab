// Instances of functions for lists of parameter types: a generic function gets one instance per
// distinct list, checked once, collected callee-first into the TypedKernel.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "compiler/sema/sema_context.h"

namespace dpk::compiler::sema {

/// Creates and checks the function instances of one kernel specialization.
class Instantiator {
public:
    Instantiator(SemaContext& ctx, TypedKernel& out) : ctx_(ctx), out_(out) {}

    /// The instance of `fn` for `param_types`, type-checked on first request and appended to
    /// the kernel's instances after its callees. Null for a request that would recurse (the
    /// program check reports recursion). `symbol` overrides the mangled name (kernels).
    FunctionInstance* get(const ast::Function& fn,
                          const std::vector<const types::Type*>& param_types,
                          std::string symbol = {});
    /// True when checking the instance reported errors.
    bool failed(const FunctionInstance* inst) const { return failed_.count(inst) != 0; }
    bool any_failed() const { return !failed_.empty(); }
    /// True the first time it is asked about a failed instance (to add one note per instance).
    bool report_failure_once(const FunctionInstance* inst) { return unreported_.erase(inst) != 0; }

    /// Drops the instances `root` does not reach (made while the types of untyped variables were
    /// still being inferred), then makes every instance's symbol unique (a mangled name could
    /// equal a user's name).
    void finish(const FunctionInstance* root);

private:
    using Key = std::pair<const ast::Function*, std::vector<const types::Type*>>;
    SemaContext& ctx_;
    TypedKernel& out_;
    std::map<Key, FunctionInstance*> instances_;
    std::set<Key> in_progress_;
    std::set<const FunctionInstance*> failed_;
    std::set<const FunctionInstance*> unreported_;
};

/// The SPIR-V symbol of a device function instance: "sq__f32", "sum__f32_1C", "f__" (no params).
/// Scalars are spelled by dtype; arrays as dtype, ndim, layout letter (C/F/A), address space
/// (global: none, L local, P private) and static extents ("f32_2CL16x16").
std::string mangle(const ast::Function& fn, const std::vector<const types::Type*>& param_types);

}  // namespace dpk::compiler::sema
