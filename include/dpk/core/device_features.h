// The optional device features a kernel may need (fp64, sub-groups, ...): one table of their
// names and of the OpenCL extensions that provide them, shared by the compiler's targets, the
// backends' device descriptions and the check of images against devices.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "dpk/core/enum_set.h"

namespace dpk {

/// An optional device feature. Most map to a SPIR-V capability (core/spirv_features.h);
/// sub-groups also cover builtins that need none (SubgroupSize, sub-group barriers).
enum class DeviceFeature : std::uint8_t {
    Fp64,             // cl_khr_fp64 -> Float64
    Fp16,             // cl_khr_fp16 -> Float16
    Int64Atomics,     // cl_khr_int64_base_atomics -> Int64Atomics
    SubGroups,        // cl_khr_subgroups / OpenCL 2.1+ sub-groups -> Groups, Subgroup* builtins
    SubGroupShuffle,  // cl_intel_subgroups (SPV_INTEL_subgroups) -> SubgroupShuffleINTEL
    FloatAtomicAdd,   // cl_ext_float_atomics (SPV_EXT_shader_atomic_float_add) ->
                      // AtomicFloat32AddEXT / AtomicFloat64AddEXT: one native atomic add on
                      // f32/f64 instead of a compare-exchange loop
    // The cl_khr_subgroup_* extensions (SPIR-V 1.3's GroupNonUniform* instructions):
    SubGroupShuffleXor,       // cl_khr_subgroup_shuffle -> GroupNonUniformShuffle
    SubGroupShuffleRelative,  // cl_khr_subgroup_shuffle_relative -> GroupNonUniformShuffleRelative
    SubGroupBallot,           // cl_khr_subgroup_ballot -> GroupNonUniformBallot
    SubGroupBitwise,          // cl_khr_subgroup_non_uniform_arithmetic -> GroupNonUniformArithmetic
    SubGroupExtendedTypes,    // cl_khr_subgroup_extended_types: 8/16-bit ints and f16 values in
                              // broadcasts, shuffles, reductions and scans (no capability)
    CooperativeMatrix,        // SPV_KHR_cooperative_matrix -> CooperativeMatrixKHR: matrix tiles
                              // spread over a sub-group (tensor cores on CUDA sm_80+)
    OrderedCopies,            // work-group copies complete in the order they start, and a wait
                              // may leave the later ones in flight (cp.async groups on CUDA
                              // sm_80+; no capability): wait_copies(e) waits for e's alone
    Bf16,  // SPV_KHR_bfloat16 -> BFloat16TypeKHR: bf16 as a float type of its own (CUDA sm_80+,
           // through dpk's PTX translator); without it bf16 values are their 16 bits, an integer
    WorkgroupMatrix,  // cooperative matrices of Workgroup scope held by a work-group of 128 work
                      // items (no capability beyond CooperativeMatrixKHR; wgmma on CUDA sm_90)
};

/// Every feature, in the order target names spell them.
inline constexpr std::array<DeviceFeature, 15> kDeviceFeatures = {
    DeviceFeature::Fp64,
    DeviceFeature::Fp16,
    DeviceFeature::Int64Atomics,
    DeviceFeature::SubGroups,
    DeviceFeature::SubGroupShuffle,
    DeviceFeature::FloatAtomicAdd,
    DeviceFeature::SubGroupShuffleXor,
    DeviceFeature::SubGroupShuffleRelative,
    DeviceFeature::SubGroupBallot,
    DeviceFeature::SubGroupBitwise,
    DeviceFeature::SubGroupExtendedTypes,
    DeviceFeature::CooperativeMatrix,
    DeviceFeature::OrderedCopies,
    DeviceFeature::Bf16,
    DeviceFeature::WorkgroupMatrix};

/// The sub-group features beyond sub-groups themselves: none is usable without SubGroups.
inline constexpr std::array<DeviceFeature, 6> kSubGroupExtensions = {
    DeviceFeature::SubGroupShuffle,         DeviceFeature::SubGroupShuffleXor,
    DeviceFeature::SubGroupShuffleRelative, DeviceFeature::SubGroupBallot,
    DeviceFeature::SubGroupBitwise,         DeviceFeature::SubGroupExtendedTypes};

/// The spelling in target names and `--target` specs ("sub_groups").
std::string_view feature_name(DeviceFeature f);
/// The feature a spelling names, if any.
std::optional<DeviceFeature> feature_named(std::string_view name);
/// The words messages use ("sub-groups").
std::string_view feature_description(DeviceFeature f);
/// The OpenCL extension that provides it ("cl_khr_subgroups").
std::string_view feature_opencl_extension(DeviceFeature f);

/// A set of optional device features.
using DeviceFeatures = EnumSet<DeviceFeature, kDeviceFeatures>;

}  // namespace dpk
