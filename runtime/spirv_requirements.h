// The optional device features a SPIR-V module needs (fp64, sub-groups, ...), read from the module
// itself, so an image compiled elsewhere (an AOT bundle, another target) is refused with a message
// naming the feature before any driver sees it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_info.h"
#include "dpk/core/kernel_abi.h"

namespace dpk::runtime {

/// Every feature the module needs, once each, in feature order, with the first thing in it that
/// needs it ("capability Float64"): from its capabilities (Float64, Float16, Int64Atomics, Groups
/// and GroupNonUniform*, SubgroupShuffleINTEL), its sub-group builtins (SubgroupSize, SubgroupId,
/// ...) and control barriers of Subgroup scope — the last two need no capability of their own.
/// A malformed module yields what was read before the damage (the validator reports the rest).
/// Run once per image that did not come from the compiler (which records what it emits):
/// runtime/kernel_image_io.h, LoadedKernel.
std::vector<FeatureRequirement> spirv_requirements(std::span<const std::uint32_t> words);

/// Throws UnsupportedDeviceFeatureError if `needs` (an image's requirements) lists a feature the
/// device lacks, naming `what` ("kernel 'reduce' (void(f32[::1], f32[::1]))"), the feature, why
/// and the device.
void check_requirements(std::span<const FeatureRequirement> needs, const DeviceInfo& info,
                        const std::string& what);

}  // namespace dpk::runtime
