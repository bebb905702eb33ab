// Float arithmetic: add, sub, mul with round-to-nearest-even and never contracted (.rn), division
// correctly rounded (div.rn, never div.approx/div.full), negation, OpFRem (the math library's
// fmod: the result has the dividend's sign), IsNan, IsInf and IsFinite. No .ftz: denormals are
// kept.
// f16 uses sm_53+'s native .f16 add/sub/mul/neg; f16 division goes through f32 (exact: f32 holds
// twice f16's precision plus two bits, so rounding the f32 quotient to f16 is correctly rounded).
#include "backends/cuda/ptx/function_translator.h"
#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kHalfBits = 16;
constexpr std::uint32_t kWordBits = 32;

/// +infinity as a PTX immediate of a 32/64-bit float.
std::string infinity(const Scalar& s) {
    return s.bits == kWordBits ? "0f7F800000" : "0d7FF0000000000000";
}

}  // namespace

bool FunctionTranslator::select_float(const SpirvInstruction& inst) {
    const spv::Op op = inst.opcode;
    switch (op) {
        case spv::Op::OpFAdd:
        case spv::Op::OpFSub:
        case spv::Op::OpFMul:
        case spv::Op::OpFDiv:
        case spv::Op::OpFNegate:
        case spv::Op::OpFRem: break;
        case spv::Op::OpIsNan:
        case spv::Op::OpIsInf:
        case spv::Op::OpIsFinite: {
            const Scalar x = value_scalar(inst.operand(0), inst);
            if (!x.is_float()) unsupported(inst, "the operand is not a scalar float");
            const std::string d = def(inst);
            const std::string v = use(inst.operand(0));
            if (op == spv::Op::OpIsNan) {
                emit("setp.nan" + float_type(x), {d, v, v});
                return true;
            }
            const bool finite = op == spv::Op::OpIsFinite;  // |x| < inf: false for NaN
            if (x.bits == kHalfBits) {                      // |x| == inf as bits: 0x7C00
                const std::string bits = new_reg(RegClass::B16);
                emit("and.b16", {bits, v, "0x7FFF"});
                emit(finite ? "setp.lt.u16" : "setp.eq.b16", {d, bits, "0x7C00"});
                return true;
            }
            const std::string a = new_reg(reg_class(x));
            emit("abs" + float_type(x), {a, v});
            emit((finite ? "setp.lt" : "setp.eq") + float_type(x), {d, a, infinity(x)});
            return true;
        }
        default: return false;
    }
    const Scalar s = scalar(inst.result_type, inst);
    if (!s.is_float()) unsupported(inst, "only scalar float operands are supported");
    const std::string d = def(inst);
    const std::string ft = float_type(s);
    const std::string a = use(inst.operand(0));
    if (op == spv::Op::OpFNegate) {
        emit("neg" + ft, {d, a});
        return true;
    }
    const std::string b = use(inst.operand(1));
    if (op == spv::Op::OpFRem)
        call_math(inst, "fmod", s, d, {a, b});
    else
        float_binary(op, s, d, a, b);
    return true;
}

void FunctionTranslator::float_binary(spv::Op op, const Scalar& s, const std::string& d,
                                      const std::string& a, const std::string& b) {
    const std::string ft = float_type(s);
    switch (op) {
        case spv::Op::OpFAdd: emit("add.rn" + ft, {d, a, b}); return;
        case spv::Op::OpFSub: emit("sub.rn" + ft, {d, a, b}); return;
        case spv::Op::OpFMul: emit("mul.rn" + ft, {d, a, b}); return;
        case spv::Op::OpFDiv:
            if (s.bits == kHalfBits) {
                const std::string fa = new_reg(RegClass::F32);
                const std::string fb = new_reg(RegClass::F32);
                const std::string q = new_reg(RegClass::F32);
                emit("cvt.f32.f16", {fa, a});
                emit("cvt.f32.f16", {fb, b});
                emit("div.rn.f32", {q, fa, fb});
                emit("cvt.rn.f16.f32", {d, q});
                return;
            }
            emit("div.rn" + ft, {d, a, b});
            return;
        default: fail("internal: float_binary of " + opcode_text(op));
    }
}

}  // namespace dpk::backends::cuda
