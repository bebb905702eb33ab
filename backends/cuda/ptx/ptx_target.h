// Which PTX ISA version dpk's translator writes for a device: high enough for the device's
// .target, never higher than the installed driver can JIT-compile.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "backends/cuda/ptx/ptx_translator.h"
#include "dpk/core/launch_facts.h"

namespace dpk::backends::cuda {

/// The kernel variants CUDA devices compile, most specialized first: 32-bit index arithmetic
/// (64-bit integer multiplies and compares are several SASS instructions each) with and without
/// ld.global.nc for the arrays a kernel only reads.
inline constexpr std::array<LaunchFacts, 2> kCudaKernelVariants = {
    LaunchFacts{LaunchFact::Index32, LaunchFact::NoAlias}, LaunchFacts{LaunchFact::Index32}};

/// A PTX ISA version as major * 10 + minor (8.7 is 87; minors never reach 10).
using PtxIsa = std::uint32_t;

/// The PTX ISA version the translator asks for when nothing forces another: sm_90's minimum,
/// the version the translator is written against.
inline constexpr PtxIsa kPreferredPtxIsa = 78;

/// The highest PTX ISA the driver of CUDA version `driver_version` (cuDriverGetVersion, 12080 for
/// 12.8) loads, from the PTX ISA release history (12.6 -> 8.5, 13.0 -> 9.0). Drivers newer than
/// the table get its last row; 0 below CUDA 10.0.
PtxIsa driver_max_ptx_isa(int driver_version);

/// The first PTX ISA version with `.target sm_<sm>` (sm = 10 * major + minor compute
/// capability); for an unknown, newer architecture, 0 (the caller then uses the driver's max).
PtxIsa min_ptx_isa_for_sm(std::uint32_t sm);

/// The translator's target for a device: its sm, and PTX ISA max(kPreferredPtxIsa, the sm's
/// minimum) capped at `driver_max` (the driver's word wins: it has to load the text).
PtxTarget ptx_target_for(std::uint32_t sm, PtxIsa driver_max);

/// "9.0" for 90.
std::string ptx_isa_name(PtxIsa v);
/// "13.0" for 13000.
std::string cuda_version_name(int driver_version);

}  // namespace dpk::backends::cuda
