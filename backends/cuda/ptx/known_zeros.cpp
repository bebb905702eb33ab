#include "backends/cuda/ptx/known_zeros.h"

#include <algorithm>
#include <bit>

namespace dpk::backends::cuda {

namespace {

/// Passes over the module before giving up (a loop nest converges in a few).
constexpr int kMostPasses = 64;

bool is_int(const SpirvModule& m, Id type) {
    auto it = m.types.find(type);
    return it != m.types.end() && it->second.opcode == spv::Op::OpTypeInt;
}

}  // namespace

std::map<Id, std::uint32_t> known_low_zeros(const SpirvModule& m) {
    std::map<Id, std::uint32_t> zeros;
    for (const auto& [id, c] : m.constants) {
        if (!is_int(m, c.type)) continue;
        const std::uint32_t width = m.type(c.type).width;
        const std::uint64_t mask =
            width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
        const std::uint64_t bits = c.opcode == spv::Op::OpConstant ? c.bits & mask : 0;
        zeros[id] = bits == 0 ? kAllZero : static_cast<std::uint32_t>(std::countr_zero(bits));
    }
    // Every integer result starts at "all zero" and only loses known bits as the passes go (the
    // greatest fixed point: a loop counter's value from the back edge is not known at first).
    std::vector<const SpirvInstruction*> results;
    for (const SpirvFunction& f : m.functions)
        for (const SpirvBlock& b : f.blocks)
            for (const SpirvInstruction& inst : b.instructions)
                if (inst.result && is_int(m, inst.result_type)) {
                    results.push_back(&inst);
                    zeros[inst.result] = kAllZero;
                }
    auto of = [&](Id id) -> std::uint32_t {
        auto it = zeros.find(id);
        return it == zeros.end() ? 0 : it->second;
    };
    auto constant = [&](Id id) -> std::optional<std::uint64_t> {
        auto it = m.constants.find(id);
        if (it == m.constants.end() || it->second.opcode != spv::Op::OpConstant) return {};
        return it->second.bits;
    };
    for (int pass = 0; pass < kMostPasses; ++pass) {
        bool changed = false;
        for (const SpirvInstruction* inst : results) {
            const std::uint32_t width = m.type(inst->result_type).width;
            std::uint32_t z = 0;
            switch (inst->opcode) {
                case spv::Op::OpIAdd:
                case spv::Op::OpISub:
                case spv::Op::OpBitwiseOr:
                case spv::Op::OpBitwiseXor:
                    z = std::min(of(inst->operand(0)), of(inst->operand(1)));
                    break;
                case spv::Op::OpIMul:
                    z = std::min(kAllZero, of(inst->operand(0)) + of(inst->operand(1)));
                    break;
                case spv::Op::OpBitwiseAnd:
                    z = std::max(of(inst->operand(0)), of(inst->operand(1)));
                    break;
                case spv::Op::OpSNegate:
                case spv::Op::OpCopyObject:
                case spv::Op::OpSConvert:
                case spv::Op::OpUConvert:
                case spv::Op::OpBitcast: z = of(inst->operand(0)); break;
                case spv::Op::OpShiftLeftLogical:
                    if (auto s = constant(inst->operand(1)); s && *s < width)
                        z = std::min<std::uint64_t>(kAllZero, of(inst->operand(0)) + *s);
                    else
                        z = of(inst->operand(0)) == kAllZero ? kAllZero : 0;
                    break;
                case spv::Op::OpShiftRightLogical:
                case spv::Op::OpShiftRightArithmetic:
                    if (auto s = constant(inst->operand(1)); s && *s < width) {
                        const std::uint32_t a = of(inst->operand(0));
                        z = a == kAllZero ? kAllZero
                                          : (a > *s ? a - static_cast<std::uint32_t>(*s) : 0);
                    }
                    break;
                case spv::Op::OpSelect:
                    z = std::min(of(inst->operand(1)), of(inst->operand(2)));
                    break;
                case spv::Op::OpPhi:
                    z = kAllZero;
                    for (std::size_t k = 0; k < inst->operands.size(); k += 2)
                        z = std::min(z, of(inst->operands[k]));
                    break;
                default: z = 0; break;
            }
            // Only the value's own bits: a 32-bit value known zero is zero in its 32 bits.
            if (z != kAllZero) z = std::min(z, width);
            if (z < zeros[inst->result]) {
                zeros[inst->result] = z;
                changed = true;
            }
        }
        if (!changed) return zeros;
    }
    for (const SpirvInstruction* inst : results) zeros[inst->result] = 0;  // did not settle
    return zeros;
}

}  // namespace dpk::backends::cuda
