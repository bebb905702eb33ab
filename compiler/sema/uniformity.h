// Uniformity analysis: a barrier, a sub-group barrier or a sub-group collective must be reached
// by every work-item of its group or by none (docs/language.md, "Uniformity").
#pragma once

#include "compiler/sema/sema_context.h"
#include "compiler/sema/typed_program.h"

namespace dpk::compiler::sema {

/// Proves that every barrier and collective `kernel` reaches (through its device functions too,
/// each analyzed for the uniformity of its arguments at each call) sits in uniform control flow.
/// Reports each one that may not, with notes at the condition that may differ between
/// work-items and at what it depends on. True when there is none. Records in
/// `kernel.uniformity` what code generation uses.
bool check_uniformity(SemaContext& ctx, TypedKernel& kernel);

}  // namespace dpk::compiler::sema
