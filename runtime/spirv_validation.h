// SPIR-V validation with SPIRV-Tools (core/spirv_validator.h), worded for the runtime: run once
// on every image the compiler did not just make, where it enters the runtime
// (runtime/kernel_image_check.h), so no driver sees an invalid module. Backends do not run it
// again: Context::create_program takes validated SPIR-V.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace dpk::runtime {

/// Validates a module in the environment spirv_validation_env() picks for it (OpenCL 1.2 for
/// what our compiler emits by default).
/// Throws dpk::BuildError naming `what` with the validator's message if it is invalid.
void validate_spirv(std::span<const std::uint32_t> words, const std::string& what);

}  // namespace dpk::runtime
