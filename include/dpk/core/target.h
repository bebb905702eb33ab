// What a kernel image is compiled for, as a value every layer can hold: the driver API that
// takes its SPIR-V (OpenCL or Level Zero), the optional device features it may use, the driver
// defects it avoids, the launch-fact variants compiled beside each kernel and, for messages,
// the device it is for. dpkc's and dpk-aot's --target spell one; the compiler's TargetProfile
// adds what SPIR-V capabilities it accepts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_features.h"
#include "dpk/core/driver_defects.h"
#include "dpk/core/launch_facts.h"

namespace dpk {

class Target {
public:
    enum class Api : std::uint8_t { OpenCL, LevelZero };

    /// An OpenCL 1.2+ full-profile device taking SPIR-V. The default (dpkc's target): fp64 and
    /// 64-bit atomics. It avoids every known OpenCL driver defect, so its kernels run right on
    /// any driver; a device's own target avoids its driver's alone (with_workarounds).
    static Target opencl(DeviceFeatures features = opencl_default_features());
    /// What `opencl` alone means: fp64 and 64-bit atomics.
    static DeviceFeatures opencl_default_features() {
        return {DeviceFeature::Fp64, DeviceFeature::Int64Atomics};
    }
    /// A Level Zero device: by default every optional feature.
    static Target level_zero(DeviceFeatures features = DeviceFeatures::all());
    /// A target from its spec: `opencl` or `level-zero`, then `+FEATURE` / `-FEATURE` changes to
    /// that API's defaults, e.g. "opencl+fp16+sub_groups", then optionally "/avoids=DEFECT+..."
    /// (or "/avoids=none") and "/variants=FACTS,..." (FACTS: index32, noalias, or both joined by
    /// +). Every name() is a spec of its own target. Nullopt with `error` set when malformed.
    static std::optional<Target> parse(std::string_view spec, std::string* error = nullptr);

    /// The same target, avoiding exactly the driver defects `defects`.
    Target with_workarounds(DriverDefects defects) const;
    /// The same target, compiling each kernel also as a variant for each set of launch facts.
    Target with_variants(std::vector<LaunchFacts> variants) const;
    /// The same target, for the device `description` names (messages name the device).
    Target for_device(std::string description) const;

    Api api() const { return api_; }
    const DeviceFeatures& features() const { return features_; }
    bool has(DeviceFeature f) const { return features_.has(f); }
    const DriverDefects& workarounds() const { return workarounds_; }
    bool avoids(DriverDefect d) const { return workarounds_.has(d); }
    const std::vector<LaunchFacts>& variants() const { return variants_; }
    /// The device description given to for_device (empty for a target without one).
    const std::string& device() const { return device_; }
    /// The canonical spec, every feature spelled out ("opencl+fp64-fp16+int64_atomics-..."): two
    /// targets with one name compile every kernel to the same SPIR-V (a cache key). The driver
    /// defects avoided follow as "/avoids=varying_loop_exit+..." ("/avoids=none" where the
    /// API's default avoids some and this target none), then variants as
    /// "/variants=index32+noalias,index32".
    const std::string& name() const { return name_; }

    /// What a target of `api` avoids unless told otherwise: every OpenCL driver's defects for
    /// OpenCL, none for Level Zero.
    static DriverDefects default_workarounds(Api api);

private:
    Target(Api api, DeviceFeatures features);
    void rename();

    Api api_;
    DeviceFeatures features_;
    DriverDefects workarounds_;
    std::vector<LaunchFacts> variants_;
    std::string device_;
    std::string name_;
};

}  // namespace dpk
