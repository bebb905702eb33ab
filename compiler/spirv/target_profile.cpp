#include "compiler/spirv/target_profile.h"

#include <algorithm>
#include <array>
#include <spirv/unified1/spirv.hpp11>

#include "core/spirv_features.h"

namespace dpk::compiler::spirv {

namespace {

using spv::Capability;

constexpr std::string_view kOpenCL = "opencl";
constexpr std::string_view kLevelZero = "level-zero";
constexpr std::string_view kAvoids = "/avoids=";
constexpr std::string_view kVariants = "/variants=";
constexpr std::string_view kNone = "none";

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

DriverDefects TargetProfile::default_workarounds(Api api) {
    // Code for any OpenCL driver avoids every OpenCL driver's defects; no Level Zero driver has
    // a known one.
    return api == Api::OpenCL ? DriverDefects::all() : DriverDefects{};
}

TargetProfile::TargetProfile(Api api, DeviceFeatures features)
    : api_(api),
      features_(features),
      workarounds_(default_workarounds(api)),
      capabilities_(opencl_base()) {
    for (DeviceFeature f : kDeviceFeatures)
        if (features_.has(f) && enabling_capability(f) != Capability::Max)
            capabilities_.push_back(enabling_capability(f));
    // The float atomic add feature enables both widths.
    if (features_.has(DeviceFeature::FloatAtomicAdd))
        capabilities_.push_back(Capability::AtomicFloat64AddEXT);
    rename();
}

void TargetProfile::rename() {
    name_ = api_ == Api::OpenCL ? kOpenCL : kLevelZero;
    for (DeviceFeature f : kDeviceFeatures) {
        name_ += features_.has(f) ? '+' : '-';
        name_ += feature_name(f);
    }
    if (workarounds_ != default_workarounds(api_)) {
        name_ += kAvoids;
        if (workarounds_.empty()) name_ += kNone;
        bool first = true;
        for (DriverDefect d : kDriverDefects) {
            if (!workarounds_.has(d)) continue;
            name_.append(first ? "" : "+").append(defect_name(d));
            first = false;
        }
    }
    if (!variants_.empty()) {
        name_ += kVariants;
        for (std::size_t i = 0; i < variants_.size(); ++i)
            name_.append(i ? "," : "").append(variants_[i].name());
    }
}

TargetProfile TargetProfile::opencl(DeviceFeatures features) {
    return TargetProfile(Api::OpenCL, features);
}

TargetProfile TargetProfile::level_zero(DeviceFeatures features) {
    return TargetProfile(Api::LevelZero, features);
}

std::optional<TargetProfile> TargetProfile::parse(std::string_view spec, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<TargetProfile> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    const std::string expected_features = enum_names(kDeviceFeatures, feature_name);
    std::vector<LaunchFacts> variants;
    if (std::size_t slash = spec.find(kVariants); slash != std::string_view::npos) {
        std::string_view list = spec.substr(slash + kVariants.size());
        spec = spec.substr(0, slash);
        while (!list.empty()) {
            const std::size_t end = std::min(list.find(','), list.size());
            std::optional<LaunchFacts> facts = LaunchFacts::parse(list.substr(0, end));
            if (!facts || facts->empty())
                return fail("bad variant '" + std::string(list.substr(0, end)) +
                            "' in a target: expected index32, noalias or index32+noalias");
            variants.push_back(*facts);
            list.remove_prefix(end == list.size() ? end : end + 1);
        }
    }
    std::optional<DriverDefects> workarounds;
    if (std::size_t slash = spec.find(kAvoids); slash != std::string_view::npos) {
        std::string_view list = spec.substr(slash + kAvoids.size());
        spec = spec.substr(0, slash);
        workarounds = DriverDefects{};
        while (list != kNone && !list.empty()) {
            const std::size_t end = std::min(list.find('+'), list.size());
            std::optional<DriverDefect> d = defect_named(list.substr(0, end));
            if (!d)
                return fail("unknown driver defect '" + std::string(list.substr(0, end)) +
                            "' in a target (known: " + enum_names(kDriverDefects, defect_name) +
                            ", or none)");
            workarounds->set(*d);
            list.remove_prefix(end == list.size() ? end : end + 1);
        }
    }
    Api api{};
    DeviceFeatures features;
    std::string_view rest;
    if (spec.starts_with(kLevelZero)) {
        api = Api::LevelZero;
        features = all_features();
        rest = spec.substr(kLevelZero.size());
    } else if (spec.starts_with(kOpenCL)) {
        api = Api::OpenCL;
        features = opencl_default_features();
        rest = spec.substr(kOpenCL.size());
    } else {
        return fail("unknown target '" + std::string(spec) +
                    "': expected opencl or level-zero, optionally followed by +FEATURE or "
                    "-FEATURE (" +
                    expected_features + ")");
    }
    while (!rest.empty()) {
        const char sign = rest.front();
        if (sign != '+' && sign != '-')
            return fail("bad target '" + std::string(spec) + "': expected + or - before '" +
                        std::string(rest) + "'");
        rest.remove_prefix(1);
        const std::size_t end = std::min(rest.find_first_of("+-"), rest.size());
        const std::string_view word = rest.substr(0, end);
        rest.remove_prefix(end);
        std::optional<DeviceFeature> f = feature_named(word);
        if (!f)
            return fail("unknown target feature '" + std::string(word) + "' in '" +
                        std::string(spec) + "' (features: " + expected_features + ")");
        features.set(*f, sign == '+');
    }
    TargetProfile t(api, features);
    if (workarounds) t = t.with_workarounds(*workarounds);
    return t.with_variants(std::move(variants));
}

TargetProfile TargetProfile::with_variants(std::vector<LaunchFacts> variants) const {
    TargetProfile t = *this;
    t.variants_ = std::move(variants);
    t.rename();
    return t;
}

TargetProfile TargetProfile::with_workarounds(DriverDefects defects) const {
    TargetProfile t = *this;
    t.workarounds_ = defects;
    t.rename();
    return t;
}

TargetProfile TargetProfile::for_device(std::string description) const {
    TargetProfile t = *this;
    t.device_ = std::move(description);
    return t;
}

bool TargetProfile::supports(Capability c) const {
    return std::find(capabilities_.begin(), capabilities_.end(), c) != capabilities_.end();
}

std::string_view TargetProfile::provided_by(DeviceFeature f) const {
    return api_ == Api::LevelZero ? std::string_view() : feature_opencl_extension(f);
}

std::string TargetProfile::subject() const {
    return device_.empty() ? "the target (" + name_ + ")" : "device " + device_;
}

std::string TargetProfile::missing_feature(DeviceFeature f, std::string_view why) const {
    std::string s = subject() + " has no " + std::string(feature_description(f));
    if (auto ext = provided_by(f); !ext.empty()) s += " (" + std::string(ext) + ")";
    return s + ", needed for " + std::string(why);
}

std::string TargetProfile::missing_capability(Capability c, std::string_view why) const {
    std::string s = subject() + " lacks SPIR-V capability " + capability_name(c);
    if (!device_.empty())
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
