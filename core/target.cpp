#include "dpk/core/target.h"

#include <algorithm>

#include "dpk/core/enum_set.h"

namespace dpk {

namespace {

constexpr std::string_view kOpenCL = "opencl";
constexpr std::string_view kLevelZero = "level-zero";
constexpr std::string_view kAvoids = "/avoids=";
constexpr std::string_view kVariants = "/variants=";
constexpr std::string_view kNone = "none";

}  // namespace

DriverDefects Target::default_workarounds(Api api) {
    return api == Api::OpenCL ? DriverDefects::all() : DriverDefects{};
}

Target::Target(Api api, DeviceFeatures features)
    : api_(api), features_(features), workarounds_(default_workarounds(api)) {
    rename();
}

Target Target::opencl(DeviceFeatures features) {
    return Target(Api::OpenCL, features);
}

Target Target::level_zero(DeviceFeatures features) {
    return Target(Api::LevelZero, features);
}

void Target::rename() {
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

Target Target::with_variants(std::vector<LaunchFacts> variants) const {
    Target t = *this;
    t.variants_ = std::move(variants);
    t.rename();
    return t;
}

Target Target::with_workarounds(DriverDefects defects) const {
    Target t = *this;
    t.workarounds_ = defects;
    t.rename();
    return t;
}

Target Target::for_device(std::string description) const {
    Target t = *this;
    t.device_ = std::move(description);
    return t;
}

std::optional<Target> Target::parse(std::string_view spec, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<Target> {
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
        features = DeviceFeatures::all();
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
    Target t(api, features);
    if (workarounds) t = t.with_workarounds(*workarounds);
    return t.with_variants(std::move(variants));
}

}  // namespace dpk
