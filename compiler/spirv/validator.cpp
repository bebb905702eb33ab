#include "compiler/spirv/validator.h"

#include <memory>
#include <mutex>
#include <spirv/unified1/spirv.hpp11>
#include <unordered_map>

namespace dpk::compiler::spirv {

namespace {

constexpr std::size_t kHeaderWords = 5;
constexpr std::size_t kVersionWord = 1;
constexpr std::uint32_t kMajorShift = 16;
constexpr std::uint32_t kMinorShift = 8;
constexpr std::uint32_t kByteMask = 0xff;
constexpr std::uint32_t kSpirv10 = 0x00010000;
constexpr std::uint32_t kSpirv12 = 0x00010200;

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

/// The universal environment matching a module's version word.
spv_target_env universal_env(std::uint32_t version) {
    const std::uint32_t major = (version >> kMajorShift) & kByteMask;
    const std::uint32_t minor = (version >> kMinorShift) & kByteMask;
    if (major != 1) return SPV_ENV_UNIVERSAL_1_0;
    switch (minor) {
        case 0: return SPV_ENV_UNIVERSAL_1_0;
        case 1: return SPV_ENV_UNIVERSAL_1_1;
        case 2: return SPV_ENV_UNIVERSAL_1_2;
        case 3: return SPV_ENV_UNIVERSAL_1_3;
        case 4: return SPV_ENV_UNIVERSAL_1_4;
        case 5: return SPV_ENV_UNIVERSAL_1_5;
        default: return SPV_ENV_UNIVERSAL_1_6;
    }
}

/// True when the module declares a capability SPIRV-Tools' OpenCL environments do not accept
/// although OpenCL devices offer it through an extension.
bool declares_extension_capability(std::span<const std::uint32_t> words) {
    for (std::size_t i = kHeaderWords; i < words.size();) {
        const std::uint32_t head = words[i];
        const auto op = static_cast<spv::Op>(head & spv::OpCodeMask);
        const std::uint32_t count = head >> spv::WordCountShift;
        if (count == 0) return false;                   // malformed: let the validator report it
        if (op != spv::Op::OpCapability) return false;  // capabilities come first
        if (i + 1 < words.size()) {
            const auto cap = static_cast<spv::Capability>(words[i + 1]);
            if (cap == spv::Capability::Int64Atomics || cap == spv::Capability::Float16)
                return true;
        }
        i += count;
    }
    return false;
}

}  // namespace

spv_target_env default_validation_env(std::span<const std::uint32_t> words) {
    if (words.size() <= kHeaderWords) return SPV_ENV_OPENCL_1_2;
    const std::uint32_t version = words[kVersionWord];
    if (declares_extension_capability(words)) return universal_env(version);
    if (version <= kSpirv10) return SPV_ENV_OPENCL_1_2;
    if (version <= kSpirv12) return SPV_ENV_OPENCL_2_2;
    return universal_env(version);
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
