// Kernel signatures as strings and parameter annotations -> the runtime's ParamType / Signature.
#pragma once

#include <optional>
#include <string_view>

#include "compiler/source/diagnostics.h"
#include "compiler/source/source_file.h"
#include "dpk/core/signature.h"

namespace dpk::compiler::parse {

/// Parses a signature string in numba notation or the explicit form, mixed freely:
/// `void(f32, f32[::1], f32[:, ::1], local f32[:],
///       usm_ndarray(f32, ndim=2, layout="C", usm_type="shared", device="opencl:cpu:0"))`.
/// Errors point into a SourceFile named "<signature>" holding `text`. That file is kept alive
/// for the rest of the process when (and only when) a diagnostic refers to it, so the
/// Diagnostics can render it at any later time. Returns nullopt on any error.
std::optional<Signature> parse_signature(std::string_view text, source::Diagnostics& diags);

/// Same, for a signature text the caller owns (diagnostics point into `file`).
std::optional<Signature> parse_signature(const source::SourceFile& file,
                                         source::Diagnostics& diags);

/// Parses one parameter type, e.g. `f32[:, ::1]` or `usm_ndarray(f32, ndim=2, layout="F")`.
/// Diagnostics as for parse_signature (file "<type>").
std::optional<ParamType> parse_param_type(std::string_view text, source::Diagnostics& diags);

}  // namespace dpk::compiler::parse
