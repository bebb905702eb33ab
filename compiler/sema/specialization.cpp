// ProgramChecker::specialize: a kernel's signature (given, or from its annotations) checked
// against its parameters, then the kernel and its callees typed.
#include "compiler/sema/annotation.h"
#include "compiler/sema/instantiator.h"
#include "compiler/sema/sema.h"
#include "compiler/sema/sema_context.h"
#include "compiler/sema/type_checker.h"
#include "compiler/sema/uniformity.h"

namespace dpk::compiler::sema {

namespace {

std::string param_names(const ast::Function& k, bool generic_only) {
    std::string s;
    for (const auto& p : k.params) {
        if (generic_only && p.var.type) continue;
        s += (s.empty() ? "" : ", ") + p.var.name;
    }
    return s;
}

/// Do a parameter's annotation and the signature's type agree (usm_type and device come from
/// the signature)?
bool agrees(const ParamType& annotated, const ParamType& given) {
    if (annotated.kind != given.kind || annotated.dtype != given.dtype) return false;
    if (!annotated.is_array()) return true;
    return annotated.ndim == given.ndim && annotated.layout == given.layout;
}

/// The concrete signature of `kernel` for `requested`; reports mismatches.
std::optional<Signature> kernel_signature(SemaContext& ctx, const ast::Function& kernel,
                                          const std::optional<Signature>& requested) {
    const source::SourceFile* file = ctx.file_of(kernel);
    std::size_t n = kernel.params.size();
    if (!requested) {
        if (!kernel.fully_annotated()) {
            const ast::Param* first = nullptr;
            for (const auto& p : kernel.params) {
                if (p.var.type) continue;
                first = &p;
                break;
            }
            ctx.error(file, first->var.range,
                      "kernel '" + kernel.name + "' has generic parameters (" +
                          param_names(kernel, true) + "); give a signature ('" + first->var.name +
                          "' has no type)");
            return std::nullopt;
        }
        Signature sig;
        for (const auto& p : kernel.params) {
            auto t = param_type_of(*p.var.type, file, nullptr);
            if (!t) return std::nullopt;  // reported by the program check
            sig.params.push_back(*t);
        }
        return sig;
    }
    const Signature& sig = *requested;
    if (sig.params.size() != n) {
        std::size_t m = sig.params.size();
        ctx.error(file, kernel.name_range,
                  "signature " + sig.pretty() + " has " + std::to_string(m) +
                      (m == 1 ? " parameter" : " parameters") + " but kernel '" + kernel.name +
                      "' takes " + std::to_string(n) +
                      (n == 0 ? "" : " (" + param_names(kernel, false) + ")"));
        return std::nullopt;
    }
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i) {
        const ast::Param& p = kernel.params[i];
        if (!p.var.type) continue;
        auto annotated = param_type_of(*p.var.type, file, nullptr);
        if (!annotated) return std::nullopt;
        if (!agrees(*annotated, sig.params[i])) {
            ctx.error(file, p.var.range,
                      "kernel '" + kernel.name + "': parameter '" + p.var.name + "' is annotated " +
                          annotated->pretty() + " but signature " + sig.pretty() + " gives " +
                          sig.params[i].pretty());
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    return sig;
}

}  // namespace

std::unique_ptr<TypedKernel> ProgramChecker::specialize(const ast::Function& kernel,
                                                        const std::optional<Signature>& signature) {
    if (!check()) return nullptr;
    const source::SourceFile* file = ctx_->file_of(kernel);
    if (!kernel.is_kernel) {
        ctx_->error(file, kernel.name_range,
                    "'" + kernel.name +
                        "' is a device function, not a kernel; only kernels "
                        "can be specialized");
        return nullptr;
    }
    auto sig = kernel_signature(*ctx_, kernel, signature);
    if (!sig) return nullptr;
    ctx_->begin_specialization();

    auto out = std::make_unique<TypedKernel>();
    out->signature = *sig;
    out->types = ctx_->shared_types();
    std::vector<const types::Type*> param_types;
    for (const auto& p : sig->params) param_types.push_back(ctx_->types().from_param(p));

    Instantiator instantiator(*ctx_, *out);
    FunctionInstance* k = instantiator.get(kernel, param_types, kernel.name);
    instantiator.finish(k && !instantiator.any_failed() ? k : nullptr);
    if (!k || instantiator.any_failed()) {
        if (!kernel.fully_annotated())
            ctx_->note(file, kernel.name_range,
                       "in kernel '" + kernel.name + "' specialized for " + sig->pretty());
        return nullptr;
    }
    out->kernel = k;
    if (!check_uniformity(*ctx_, *out)) return nullptr;
    return out;
}

std::optional<Signature> ProgramChecker::infer_number_types(
    const ast::Function& kernel, const Signature& partial,
    const std::vector<std::optional<bool>>& untyped) {
    if (!check() || !kernel.is_kernel || partial.params.size() != kernel.params.size())
        return std::nullopt;
    ctx_->begin_specialization();
    TypedKernel scratch;  // the instances typed on the way are dropped
    scratch.types = ctx_->shared_types();
    Instantiator instantiator(*ctx_, scratch);
    FunctionInstance inst;
    inst.decl = &kernel;
    inst.symbol = kernel.name;
    for (const auto& p : partial.params) inst.param_types.push_back(ctx_->types().from_param(p));
    TypeChecker checker(*ctx_, ctx_->resolution(kernel), inst, instantiator);
    auto types = checker.infer_params(untyped);
    if (!types) return std::nullopt;
    Signature out = partial;
    for (std::size_t i = 0; i < out.params.size(); ++i) {
        if (i >= untyped.size() || !untyped[i]) continue;
        out.params[i] = ParamType::scalar((*types)[i]->dtype);
    }
    return out;
}

std::unique_ptr<TypedKernel> ProgramChecker::specialize(std::string_view kernel_name,
                                                        const std::optional<Signature>& signature) {
    if (!check()) return nullptr;
    const ast::Function* f = find_function(kernel_name);
    if (!f) {
        ctx_->error(nullptr, {}, "no kernel named '" + std::string(kernel_name) + "'");
        return nullptr;
    }
    return specialize(*f, signature);
}

}  // namespace dpk::compiler::sema
