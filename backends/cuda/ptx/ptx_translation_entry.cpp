// The CUDA backend's translation as dpkc reaches it: SPIR-V -> PTX for an architecture named
// sm_XY, at the PTX ISA version a device of it gets from a current driver.
#include "backends/cuda/ptx/ptx_target.h"
#include "backends/cuda/ptx/ptx_translator.h"
#include "backends/translation.h"
#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

/// The compute capability of "sm_90" (90); throws BuildError for anything else.
std::uint32_t parse_architecture(std::string_view target) {
    std::uint32_t sm = 0;
    bool ok = target.size() > 3 && target.substr(0, 3) == "sm_";
    for (char c : ok ? target.substr(3) : std::string_view{}) {
        ok = ok && c >= '0' && c <= '9' && sm < 10000;
        sm = sm * 10 + static_cast<std::uint32_t>(c - '0');
    }
    if (!ok || sm < 50)
        throw BuildError("unknown CUDA target '" + std::string(target) +
                             "': name an architecture as sm_<major><minor>, e.g. sm_90",
                         "");
    return sm;
}

std::string emit_ptx(std::span<const std::uint32_t> spirv, std::string_view target) {
    const std::uint32_t sm = parse_architecture(target);
    try {
        return translate_to_ptx(spirv, ptx_target_for(sm, 0)).text;
    } catch (const PtxTranslationError& e) {
        throw BuildError("translating SPIR-V to PTX for cuda:" + std::string(target) + " failed",
                         e.what());
    }
}

}  // namespace

const Translation& translation() {
    static const Translation entry = [] {
        Translation t;
        t.backend = "cuda";
        t.format = "ptx";
        t.default_target = "sm_90";
        t.features = DeviceFeatures::all();
        t.kernel_variants = kCudaKernelVariants;
        t.translate = emit_ptx;
        return t;
    }();
    return entry;
}

}  // namespace dpk::backends::cuda
