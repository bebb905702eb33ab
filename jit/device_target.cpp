#include "jit/device_target.h"

namespace dpk::jit {

compiler::spirv::TargetProfile device_target(const runtime::Device& device) {
    using compiler::spirv::TargetProfile;
    const DeviceInfo& i = device.info();
    DeviceFeatures f = i.features;
    if (!f.has(DeviceFeature::SubGroups))
        for (DeviceFeature e : kSubGroupExtensions) f.set(e, false);
    // The SPIR-V every backend takes is OpenCL's; only whether messages name OpenCL extensions
    // differs between the two profiles.
    TargetProfile t =
        i.names_opencl_extensions ? TargetProfile::opencl(f) : TargetProfile::level_zero(f);
    std::string description = device.filter_string() + " (" + i.name;
    if (!i.platform_name.empty()) description += ", " + i.platform_name;
    return t.with_workarounds(i.driver_defects)
        .with_variants(i.kernel_variants)
        .for_device(description + ")");
}

}  // namespace dpk::jit
