// Building the messages of PtxTranslationError: every failure names what was not translated and
// where (the instruction, its result id and OpName, the function or kernel).
#pragma once

#include <string>
#include <string_view>

#include "backends/cuda/ptx/ptx_translator.h"
#include "backends/cuda/ptx/spirv_module.h"

namespace dpk::backends::cuda {

/// Throws PtxTranslationError(message).
[[noreturn]] void fail(const std::string& message);

/// "OpIAdd", or "opcode 4242" for an opcode the headers do not name.
std::string opcode_text(spv::Op op);

/// "%12" or "%12 'name'" when the id has an OpName.
std::string id_text(const SpirvModule& module, Id id);

/// "OpIAdd (result %12 'sum')", "OpStore" when the instruction has no result.
std::string instruction_text(const SpirvModule& module, const SpirvInstruction& inst);

/// "kernel 'k'" / "function %7 'helper'".
std::string function_text(const SpirvModule& module, const SpirvFunction& function, bool is_kernel,
                          std::string_view kernel_name);

}  // namespace dpk::backends::cuda
