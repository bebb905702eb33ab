// Grid and block dimensions of a launch: the runtime's NdRange (global = work items, local =
// work-group) as CUDA's grid of blocks.
#pragma once

#include <array>
#include <cstdint>

#include "backends/backend.h"

namespace dpk::backends::cuda {

/// Limits a launch must respect: the kernel's max threads per block, the device's block and grid
/// dimensions.
struct LaunchLimits {
    std::uint32_t max_block_threads = 1024;
    std::array<std::uint32_t, 3> max_block{1024, 1024, 64};
    std::array<std::uint32_t, 3> max_grid{2147483647u, 65535u, 65535u};
};

struct LaunchGeometry {
    std::array<std::uint32_t, 3> grid{1, 1, 1};
    std::array<std::uint32_t, 3> block{1, 1, 1};
};

/// Work-items per block the backend aims at when the caller gives no local range.
inline constexpr std::uint32_t kAutoBlockThreads = 256;

/// The block the backend picks for `global` when no local range is given. Blocks always divide
/// the global range exactly (kernels do not bounds-check): dimension 0 takes the largest divisor
/// of global[0] <= 256 (and <= the limits) that is a multiple of 32, else the largest divisor;
/// dimensions 1 and 2 then take the largest divisor that keeps the block within 256 threads. A
/// prime global size thus runs in blocks of one thread: pass a local range to avoid that.
std::array<std::uint32_t, 3> auto_block(std::uint32_t dims,
                                        const std::array<std::size_t, 3>& global,
                                        const LaunchLimits& limits);

/// Grid and block for `range` (checked by the runtime: global a multiple of local). Throws
/// InvalidRangeError when the grid exceeds the device's grid limits or a size exceeds 32 bits.
LaunchGeometry launch_geometry(const NdRange& range, const LaunchLimits& limits);

}  // namespace dpk::backends::cuda
