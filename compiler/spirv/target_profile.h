// What a target accepts: the SPIR-V capabilities a driver path takes, the optional device features
// (fp64, sub-groups, ...) of the device a kernel is compiled for, and which ones a module uses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/device_features.h"
#include "core/driver_defects.h"
#include "core/launch_facts.h"

// SPIR-V capabilities by their type alone, so that including this header needs no SPIRV-Headers;
// code naming the enumerators includes <spirv/unified1/spirv.hpp11>, which defines it.
namespace spv {
enum class Capability : unsigned;
}  // namespace spv

namespace dpk::compiler::spirv {

/// One capability a module declares, with the first reason it was needed (for tests and messages).
struct CapabilityUse {
    spv::Capability capability;
    std::string why;

    friend bool operator==(const CapabilityUse&, const CapabilityUse&) = default;
};

using dpk::DeviceFeature;
using dpk::DeviceFeatures;
using dpk::feature_name;

/// The capabilities a driver path accepts and the features of the device. The emitter checks
/// every capability and feature it needs against it, so a kernel the target cannot run fails at
/// compile time with a message naming the cause.
class TargetProfile {
public:
    /// An OpenCL 1.2+ full-profile device taking SPIR-V (clCreateProgramWithIL, or SPIR 1.2 via
    /// LLVMSPIRVLib): Kernel, Addresses, Linkage, Int8, Int16, Int64, Float16Buffer, Vector16,
    /// plus the optional ones `features` enables. The default (dpkc's target): fp64 and 64-bit
    /// atomics, no fp16, no sub-groups. It avoids every known OpenCL driver defect, so its
    /// kernels run right on any driver; a device's own target avoids its driver's alone
    /// (with_workarounds).
    static TargetProfile opencl(DeviceFeatures features = opencl_default_features());
    /// What `opencl` alone means: fp64 and 64-bit atomics.
    static DeviceFeatures opencl_default_features() {
        return {DeviceFeature::Fp64, DeviceFeature::Int64Atomics};
    }
    /// A Level Zero device (zeModuleCreate with SPIR-V IL): the OpenCL set plus, by default,
    /// every optional feature (Intel GPUs have them; double support varies by device).
    static TargetProfile level_zero(DeviceFeatures features = all_features());
    /// Every optional feature on.
    static DeviceFeatures all_features() { return DeviceFeatures::all(); }
    /// A target from its spec: `opencl` or `level-zero`, then `+FEATURE` / `-FEATURE` changes to
    /// that target's defaults, e.g. "opencl+fp16+sub_groups+sub_group_shuffle", then optionally
    /// "/variants=FACTS,..." (FACTS: index32, noalias, or both joined by +). Every name() is a
    /// spec of its own profile. Nullopt with `error` set when the spec is malformed.
    static std::optional<TargetProfile> parse(std::string_view spec, std::string* error = nullptr);

    /// The same target, avoiding exactly the driver defects `defects` (core/driver_defects.h).
    TargetProfile with_workarounds(DriverDefects defects) const;
    const DriverDefects& workarounds() const { return workarounds_; }
    bool avoids(DriverDefect d) const { return workarounds_.has(d); }

    /// The same target, for the device `description` names ("opencl:cpu:1 (AMD EPYC, Intel(R)
    /// OpenCL)"): messages about missing features name the device rather than the target.
    TargetProfile for_device(std::string description) const;

    /// The same target, compiling each kernel also as a variant for each set of launch facts
    /// (most specialized first): what pays on the target's devices (DeviceInfo::kernel_variants).
    TargetProfile with_variants(std::vector<LaunchFacts> variants) const;
    const std::vector<LaunchFacts>& variants() const { return variants_; }

    /// The canonical spec, every feature spelled out ("opencl+fp64-fp16+int64_atomics-..."): two
    /// targets with one name compile every kernel to the same SPIR-V (a cache key). The driver
    /// defects avoided follow as "/avoids=varying_loop_exit+..." ("/avoids=none" where the
    /// API's default avoids some and this target none), then variants as
    /// "/variants=index32+noalias,index32".
    const std::string& name() const { return name_; }
    /// The device description given to for_device (empty for a target without one).
    const std::string& device() const { return device_; }
    const DeviceFeatures& features() const { return features_; }
    bool has(DeviceFeature f) const { return features_.has(f); }
    bool supports(spv::Capability c) const;
    const std::vector<spv::Capability>& capabilities() const { return capabilities_; }

    /// Why a kernel cannot use feature `f` here: "device D has no sub-groups (cl_khr_subgroups),
    /// needed for WHY" (or "the target (NAME) has no ...").
    std::string missing_feature(DeviceFeature f, std::string_view why) const;
    /// Why a kernel cannot declare capability `c` here: "the target (NAME) lacks SPIR-V capability
    /// C, needed for WHY" (or "device D lacks ...", with the extension that would provide it).
    std::string missing_capability(spv::Capability c, std::string_view why) const;

private:
    enum class Api : std::uint8_t { OpenCL, LevelZero };
    TargetProfile(Api api, DeviceFeatures features);
    /// name_ from the API, features, workarounds and variants.
    void rename();
    /// What a target of `api` avoids unless told otherwise.
    static DriverDefects default_workarounds(Api api);
    /// What the extension or property that provides `f` is called on this target's API.
    std::string_view provided_by(DeviceFeature f) const;
    std::string subject() const;

    Api api_;
    DeviceFeatures features_;
    DriverDefects workarounds_;
    std::string name_;
    std::string device_;
    std::vector<spv::Capability> capabilities_;
    std::vector<LaunchFacts> variants_;
};

/// The SPIR-V spelling of a capability ("Float64"), for messages.
std::string capability_name(spv::Capability c);

}  // namespace dpk::compiler::spirv
