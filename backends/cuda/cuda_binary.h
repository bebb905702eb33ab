// What CudaProgram::binary() returns: the cubin the driver linked, behind a small versioned
// header holding the kernel table (each kernel's parameter kinds and sizes). The cubin alone
// cannot say which 8-byte parameter is a work-group memory offset and which a value.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "backends/cuda/ptx/ptx_translator.h"

namespace dpk::backends::cuda {

/// Layout (little-endian): "DPKCUBIN" magic, u32 format version (kBinaryFormatVersion), u32
/// kernel count, then per kernel: u32 name length, name bytes, u64 static shared bytes, u8
/// uses dynamic shared, u32 parameter count, per parameter u8 kind (PtxParamKind) and u32 size;
/// then u64 cubin size and the cubin bytes, and nothing after them.
inline constexpr std::uint32_t kBinaryFormatVersion = 1;

struct CudaBinary {
    std::vector<PtxKernel> kernels;
    std::vector<std::uint8_t> cubin;
};

std::vector<std::uint8_t> encode_binary(const std::vector<PtxKernel>& kernels,
                                        std::span<const std::uint8_t> cubin);

/// Parses what encode_binary wrote; throws BuildError naming what is wrong (bad magic, another
/// format version, truncated, trailing bytes).
CudaBinary decode_binary(std::span<const std::uint8_t> bytes);

}  // namespace dpk::backends::cuda
