#include "compiler/spirv/target_profile.h"

#include <algorithm>
#include <array>
#include <spirv/unified1/spirv.hpp11>

#include "core/spirv_bfloat16.h"
#include "core/spirv_features.h"

namespace dpk::compiler::spirv {

namespace {

using spv::Capability;

/// What every OpenCL full-profile SPIR-V consumer guarantees (SPIR-V environment spec, 1.2).
std::vector<Capability> opencl_base() {
    return {Capability::Addresses, Capability::Float16Buffer, Capability::Int16,
            Capability::Int8,      Capability::Kernel,        Capability::Linkage,
            Capability::Vector16,  Capability::Int64};
}

/// The feature that provides an optional capability, if any.
std::optional<DeviceFeature> feature_of(Capability c) {
    if (const FeatureCapability* f = feature_capability(c)) return f->feature;
    return std::nullopt;
}

}  // namespace

TargetProfile::TargetProfile(Target target)
    : target_(std::move(target)), capabilities_(opencl_base()) {
    for (DeviceFeature f : kDeviceFeatures)
        if (target_.has(f) && enabling_capability(f) != Capability::Max)
            capabilities_.push_back(enabling_capability(f));
    // The float atomic add feature enables both widths.
    if (target_.has(DeviceFeature::FloatAtomicAdd))
        capabilities_.push_back(Capability::AtomicFloat64AddEXT);
    // bf16 covers cooperative matrices of bf16 too (those also need the matrix feature).
    if (target_.has(DeviceFeature::Bf16))
        capabilities_.push_back(spirv_khr::kCapabilityBFloat16CooperativeMatrix);
}

std::optional<TargetProfile> TargetProfile::parse(std::string_view spec, std::string* error) {
    std::optional<Target> t = Target::parse(spec, error);
    if (!t) return std::nullopt;
    return TargetProfile(std::move(*t));
}

bool TargetProfile::supports(Capability c) const {
    return std::find(capabilities_.begin(), capabilities_.end(), c) != capabilities_.end();
}

std::string_view TargetProfile::provided_by(DeviceFeature f) const {
    return target_.api() == Target::Api::LevelZero ? std::string_view()
                                                   : feature_opencl_extension(f);
}

std::string TargetProfile::subject() const {
    return target_.device().empty() ? "the target (" + target_.name() + ")"
                                    : "device " + target_.device();
}

std::string TargetProfile::missing_feature(DeviceFeature f, std::string_view why) const {
    std::string s = subject() + " has no " + std::string(feature_description(f));
    if (auto ext = provided_by(f); !ext.empty()) s += " (" + std::string(ext) + ")";
    return s + ", needed for " + std::string(why);
}

std::string TargetProfile::missing_capability(Capability c, std::string_view why) const {
    std::string s = subject() + " lacks SPIR-V capability " + capability_name(c);
    if (!target_.device().empty())
        if (auto f = feature_of(c))
            if (auto ext = provided_by(*f); !ext.empty()) s += " (" + std::string(ext) + ")";
    return s + ", needed for " + std::string(why);
}

std::string capability_name(Capability c) {
    // The capabilities of optional features are spelled in the feature table.
    if (const FeatureCapability* f = feature_capability(c)) return std::string(f->name);
    switch (c) {
        case Capability::Addresses: return "Addresses";
        case Capability::Linkage: return "Linkage";
        case Capability::Kernel: return "Kernel";
        case Capability::Vector16: return "Vector16";
        case Capability::Float16Buffer: return "Float16Buffer";
        case Capability::Int64: return "Int64";
        case Capability::Int16: return "Int16";
        case Capability::Int8: return "Int8";
        case Capability::GenericPointer: return "GenericPointer";
        default: break;
    }
    return "Capability(" + std::to_string(static_cast<unsigned>(c)) + ")";
}

}  // namespace dpk::compiler::spirv
