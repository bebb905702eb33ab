// Comparisons (integer, ordered/unordered float), logical operations on bools (predicates) and
// OpSelect.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

namespace {

struct IntCompare {
    const char* cmp;
    bool is_signed;
};

std::optional<IntCompare> int_compare(spv::Op op) {
    switch (op) {
        case spv::Op::OpIEqual: return IntCompare{"eq", false};
        case spv::Op::OpINotEqual: return IntCompare{"ne", false};
        case spv::Op::OpSLessThan: return IntCompare{"lt", true};
        case spv::Op::OpSLessThanEqual: return IntCompare{"le", true};
        case spv::Op::OpSGreaterThan: return IntCompare{"gt", true};
        case spv::Op::OpSGreaterThanEqual: return IntCompare{"ge", true};
        case spv::Op::OpULessThan: return IntCompare{"lt", false};
        case spv::Op::OpULessThanEqual: return IntCompare{"le", false};
        case spv::Op::OpUGreaterThan: return IntCompare{"gt", false};
        case spv::Op::OpUGreaterThanEqual: return IntCompare{"ge", false};
        default: return std::nullopt;
    }
}

/// PTX comparison of a float OpF{Ord,Unord}* / OpOrdered / OpUnordered: ordered comparisons are
/// false when an operand is NaN, unordered ones (the ...u forms) true.
const char* float_compare(spv::Op op) {
    switch (op) {
        case spv::Op::OpFOrdEqual: return "eq";
        case spv::Op::OpFOrdNotEqual: return "ne";
        case spv::Op::OpFOrdLessThan: return "lt";
        case spv::Op::OpFOrdLessThanEqual: return "le";
        case spv::Op::OpFOrdGreaterThan: return "gt";
        case spv::Op::OpFOrdGreaterThanEqual: return "ge";
        case spv::Op::OpFUnordEqual: return "equ";
        case spv::Op::OpFUnordNotEqual: return "neu";
        case spv::Op::OpFUnordLessThan: return "ltu";
        case spv::Op::OpFUnordLessThanEqual: return "leu";
        case spv::Op::OpFUnordGreaterThan: return "gtu";
        case spv::Op::OpFUnordGreaterThanEqual: return "geu";
        case spv::Op::OpOrdered: return "num";
        case spv::Op::OpUnordered: return "nan";
        default: return nullptr;
    }
}

}  // namespace

bool FunctionTranslator::select_logic(const SpirvInstruction& inst) {
    const spv::Op op = inst.opcode;
    if (auto c = int_compare(op)) {
        const Scalar s = value_scalar(inst.operand(0), inst);
        if (!s.is_int()) unsupported(inst, "only scalar integer operands are supported");
        const std::string d = def(inst);
        const std::string a = extended(inst.operand(0), c->is_signed, inst);
        const std::string b = extended_or_immediate(inst.operand(1), c->is_signed, inst);
        emit(std::string("setp.") + c->cmp + int_type(s, c->is_signed), {d, a, b});
        return true;
    }
    if (const char* cmp = float_compare(op)) {
        const Scalar s = value_scalar(inst.operand(0), inst);
        if (!s.is_float()) unsupported(inst, "only scalar float operands are supported");
        const std::string d = def(inst);
        emit(std::string("setp.") + cmp + float_type(s),
             {d, use(inst.operand(0)), use(inst.operand(1))});
        return true;
    }
    switch (op) {
        case spv::Op::OpLogicalAnd:
        case spv::Op::OpLogicalOr:
        case spv::Op::OpLogicalNotEqual:
        case spv::Op::OpLogicalEqual:
        case spv::Op::OpLogicalNot: {
            if (!scalar(inst.result_type, inst).is_bool())
                unsupported(inst, "only scalar bool operands are supported");
            const std::string d = def(inst);
            const std::string a = use(inst.operand(0));
            if (op == spv::Op::OpLogicalNot) {
                emit("not.pred", {d, a});
                return true;
            }
            const std::string b = use(inst.operand(1));
            if (op == spv::Op::OpLogicalAnd) emit("and.pred", {d, a, b});
            if (op == spv::Op::OpLogicalOr) emit("or.pred", {d, a, b});
            if (op == spv::Op::OpLogicalNotEqual) emit("xor.pred", {d, a, b});
            if (op == spv::Op::OpLogicalEqual) {
                const std::string t = new_reg(RegClass::Pred);
                emit("xor.pred", {t, a, b});
                emit("not.pred", {d, t});
            }
            return true;
        }
        case spv::Op::OpSelect: {
            const Scalar s = scalar(inst.result_type, inst);
            if (!value_scalar(inst.operand(0), inst).is_bool())
                unsupported(inst, "only a scalar bool condition is supported");
            const std::string d = def(inst);
            const std::string c = use(inst.operand(0));
            const std::string a = use(inst.operand(1));
            const std::string b = use(inst.operand(2));
            if (s.is_bool()) {  // selp has no .pred form
                emit_if("@" + c, "mov.pred", {d, a});
                emit_if("@!" + c, "mov.pred", {d, b});
                return true;
            }
            emit("selp" + bit_type(s), {d, a, b, c});
            return true;
        }
        default: return false;
    }
}

}  // namespace dpk::backends::cuda
