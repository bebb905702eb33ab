// The compiler target of a runtime device: its API and optional features (fp64, fp16, 64-bit
// atomics, sub-groups, shuffles), so a kernel compiled for it uses only what it has.
#pragma once

#include "compiler/spirv/target_profile.h"
#include "dpk/runtime/device.h"

namespace dpk::jit {

/// The compiler's profile of runtime::Device::target(): what `device` is compiled for.
compiler::spirv::TargetProfile device_target(const runtime::Device& device);

}  // namespace dpk::jit
