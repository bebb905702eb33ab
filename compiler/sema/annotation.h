// Type annotations as written (`f32`, `f32[:, ::1]`, `local f32[:]`, usm_ndarray(...)) turned
// into signature types.
#pragma once

#include <optional>
#include <string_view>

#include "compiler/ast/ast.h"
#include "compiler/source/diagnostics.h"

namespace dpk::compiler::sema {

/// The parameter type an annotation denotes (ast::param_type_of). Numba notation:
/// `f32[:]` is 1-d with any layout, `f32[::1]` 1-d contiguous, `f32[:, ::1]` C, `f32[::1, :]` F;
/// usm_type is "device" unless the explicit form says otherwise. Unknown types and layouts are
/// reported to `diags` (when given) and give nullopt.
std::optional<ParamType> param_type_of(const ast::TypeExpr& t, const source::SourceFile* file,
                                       source::Diagnostics* diags);

/// The scalar type of an annotation that must be a scalar (variables, return types); `what`
/// names the place for the error ("a variable", "a return type").
std::optional<DType> scalar_type_of(const ast::TypeExpr& t, const source::SourceFile* file,
                                    source::Diagnostics* diags, std::string_view what);

}  // namespace dpk::compiler::sema
