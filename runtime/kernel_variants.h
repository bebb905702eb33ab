// Which entry point of a loaded kernel a launch runs: the general one, or the first variant whose
// launch facts (32-bit indices, no overlapping arrays) the arguments establish.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/launch_args.h"

namespace dpk::backends {
class Kernel;
}  // namespace dpk::backends

namespace dpk::runtime {

/// One variant of a loaded kernel: what it assumes and the driver's kernel of its entry point.
struct LoadedVariant {
    LaunchFacts facts;
    std::unique_ptr<backends::Kernel> kernel;
};

/// The facts among `wanted` that hold for a launch of a kernel with ABI `abi` over `global` with
/// `args` (already checked against the signature). Index32: every array's extents, strides and
/// reachable element offsets, every local array's length and every global extent below 2^31.
/// NoAlias: the byte range of no array the kernel writes meets another array argument's.
/// InRange: for each range guard, the global extent in its dimension is at most its array's
/// extent (never for a kernel without guards).
LaunchFacts launch_facts(const KernelAbi& abi, std::span<const KernelArg> args, const Range& global,
                         LaunchFacts wanted);

/// The first of `variants` whose facts `facts` covers and whose kernel takes a work-group of
/// `group` work items (0: the driver chooses), or null for the general entry point.
const LoadedVariant* choose_variant(std::span<const LoadedVariant> variants, LaunchFacts facts,
                                    std::uint64_t group);

}  // namespace dpk::runtime
