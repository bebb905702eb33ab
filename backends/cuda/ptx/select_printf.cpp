// OpenCL.std printf -> the CUDA driver's vprintf(format, arguments): the arguments packed into a
// local buffer, each at its natural alignment, as C's variable arguments pass them (f32 promoted
// to f64, integers below 32 bits widened to 32), the format a generic address of its .global
// string.
#include <algorithm>

#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

void FunctionTranslator::select_printf(const SpirvInstruction& inst) {
    if (inst.operands.size() < 3) unsupported(inst, "printf without a format");
    const Scalar format = value_scalar(inst.operand(2), inst);
    if (!format.is_pointer()) unsupported(inst, "the printf format is not a pointer");
    const std::string format_address = use(inst.operand(2));

    struct Packed {
        std::string value;
        std::string type;  // st.local type
        std::uint64_t offset = 0;
    };
    std::vector<Packed> packed;
    std::uint64_t size = 0;
    for (std::size_t i = 3; i < inst.operands.size(); ++i) {
        const Id operand = inst.operands[i];
        const Scalar s = value_scalar(operand, inst);
        Packed p;
        std::uint64_t bytes = 8;
        if (s.is_pointer()) {
            p.value = use(operand);
            p.type = ".u64";
        } else if (s.is_float()) {
            p.type = ".f64";
            if (s.bits == 64) {
                p.value = use(operand);
            } else {
                p.value = new_reg(RegClass::F64);
                emit(s.bits == 16 ? "cvt.f64.f16" : "cvt.f64.f32", {p.value, use(operand)});
            }
        } else if (s.is_bool()) {
            p.value = new_reg(RegClass::B32);
            emit("selp.u32", {p.value, "1", "0", use(operand)});
            p.type = ".u32";
            bytes = 4;
        } else if (s.bits == 64) {
            p.value = use(operand);
            p.type = ".u64";
        } else {  // 8-, 16- and 32-bit integers: 32 bits (dpk's compiler widens narrow ones)
            p.value = extended(operand, true, inst);
            p.type = ".u32";
            bytes = 4;
        }
        size = (size + bytes - 1) / bytes * bytes;
        p.offset = size;
        size += bytes;
        packed.push_back(std::move(p));
    }

    std::string arguments = "0";
    if (!packed.empty()) {
        // One buffer per printf of the module: the copies of a function inlined more than once
        // run one after the other and share it.
        const std::string buffer = "__dpk_printf$" + std::to_string(inst.result);
        const std::string declaration =
            ".local .align 8 .b8 " + buffer + "[" + std::to_string(size) + "]";
        if (std::find(locals_.begin(), locals_.end(), declaration) == locals_.end())
            locals_.push_back(declaration);
        const std::string local = new_reg(RegClass::B64);
        arguments = new_reg(RegClass::B64);
        emit("mov.u64", {local, buffer});
        emit("cvta.local.u64", {arguments, local});
        for (const Packed& p : packed)
            emit("st.local" + p.type,
                 {"[" + buffer + "+" + std::to_string(p.offset) + "]", p.value});
    }
    state_.uses_vprintf = true;
    const std::string result = inst.result ? def(inst) : new_reg(RegClass::B32);
    emit_verbatim("\t{");
    emit_verbatim("\t.param .b64 format;");
    emit("st.param.b64", {"[format]", format_address});
    emit_verbatim("\t.param .b64 arguments;");
    emit("st.param.b64", {"[arguments]", arguments});
    emit_verbatim("\t.param .b32 written;");
    emit_verbatim("\tcall (written), vprintf, (format, arguments);");
    emit("ld.param.b32", {result, "[written]"});
    emit_verbatim("\t}");
}

}  // namespace dpk::backends::cuda
