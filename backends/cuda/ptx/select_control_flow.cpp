// Control flow: blocks become labels, branches bra / @p bra, OpPhi copies at the end of each
// predecessor on its own edge (a conditional branch whose taken target has phis goes through a
// trampoline label holding that edge's copies), through temporaries so phis that swap values are
// right. Structured-control-flow merges need nothing. Calls go to .func symbols with .param
// arguments and results.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

void FunctionTranslator::emit_phi_copies(Id target, const SpirvInstruction& inst) {
    auto b = blocks_.find(target);
    if (b == blocks_.end())
        unsupported(inst, "branch to %" + std::to_string(target) + ", not a block of " + where());
    std::vector<std::pair<std::string, std::string>> moves;  // (phi register, temporary)
    for (const auto& phi : b->second->instructions) {
        if (phi.opcode != spv::Op::OpPhi) break;
        const Scalar s = scalar(phi.result_type, phi);
        Id value = 0;
        for (std::size_t i = 0; i + 1 < phi.operands.size(); i += 2)
            if (phi.operands[i + 1] == current_block_) value = phi.operands[i];
        if (value == 0)
            unsupported(phi, "it has no value for predecessor %" + std::to_string(current_block_));
        const std::string temp = new_reg(reg_class(s));
        emit("mov" + bit_type(s), {temp, use(value)});
        moves.emplace_back(def(phi), temp);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Scalar s = scalar(b->second->instructions[i].result_type, inst);
        emit("mov" + bit_type(s), {moves[i].first, moves[i].second});
    }
}

bool FunctionTranslator::select_control_flow(const SpirvInstruction& inst) {
    switch (inst.opcode) {
        case spv::Op::OpSelectionMerge:
        case spv::Op::OpLoopMerge: return true;
        case spv::Op::OpPhi: def(inst); return true;  // copied into on each incoming edge
        case spv::Op::OpBranch: {
            emit_phi_copies(inst.operand(0), inst);
            emit("bra", {label(inst.operand(0))});
            return true;
        }
        case spv::Op::OpBranchConditional: {
            const Id on_true = inst.operand(1);
            const Id on_false = inst.operand(2);
            if (!value_scalar(inst.operand(0), inst).is_bool())
                unsupported(inst, "the condition is not a bool");
            const std::string cond = use(inst.operand(0));
            if (on_true == on_false) {
                emit_phi_copies(on_true, inst);
                emit("bra", {label(on_true)});
                return true;
            }
            const auto* target = blocks_.count(on_true) ? blocks_.at(on_true) : nullptr;
            const bool true_has_phis = target && !target->instructions.empty() &&
                                       target->instructions.front().opcode == spv::Op::OpPhi;
            const std::string taken = true_has_phis
                                          ? label(current_block_) + "_to_" + std::to_string(on_true)
                                          : label(on_true);
            emit("@" + cond + " bra", {taken});
            emit_phi_copies(on_false, inst);
            emit("bra", {label(on_false)});
            if (true_has_phis) {
                emit_line(taken + ":");
                emit_phi_copies(on_true, inst);
                emit("bra", {label(on_true)});
            }
            return true;
        }
        case spv::Op::OpReturn: emit("ret", {}); return true;
        case spv::Op::OpReturnValue: {
            if (entry_) unsupported(inst, "a kernel cannot return a value");
            const Scalar s = value_scalar(inst.operand(0), inst);
            std::string v = use(inst.operand(0));
            if (s.is_bool()) {
                const std::string word = new_reg(RegClass::B32);
                emit("selp.b32", {word, "1", "0", v});
                v = word;
            }
            const std::string type = s.is_float() && s.bits == 16 ? ".b16"
                                     : s.bits == 64               ? ".b64"
                                                                  : ".b32";
            emit("st.param" + type, {"[func_retval0]", v});
            emit("ret", {});
            return true;
        }
        case spv::Op::OpUnreachable: emit("trap", {}); return true;
        case spv::Op::OpFunctionCall: {
            const Id callee = inst.operand(0);
            auto sym = state_.function_symbols.find(callee);
            const SpirvFunction* f = module_.function(callee);
            if (sym == state_.function_symbols.end() || !f)
                unsupported(inst, "the callee %" + std::to_string(callee) +
                                      " is not a function with a body that is not a kernel");
            if (f->params.size() + 1 != inst.operands.size())
                unsupported(inst, "the number of arguments does not match the callee");
            callees_.insert(callee);
            emit_line("\t{");
            std::string args;
            for (std::size_t i = 1; i < inst.operands.size(); ++i) {
                const Scalar s = value_scalar(inst.operands[i], inst);
                std::string v = use(inst.operands[i]);
                if (s.is_bool()) {
                    const std::string word = new_reg(RegClass::B32);
                    emit("selp.b32", {word, "1", "0", v});
                    v = word;
                }
                const std::string type = s.is_float() && s.bits == 16 ? ".b16"
                                         : s.bits == 64               ? ".b64"
                                                                      : ".b32";
                const std::string param = "param" + std::to_string(i - 1);
                emit_line("\t.param " + type + " " + param + ";");
                emit("st.param" + type, {"[" + param + "]", v});
                args += (i > 1 ? ", " : "") + param;
            }
            const bool returns = module_.type(inst.result_type).opcode != spv::Op::OpTypeVoid;
            if (!returns) {
                emit_line("\tcall " + sym->second + ", (" + args + ");");
                emit_line("\t}");
                return true;
            }
            const Scalar r = scalar(inst.result_type, inst);
            const std::string type = r.is_float() && r.bits == 16 ? ".b16"
                                     : r.bits == 64               ? ".b64"
                                                                  : ".b32";
            emit_line("\t.param " + type + " retval0;");
            emit_line("\tcall (retval0), " + sym->second + ", (" + args + ");");
            const std::string d = def(inst);
            if (r.is_bool()) {
                const std::string word = new_reg(RegClass::B32);
                emit("ld.param.b32", {word, "[retval0]"});
                emit("setp.ne.b32", {d, word, "0"});
            } else {
                emit("ld.param" + type, {d, "[retval0]"});
            }
            emit_line("\t}");
            return true;
        }
        default: return false;
    }
}

}  // namespace dpk::backends::cuda
