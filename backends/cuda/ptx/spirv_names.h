// Names of SPIR-V opcodes and OpenCL.std extended instructions, for diagnostics and for the
// math library's symbols (generated table: spirv_names.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <spirv/unified1/spirv.hpp11>
#include <string_view>

namespace dpk::backends::cuda {

/// "OpIAdd" for spv::Op::OpIAdd; nullopt for an opcode the headers do not know.
std::optional<std::string_view> opcode_name(spv::Op op);

/// The OpenCL.std name of an extended instruction ("exp", "s_abs"); nullopt when unknown.
std::optional<std::string_view> opencl_std_name(std::uint32_t instruction);

}  // namespace dpk::backends::cuda
