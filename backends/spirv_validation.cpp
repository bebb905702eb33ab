#include "backends/spirv_validation.h"

#include <spirv-tools/libspirv.h>

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
}  // namespace

void validate_spirv(std::span<const std::uint32_t> words, const std::string& what) {
    // A validation context is immutable once created; spvValidate is reentrant on it.
    static const std::unique_ptr<spv_context_t, ContextDeleter> context(
        spvContextCreate(SPV_ENV_OPENCL_1_2));
    if (words.empty()) throw BuildError("SPIR-V of " + what + " is empty", "");
    spv_const_binary_t binary{words.data(), words.size()};
    spv_diagnostic raw = nullptr;
    spv_result_t result = spvValidate(context.get(), &binary, &raw);
    std::unique_ptr<spv_diagnostic_t, DiagnosticDeleter> diagnostic(raw);
    if (result == SPV_SUCCESS) return;
    std::string message = diagnostic && diagnostic->error ? diagnostic->error : "unknown error";
    throw BuildError("SPIR-V of " + what + " is invalid (spirv-val --target-env opencl1.2)",
                     message);
}

}  // namespace dpk::backends
