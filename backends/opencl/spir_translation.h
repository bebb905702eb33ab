// SPIR-V -> SPIR 1.2 bitcode, in-process with LLVMSPIRVLib 15 (for drivers with cl_khr_spir only).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace dpk::backends::opencl {

/// Translates a validated SPIR-V module to SPIR 1.2 LLVM bitcode with OpenCL 1.2 builtins.
/// Throws BuildError with the translator's message on failure. Thread-safe (serialized).
std::string spirv_to_spir12_bitcode(std::span<const std::uint32_t> spirv);

/// Why no SPIR 1.2 translation can happen in this process (this dpk was built without LLVM and no
/// plugin is where one is looked for), checked without loading anything; nullopt when a plugin
/// was built or is present (loading it may still fail, with a BuildError then).
std::optional<std::string> spir_translation_unavailable();

}  // namespace dpk::backends::opencl
