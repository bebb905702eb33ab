// Folding of `const` items to compile-time values.
#pragma once

#include "compiler/sema/sema_context.h"

namespace dpk::compiler::sema {

/// Folds `c` into `info`: typed (annotated, or built from typed parts such as casts and typed
/// consts) or untyped (literal-only). Reports non-constant initializers and cycles
/// ("const 'A' is defined in terms of itself"); `info.state` ends Done or Failed.
void fold_const(SemaContext& ctx, const ast::Const& c, ConstInfo& info);

}  // namespace dpk::compiler::sema
