#include "backends/cuda/ptx/translation_error.h"

#include "backends/cuda/ptx/spirv_names.h"

namespace dpk::backends::cuda {

void fail(const std::string& message) {
    throw PtxTranslationError(message);
}

std::string opcode_text(spv::Op op) {
    if (auto name = opcode_name(op)) return std::string(*name);
    // SPV_KHR_cooperative_matrix, newer than the generated table.
    if (op == kOpTypeCooperativeMatrixKHR) return "OpTypeCooperativeMatrixKHR";
    if (op == kOpCooperativeMatrixLoadKHR) return "OpCooperativeMatrixLoadKHR";
    if (op == kOpCooperativeMatrixStoreKHR) return "OpCooperativeMatrixStoreKHR";
    if (op == kOpCooperativeMatrixMulAddKHR) return "OpCooperativeMatrixMulAddKHR";
    if (op == kOpCooperativeMatrixLengthKHR) return "OpCooperativeMatrixLengthKHR";
    return "opcode " + std::to_string(static_cast<std::uint32_t>(op));
}

std::string id_text(const SpirvModule& module, Id id) {
    std::string text = std::string("%").append(std::to_string(id));
    std::string name = module.name_of(id);
    if (!name.empty()) text += " '" + name + "'";
    return text;
}

std::string instruction_text(const SpirvModule& module, const SpirvInstruction& inst) {
    std::string text = opcode_text(inst.opcode);
    if (inst.result != 0) text += " (result " + id_text(module, inst.result) + ")";
    return text;
}

std::string function_text(const SpirvModule& module, const SpirvFunction& function, bool is_kernel,
                          std::string_view kernel_name) {
    if (is_kernel) return "kernel '" + std::string(kernel_name) + "'";
    return "function " + id_text(module, function.id);
}

}  // namespace dpk::backends::cuda
