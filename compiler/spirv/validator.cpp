#include "compiler/spirv/validator.h"

#include "backends/spirv_environment.h"

#include <memory>
#include <mutex>
#include <spirv/unified1/spirv.hpp11>
#include <unordered_map>

namespace dpk::compiler::spirv {

namespace {

constexpr std::size_t kHeaderWords = 5;

struct ContextDeleter {
    void operator()(spv_context c) const { spvContextDestroy(c); }
};
using ContextPtr = std::unique_ptr<std::remove_pointer_t<spv_context>, ContextDeleter>;

/// One SPIRV-Tools context per environment, created on first use and kept (contexts are
/// immutable after creation, so sharing them between threads is safe).
spv_const_context context_for(spv_target_env env) {
    static std::mutex mutex;
    static std::unordered_map<int, ContextPtr> contexts;
    std::lock_guard lock(mutex);
    auto& slot = contexts[static_cast<int>(env)];
    if (!slot) slot.reset(spvContextCreate(env));
    return slot.get();
}

struct DiagnosticDeleter {
    void operator()(spv_diagnostic d) const { spvDiagnosticDestroy(d); }
};

}  // namespace

spv_target_env default_validation_env(std::span<const std::uint32_t> words) {
    return backends::spirv_validation_env(words);
}

std::optional<std::string> validate(std::span<const std::uint32_t> words,
                                    const ValidateOptions& options) {
    if (words.size() < kHeaderWords) return std::string("not a SPIR-V module (too short)");
    const spv_target_env env = options.env.value_or(default_validation_env(words));
    spv_const_binary_t binary{words.data(), words.size()};
    spv_diagnostic raw = nullptr;
    const spv_result_t result = spvValidate(context_for(env), &binary, &raw);
    std::unique_ptr<spv_diagnostic_t, DiagnosticDeleter> diagnostic(raw);
    if (result == SPV_SUCCESS) return std::nullopt;
    std::string message = diagnostic && diagnostic->error ? diagnostic->error : "invalid SPIR-V";
    return message + " (validated for " + spvTargetEnvDescription(env) + ")";
}

std::string disassemble(std::span<const std::uint32_t> words, const DisassembleOptions& options) {
    std::uint32_t flags = SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES;
    if (!options.header) flags |= SPV_BINARY_TO_TEXT_OPTION_NO_HEADER;
    if (options.indent) flags |= SPV_BINARY_TO_TEXT_OPTION_INDENT;
    spv_text text = nullptr;
    spv_diagnostic raw = nullptr;
    const spv_result_t result = spvBinaryToText(context_for(SPV_ENV_UNIVERSAL_1_6), words.data(),
                                                words.size(), flags, &text, &raw);
    std::unique_ptr<spv_diagnostic_t, DiagnosticDeleter> diagnostic(raw);
    if (result != SPV_SUCCESS) {
        if (text) spvTextDestroy(text);
        return std::string("; error: ") +
               (diagnostic && diagnostic->error ? diagnostic->error : "cannot disassemble") + "\n";
    }
    std::string out(text->str, text->length);
    spvTextDestroy(text);
    return out;
}

}  // namespace dpk::compiler::spirv
