// How many low bits of each integer value of a SPIR-V module are known to be zero: what lets the
// translator know an address computed from indices is aligned (a tile's row at a multiple of 16
// bytes) without checking it at run time.
#pragma once

#include <cstdint>
#include <map>

#include "backends/cuda/ptx/spirv_module.h"

namespace dpk::backends::cuda {

/// The value is 0: every bit is known zero.
inline constexpr std::uint32_t kAllZero = 64;

/// For every integer constant and integer result of `m`: the number of its low bits known to be
/// zero (kAllZero for 0; 0 where nothing is known: loads, parameters, divisions, ...). Sums and
/// differences keep the fewer of their operands', products add them, shifts by constants move
/// them, phis and selects keep the fewest of their values' (a loop counter from 0 by 16 has 4).
std::map<Id, std::uint32_t> known_low_zeros(const SpirvModule& m);

}  // namespace dpk::backends::cuda
