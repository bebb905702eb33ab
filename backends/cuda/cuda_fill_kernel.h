// The fill kernels for patterns the driver's memset cannot write (8 to 128 bytes, or 1-4 bytes
// at an address or length memset refuses): PTX text embedded in the backend, JIT-compiled by the
// driver once per context.
#pragma once

#include <cstdint>
#include <string>

#include "backends/cuda/ptx/ptx_translator.h"

namespace dpk::backends::cuda {

/// Entry point that stores one 8-byte word per step: (u64 dst, u64 words, .b8 pattern[128],
/// u32 period_words); dst 8-aligned, period_words a power of two <= 16.
inline constexpr const char* kFillWordsKernel = "__dpk_fill_u64";
/// Entry point that stores one byte per step: (u64 dst, u64 bytes, .b8 pattern[128],
/// u32 period_bytes); period_bytes a power of two <= 128.
inline constexpr const char* kFillBytesKernel = "__dpk_fill_u8";
/// Threads per block the fill kernels must be launched with: their grid-stride loop keeps each
/// thread on one position of the pattern only when the total thread count is a multiple of 128.
inline constexpr std::uint32_t kFillBlockThreads = 256;
/// Largest pattern the kernels take, in bytes (the size of their `pattern` parameter).
inline constexpr std::uint32_t kFillMaxPattern = 128;

/// The module's PTX for `target` (its .version and .target lines).
std::string fill_kernels_ptx(const PtxTarget& target);

}  // namespace dpk::backends::cuda
