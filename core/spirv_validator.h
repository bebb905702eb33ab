// SPIR-V validation and disassembly through SPIRV-Tools (spvtools::SpirvTools): the one wrapper
// the compiler's validator and the runtime's check of every image it did not compile both use.
#pragma once

#include <spirv-tools/libspirv.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace dpk {

/// Why a module is invalid.
struct SpirvValidationError {
    std::string message;  // the validator's message, with the offending instruction
    spv_target_env env;   // the environment it was validated in
};

/// Validates `words` in `env`, by default the one spirv_validation_env() picks for the module.
/// Nullopt when valid. A module shorter than its header is "not a SPIR-V module (too short)".
/// Thread-safe.
std::optional<SpirvValidationError> validate_spirv_module(
    std::span<const std::uint32_t> words, std::optional<spv_target_env> env = std::nullopt);

/// The module as SPIR-V assembly; `options` are SPV_BINARY_TO_TEXT_OPTION_* flags. Nullopt with
/// `error` set when the words cannot be disassembled. Thread-safe.
std::optional<std::string> disassemble_spirv_module(std::span<const std::uint32_t> words,
                                                    std::uint32_t options, std::string& error);

}  // namespace dpk
