// What a target accepts: the SPIR-V capabilities a driver path takes, the optional device features
// (fp64, sub-groups, ...) of the device a kernel is compiled for, and which ones a module uses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_features.h"
#include "dpk/core/driver_defects.h"
#include "dpk/core/launch_facts.h"
#include "dpk/core/target.h"

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
    /// The profile of `target`: the capabilities of its API and features.
    explicit TargetProfile(Target target);

    /// Target::opencl, Target::level_zero and Target::parse, as profiles.
    static TargetProfile opencl(DeviceFeatures features = opencl_default_features()) {
        return TargetProfile(Target::opencl(features));
    }
    static DeviceFeatures opencl_default_features() { return Target::opencl_default_features(); }
    static TargetProfile level_zero(DeviceFeatures features = all_features()) {
        return TargetProfile(Target::level_zero(features));
    }
    /// Every optional feature on.
    static DeviceFeatures all_features() { return DeviceFeatures::all(); }
    static std::optional<TargetProfile> parse(std::string_view spec, std::string* error = nullptr);

    /// The target behind the profile (what a cache key, a bundle or the public API hold).
    const Target& target() const { return target_; }
    TargetProfile with_workarounds(DriverDefects defects) const {
        return TargetProfile(target_.with_workarounds(defects));
    }
    TargetProfile for_device(std::string description) const {
        return TargetProfile(target_.for_device(std::move(description)));
    }
    TargetProfile with_variants(std::vector<LaunchFacts> variants) const {
        return TargetProfile(target_.with_variants(std::move(variants)));
    }
    const DriverDefects& workarounds() const { return target_.workarounds(); }
    bool avoids(DriverDefect d) const { return target_.avoids(d); }
    const std::vector<LaunchFacts>& variants() const { return target_.variants(); }
    /// Target::name(): the canonical spec.
    const std::string& name() const { return target_.name(); }
    const std::string& device() const { return target_.device(); }
    const DeviceFeatures& features() const { return target_.features(); }
    bool has(DeviceFeature f) const { return target_.has(f); }
    bool supports(spv::Capability c) const;
    const std::vector<spv::Capability>& capabilities() const { return capabilities_; }

    /// Why a kernel cannot use feature `f` here: "device D has no sub-groups (cl_khr_subgroups),
    /// needed for WHY" (or "the target (NAME) has no ...").
    std::string missing_feature(DeviceFeature f, std::string_view why) const;
    /// Why a kernel cannot declare capability `c` here: "the target (NAME) lacks SPIR-V capability
    /// C, needed for WHY" (or "device D lacks ...", with the extension that would provide it).
    std::string missing_capability(spv::Capability c, std::string_view why) const;

    /// What messages call the target: "device D" when it is a device's, else "the target (NAME)".
    std::string subject() const;

private:
    /// What the extension or property that provides `f` is called on this target's API.
    std::string_view provided_by(DeviceFeature f) const;

    Target target_;
    std::vector<spv::Capability> capabilities_;
};

/// The SPIR-V spelling of a capability ("Float64"), for messages.
std::string capability_name(spv::Capability c);

}  // namespace dpk::compiler::spirv
