#include "compiler/sema/type_checker.h"

#include "compiler/sema/annotation.h"
#include "compiler/sema/instantiator.h"

namespace dpk::compiler::sema {

TypeChecker::TypeChecker(SemaContext& ctx, const Resolution& res, FunctionInstance& inst,
                         Instantiator& instantiator)
    : ctx_(ctx),
      res_(res),
      inst_(&inst),
      instantiator_(&instantiator),
      exprs_(inst.exprs),
      file_(ctx.file_of(*inst.decl)) {}

TypeChecker::TypeChecker(SemaContext& ctx, const Resolution& res, const ast::Const& c,
                         std::vector<ExprInfo>& exprs)
    : ctx_(ctx), res_(res), const_(&c), exprs_(exprs), file_(ctx.file_of(c)) {}

void TypeChecker::error(source::SourceRange range, std::string message) {
    failed_ = true;
    if (holding_) {
        pending_.push_back({source::Severity::Error, range, std::move(message)});
        return;
    }
    ctx_.error(file_, range, std::move(message));
}

void TypeChecker::note(source::SourceRange range, std::string message,
                       const FunctionInstance* failed_callee) {
    if (holding_) {
        pending_.push_back({source::Severity::Note, range, std::move(message), failed_callee});
        return;
    }
    if (failed_callee && !(instantiator_ && instantiator_->report_failure_once(failed_callee)))
        return;
    ctx_.note(file_, range, std::move(message));
}

void TypeChecker::warning(source::SourceRange range, std::string message) {
    if (holding_) {
        pending_.push_back({source::Severity::Warning, range, std::move(message)});
        return;
    }
    ctx_.warning(file_, range, std::move(message));
}

void TypeChecker::flush_pending() {
    std::vector<Pending> pending = std::move(pending_);
    pending_.clear();
    for (Pending& p : pending) {
        switch (p.severity) {
            case source::Severity::Error: ctx_.error(file_, p.range, std::move(p.message)); break;
            case source::Severity::Warning:
                ctx_.warning(file_, p.range, std::move(p.message));
                break;
            case source::Severity::Note:
                note(p.range, std::move(p.message), p.failed_callee);
                break;
        }
    }
}

ExprInfo& TypeChecker::info(const ast::Expr& e) {
    if (exprs_.size() <= e.id) exprs_.resize(e.id + 1);
    if (untyped_.size() <= e.id) {
        untyped_.resize(e.id + 1);
        runtime_untyped_.resize(e.id + 1, 0);
    }
    return exprs_[e.id];
}

void TypeChecker::check_function() {
    const ast::Function& fn = *inst_->decl;
    if (fn.is_kernel) {
        declared_return_ = ctx_.types().void_type();
    } else if (fn.return_type) {
        if (auto t = scalar_type_of(*fn.return_type, file_, nullptr, "a return type"))
            declared_return_ = scalar(*t);
    }
    check_body();
}

/// The largest extent `@local_size` accepts in a dimension (what a device allows is checked at
/// launch): the PTX limit of 1024 work-items a work-group, with room for CPU devices' larger ones.
constexpr std::int64_t kMaxLocalExtent = 1 << 16;

void TypeChecker::check_attributes() {
    const ast::Function& fn = *inst_->decl;
    inst_->required_local_size = {};
    const ast::Attribute* first = nullptr;
    for (const ast::Attribute& a : fn.attributes) {
        if (a.name != "local_size") {
            error(a.name_range, "unknown attribute '@" + a.name +
                                    "'; a kernel may declare @local_size(x), @local_size(x, y) "
                                    "or @local_size(x, y, z)");
            continue;
        }
        if (!fn.is_kernel) {
            error(a.range, "@local_size applies to kernels; '" + fn.name + "' is a function");
            continue;
        }
        if (first) {
            error(a.range, "@local_size is declared twice for kernel '" + fn.name + "'");
            continue;
        }
        first = &a;
        if (a.args.empty() || a.args.size() > 3) {
            error(a.range,
                  "@local_size takes 1 to 3 extents, found " + std::to_string(a.args.size()));
            continue;
        }
        std::array<std::uint32_t, 3> size{1, 1, 1};
        bool ok = true;
        for (std::size_t d = 0; d < a.args.size(); ++d) {
            const std::string what = "extent " + std::to_string(d) + " of @local_size";
            auto v = constant_int(*a.args[d], what);
            if (!v) {
                ok = false;
            } else if (*v <= 0 || *v > kMaxLocalExtent) {
                error(a.args[d]->range, what + " must be 1 to " + std::to_string(kMaxLocalExtent) +
                                            ", found " + std::to_string(*v));
                ok = false;
            } else {
                size[d] = static_cast<std::uint32_t>(*v);
            }
        }
        if (ok) inst_->required_local_size = size;
    }
}

void TypeChecker::check_const(ConstInfo& out) {
    const ast::Const& c = *const_;
    exprs_.assign(c.expr_count, ExprInfo{});
    untyped_.assign(c.expr_count, std::nullopt);
    runtime_untyped_.assign(c.expr_count, 0);
    out.state = ConstInfo::State::Failed;
    if (!c.value) return;
    Operand op = check(*c.value);
    if (op.error || failed_) return;
    if (c.type) {
        auto t = scalar_type_of(*c.type, file_, nullptr, "a const");
        if (!t) return;
        const types::Type* type = scalar(*t);
        bool ok = coerce(*c.value, op, type, [&](const std::string& from) {
            return "cannot assign " + from + " to const '" + c.name + "' of type " + type->str();
        });
        if (!ok || failed_) return;
        const ExprInfo& vi = info(*c.value);
        if (!vi.constant) {
            error(c.value->range, "const '" + c.name + "' must be a constant expression");
            return;
        }
        out.type = type;
        out.value =
            vi.converted_to ? convert_const(*vi.constant, vi.type->dtype, *t) : *vi.constant;
        out.state = ConstInfo::State::Done;
        return;
    }
    if (op.is_runtime_untyped()) {
        error(c.value->range, "const '" + c.name + "' must be a constant expression");
        return;
    }
    if (op.is_untyped()) {
        out.untyped = op.untyped;
        out.state = ConstInfo::State::Done;
        return;
    }
    const ExprInfo& vi = info(*c.value);
    if (!op.type->is_scalar() || !vi.constant) {
        error(c.value->range, "const '" + c.name + "' must be a constant expression");
        return;
    }
    out.type = op.type;
    out.value = *vi.constant;
    out.state = ConstInfo::State::Done;
}

}  // namespace dpk::compiler::sema
