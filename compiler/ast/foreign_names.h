// Names from C, CUDA, OpenCL C and Python that users write for dpk's: type names and functions.
// The one table both the parser's hints and sema's "did you mean" read.
#pragma once

#include <optional>
#include <string_view>

namespace dpk::compiler::ast {

/// The dpk scalar type a C, CUDA or NumPy type name means ("int" -> "i32", "float32" -> "f32",
/// "f32" -> "f32"), or nullopt when `name` is no type name.
std::optional<std::string_view> dpk_type_for(std::string_view name);

/// The dpk builtin that does what a C, CUDA, OpenCL C or NumPy function of that name does
/// ("fmaxf" -> "fmax", "get_global_id" -> "global_id", "__syncthreads" -> "barrier"), or
/// nullopt.
std::optional<std::string_view> dpk_function_for(std::string_view name);

/// Whether `name` is a module that holds math functions in another language ("math", "np",
/// "numpy", "cmath", "std", "cuda"): `math.exp(x)` is `exp(x)` in dpk.
bool is_foreign_math_module(std::string_view name);

}  // namespace dpk::compiler::ast
