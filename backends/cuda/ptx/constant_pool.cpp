#include "backends/cuda/ptx/constant_pool.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kF64Bits = 64;
constexpr std::uint64_t kLowWord = 0xFFFFFFFFu;

/// The f64 immediate `item` moves into a register, or null.
const PtxImmediate* moved_f64(const PtxItem& item) {
    if (item.kind != PtxItem::Kind::Instruction || !item.comment.empty()) return nullptr;
    const PtxInstruction& i = item.inst;
    if (!i.guard.empty() || (i.opcode != "mov.f64" && i.opcode != "mov.b64") ||
        i.operands.size() != 2 || i.operands[0].immediate() ||
        i.operands[0].text().rfind('%', 0) != 0)
        return nullptr;
    const PtxImmediate* imm = i.operands[1].immediate();
    if (!imm || !imm->type.is_float() || imm->type.bits != kF64Bits) return nullptr;
    return imm;
}

}  // namespace

void F64ConstantPool::pool(PtxItems& items) {
    for (PtxItem& item : items) {
        const PtxImmediate* imm = moved_f64(item);
        if (!imm || (imm->bits & kLowWord) == 0) continue;
        auto it = slots_.find(imm->bits);
        if (it == slots_.end()) {
            if (slots_.size() == kMaxPooledF64Constants) continue;  // stays an immediate
            it = slots_.emplace(imm->bits, order_.size()).first;
            order_.push_back(imm->bits);
        }
        PtxInstruction& i = item.inst;
        i.opcode = "ld.const.f64";
        i.operands[1] = "[" + std::string(kF64ConstantTable) + "+" +
                        std::to_string(it->second * sizeof(std::uint64_t)) + "]";
    }
}

std::string F64ConstantPool::declaration() const {
    if (order_.empty()) return {};
    std::string declaration = ".const .align 8 .b64 " + std::string(kF64ConstantTable) + "[" +
                              std::to_string(order_.size()) + "] = {";
    for (std::size_t i = 0; i < order_.size(); ++i) {
        declaration += i % 4 == 0 ? "\n\t" : " ";
        declaration +=
            "0x" + immediate_text({Scalar{Scalar::Kind::Float, kF64Bits}, order_[i]}).substr(2);
        declaration += i + 1 < order_.size() ? "," : "";
    }
    return declaration + "\n};\n";
}

}  // namespace dpk::backends::cuda
