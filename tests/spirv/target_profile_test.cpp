// Target profiles: features, capabilities, names that parse back, messages about what is missing.
#include "compiler/spirv/target_profile.h"

#include <doctest/doctest.h>

#include <spirv/unified1/spirv.hpp11>

using namespace dpk::compiler::spirv;

TEST_CASE("target profiles: names spell every feature and parse back") {
    const TargetProfile cl = TargetProfile::opencl();
    CHECK(cl.name() ==
          "opencl+fp64-fp16+int64_atomics-sub_groups-sub_group_shuffle-float_atomic_add-sub_group_"
          "shuffle_xor-sub_group_shuffle_relative-sub_group_ballot-sub_group_bitwise-sub_group_"
          "extended_types-cooperative_matrix-ordered_copies-bf16-group_matrix");
    CHECK(TargetProfile::level_zero().name() ==
          "level-zero+fp64+fp16+int64_atomics+sub_groups+sub_group_shuffle+float_atomic_add+sub_"
          "group_shuffle_xor+sub_group_shuffle_relative+sub_group_ballot+sub_group_bitwise+sub_"
          "group_extended_types+cooperative_matrix+ordered_copies+bf16+group_matrix");
    for (const char* spec : {"opencl", "level-zero", "opencl+fp16+sub_groups", "level-zero-fp64",
                             "opencl-fp64-int64_atomics+sub_groups+sub_group_shuffle"}) {
        CAPTURE(spec);
        auto t = TargetProfile::parse(spec);
        REQUIRE(t);
        CHECK(TargetProfile::parse(t->name())->name() == t->name());
    }
    CHECK(TargetProfile::parse("opencl")->name() == cl.name());
    auto sg = TargetProfile::parse("opencl+sub_groups+sub_group_shuffle");
    REQUIRE(sg);
    CHECK(sg->has(DeviceFeature::SubGroups));
    CHECK(sg->has(DeviceFeature::SubGroupShuffle));
    CHECK(sg->has(DeviceFeature::Fp64));  // the opencl defaults stay
    CHECK(!sg->has(DeviceFeature::Fp16));
    CHECK(sg->supports(spv::Capability::Groups));
    CHECK(sg->supports(spv::Capability::SubgroupShuffleINTEL));
    CHECK(!cl.supports(spv::Capability::Groups));
    CHECK(sg->features() != cl.features());
    // The cl_khr_subgroup_* features enable their GroupNonUniform capability; extended types
    // need none of their own.
    auto khr = TargetProfile::parse(
        "opencl+sub_groups+sub_group_shuffle_xor+sub_group_shuffle_relative+sub_group_ballot+"
        "sub_group_bitwise+sub_group_extended_types");
    REQUIRE(khr);
    CHECK(khr->supports(spv::Capability::GroupNonUniformShuffle));
    CHECK(khr->supports(spv::Capability::GroupNonUniformShuffleRelative));
    CHECK(khr->supports(spv::Capability::GroupNonUniformBallot));
    CHECK(khr->supports(spv::Capability::GroupNonUniformArithmetic));
    CHECK(khr->has(DeviceFeature::SubGroupExtendedTypes));
    CHECK(!sg->supports(spv::Capability::GroupNonUniformBallot));
}

TEST_CASE("target profiles: malformed specs say what is expected") {
    std::string error;
    CHECK(!TargetProfile::parse("cuda", &error));
    CHECK(error.find("unknown target 'cuda'") != std::string::npos);
    CHECK(error.find("sub_groups") != std::string::npos);
    CHECK(!TargetProfile::parse("opencl+subgroups", &error));
    CHECK(error.find("unknown target feature 'subgroups'") != std::string::npos);
    CHECK(!TargetProfile::parse("opencl*fp16", &error));
    CHECK(error.find("expected + or -") != std::string::npos);
    CHECK(!TargetProfile::parse("opencl+", &error));
}

TEST_CASE("target profiles: messages name the device when there is one") {
    const TargetProfile cl = TargetProfile::opencl();
    CHECK(cl.missing_feature(DeviceFeature::SubGroups, "sub_group_size") ==
          "the target (" + cl.name() +
              ") has no sub-groups (cl_khr_subgroups), needed for sub_group_size");
    CHECK(cl.missing_capability(spv::Capability::Float16, "16-bit floats (f16)") ==
          "the target (" + cl.name() +
              ") lacks SPIR-V capability Float16, needed for 16-bit floats (f16)");
    const TargetProfile dev = cl.for_device("opencl:cpu:0 (CPU, PoCL)");
    CHECK(dev.name() == cl.name());  // the device does not change what is compiled
    CHECK(dev.missing_feature(DeviceFeature::SubGroups, "sub_group_reduce_add") ==
          "device opencl:cpu:0 (CPU, PoCL) has no sub-groups (cl_khr_subgroups), needed for "
          "sub_group_reduce_add");
    CHECK(dev.missing_capability(spv::Capability::Float16, "16-bit floats (f16)") ==
          "device opencl:cpu:0 (CPU, PoCL) lacks SPIR-V capability Float16 (cl_khr_fp16), needed "
          "for 16-bit floats (f16)");
    CHECK(TargetProfile::parse("level-zero-sub_groups")
              ->for_device("level_zero:gpu:0 (GPU)")
              .missing_feature(DeviceFeature::SubGroups, "sub_group_id") ==
          "device level_zero:gpu:0 (GPU) has no sub-groups, needed for sub_group_id");
}
