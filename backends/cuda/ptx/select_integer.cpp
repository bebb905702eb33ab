// Integer arithmetic: add, sub, mul, div, rem, negate, bitwise operations, shifts and bit counts
// (OpBitCount: popc, which counts into a .u32 whatever the operand's width).
//
// 8/16-bit values compute in 32-bit registers: add/sub/mul/neg/not/and/or/xor/shl give the right
// low bits whatever the high bits hold; division, remainder and right shifts extend their
// operands first. Division by zero does not trap (PTX gives an unspecified value, as OpenCL
// allows). Shift counts are masked to the operand's width, as in OpenCL C.
//
// A 32-bit (or narrower) negation is written out as ~x + 1: ptxas (CUDA 12.9 and 13, sm_90)
// folds a `neg` (or 0 - x, or x * -1) that feeds a chain of two signed min or max into one
// three-operand min/max and drops the negation there, so that max(a, max(b, -c)) comes out as
// max(a, b, c). It leaves ~x + 1 as it is.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWordBits = 32;

}  // namespace

bool FunctionTranslator::divide_by_power_of_two(const SpirvInstruction& inst, const Scalar& s,
                                                const std::string& a, bool is_signed,
                                                bool is_div) {
    const std::optional<std::uint64_t> c = constant_value(inst.operand(1));
    const unsigned width = s.bits < kWordBits ? kWordBits : s.bits;
    if (!c) return false;
    std::uint64_t divisor = *c;
    if (s.bits < 2 * kWordBits) divisor &= (std::uint64_t{1} << s.bits) - 1;
    // A negative divisor's bits look like a large power of two only for the most negative value.
    if (divisor < 2 || (divisor & (divisor - 1)) != 0 || divisor >> (s.bits - 1) != 0)
        return false;
    unsigned k = 0;
    while ((std::uint64_t{1} << k) != divisor) ++k;
    const std::string d = def(inst);
    const std::string bits = width == kWordBits ? ".b32" : ".b64";
    const RegClass rc = width == kWordBits ? RegClass::B32 : RegClass::B64;
    const std::string sk = std::to_string(k);
    if (!is_signed) {
        if (is_div)
            emit(std::string("shr") + (width == kWordBits ? ".u32" : ".u64"), {d, a, sk});
        else
            emit("and" + bits, {d, a, std::to_string(divisor - 1)});
        return true;
    }
    // Truncating division: add divisor - 1 to negative dividends, then shift.
    const std::string stype = width == kWordBits ? ".s32" : ".s64";
    const std::string utype = width == kWordBits ? ".u32" : ".u64";
    const std::string sign = new_reg(rc);
    const std::string bias = new_reg(rc);
    const std::string biased = new_reg(rc);
    emit("shr" + stype, {sign, a, std::to_string(width - 1)});
    emit("shr" + utype, {bias, sign, std::to_string(width - k)});
    emit("add" + stype, {biased, a, bias});
    if (is_div) {
        emit("shr" + stype, {d, biased, sk});
        return true;
    }
    // Remainder: a minus the quotient times the divisor.
    const std::string quotient = new_reg(rc);
    const std::string multiple = new_reg(rc);
    emit("shr" + stype, {quotient, biased, sk});
    emit("shl" + bits, {multiple, quotient, sk});
    emit("sub" + stype, {d, a, multiple});
    return true;
}

bool FunctionTranslator::negate_as_complement(const SpirvInstruction& inst, const Scalar& s) {
    if (s.bits > kWordBits) return false;
    const std::uint64_t mask = (std::uint64_t{1} << s.bits) - 1;
    auto is = [&](std::uint32_t k, std::uint64_t value) {
        const std::optional<std::uint64_t> c = constant_value(inst.operand(k));
        return c && (*c & mask) == (value & mask);
    };
    std::uint32_t x = 0;
    if (inst.opcode == spv::Op::OpSNegate)
        x = 0;
    else if (inst.opcode == spv::Op::OpISub && is(0, 0))
        x = 1;
    else if (inst.opcode == spv::Op::OpIMul && is(1, ~std::uint64_t{0}))
        x = 0;
    else if (inst.opcode == spv::Op::OpIMul && is(0, ~std::uint64_t{0}))
        x = 1;
    else
        return false;
    const std::string complement = new_reg(RegClass::B32);
    emit("not.b32", {complement, use(inst.operand(x))});
    emit("add.s32", {def(inst), complement, "1"});
    return true;
}

bool FunctionTranslator::select_integer(const SpirvInstruction& inst) {
    const spv::Op op = inst.opcode;
    switch (op) {
        case spv::Op::OpIAdd:
        case spv::Op::OpISub:
        case spv::Op::OpIMul:
        case spv::Op::OpSDiv:
        case spv::Op::OpUDiv:
        case spv::Op::OpSRem:
        case spv::Op::OpUMod:
        case spv::Op::OpSNegate:
        case spv::Op::OpNot:
        case spv::Op::OpBitwiseAnd:
        case spv::Op::OpBitwiseOr:
        case spv::Op::OpBitwiseXor:
        case spv::Op::OpShiftLeftLogical:
        case spv::Op::OpShiftRightLogical:
        case spv::Op::OpShiftRightArithmetic:
        case spv::Op::OpBitCount: break;
        default: return false;
    }
    const Scalar s = scalar(inst.result_type, inst);
    if (!s.is_int()) unsupported(inst, "only scalar integer operands are supported");
    if (negate_as_complement(inst, s)) return true;
    const std::string d = def(inst);
    const std::string bits = bit_type(s);
    // add/sub/mul compute the right low bits whatever an 8/16-bit operand's high bits hold.
    auto second = [&](const SpirvInstruction& i) {
        return s.bits >= kWordBits ? extended_or_immediate(i.operand(1), false, i)
                                   : use(i.operand(1));
    };
    if (op == spv::Op::OpBitCount) {
        const Scalar x = value_scalar(inst.operand(0), inst);
        if (x.bits != s.bits || (s.bits != kWordBits && s.bits != 2 * kWordBits))
            unsupported(inst, "OpBitCount needs a 32- or 64-bit integer of the result's width");
        if (s.bits == kWordBits) {
            emit("popc" + bits, {d, use(inst.operand(0))});
            return true;
        }
        const std::string n = new_reg(RegClass::B32);
        emit("popc" + bits, {n, use(inst.operand(0))});
        emit("cvt.u64.u32", {d, n});
        return true;
    }
    switch (op) {
        case spv::Op::OpIAdd:
            emit("add" + int_type(s, true), {d, use(inst.operand(0)), second(inst)});
            return true;
        case spv::Op::OpISub:
            emit("sub" + int_type(s, true), {d, use(inst.operand(0)), second(inst)});
            return true;
        case spv::Op::OpIMul:
            emit("mul.lo" + int_type(s, true), {d, use(inst.operand(0)), second(inst)});
            return true;
        case spv::Op::OpSNegate:
            emit("neg" + int_type(s, true), {d, use(inst.operand(0))});
            return true;
        case spv::Op::OpNot: emit("not" + bits, {d, use(inst.operand(0))}); return true;
        case spv::Op::OpBitwiseAnd:
            emit("and" + bits, {d, use(inst.operand(0)), use(inst.operand(1))});
            return true;
        case spv::Op::OpBitwiseOr:
            emit("or" + bits, {d, use(inst.operand(0)), use(inst.operand(1))});
            return true;
        case spv::Op::OpBitwiseXor:
            emit("xor" + bits, {d, use(inst.operand(0)), use(inst.operand(1))});
            return true;
        case spv::Op::OpSDiv:
        case spv::Op::OpUDiv:
        case spv::Op::OpSRem:
        case spv::Op::OpUMod: {
            const bool is_signed = op == spv::Op::OpSDiv || op == spv::Op::OpSRem;
            const bool is_div = op == spv::Op::OpSDiv || op == spv::Op::OpUDiv;
            const std::string a = extended(inst.operand(0), is_signed, inst);
            if (divide_by_power_of_two(inst, s, a, is_signed, is_div)) return true;
            const std::string b = extended_or_immediate(inst.operand(1), is_signed, inst);
            emit((is_div ? "div" : "rem") + int_type(s, is_signed), {d, a, b});
            return true;
        }
        default: break;
    }
    // Shifts: the count (of any integer width) masked to 0 .. width-1, as a .u32.
    const Id count_id = inst.operand(1);
    const Scalar cs = value_scalar(count_id, inst);
    if (!cs.is_int()) unsupported(inst, "the shift count is not an integer");
    std::string count = use(count_id);
    if (cs.bits > kWordBits) {
        const std::string c32 = new_reg(RegClass::B32);
        emit("cvt.u32.u64", {c32, count});
        count = c32;
    }
    const std::string masked = new_reg(RegClass::B32);
    emit("and.b32", {masked, count, std::to_string(s.bits - 1)});
    if (op == spv::Op::OpShiftLeftLogical) {
        emit("shl" + bits, {d, use(inst.operand(0)), masked});
        return true;
    }
    const bool arithmetic = op == spv::Op::OpShiftRightArithmetic;
    const std::string value = extended(inst.operand(0), arithmetic, inst);
    emit("shr" + int_type(s, arithmetic), {d, value, masked});
    return true;
}

}  // namespace dpk::backends::cuda
