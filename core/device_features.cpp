#include "dpk/core/device_features.h"

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
    {"sub_group_shuffle_xor", "sub-group xor shuffles", "cl_khr_subgroup_shuffle"},
    {"sub_group_shuffle_relative", "sub-group relative shuffles",
     "cl_khr_subgroup_shuffle_relative"},
    {"sub_group_ballot", "sub-group ballots", "cl_khr_subgroup_ballot"},
    {"sub_group_bitwise", "sub-group bitwise reductions and scans",
     "cl_khr_subgroup_non_uniform_arithmetic"},
    {"sub_group_extended_types", "8- and 16-bit sub-group values",
     "cl_khr_subgroup_extended_types"},
    // No OpenCL extension offers SPV_KHR_cooperative_matrix yet: the SPIR-V extension's name.
    {"cooperative_matrix", "cooperative matrices", "SPV_KHR_cooperative_matrix"},
    // Nothing a driver reports: the PTX translator's copies (cp.async commit groups).
    {"ordered_copies", "work-group copies waited for in order", ""},
    // No OpenCL extension offers SPV_KHR_bfloat16: the SPIR-V extension's name.
    {"bf16", "bfloat16 floats", "SPV_KHR_bfloat16"},
    // Nothing a driver reports: the PTX translator's warpgroup products (wgmma, sm_90).
    {"group_matrix", "work-group cooperative matrices", ""},
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
