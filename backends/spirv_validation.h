// SPIR-V validation with SPIRV-Tools, run before any driver sees a module.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace dpk::backends {

/// Validates a module in the environment spirv_validation_env() picks for it (OpenCL 1.2 for
/// what our compiler emits by default).
/// Throws dpk::BuildError naming `what` with the validator's message if it is invalid.
void validate_spirv(std::span<const std::uint32_t> words, const std::string& what);

}  // namespace dpk::backends
