#include "core/device_features.h"

namespace dpk {

namespace {

struct FeatureFacts {
    std::string_view name;
    std::string_view description;
    std::string_view opencl_extension;
};

/// Indexed by DeviceFeature.
constexpr FeatureFacts kFacts[] = {
    {"fp64", "64-bit floats", "cl_khr_fp64"},
    {"fp16", "16-bit floats", "cl_khr_fp16"},
    {"int64_atomics", "64-bit atomics", "cl_khr_int64_base_atomics"},
    {"sub_groups", "sub-groups", "cl_khr_subgroups"},
    {"sub_group_shuffle", "sub-group shuffles", "cl_intel_subgroups"},
    {"float_atomic_add", "float atomic add", "cl_ext_float_atomics"},
};
static_assert(std::size(kFacts) == kDeviceFeatures.size());

const FeatureFacts& facts(DeviceFeature f) {
    return kFacts[static_cast<std::size_t>(f)];
}

}  // namespace

std::string_view feature_name(DeviceFeature f) {
    return facts(f).name;
}

std::optional<DeviceFeature> feature_named(std::string_view name) {
    return enum_named(kDeviceFeatures, feature_name, name);
}

std::string_view feature_description(DeviceFeature f) {
    return facts(f).description;
}

std::string_view feature_opencl_extension(DeviceFeature f) {
    return facts(f).opencl_extension;
}

}  // namespace dpk
