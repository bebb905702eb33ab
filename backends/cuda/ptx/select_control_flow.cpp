// Control flow: blocks become labels, branches bra / @p bra, OpPhi copies at the end of each
// predecessor on its own edge (a conditional branch whose taken target has phis goes through a
// trampoline label holding that edge's copies), through temporaries so phis that swap values are
// right. Structured-control-flow merges need nothing. Calls are inlined (below).
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

void FunctionTranslator::emit_phi_copies(Id target, const SpirvInstruction& inst) {
    auto b = blocks_.find(target);
    if (b == blocks_.end())
        unsupported(inst, "branch to %" + std::to_string(target) + ", not a block of " + where());
    struct Move {
        std::string to, temp, type;  // phi register, temporary, "mov" type
    };
    std::vector<Move> moves;
    for (const auto& phi : b->second->instructions) {
        if (phi.opcode != spv::Op::OpPhi) break;
        const bool matrix = has_matrices_ && is_matrix_type(module_, phi.result_type);
        const Scalar s =
            scalar(matrix ? module_.type(phi.result_type).element : phi.result_type, phi);
        Id value = 0;
        for (std::size_t i = 0; i + 1 < phi.operands.size(); i += 2)
            if (phi.operands[i + 1] == current_block_) value = phi.operands[i];
        if (value == 0)
            unsupported(phi, "it has no value for predecessor %" + std::to_string(current_block_));
        if (matrix) {  // each of the lane's elements
            const Fragment& from = use_fragment(value, phi);
            const Fragment& to = def_fragment(phi);
            for (std::size_t e = 0; e < to.size(); ++e) {
                const std::string temp = new_reg(reg_class(s));
                emit("mov" + bit_type(s), {temp, from[e]});
                moves.push_back({to[e], temp, bit_type(s)});
            }
            continue;
        }
        const std::string temp = new_reg(reg_class(s));
        emit("mov" + bit_type(s), {temp, use(value)});
        moves.push_back({def(phi), temp, bit_type(s)});
    }
    for (const Move& m : moves) emit("mov" + m.type, {m.to, m.temp});
}

void FunctionTranslator::inline_call(const SpirvInstruction& inst) {
    const Id callee = inst.operand(0);
    const SpirvFunction* f = module_.function(callee);
    if (!f || f->blocks.empty() || state_.kernel_functions.count(callee))
        unsupported(inst, "the callee %" + std::to_string(callee) +
                              " is not a function with a body that is not a kernel");
    if (f->params.size() + 1 != inst.operands.size())
        unsupported(inst, "the number of arguments does not match the callee");
    for (const InlineFrame& frame : inline_frames_)
        if (frame.function == callee) unsupported(inst, "the call is recursive");
    // The callee's parameters are the caller's argument registers: nothing writes a parameter.
    for (std::size_t i = 0; i < f->params.size(); ++i) {
        types_[f->params[i]] = f->param_types[i];
        regs_[f->params[i]] = use(inst.operands[i + 1]);
    }
    for (const auto& b : f->blocks) blocks_[b.label] = &b;
    scan_function_variables(*f);
    InlineFrame frame;
    frame.function = callee;
    if (module_.type(inst.result_type).opcode != spv::Op::OpTypeVoid) frame.result = def(inst);
    // Each copy of the body has labels of its own: $L<block>_i<copy>, and $Lret_i<copy> after it.
    frame.label_suffix = "_i" + std::to_string(++inlined_calls_);
    frame.done = "$Lret" + frame.label_suffix;
    const Id outer_block = current_block_;
    inline_frames_.push_back(frame);
    for (const auto& block : f->blocks) {
        current_block_ = block.label;
        emit_label(label(block.label));
        for (const auto& i : block.instructions) translate_instruction(i);
    }
    inline_frames_.pop_back();
    emit_label(frame.done);
    current_block_ = outer_block;
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
            emit_if("@" + cond, "bra", {taken});
            emit_phi_copies(on_false, inst);
            emit("bra", {label(on_false)});
            if (true_has_phis) {
                emit_label(taken);
                emit_phi_copies(on_true, inst);
                emit("bra", {label(on_true)});
            }
            return true;
        }
        case spv::Op::OpReturn:
            if (inline_frames_.empty()) {
                emit("ret", {});
            } else {
                emit("bra", {inline_frames_.back().done});
            }
            return true;
        case spv::Op::OpReturnValue: {
            if (inline_frames_.empty()) unsupported(inst, "a kernel cannot return a value");
            const InlineFrame& frame = inline_frames_.back();
            const Scalar s = value_scalar(inst.operand(0), inst);
            emit("mov" + bit_type(s), {frame.result, use(inst.operand(0))});
            emit("bra", {frame.done});
            return true;
        }
        case spv::Op::OpUnreachable: emit("trap", {}); return true;
        case spv::Op::OpFunctionCall: inline_call(inst); return true;
        default: return false;
    }
}

}  // namespace dpk::backends::cuda
