// The device features a module needs, read back from the SPIR-V our compiler emits: what the
// runtime checks before a driver sees an image compiled for another target (an AOT bundle).
#include "runtime/spirv_requirements.h"

#include "compiler/program.h"
#include "dpk/core/error.h"
#include "tests/spirv/emit_test_util.h"

using namespace dpk;
using R = std::vector<FeatureRequirement>;
using compiler::spirv::TargetProfile;

namespace {

/// The image of the only kernel of `source`, compiled for every optional feature.
KernelImage image_of(const std::string& source) {
    compiler::CompileOptions options;
    options.target = TargetProfile::opencl(TargetProfile::all_features());
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_string("req.dpk", source, diags, options);
    REQUIRE_MESSAGE(program, diags.render());
    REQUIRE(program->kernels().size() == 1);
    auto compiled = program->compile(*program->kernels().front(), std::nullopt);
    REQUIRE_MESSAGE(compiled, diags.render());
    return *compiled;
}

std::vector<std::uint32_t> spirv_of(const std::string& source) {
    return image_of(source).spirv;
}

R requirements(const std::string& source) {
    return runtime::spirv_requirements(spirv_of(source));
}

/// The features of a requirement list, in order.
std::vector<DeviceFeature> features(const R& needs) {
    std::vector<DeviceFeature> out;
    for (const FeatureRequirement& r : needs) out.push_back(r.feature);
    return out;
}

/// A device with every optional feature; tests switch one off.
DeviceInfo full_device() {
    DeviceInfo info;
    info.name = "Test CPU";
    info.platform_name = "Test Platform";
    info.features = DeviceFeatures::all();
    return info;
}

}  // namespace

TEST_CASE("requirements: a plain f32 kernel needs no optional feature") {
    CHECK(requirements("kernel k(a: f32[::1], b: f32[::1]) { b[global_id(0)] = a[global_id(0)]; }")
              .empty());
}

TEST_CASE("requirements: each feature from the capability or construct that needs it") {
    CHECK(requirements("kernel k(a: f64[::1]) { a[0] = a[1] * 2.0; }") ==
          R{{DeviceFeature::Fp64, "capability Float64"}});
    CHECK(requirements("kernel k(a: f16[::1]) { a[0] = a[1] * a[2]; }") ==
          R{{DeviceFeature::Fp16, "capability Float16"}});
    CHECK(requirements("kernel k(a: i64[::1]) { atomic_add(a, 0, 1); }") ==
          R{{DeviceFeature::Int64Atomics, "capability Int64Atomics"}});
    // Sub-group builtins and barriers declare no capability of their own.
    CHECK(requirements("kernel k(a: u32[::1]) { a[global_id(0)] = u32(sub_group_size()); }") ==
          R{{DeviceFeature::SubGroups, "builtin SubgroupSize"}});
    CHECK(requirements("kernel k(a: f32[::1]) { a[0] = 1.0; sub_group_barrier(global); }") ==
          R{{DeviceFeature::SubGroups, "a sub-group barrier"}});
    CHECK(requirements("kernel k(a: f32[::1]) { a[0] = sub_group_reduce_add(a[1]); }") ==
          R{{DeviceFeature::SubGroups, "capability Groups"}});
    // A shuffle needs both; the first reason for sub-groups is the builtin the rotation reads.
    const R shuffle = requirements(
        "kernel k(a: f32[::1]) { let i = global_id(0);\n"
        "  a[i] = sub_group_shuffle(a[i], u32((sub_group_local_id() + 1) % sub_group_size())); }");
    REQUIRE(shuffle.size() == 2);
    CHECK(shuffle[0].feature == DeviceFeature::SubGroups);
    CHECK(shuffle[1] ==
          FeatureRequirement{DeviceFeature::SubGroupShuffle, "capability SubgroupShuffleINTEL"});
    // The cl_khr_subgroup_* features from their capabilities (sub-groups come with them), 8/16-bit
    // values from the instruction's type.
    CHECK(requirements("kernel k(a: u64[::1]) { a[0] = sub_group_ballot(a[1] > 0u64); }") ==
          R{{DeviceFeature::SubGroups, "capability GroupNonUniformBallot"},
            {DeviceFeature::SubGroupBallot, "capability GroupNonUniformBallot"}});
    CHECK(
        features(requirements("kernel k(a: i32[::1]) { a[0] = sub_group_shuffle_up(a[1], 2); }")) ==
        std::vector<DeviceFeature>{DeviceFeature::SubGroups,
                                   DeviceFeature::SubGroupShuffleRelative});
    CHECK(requirements("kernel k(a: i16[::1]) { a[0] = sub_group_reduce_max(a[1]); }") ==
          R{{DeviceFeature::SubGroups, "capability Groups"},
            {DeviceFeature::SubGroupExtendedTypes, "a 16-bit sub-group value"}});
}

TEST_CASE("requirements: a truncated module yields what was read before the damage") {
    std::vector<std::uint32_t> words = spirv_of("kernel k(a: f64[::1]) { a[0] = a[1] * 2.0; }");
    const auto full = runtime::spirv_requirements(words);
    CHECK(full.size() == 1);
    words.resize(5);  // header only
    CHECK(runtime::spirv_requirements(words).empty());
    words = {0x07230203, 0x00010000, 0, 10, 0, (2u << 16) | 17u};  // OpCapability cut short
    CHECK(runtime::spirv_requirements(words).empty());
    CHECK(runtime::spirv_requirements({}).empty());
}

TEST_CASE("requirements: a device without the feature refuses the module by name") {
    const auto words = spirv_of("kernel k(a: f32[::1]) { a[0] = sub_group_reduce_add(a[1]); }");
    DeviceInfo info = full_device();
    CHECK_NOTHROW(
        runtime::check_requirements(runtime::spirv_requirements(words), info, "kernel 'k'"));
    info.features.set(DeviceFeature::SubGroups, false);
    try {
        runtime::check_requirements(runtime::spirv_requirements(words), info,
                                    "kernel 'k' (void(f32[::1]))");
        FAIL("expected UnsupportedDeviceFeatureError");
    } catch (const UnsupportedDeviceFeatureError& e) {
        CHECK(std::string(e.what()) ==
              "kernel 'k' (void(f32[::1])) needs sub_groups (capability Groups in its SPIR-V), "
              "which device 'Test CPU' (Test Platform) does not have (it does not report "
              "cl_khr_subgroups); compile it for a target without that feature, or run it on a "
              "device that has it");
    }
    info = full_device();
    info.backend = "level_zero";
    info.names_opencl_extensions = false;
    info.features.set(DeviceFeature::Fp64, false);
    const auto f64 = spirv_of("kernel k(a: f64[::1]) { a[0] = a[1] * 2.0; }");
    CHECK_THROWS_WITH_AS(
        runtime::check_requirements(runtime::spirv_requirements(f64), info, "a module"),
        "a module needs fp64 (capability Float64 in its SPIR-V), which device "
        "'Test CPU' (Test Platform) does not have; compile it for a target "
        "without that feature, or run it on a device that has it",
        UnsupportedDeviceFeatureError);
}

TEST_CASE("requirements: the compiler records what it emits, so nothing scans its images") {
    const std::vector<std::string> sources{
        "kernel k(a: f32[::1], b: f32[::1]) { b[global_id(0)] = a[global_id(0)]; }",
        "kernel k(a: f64[::1]) { a[0] = a[1] * 2.0; }",
        "kernel k(a: f16[::1]) { a[0] = a[1] * a[2]; }",
        "kernel k(a: i64[::1]) { atomic_add(a, 0, 1); }",
        "kernel k(a: u32[::1]) { a[global_id(0)] = u32(sub_group_size()); }",
        "kernel k(a: f32[::1]) { a[0] = 1.0; sub_group_barrier(global); }",
        "kernel k(a: f32[::1]) { a[0] = sub_group_reduce_add(a[1]); }",
        "kernel k(a: f32[::1]) { let i = global_id(0);\n"
        "  a[i] = sub_group_shuffle(a[i], u32((sub_group_local_id() + 1) % sub_group_size())); }",
        "kernel k(a: i32[::1]) { a[0] = sub_group_shuffle_down(a[1], 1); }",
        "kernel k(a: i32[::1]) { a[0] = sub_group_shuffle_xor(a[1], 1); }",
        "kernel k(a: u64[::1]) { a[0] = sub_group_ballot(a[1] > 0u64); }",
        "kernel k(a: i32[::1]) { a[0] = i32(sub_group_all(a[1] > 0)); }",
        "kernel k(a: i32[::1]) { a[0] = sub_group_scan_inclusive_xor(a[1]); }",
        "kernel k(a: i8[::1]) { a[0] = sub_group_reduce_add(a[1]); }",
        "kernel k(a: u16[::1]) { a[0] = sub_group_reduce_or(a[1]); }",
    };
    for (const std::string& source : sources) {
        INFO(source);
        const KernelImage image = image_of(source);
        REQUIRE(image.requirements.has_value());
        // The same features the scan of its SPIR-V finds, with the compiler's reasons.
        CHECK(features(*image.requirements) == features(runtime::spirv_requirements(image.spirv)));
    }
    const KernelImage f64 = image_of("kernel k(a: f64[::1]) { a[0] = a[1] * 2.0; }");
    CHECK(*f64.requirements ==
          R{{DeviceFeature::Fp64, "capability Float64 for 64-bit floats (f64)"}});
    const KernelImage reduce =
        image_of("kernel k(a: f32[::1]) { a[0] = sub_group_reduce_add(a[1]); }");
    CHECK(*reduce.requirements == R{{DeviceFeature::SubGroups, "sub_group_reduce_add"}});
    DeviceInfo info = full_device();
    info.features.set(DeviceFeature::SubGroups, false);
    CHECK_THROWS_WITH_AS(runtime::check_requirements(*reduce.requirements, info, "kernel 'k'"),
                         doctest::Contains("needs sub_groups (sub_group_reduce_add in its SPIR-V)"),
                         UnsupportedDeviceFeatureError);
}
