#include "backends/spirv_validation.h"

#include <spirv-tools/libspirv.h>

#include <spirv/unified1/spirv.hpp11>

#include <memory>

#include "runtime/error.h"

namespace dpk::backends {

namespace {
struct ContextDeleter {
    void operator()(spv_context c) const { spvContextDestroy(c); }
};
struct DiagnosticDeleter {
    void operator()(spv_diagnostic d) const { spvDiagnosticDestroy(d); }
};
constexpr std::size_t kHeaderWords = 5;

/// True when the module declares a capability that OpenCL 1.2 devices offer through an extension
/// (Int64Atomics: cl_khr_int64_base_atomics; Float16: cl_khr_fp16) but SPIRV-Tools' OpenCL 1.2
/// environment rejects outright. Such modules are validated in the universal environment of the
/// same SPIR-V version, as the compiler does; the driver decides whether it has the extension.
bool declares_extension_capability(std::span<const std::uint32_t> words) {
    for (std::size_t i = kHeaderWords; i < words.size();) {
        const std::uint32_t head = words[i];
        const auto op = static_cast<spv::Op>(head & spv::OpCodeMask);
        const std::uint32_t count = head >> spv::WordCountShift;
        if (count == 0 || op != spv::Op::OpCapability) return false;  // capabilities come first
        if (i + 1 < words.size()) {
            const auto cap = static_cast<spv::Capability>(words[i + 1]);
            if (cap == spv::Capability::Int64Atomics || cap == spv::Capability::Float16)
                return true;
        }
        i += count;
    }
    return false;
}

/// The universal environment of the module's SPIR-V version (1.0 if the header is malformed).
spv_target_env universal_env(std::span<const std::uint32_t> words) {
    const std::uint32_t version = words.size() > 1 ? words[1] : 0;
    if ((version >> 16) != 1) return SPV_ENV_UNIVERSAL_1_0;
    switch ((version >> 8) & 0xff) {
        case 0: return SPV_ENV_UNIVERSAL_1_0;
        case 1: return SPV_ENV_UNIVERSAL_1_1;
        case 2: return SPV_ENV_UNIVERSAL_1_2;
        case 3: return SPV_ENV_UNIVERSAL_1_3;
        case 4: return SPV_ENV_UNIVERSAL_1_4;
        case 5: return SPV_ENV_UNIVERSAL_1_5;
        default: return SPV_ENV_UNIVERSAL_1_6;
    }
}

}  // namespace

void validate_spirv(std::span<const std::uint32_t> words, const std::string& what) {
    if (words.empty()) throw BuildError("SPIR-V of " + what + " is empty", "");
    const spv_target_env env = words.size() > kHeaderWords && declares_extension_capability(words)
                                   ? universal_env(words)
                                   : SPV_ENV_OPENCL_1_2;
    // A validation context is immutable once created; spvValidate is reentrant on it.
    static const std::unique_ptr<spv_context_t, ContextDeleter> opencl(
        spvContextCreate(SPV_ENV_OPENCL_1_2));
    std::unique_ptr<spv_context_t, ContextDeleter> universal;
    spv_const_context context = opencl.get();
    if (env != SPV_ENV_OPENCL_1_2) {
        universal.reset(spvContextCreate(env));
        context = universal.get();
    }
    spv_const_binary_t binary{words.data(), words.size()};
    spv_diagnostic raw = nullptr;
    spv_result_t result = spvValidate(context, &binary, &raw);
    std::unique_ptr<spv_diagnostic_t, DiagnosticDeleter> diagnostic(raw);
    if (result == SPV_SUCCESS) return;
    std::string message = diagnostic && diagnostic->error ? diagnostic->error : "unknown error";
    throw BuildError("SPIR-V of " + what + " is invalid (spirv-val --target-env " +
                         (env == SPV_ENV_OPENCL_1_2 ? std::string("opencl1.2")
                                                    : spvTargetEnvDescription(env)) +
                         ")",
                     message);
}

}  // namespace dpk::backends
