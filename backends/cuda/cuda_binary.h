// What CudaProgram::binary() returns: the program's PTX behind a small versioned header holding
// the kernel table (each kernel's parameter kinds and sizes). The PTX's parameter list alone
// cannot say which 8-byte parameter is a work-group memory offset and which a value.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cuda/ptx/ptx_translator.h"

namespace dpk::backends::cuda {

/// Layout (little-endian): "DPKCUPTX" magic, u32 format version (kBinaryFormatVersion), u32
/// kernel count, then per kernel: u32 name length, name bytes, u64 static shared bytes, u8
/// uses dynamic shared, u64 dynamic array bytes, u32 parameter count, per parameter u8 kind
/// (PtxParamKind) and u32 size; then u64 PTX size and the PTX text (no NUL), and nothing after
/// them. Version 1 held a cubin (refused); version 2 had no dynamic array bytes (read as 0).
inline constexpr std::uint32_t kBinaryFormatVersion = 3;

struct CudaBinary {
    std::vector<PtxKernel> kernels;
    std::string ptx;
};

std::vector<std::uint8_t> encode_binary(const std::vector<PtxKernel>& kernels,
                                        std::string_view ptx);

/// Parses what encode_binary wrote; throws BuildError naming what is wrong (bad magic, another
/// format version, truncated, trailing bytes).
CudaBinary decode_binary(std::span<const std::uint8_t> bytes);

}  // namespace dpk::backends::cuda
