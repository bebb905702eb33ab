// What a target accepts: the SPIR-V capabilities a driver path takes, and which ones a module uses.
#pragma once

#include <spirv/unified1/spirv.hpp11>
#include <string>
#include <string_view>
#include <vector>

namespace dpk::compiler::spirv {

/// One capability a module declares, with the first reason it was needed (for tests and messages).
struct CapabilityUse {
    spv::Capability capability;
    std::string why;

    friend bool operator==(const CapabilityUse&, const CapabilityUse&) = default;
};

/// Optional device features that decide optional capabilities.
struct DeviceFeatures {
    bool fp64 = true;           // cl_khr_fp64 / Level Zero double support -> Float64
    bool fp16 = false;          // cl_khr_fp16 -> Float16
    bool int64_atomics = true;  // cl_khr_int64_base_atomics -> Int64Atomics
};

/// The capabilities a driver path accepts. The emitter checks every capability it needs against
/// it, so a kernel the target cannot run fails at compile time with a message naming the cause.
class TargetProfile {
public:
    /// An OpenCL 1.2+ full-profile device taking SPIR-V (clCreateProgramWithIL, or SPIR 1.2 via
    /// LLVMSPIRVLib): Kernel, Addresses, Linkage, Int8, Int16, Int64, Float16Buffer, Vector16,
    /// plus the optional ones `features` enables.
    static TargetProfile opencl(DeviceFeatures features = {});
    /// A Level Zero device (zeModuleCreate with SPIR-V IL): the OpenCL set plus, by default,
    /// Float16 and Int64Atomics (Intel GPUs have them; double support varies by device).
    static TargetProfile level_zero(DeviceFeatures features = {true, true, true});

    const std::string& name() const { return name_; }
    bool supports(spv::Capability c) const;
    const std::vector<spv::Capability>& capabilities() const { return capabilities_; }

private:
    TargetProfile(std::string name, std::vector<spv::Capability> caps)
        : name_(std::move(name)), capabilities_(std::move(caps)) {}
    std::string name_;
    std::vector<spv::Capability> capabilities_;
};

/// The SPIR-V spelling of a capability ("Float64"), for messages.
std::string capability_name(spv::Capability c);

}  // namespace dpk::compiler::spirv
