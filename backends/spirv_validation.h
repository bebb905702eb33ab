// SPIR-V validation with SPIRV-Tools, run before any driver sees a module.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace dpk::backends {

/// Validates a module for the OpenCL 1.2 environment (what our compiler targets); a module that
/// declares Int64Atomics or Float16 (OpenCL 1.2 extensions SPIRV-Tools' OpenCL 1.2 environment
/// does not know) is validated in the universal environment of its SPIR-V version instead.
/// Throws dpk::BuildError naming `what` with the validator's message if it is invalid.
void validate_spirv(std::span<const std::uint32_t> words, const std::string& what);

}  // namespace dpk::backends
