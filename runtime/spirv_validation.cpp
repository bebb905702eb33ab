#include "runtime/spirv_validation.h"

#include "core/spirv_validator.h"
#include "dpk/core/error.h"

namespace dpk::runtime {

void validate_spirv(std::span<const std::uint32_t> words, const std::string& what) {
    if (words.empty()) throw BuildError("SPIR-V of " + what + " is empty", "");
    std::optional<SpirvValidationError> error = validate_spirv_module(words);
    if (!error) return;
    throw BuildError("SPIR-V of " + what + " is invalid (spirv-val --target-env " +
                         (error->env == SPV_ENV_OPENCL_1_2 ? std::string("opencl1.2")
                                                           : spvTargetEnvDescription(error->env)) +
                         ")",
                     error->message);
}

}  // namespace dpk::runtime
