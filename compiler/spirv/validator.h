// In-process SPIR-V validation and disassembly with SPIRV-Tools (core/spirv_validator.h), worded
// for the compiler's diagnostics and golden files.
#pragma once

#include <spirv-tools/libspirv.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace dpk::compiler::spirv {

/// Which rules a module is validated against.
struct ValidateOptions {
    /// The SPIRV-Tools environment. Unset: the OpenCL environment that takes the module's
    /// version (SPIR-V 1.0: OpenCL 1.2 full profile; 1.1-1.2: OpenCL 2.2), else universal SPIR-V
    /// of that version. A module declaring Int64Atomics or Float16 — optional OpenCL capabilities
    /// (cl_khr_int64_base_atomics, cl_khr_fp16) that SPIRV-Tools' OpenCL environments reject —
    /// is validated as universal SPIR-V of its version too.
    std::optional<spv_target_env> env;
};

/// Validates a module. Returns nullopt when valid, else the validator's message (with the
/// offending instruction).
std::optional<std::string> validate(std::span<const std::uint32_t> words,
                                    const ValidateOptions& options = {});

/// The environment `validate` uses for `words` when none is given.
spv_target_env default_validation_env(std::span<const std::uint32_t> words);

/// How a module is printed.
struct DisassembleOptions {
    bool header = true;   // the "; SPIR-V / ; Version: ..." comment lines
    bool indent = false;  // align result ids in a column
};

/// The module as SPIR-V assembly with friendly names (OpName-based %ids), never coloured:
/// deterministic, for golden tests and `dpkc --emit spvasm`. Invalid binaries give a message
/// starting with "; error:".
std::string disassemble(std::span<const std::uint32_t> words,
                        const DisassembleOptions& options = {});

}  // namespace dpk::compiler::spirv
