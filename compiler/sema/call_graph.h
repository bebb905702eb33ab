// Recursion detection over the program's call graph (recursion is not allowed in kernels).
#pragma once

#include "compiler/sema/sema_context.h"

namespace dpk::compiler::sema {

/// Reports every call that closes a cycle of user-function calls:
/// "recursive call to 'f' (f -> g -> f); recursion is not allowed in kernels".
/// Returns false when there is recursion.
bool check_recursion(SemaContext& ctx);

}  // namespace dpk::compiler::sema
