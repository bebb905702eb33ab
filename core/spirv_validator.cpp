#include "core/spirv_validator.h"

#include <map>
#include <memory>
#include <mutex>
#include <spirv-tools/libspirv.hpp>

#include "core/spirv_environment.h"

namespace dpk {

namespace {

constexpr std::size_t kHeaderWords = 5;

/// What the running thread's last call into SPIRV-Tools reported (its message consumer is set
/// once per instance and shared between threads, so it writes here).
thread_local std::string t_message;

/// One SpirvTools per environment, created on first use and kept: an instance is immutable once
/// its consumer is set, so threads share it.
const spvtools::SpirvTools& tools_for(spv_target_env env) {
    static std::mutex mutex;
    static std::map<int, std::unique_ptr<spvtools::SpirvTools>> tools;
    std::lock_guard lock(mutex);
    auto& slot = tools[static_cast<int>(env)];
    if (!slot) {
        slot = std::make_unique<spvtools::SpirvTools>(env);
        slot->SetMessageConsumer(
            [](spv_message_level_t level, const char*, const spv_position_t&, const char* message) {
                if (level <= SPV_MSG_ERROR) t_message = message ? message : "";
            });
    }
    return *slot;
}

/// Validation without friendly names: building SPIRV-Tools' name mapper for messages was a
/// third of a valid module's validation (a sixth of a tiled matmul's source -> PTX). A module
/// that fails is validated again with them, so the message names what the user can find.
spv_validator_options quiet_options() {
    static spvtools::ValidatorOptions options;  // owns a handle: never copied
    static const bool set = (options.SetFriendlyNames(false), true);
    (void)set;
    return options;
}

}  // namespace

std::optional<SpirvValidationError> validate_spirv_module(std::span<const std::uint32_t> words,
                                                          std::optional<spv_target_env> env) {
    const spv_target_env e = env.value_or(spirv_validation_env(words));
    if (words.size() < kHeaderWords)
        return SpirvValidationError{"not a SPIR-V module (too short)", e};
    t_message.clear();
    const spvtools::SpirvTools& tools = tools_for(e);
    if (tools.Validate(words.data(), words.size(), quiet_options())) return std::nullopt;
    t_message.clear();
    if (tools.Validate(words.data(), words.size())) return std::nullopt;  // not expected
    return SpirvValidationError{t_message.empty() ? "invalid SPIR-V" : t_message, e};
}

std::optional<std::string> disassemble_spirv_module(std::span<const std::uint32_t> words,
                                                    std::uint32_t options, std::string& error) {
    t_message.clear();
    std::string text;
    if (tools_for(SPV_ENV_UNIVERSAL_1_6).Disassemble(words.data(), words.size(), &text, options))
        return text;
    error = t_message.empty() ? "cannot disassemble" : t_message;
    return std::nullopt;
}

}  // namespace dpk
