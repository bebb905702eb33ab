// Conversions: float <-> int (float -> int rounds toward zero and saturates, as PTX's cvt.rzi
// does, and NaN -> 0, which cvt gives only from f32 to at most 32 bits; int -> float rounds to
// nearest even), float <-> float, integer width changes and
// bitcasts. FPRoundingMode decorations choose the rounding; SaturatedConversion is what PTX's
// float -> int conversions always do, and is rejected on integer -> integer conversions.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWordBits = 32;

/// The rounding suffix a FPRoundingMode decoration asks for: float results (".rn", ...) or
/// float -> int results (".rni", ...); `fallback` when undecorated.
std::string rounding(const SpirvModule& m, Id result, bool integer_result, const char* fallback) {
    auto mode = m.decoration(result, spv::Decoration::FPRoundingMode);
    if (!mode || mode->empty()) return fallback;
    const char* base = ".rn";
    switch (static_cast<spv::FPRoundingMode>(mode->front())) {
        case spv::FPRoundingMode::RTE: base = ".rn"; break;
        case spv::FPRoundingMode::RTZ: base = ".rz"; break;
        case spv::FPRoundingMode::RTP: base = ".rp"; break;
        case spv::FPRoundingMode::RTN: base = ".rm"; break;
        default: break;
    }
    return std::string(base) + (integer_result ? "i" : "");
}

/// ".s8" ... ".u64": an integer's exact width, for cvt.
std::string exact_int(const Scalar& s, bool is_signed) {
    return (is_signed ? ".s" : ".u") + std::to_string(s.bits);
}

}  // namespace

bool FunctionTranslator::select_conversion(const SpirvInstruction& inst) {
    const spv::Op op = inst.opcode;
    switch (op) {
        case spv::Op::OpConvertFToS:
        case spv::Op::OpConvertFToU:
        case spv::Op::OpConvertSToF:
        case spv::Op::OpConvertUToF:
        case spv::Op::OpFConvert:
        case spv::Op::OpSConvert:
        case spv::Op::OpUConvert:
        case spv::Op::OpBitcast:
        case spv::Op::OpConvertPtrToU:
        case spv::Op::OpConvertUToPtr: break;
        default: return false;
    }
    const Scalar to = scalar(inst.result_type, inst);
    const Scalar from = value_scalar(inst.operand(0), inst);
    if (op == spv::Op::OpBitcast && bounds_record_pointers_.count(inst.operand(0)))
        bounds_record_pointers_.insert(inst.result);
    const bool saturated =
        module_.decoration(inst.result, spv::Decoration::SaturatedConversion).has_value();
    const std::string d = def(inst);
    switch (op) {
        case spv::Op::OpConvertFToS:
        case spv::Op::OpConvertFToU: {
            if (!from.is_float() || !to.is_int()) unsupported(inst, "expects a float -> integer");
            const bool is_signed = op == spv::Op::OpConvertFToS;
            const std::string x = use(inst.operand(0));
            emit("cvt" + rounding(module_, inst.result, true, ".rzi") + exact_int(to, is_signed) +
                     float_type(from),
                 {d, x});
            // cvt gives 0 for NaN only from f32 to 8-32 bits (measured on an H200): from f64, and
            // to 64 bits, the saturated conversion's 0 is chosen here.
            if (saturated && (from.bits == 64 || to.bits == 64)) {
                const std::string nan = new_reg(RegClass::Pred);
                emit("setp.nan" + float_type(from), {nan, x, x});
                emit(to.bits == 64 ? "selp.b64" : "selp.b32", {d, "0", d, nan});
            }
            return true;
        }
        case spv::Op::OpConvertSToF:
        case spv::Op::OpConvertUToF: {
            if (!from.is_int() || !to.is_float()) unsupported(inst, "expects an integer -> float");
            const bool is_signed = op == spv::Op::OpConvertSToF;
            const std::string v = extended(inst.operand(0), is_signed, inst);
            emit("cvt" + rounding(module_, inst.result, false, ".rn") + float_type(to) +
                     int_type(from, is_signed),
                 {d, v});
            return true;
        }
        case spv::Op::OpFConvert: {
            if (!from.is_float() || !to.is_float()) unsupported(inst, "expects float -> float");
            // bf16 <-> f32 (cvt.f32.bf16, cvt.rn.bf16.f32: sm_80); dpk converts every other type
            // to and from bf16 through f32.
            if ((from.bfloat16 || to.bfloat16) &&
                (from.bfloat16 == to.bfloat16 || (from.bfloat16 ? to.bits : from.bits) != 32))
                unsupported(inst, "bf16 converts to and from f32 only");
            if (to.bits == from.bits)
                emit("mov" + bit_type(to), {d, use(inst.operand(0))});
            else if (to.bits > from.bits)  // exact: no rounding modifier
                emit("cvt" + float_type(to) + float_type(from), {d, use(inst.operand(0))});
            else {
                const std::string x = use(inst.operand(0));
                emit("cvt" + rounding(module_, inst.result, false, ".rn") + float_type(to) +
                         float_type(from),
                     {d, x});
                // dpk's bf16 of a NaN is the quiet NaN 0x7fc0 with the NaN's sign
                // (docs/language.md), as on the other devices, whatever NaN cvt gives.
                if (to.bfloat16) {
                    const std::string low = new_reg(RegClass::B16);
                    const std::string high = new_reg(RegClass::B16);
                    const std::string nan = new_reg(RegClass::Pred);
                    emit("mov.b32", {"{" + low + ", " + high + "}", x});
                    emit("and.b16", {high, high, "0x8000"});
                    emit("or.b16", {high, high, "0x7fc0"});
                    emit("setp.nan.f32", {nan, x, x});
                    emit("selp.b16", {d, high, d, nan});
                }
            }
            return true;
        }
        case spv::Op::OpSConvert:
        case spv::Op::OpUConvert: {
            if (!from.is_int() || !to.is_int()) unsupported(inst, "expects integer operands");
            if (saturated) unsupported(inst, "saturating integer conversions are not supported");
            const bool is_signed = op == spv::Op::OpSConvert;
            if (to.bits > kWordBits && from.bits <= kWordBits) {
                const std::string v = extended(inst.operand(0), is_signed, inst);
                emit("cvt" + int_type(to, is_signed) + int_type(from, is_signed), {d, v});
            } else if (from.bits > kWordBits && to.bits <= kWordBits) {
                emit("cvt.u32.u64", {d, use(inst.operand(0))});  // keeps the low bits
            } else if (to.bits > from.bits) {
                emit("cvt" + int_type(to, is_signed) + exact_int(from, is_signed),
                     {d, use(inst.operand(0))});
            } else {
                emit("mov" + bit_type(to), {d, use(inst.operand(0))});
            }
            return true;
        }
        default: break;
    }
    // Bitcasts and pointer <-> integer conversions: the same bits in another register class.
    const bool pointer_cast = op == spv::Op::OpConvertPtrToU || op == spv::Op::OpConvertUToPtr;
    if (pointer_cast && (to.bits != from.bits || (to.is_pointer() == from.is_pointer())))
        unsupported(inst, "only conversions between pointers and 64-bit integers are supported");
    if (to.is_bool() || from.is_bool() || to.bits != from.bits)
        unsupported(inst, "cannot reinterpret " + type_text(module_, type_of(inst.operand(0))) +
                              " as " + type_text(module_, inst.result_type));
    if (to.is_pointer() && from.is_pointer() && to.storage != from.storage)
        unsupported(inst, "pointer casts between storage classes are not supported");
    const std::string v = use(inst.operand(0));
    if (reg_class(to) == RegClass::B16 && reg_class(from) == RegClass::B32)
        emit("cvt.u16.u32", {d, v});  // an i16 in its 32-bit register -> f16 bits
    else if (reg_class(to) == RegClass::B32 && reg_class(from) == RegClass::B16)
        emit("cvt.u32.u16", {d, v});
    else
        emit("mov.b" + std::to_string(to.bits), {d, v});
    return true;
}

}  // namespace dpk::backends::cuda
