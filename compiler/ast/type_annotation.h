// What a type annotation of the AST denotes: the runtime's ParamType, and its spelling. Shared by
// the signature parser (signature strings) and the checker (parameter annotations).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/ast/ast.h"
#include "compiler/source/diagnostics.h"
#include "compiler/source/source_file.h"
#include "dpk/core/signature.h"

namespace dpk::compiler::ast {

/// The annotation as written: `f32`, `f32[:, ::1]`, `local f32[:]`, `usm_ndarray(...)`.
std::string spelling(const TypeExpr& type);

/// The parameter type an annotation denotes: `f32` -> scalar; `f32[:]` -> 1-d, any layout;
/// `f32[::1]` -> 1-d C; `f32[:, ::1]` -> 2-d C; `f32[::1, :]` -> 2-d F (any other `::1` position
/// is an error); `local f32[:]` -> launch-sized local array; the explicit `usm_ndarray(...)` form
/// as written (defaults ndim=1, layout "C", usm_type "device", the kernel's device). Unknown type
/// names are errors ("unknown type 'flot32'" + `context`, e.g. " in signature"), reported at the
/// annotation's range in `file`.
std::optional<ParamType> param_type_of(const TypeExpr& type, const source::SourceFile* file,
                                       source::Diagnostics& diags, std::string_view context = "");

}  // namespace dpk::compiler::ast
