// The optional device features a SPIR-V module needs (fp64, sub-groups, ...), read from the module
// itself, so an image compiled elsewhere (an AOT bundle, another target) is refused with a message
// naming the feature before any driver sees it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"

namespace dpk::backends {

/// An optional device feature a module may need.
enum class SpirvFeature : std::uint8_t { Fp64, Fp16, Int64Atomics, SubGroups, SubGroupShuffle };

/// A feature a module needs and the first thing in it that needs it ("capability Float64").
struct SpirvRequirement {
    SpirvFeature feature;
    std::string why;

    friend bool operator==(const SpirvRequirement&, const SpirvRequirement&) = default;
};

/// The target-spec spelling of a feature ("sub_groups", as in `dpkc --target`).
std::string_view spirv_feature_name(SpirvFeature f);
/// What a device offers the feature through ("cl_khr_fp64").
std::string_view spirv_feature_extension(SpirvFeature f);
/// Whether the device has the feature.
bool device_has(const DeviceInfo& info, SpirvFeature f);

/// Every feature the module needs, once each, in feature order: from its capabilities (Float64,
/// Float16, Int64Atomics, Groups and GroupNonUniform*, SubgroupShuffleINTEL), its sub-group
/// builtins (SubgroupSize, SubgroupId, ...) and control barriers of Subgroup scope — the last two
/// need no capability of their own. A malformed module yields what was read before the damage
/// (the validator reports the rest).
std::vector<SpirvRequirement> spirv_requirements(std::span<const std::uint32_t> words);

/// Throws UnsupportedDeviceFeatureError if the module needs a feature the device lacks, naming
/// `what` ("kernel 'reduce' (void(f32[::1], f32[::1]))"), the feature, why and the device.
void check_spirv_requirements(std::span<const std::uint32_t> words, const DeviceInfo& info,
                              const std::string& what);

}  // namespace dpk::backends
