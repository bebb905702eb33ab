#include "core/spirv_features.h"

#include "core/spirv_bfloat16.h"
#include "core/spirv_cooperative_matrix.h"

namespace dpk {

namespace {

constexpr FeatureCapability kFeatureCapabilities[] = {
    {spv::Capability::Float64, DeviceFeature::Fp64, "Float64"},
    {spv::Capability::Float16, DeviceFeature::Fp16, "Float16"},
    {spv::Capability::Int64Atomics, DeviceFeature::Int64Atomics, "Int64Atomics"},
    {spv::Capability::Groups, DeviceFeature::SubGroups, "Groups"},
    {spv::Capability::GroupNonUniform, DeviceFeature::SubGroups, "GroupNonUniform"},
    {spv::Capability::GroupNonUniformVote, DeviceFeature::SubGroups, "GroupNonUniformVote"},
    {spv::Capability::GroupNonUniformArithmetic, DeviceFeature::SubGroupBitwise,
     "GroupNonUniformArithmetic"},
    {spv::Capability::GroupNonUniformBallot, DeviceFeature::SubGroupBallot,
     "GroupNonUniformBallot"},
    {spv::Capability::GroupNonUniformShuffle, DeviceFeature::SubGroupShuffleXor,
     "GroupNonUniformShuffle"},
    {spv::Capability::GroupNonUniformShuffleRelative, DeviceFeature::SubGroupShuffleRelative,
     "GroupNonUniformShuffleRelative"},
    {spv::Capability::GroupNonUniformClustered, DeviceFeature::SubGroups,
     "GroupNonUniformClustered"},
    {spv::Capability::SubgroupDispatch, DeviceFeature::SubGroups, "SubgroupDispatch"},
    {spv::Capability::SubgroupShuffleINTEL, DeviceFeature::SubGroupShuffle, "SubgroupShuffleINTEL"},
    {spv::Capability::AtomicFloat32AddEXT, DeviceFeature::FloatAtomicAdd, "AtomicFloat32AddEXT"},
    {spv::Capability::AtomicFloat64AddEXT, DeviceFeature::FloatAtomicAdd, "AtomicFloat64AddEXT"},
    {spv::Capability::SubgroupBufferBlockIOINTEL, DeviceFeature::SubGroupShuffle,
     "SubgroupBufferBlockIOINTEL"},
    {spirv_khr::kCapabilityCooperativeMatrix, DeviceFeature::CooperativeMatrix,
     "CooperativeMatrixKHR"},
    {spirv_khr::kCapabilityBFloat16Type, DeviceFeature::Bf16, "BFloat16TypeKHR"},
    {spirv_khr::kCapabilityBFloat16CooperativeMatrix, DeviceFeature::Bf16,
     "BFloat16CooperativeMatrixKHR"},
};

}  // namespace

spv::Capability enabling_capability(DeviceFeature f) {
    for (const FeatureCapability& c : kFeatureCapabilities)
        if (c.feature == f) return c.capability;
    return spv::Capability::Max;  // a feature without a capability (SubGroupExtendedTypes)
}

const FeatureCapability* feature_capability(spv::Capability c) {
    for (const FeatureCapability& f : kFeatureCapabilities)
        if (f.capability == c) return &f;
    return nullptr;
}

}  // namespace dpk
