// Translations of dpk's SPIR-V into what a backend's driver takes, usable without a device or a
// driver: `dpkc --emit FORMAT --target BACKEND:TARGET` prints what the backend would load.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "dpk/core/device_features.h"
#include "dpk/core/driver_defects.h"
#include "dpk/core/launch_facts.h"

namespace dpk::backends {

/// One backend's translation, registered in its folder with dpk_register_translation(NAME TARGET)
/// (backends/CMakeLists.txt); the library holding it must need no driver.
struct Translation {
    std::string_view backend;         // the backend's registered name: "cuda"
    std::string_view format;          // what --emit names: "ptx"
    std::string_view default_target;  // "sm_90"
    /// The optional features the backend's devices of `default_target` have: what a kernel
    /// compiled for `--target BACKEND:...` may use.
    DeviceFeatures features;
    /// The defects of its devices' drivers that kernels avoid (DeviceInfo::driver_defects).
    DriverDefects driver_defects;
    /// The kernel variants its devices compile (DeviceInfo::kernel_variants).
    std::span<const LaunchFacts> kernel_variants;
    /// The text the backend would hand its driver for validated SPIR-V; throws BuildError when
    /// the module cannot be translated or `target` is not one of the backend's ("sm_80").
    std::string (*translate)(std::span<const std::uint32_t> spirv,
                             std::string_view target) = nullptr;
};

/// Every translation built into this library (generated from the dpk_register_translation lines).
std::span<const Translation* const> registered_translations();
/// The translation of backend `name`, or null.
const Translation* find_translation(std::string_view backend);

}  // namespace dpk::backends
