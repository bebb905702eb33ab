#include <limits>

#include "compiler/sema/annotation.h"
#include "compiler/sema/call_graph.h"
#include "compiler/sema/resolver.h"
#include "compiler/sema/sema.h"
#include "compiler/sema/sema_context.h"

namespace dpk::compiler::sema {

namespace {

/// Reports annotations that name no type (parameters, return types, consts).
void check_annotations(SemaContext& ctx) {
    auto& diags = ctx.diagnostics();
    for (const ast::Function* f : ctx.items().functions()) {
        const source::SourceFile* file = ctx.file_of(*f);
        for (const auto& p : f->params)
            if (p.var.type) param_type_of(*p.var.type, file, &diags);
        if (f->return_type) {
            if (f->is_kernel) {
                ctx.error(file, f->return_type->range,
                          "kernel '" + f->name +
                              "' cannot declare a return type; kernels "
                              "return nothing");
            } else {
                scalar_type_of(*f->return_type, file, &diags, "a return type");
            }
        }
    }
    for (const ast::Const* c : ctx.items().consts())
        if (c->type) scalar_type_of(*c->type, ctx.file_of(*c), &diags, "a const");
}

}  // namespace

ProgramChecker::ProgramChecker(std::vector<const ast::Module*> modules, source::Diagnostics& diags)
    : ctx_(std::make_unique<SemaContext>(std::move(modules), diags)) {}

ProgramChecker::~ProgramChecker() = default;

bool ProgramChecker::check() {
    if (checked_) return *checked_;
    std::size_t errors = ctx_->error_count();
    ctx_->items().build(ctx_->modules(), ctx_->diagnostics());
    check_annotations(*ctx_);

    Resolver resolver(*ctx_);
    for (const ast::Const* c : ctx_->items().consts()) ctx_->resolution(*c) = resolver.resolve(*c);
    for (const ast::Function* f : ctx_->items().functions())
        ctx_->resolution(*f) = resolver.resolve(*f);
    for (const ast::Const* c : ctx_->items().consts()) ctx_->const_info(*c);
    check_recursion(*ctx_);

    checked_ = ctx_->error_count() == errors;
    return *checked_;
}

std::optional<std::int64_t> ProgramChecker::integer_constant(std::string_view name) {
    if (!check()) return std::nullopt;
    const ast::Const* c = ctx_->items().constant(name, ctx_->modules().front());
    if (!c) return std::nullopt;
    const ConstInfo& info = ctx_->const_info(*c);
    if (info.state != ConstInfo::State::Done) return std::nullopt;
    if (info.untyped) {
        const UntypedValue& v = *info.untyped;
        if (v.is_float || v.i < std::numeric_limits<std::int64_t>::min() ||
            v.i > std::numeric_limits<std::int64_t>::max())
            return std::nullopt;
        return static_cast<std::int64_t>(v.i);
    }
    if (!info.type || !info.type->is_int()) return std::nullopt;
    if (const auto* u = std::get_if<std::uint64_t>(&info.value.value)) {
        if (*u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
    }
    return info.value.as_int();
}

const ast::Function* ProgramChecker::find_function(std::string_view name) const {
    for (const ast::Module* m : ctx_->modules())
        for (const auto& f : m->functions)
            if (f->name == name) return f.get();
    return nullptr;
}

}  // namespace dpk::compiler::sema
