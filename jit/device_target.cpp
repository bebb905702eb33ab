#include "jit/device_target.h"

namespace dpk::jit {

compiler::spirv::TargetProfile device_target(const runtime::Device& device) {
    using compiler::spirv::TargetProfile;
    const backends::DeviceInfo& i = device.info();
    compiler::spirv::DeviceFeatures f;
    f.fp64 = i.has_fp64;
    f.fp16 = i.has_fp16;
    f.int64_atomics = i.has_int64_atomics;
    f.sub_groups = i.has_sub_groups;
    f.sub_group_shuffle = i.has_sub_groups && i.has_sub_group_shuffle;
    TargetProfile t =
        i.api == backends::Api::LevelZero ? TargetProfile::level_zero(f) : TargetProfile::opencl(f);
    std::string description = device.filter_string() + " (" + i.name;
    if (!i.platform_name.empty()) description += ", " + i.platform_name;
    return t.for_device(description + ")");
}

}  // namespace dpk::jit
