#include "compiler/sema/const_evaluator.h"

#include "compiler/sema/type_checker.h"

namespace dpk::compiler::sema {

void fold_const(SemaContext& ctx, const ast::Const& c, ConstInfo& info) {
    if (info.state == ConstInfo::State::Folding) {
        ctx.error(ctx.file_of(c), c.name_range,
                  "const '" + c.name + "' is defined in terms of itself");
        info.state = ConstInfo::State::Failed;
        return;
    }
    const Resolution& res = ctx.resolution(c);
    if (!res.ok) {
        info.state = ConstInfo::State::Failed;
        return;
    }
    info.state = ConstInfo::State::Folding;
    ConstInfo result;
    std::vector<ExprInfo> exprs;
    TypeChecker checker(ctx, res, c, exprs);
    checker.check_const(result);
    // A cycle through this const marked it Failed meanwhile: keep that.
    if (info.state == ConstInfo::State::Failed) return;
    info = result;
    if (checker.failed()) info.state = ConstInfo::State::Failed;
}

}  // namespace dpk::compiler::sema
