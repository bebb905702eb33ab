// SPV_KHR_bfloat16 by number: the SPIR-V headers and tools this project builds with predate the
// extension, so its capabilities and operand value are spelled here once, for the compiler that
// emits them and the PTX translator that reads them.
#pragma once

#include <cstdint>
#include <spirv/unified1/spirv.hpp11>

namespace dpk::spirv_khr {

inline constexpr const char* kExtensionBFloat16 = "SPV_KHR_bfloat16";
/// bf16 scalars (and vectors): OpTypeFloat 16 BFloat16KHR.
inline constexpr auto kCapabilityBFloat16Type = static_cast<spv::Capability>(5116);
/// Cooperative matrices of bf16 components.
inline constexpr auto kCapabilityBFloat16CooperativeMatrix = static_cast<spv::Capability>(5118);
/// OpTypeFloat's optional third operand, the FPEncoding: BFloat16KHR.
inline constexpr std::uint32_t kFPEncodingBFloat16 = 0;

}  // namespace dpk::spirv_khr
