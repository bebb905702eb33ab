// The compiler target of a runtime device: its API and optional features (fp64, fp16, 64-bit
// atomics, sub-groups, shuffles), so a kernel compiled for it uses only what it has.
#pragma once

#include "compiler/spirv/target_profile.h"
#include "runtime/device.h"

namespace dpk::jit {

/// The target `device` is compiled for: OpenCL or Level Zero with the device's features, named
/// after the device in messages ("device opencl:cpu:0 (NAME, PLATFORM) has no sub-groups ...").
/// Its name() (the features) is part of every kernel-image cache key.
compiler::spirv::TargetProfile device_target(const runtime::Device& device);

}  // namespace dpk::jit
