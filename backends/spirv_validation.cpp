#include "backends/spirv_validation.h"

#include <spirv-tools/libspirv.h>

#include <memory>

#include "backends/spirv_environment.h"
#include "runtime/error.h"

namespace dpk::backends {

namespace {
struct ContextDeleter {
    void operator()(spv_context c) const { spvContextDestroy(c); }
};
struct DiagnosticDeleter {
    void operator()(spv_diagnostic d) const { spvDiagnosticDestroy(d); }
};
}  // namespace

void validate_spirv(std::span<const std::uint32_t> words, const std::string& what) {
    if (words.empty()) throw BuildError("SPIR-V of " + what + " is empty", "");
    const spv_target_env env = spirv_validation_env(words);
    // A validation context is immutable once created; spvValidate is reentrant on it.
    static const std::unique_ptr<spv_context_t, ContextDeleter> opencl(
        spvContextCreate(SPV_ENV_OPENCL_1_2));
    std::unique_ptr<spv_context_t, ContextDeleter> other;
    spv_const_context context = opencl.get();
    if (env != SPV_ENV_OPENCL_1_2) {
        other.reset(spvContextCreate(env));
        context = other.get();
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
