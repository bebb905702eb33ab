#include "core/spirv_environment.h"

#include <spirv/unified1/spirv.hpp11>

namespace dpk {

namespace {

constexpr std::size_t kHeaderWords = 5;
constexpr std::size_t kVersionWord = 1;
constexpr std::uint32_t kMajorShift = 16;
constexpr std::uint32_t kMinorShift = 8;
constexpr std::uint32_t kByteMask = 0xff;
constexpr std::uint32_t kSpirv10 = 0x00010000;
constexpr std::uint32_t kSpirv12 = 0x00010200;

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

/// What the module's capabilities ask of the validation environment.
struct DeclaredCapabilities {
    /// A capability SPIRV-Tools' OpenCL environments do not accept although OpenCL devices offer
    /// it through an extension (Int64Atomics, Float16).
    bool extension_only = false;
    /// Groups (sub-group collectives): OpenCL 2.0+ environments accept it, 1.2 does not.
    bool groups = false;
};

DeclaredCapabilities declared_capabilities(std::span<const std::uint32_t> words) {
    DeclaredCapabilities out;
    for (std::size_t i = kHeaderWords; i < words.size();) {
        const std::uint32_t head = words[i];
        const auto op = static_cast<spv::Op>(head & spv::OpCodeMask);
        const std::uint32_t count = head >> spv::WordCountShift;
        if (count == 0) break;                   // malformed: let the validator report it
        if (op != spv::Op::OpCapability) break;  // capabilities come first
        if (i + 1 < words.size()) {
            const auto cap = static_cast<spv::Capability>(words[i + 1]);
            if (cap == spv::Capability::Int64Atomics || cap == spv::Capability::Float16)
                out.extension_only = true;
            if (cap == spv::Capability::Groups) out.groups = true;
        }
        i += count;
    }
    return out;
}

}  // namespace

spv_target_env spirv_validation_env(std::span<const std::uint32_t> words) {
    if (words.size() <= kHeaderWords) return SPV_ENV_OPENCL_1_2;
    const std::uint32_t version = words[kVersionWord];
    const DeclaredCapabilities caps = declared_capabilities(words);
    if (caps.extension_only) return universal_env(version);
    if (version <= kSpirv10) return caps.groups ? SPV_ENV_OPENCL_2_0 : SPV_ENV_OPENCL_1_2;
    if (version <= kSpirv12) return SPV_ENV_OPENCL_2_2;
    return universal_env(version);
}

}  // namespace dpk
