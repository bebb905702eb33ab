// Which SPIR-V capabilities need which optional device feature: read by the compiler (what a
// target may declare) and by the backends (what an image needs). Internal: includes SPIRV-Headers.
#pragma once

#include <optional>
#include <spirv/unified1/spirv.hpp11>
#include <string_view>

#include "dpk/core/device_features.h"

namespace dpk {

/// A capability that needs an optional feature, with its SPIR-V spelling for messages.
struct FeatureCapability {
    spv::Capability capability;
    DeviceFeature feature;
    std::string_view name;
};

/// The capability the compiler declares for `f` (the table's first entry of that feature), or
/// spv::Capability::Max for a feature that needs none.
spv::Capability enabling_capability(DeviceFeature f);
/// The entry of `c`, or null when `c` needs no optional feature.
const FeatureCapability* feature_capability(spv::Capability c);

}  // namespace dpk
