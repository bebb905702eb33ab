#include "compiler/spirv/validator.h"

#include "core/spirv_environment.h"
#include "core/spirv_validator.h"

namespace dpk::compiler::spirv {

namespace {
constexpr std::size_t kHeaderWords = 5;
}  // namespace

spv_target_env default_validation_env(std::span<const std::uint32_t> words) {
    return spirv_validation_env(words);
}

std::optional<std::string> validate(std::span<const std::uint32_t> words,
                                    const ValidateOptions& options) {
    std::optional<SpirvValidationError> error = validate_spirv_module(words, options.env);
    if (!error) return std::nullopt;
    if (words.size() < kHeaderWords) return error->message;  // no environment to name
    return error->message + " (validated for " + spvTargetEnvDescription(error->env) + ")";
}

std::string disassemble(std::span<const std::uint32_t> words, const DisassembleOptions& options) {
    std::uint32_t flags = SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES;
    if (!options.header) flags |= SPV_BINARY_TO_TEXT_OPTION_NO_HEADER;
    if (options.indent) flags |= SPV_BINARY_TO_TEXT_OPTION_INDENT;
    std::string error;
    if (std::optional<std::string> text = disassemble_spirv_module(words, flags, error))
        return *text;
    return "; error: " + error + "\n";
}

}  // namespace dpk::compiler::spirv
