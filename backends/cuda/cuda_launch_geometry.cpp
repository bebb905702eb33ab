#include "backends/cuda/cuda_launch_geometry.h"

#include <algorithm>
#include <string>

#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWarp = 32;

/// The largest divisor of n that is <= cap (cap >= 1), preferring multiples of 32.
std::uint32_t largest_divisor(std::size_t n, std::uint32_t cap, bool prefer_warps) {
    if (n <= cap) {
        if (!prefer_warps || n % kWarp == 0) return static_cast<std::uint32_t>(n);
    }
    if (prefer_warps)
        for (std::uint32_t b = cap / kWarp * kWarp; b >= kWarp; b -= kWarp)
            if (n % b == 0) return b;
    for (std::uint32_t b = static_cast<std::uint32_t>(std::min<std::size_t>(cap, n)); b > 1; --b)
        if (n % b == 0) return b;
    return 1;
}

std::string range_text(const NdRange& r, const std::array<std::size_t, 3>& v) {
    std::string s = "(";
    for (std::uint32_t d = 0; d < r.dims; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
    return s + ")";
}

}  // namespace

std::array<std::uint32_t, 3> auto_block(std::uint32_t dims,
                                        const std::array<std::size_t, 3>& global,
                                        const LaunchLimits& limits) {
    std::array<std::uint32_t, 3> block{1, 1, 1};
    std::uint32_t budget =
        std::max<std::uint32_t>(1, std::min(kAutoBlockThreads, limits.max_block_threads));
    for (std::uint32_t d = 0; d < dims && d < 3; ++d) {
        std::uint32_t cap = std::max<std::uint32_t>(1, std::min(budget, limits.max_block[d]));
        block[d] = largest_divisor(global[d], cap, d == 0);
        budget = std::max<std::uint32_t>(1, budget / block[d]);
    }
    return block;
}

LaunchGeometry launch_geometry(const NdRange& range, const LaunchLimits& limits) {
    LaunchGeometry g;
    if (range.has_local) {
        for (std::uint32_t d = 0; d < range.dims && d < 3; ++d)
            g.block[d] = static_cast<std::uint32_t>(range.local[d]);
    } else {
        g.block = auto_block(range.dims, range.global, limits);
    }
    for (std::uint32_t d = 0; d < range.dims && d < 3; ++d) {
        std::size_t blocks = range.global[d] / std::max<std::size_t>(1, g.block[d]);
        if (blocks > limits.max_grid[d])
            throw InvalidRangeError(
                "global range " + range_text(range, range.global) + " in blocks of " +
                std::to_string(g.block[d]) + " work items needs " + std::to_string(blocks) +
                " blocks in dimension " + std::to_string(d) + "; the CUDA device allows " +
                std::to_string(limits.max_grid[d]) +
                (range.has_local ? "" : " (give a larger local range)"));
        g.grid[d] = static_cast<std::uint32_t>(blocks);
    }
    return g;
}

}  // namespace dpk::backends::cuda
