// FunctionEmitter: expressions, operators, conversions and calls of device functions.
#include <limits>

#include "compiler/spirv/function_emitter.h"
#include "core/bfloat16.h"

namespace dpk::compiler::spirv {

namespace {

using ast::BinaryOp;

// bf16 as f32's top half (core/bfloat16.h): the constants of its conversions as integers.
constexpr std::uint32_t kBf16DroppedBits = 16;
constexpr std::uint32_t kBf16BelowHalf = 0x7fff;
constexpr std::uint32_t kBf16Sign = 0x8000;
constexpr std::uint32_t kF32Magnitude = 0x7fffffff;
constexpr std::uint32_t kF32Infinity = 0x7f800000;

bool is_comparison(BinaryOp op) {
    switch (op) {
        case BinaryOp::Lt:
        case BinaryOp::Le:
        case BinaryOp::Gt:
        case BinaryOp::Ge:
        case BinaryOp::Eq:
        case BinaryOp::Ne: return true;
        default: return false;
    }
}

/// The type both operands of a comparison are brought to (sema normally made them equal).
const types::Type* comparison_type(const types::Type* a, const types::Type* b) {
    if (a == b) return a;
    if (a->is_float_type() != b->is_float_type()) return a->is_float_type() ? a : b;
    return dtype_bits(a->dtype) >= dtype_bits(b->dtype) ? a : b;
}

}  // namespace

Id FunctionEmitter::emit_value(const ast::Expr& e) {
    const auto& info = fn_.info(e);
    const types::Type* result = info.result();
    if (info.constant && result && result->is_scalar())
        return m_.constant(*info.constant, result->dtype);
    Id value = emit_raw(e);
    if (info.converted_to && info.type && info.converted_to != info.type)
        value = convert(value, info.type, info.converted_to);
    return value;
}

Id FunctionEmitter::emit_value_as(const ast::Expr& e, const types::Type* to) {
    const auto& info = fn_.info(e);
    const types::Type* result = info.result();
    if (info.constant && to && to->is_scalar()) return m_.constant(*info.constant, to->dtype);
    Id value = emit_value(e);
    return (result && to && result != to) ? convert(value, result, to) : value;
}

Id FunctionEmitter::emit_raw(const ast::Expr& e) {
    const auto& info = fn_.info(e);
    if (info.constant && info.type && info.type->is_scalar())
        return m_.constant(*info.constant, info.type->dtype);
    switch (e.kind) {
        case ast::ExprKind::IntLit: {
            const auto& lit = static_cast<const ast::IntLit&>(e);
            return m_.const_int(info.type->dtype, static_cast<std::int64_t>(lit.value));
        }
        case ast::ExprKind::FloatLit:
            return m_.const_float(info.type->dtype, static_cast<const ast::FloatLit&>(e).value);
        case ast::ExprKind::BoolLit:
            return m_.b.constant_bool(static_cast<const ast::BoolLit&>(e).value);
        case ast::ExprKind::Name: return emit_name(static_cast<const ast::Name&>(e));
        case ast::ExprKind::Unary: return emit_unary(static_cast<const ast::Unary&>(e));
        case ast::ExprKind::Binary: return emit_binary(static_cast<const ast::Binary&>(e));
        case ast::ExprKind::Call: return emit_call(static_cast<const ast::Call&>(e));
        case ast::ExprKind::Index: return emit_index(static_cast<const ast::Index&>(e));
        case ast::ExprKind::Member: return emit_member(static_cast<const ast::Member&>(e));
        case ast::ExprKind::Tuple:
        case ast::ExprKind::StringLit: break;
    }
    error("internal: a tuple or a string is not a value here");
    return m_.const_i64(0);
}

Id FunctionEmitter::emit_name(const ast::Name& e) {
    const auto& info = fn_.info(e);
    if (info.name_kind == sema::ExprInfo::NameKind::Var) {
        const Binding& b = bindings_.at(info.var_id);
        switch (b.kind) {
            case Binding::Kind::Value: return b.id;
            case Binding::Kind::Variable: return load(b.type, b.id);
            case Binding::Kind::Array:
                error("internal: array '" + e.name + "' used as a value");
                break;
            case Binding::Kind::None:
                error("internal: '" + e.name + "' used before its declaration");
                break;
        }
    } else {
        error("internal: name '" + e.name + "' has no value (no folded constant)");
    }
    return m_.const_i64(0);
}

Id FunctionEmitter::emit_unary(const ast::Unary& e) {
    const types::Type* t = fn_.info(e).type;
    if (t && t->is_matrix()) return emit_matrix_negation(e);
    Id operand_value = emit_value_as(*e.operand, t);
    const Id type = m_.type_of(t);
    switch (e.op) {
        case ast::UnaryOp::Neg:
            if (t->dtype == DType::BF16)  // exact in f32
                return f32_to_bf16(negate_float(bf16_to_f32(operand_value), DType::F32));
            if (t->is_float_type()) return negate_float(operand_value, t->dtype);
            return inst(spv::Op::OpSNegate, type, {operand_value});
        case ast::UnaryOp::Plus: return operand_value;
        case ast::UnaryOp::Not: return inst(spv::Op::OpLogicalNot, type, {operand_value});
        case ast::UnaryOp::BitNot:
            if (t->is_bool()) return inst(spv::Op::OpLogicalNot, type, {operand_value});
            if (m_.avoids(DriverDefect::NotOfMinMax)) {
                // All ones by a mask the driver cannot fold into a min or max.
                const auto bits = static_cast<std::uint32_t>(dtype_bits(t->dtype));
                Id ones = inst(spv::Op::OpNot, type, {work_item_zero(bits)});
                return inst(spv::Op::OpBitwiseXor, type, {operand_value, ones});
            }
            return inst(spv::Op::OpNot, type, {operand_value});
    }
    return operand_value;
}

Id FunctionEmitter::negate_float(Id x, DType t) {
    if (!m_.avoids(DriverDefect::NegationAcrossBarrier))
        return inst(spv::Op::OpFNegate, m_.value_type(t), {x});
    // The sign bit flipped by a mask the driver cannot see is constant, so that no fold of the
    // negation (into fabs, fmin, ...) happens: a zero of the launch, as the driver bounds the
    // local id where bounds checks compare it (driver_defects' negated_difference_checked).
    const auto bits = static_cast<std::uint32_t>(dtype_bits(t));
    const Id int_type = m_.b.type_int(bits);
    Id mask = inst(spv::Op::OpBitwiseXor, int_type,
                   {m_.b.constant(int_type, std::uint64_t{1} << (bits - 1)), launch_zero(bits)});
    return xor_float_bits(x, t, mask);
}

Id FunctionEmitter::emit_binary(const ast::Binary& e) {
    if (e.op == BinaryOp::LogAnd || e.op == BinaryOp::LogOr) return emit_short_circuit(e);
    const types::Type* lt = fn_.info(*e.lhs).result();
    const types::Type* rt = fn_.info(*e.rhs).result();
    if (is_comparison(e.op)) {
        if (const std::optional<bool> known = range_guard(e)) return m_.b.constant_bool(*known);
        const types::Type* t = comparison_type(lt, rt);
        Id l = emit_value_as(*e.lhs, t);
        Id r = emit_value_as(*e.rhs, t);
        return compare(e.op, l, r, t->dtype);
    }
    const types::Type* t = fn_.info(e).type;
    if (t && t->is_matrix()) return emit_matrix_arithmetic(e);
    if (e.op == BinaryOp::Add || e.op == BinaryOp::Sub) {  // operands in source order
        if (const ast::Binary* product = contractible_product(*e.lhs, t)) {
            Id a = emit_value_as(*product->lhs, t);
            Id b = emit_value_as(*product->rhs, t);
            return multiply_add(e.op, a, b, emit_value_as(*e.rhs, t), true, t);
        }
        if (const ast::Binary* product = contractible_product(*e.rhs, t)) {
            Id c = emit_value_as(*e.lhs, t);
            Id a = emit_value_as(*product->lhs, t);
            return multiply_add(e.op, a, emit_value_as(*product->rhs, t), c, false, t);
        }
    }
    Id l = emit_value_as(*e.lhs, t);
    Id r = (e.op == BinaryOp::Shl || e.op == BinaryOp::Shr) ? emit_value(*e.rhs)
                                                            : emit_value_as(*e.rhs, t);
    return arithmetic(e.op, l, r, t->dtype);
}

const ast::Binary* FunctionEmitter::contractible_product(const ast::Expr& e,
                                                         const types::Type* t) const {
    // bf16 operations round to bf16 each: a fused multiply-add would round once.
    if (!m_.options.fp_contract || !t || !t->is_float_type() || t->dtype == DType::BF16 ||
        e.kind != ast::ExprKind::Binary)
        return nullptr;
    const auto& product = static_cast<const ast::Binary&>(e);
    const auto& info = fn_.info(e);
    if (product.op != BinaryOp::Mul || info.constant || info.type != t || info.result() != t)
        return nullptr;
    return &product;
}

Id FunctionEmitter::multiply_add(BinaryOp op, Id a, Id b, Id c, bool product_first,
                                 const types::Type* t) {
    // Negation is exact: a*b - c = mad(a, b, -c), c - a*b = mad(-a, b, c).
    if (op == BinaryOp::Sub) {
        if (product_first)
            c = negate_float(c, t->dtype);
        else
            a = negate_float(a, t->dtype);
    }
    return float_function(OpenCLLIB::Mad, t->dtype, std::array<Id, 3>{a, b, c});
}

bool FunctionEmitter::is_cheap_and_pure(const ast::Expr& e) const {
    const auto& info = fn_.info(e);
    if (info.constant) return true;
    switch (e.kind) {
        case ast::ExprKind::IntLit:
        case ast::ExprKind::FloatLit:
        case ast::ExprKind::BoolLit: return true;
        case ast::ExprKind::Name: return info.name_kind == sema::ExprInfo::NameKind::Var;
        case ast::ExprKind::Unary:
            return is_cheap_and_pure(*static_cast<const ast::Unary&>(e).operand);
        case ast::ExprKind::Binary: {
            const auto& b = static_cast<const ast::Binary&>(e);
            if (b.op == BinaryOp::Div || b.op == BinaryOp::Rem) return false;
            return is_cheap_and_pure(*b.lhs) && is_cheap_and_pure(*b.rhs);
        }
        case ast::ExprKind::Index: {  // only `.shape[d]` / `.strides[d]` (no memory access)
            const auto& i = static_cast<const ast::Index&>(e);
            return i.base->kind == ast::ExprKind::Member && info.member_dim >= 0;
        }
        case ast::ExprKind::Member: return static_cast<const ast::Member&>(e).member == "size";
        default: return false;
    }
}

Id FunctionEmitter::emit_short_circuit(const ast::Binary& e) {
    const bool is_and = e.op == BinaryOp::LogAnd;
    const types::Type* b = fn_.info(e).type;
    Id lhs = emit_value_as(*e.lhs, b);
    const Id bool_type = m_.bool_type();
    if (is_cheap_and_pure(*e.rhs)) {  // nothing to skip: evaluate both sides
        Id rhs = emit_value_as(*e.rhs, b);
        return inst(is_and ? spv::Op::OpLogicalAnd : spv::Op::OpLogicalOr, bool_type, {lhs, rhs});
    }
    Id lhs_block = current_label_;
    Id rhs_label = m_.b.next_id();
    Id merge = m_.b.next_id();
    inst_void(spv::Op::OpSelectionMerge, {merge, operand(spv::SelectionControlMask::MaskNone)});
    if (is_and)
        branch_conditional(lhs, rhs_label, merge);
    else
        branch_conditional(lhs, merge, rhs_label);
    begin_block(rhs_label);
    Id rhs = emit_value_as(*e.rhs, b);
    Id rhs_block = current_label_;
    branch(merge);
    begin_block(merge);
    // On the skipping edge the result is the lhs itself (false for &&, true for ||).
    return inst(spv::Op::OpPhi, bool_type, {lhs, lhs_block, rhs, rhs_block});
}

Id FunctionEmitter::arithmetic(BinaryOp op, Id l, Id r, DType dt) {
    if (dt == DType::BF16) {  // in f32, rounded back: one rounding per operation
        const Id wide_l = bf16_to_f32(l);
        const Id wide_r = bf16_to_f32(r);
        return f32_to_bf16(arithmetic(op, wide_l, wide_r, DType::F32));
    }
    const Id type = m_.value_type(dt);
    const bool flt = is_float(dt);
    const bool sgn = is_signed(dt);
    spv::Op o = spv::Op::OpNop;
    switch (op) {
        case BinaryOp::Add: o = flt ? spv::Op::OpFAdd : spv::Op::OpIAdd; break;
        case BinaryOp::Sub:
            // -0.0 - x is a negation, which drivers fold as one (negate_float).
            if (flt && m_.avoids(DriverDefect::NegationAcrossBarrier) &&
                m_.b.constant_bits(l) == ModuleContext::float_bits(dt, -0.0))
                return negate_float(r, dt);
            o = flt ? spv::Op::OpFSub : spv::Op::OpISub;
            break;
        case BinaryOp::Mul:
            // x * -1.0 and -1.0 * x are negations, which drivers fold as ones.
            if (flt && m_.avoids(DriverDefect::NegationAcrossBarrier)) {
                const std::uint64_t minus_one = ModuleContext::float_bits(dt, -1.0);
                if (m_.b.constant_bits(r) == minus_one) return negate_float(l, dt);
                if (m_.b.constant_bits(l) == minus_one) return negate_float(r, dt);
            }
            o = flt ? spv::Op::OpFMul : spv::Op::OpIMul;
            break;
        case BinaryOp::Div:
            // x / -1.0 is a negation too.
            if (flt && m_.avoids(DriverDefect::NegationAcrossBarrier) &&
                m_.b.constant_bits(r) == ModuleContext::float_bits(dt, -1.0))
                return negate_float(l, dt);
            if (flt) return float_quotient(l, r, dt);
            o = sgn ? spv::Op::OpSDiv : spv::Op::OpUDiv;
            r = divisor(l, r, dt);
            break;
        case BinaryOp::Rem:  // C rule: the result has the dividend's sign (OpSRem, OpFRem)
            if (flt && m_.avoids(DriverDefect::RemainderOfNan))  // the same rule as OpFRem's
                return float_function(OpenCLLIB::Fmod, dt, std::array<Id, 2>{l, r});
            o = flt ? spv::Op::OpFRem : (sgn ? spv::Op::OpSRem : spv::Op::OpUMod);
            if (!flt) r = divisor(l, r, dt);
            break;
        case BinaryOp::Shl:
            o = spv::Op::OpShiftLeftLogical;
            r = shift_count(r, dt);
            break;
        case BinaryOp::Shr:
            o = sgn ? spv::Op::OpShiftRightArithmetic : spv::Op::OpShiftRightLogical;
            r = shift_count(r, dt);
            if (sgn) r = sign_shift_count(r, dt);
            break;
        case BinaryOp::BitAnd:
            o = dt == DType::Bool ? spv::Op::OpLogicalAnd : spv::Op::OpBitwiseAnd;
            break;
        case BinaryOp::BitOr:
            o = dt == DType::Bool ? spv::Op::OpLogicalOr : spv::Op::OpBitwiseOr;
            break;
        case BinaryOp::BitXor:
            o = dt == DType::Bool ? spv::Op::OpLogicalNotEqual : spv::Op::OpBitwiseXor;
            break;
        default: break;
    }
    if (o == spv::Op::OpNop) {
        error(std::string("internal: operator ") + ast::op_spelling(op) + " is not arithmetic");
        return l;
    }
    return inst(o, type, {l, r});
}

Id FunctionEmitter::float_quotient(Id l, Id r, DType t) {
    const Id type = m_.value_type(t);
    if (!m_.avoids(DriverDefect::ZeroQuotient)) return inst(spv::Op::OpFDiv, type, {l, r});
    // Only 0 / 0 is at stake: a constant dividend that is not zero, or a constant divisor that is
    // neither zero nor infinite, rules it out (1.0 / x, x / 2.0 stay as they are).
    const std::uint64_t bits = static_cast<std::uint64_t>(dtype_bits(t));
    const std::uint64_t magnitude_mask = (std::uint64_t{1} << (bits - 1)) - 1;
    const std::uint64_t infinity =
        ModuleContext::float_bits(t, std::numeric_limits<double>::infinity());
    const std::optional<std::uint64_t> l_bits = m_.b.constant_bits(l);
    const std::optional<std::uint64_t> r_bits = m_.b.constant_bits(r);
    const bool no_zero_by_zero =
        (l_bits && (*l_bits & magnitude_mask)) ||
        (r_bits && (*r_bits & magnitude_mask) && (*r_bits & magnitude_mask) < infinity);
    // Otherwise the divisor passes through an integer xor with a zero the driver cannot see, so
    // that it knows nothing of it (not that it is finite): the driver cannot take the quotient
    // for a zero where the divisor may be zero too. The divisor rather than the quotient: where
    // it is the same in every iteration of a loop, so is its anchor (hoisted, no cost there).
    // A zero of the launch, not of the work-item: the driver folds this defect late enough to
    // know that local_id(0) >> 63 is 0 (seen in a bounds-checked device function).
    if (!no_zero_by_zero) r = xor_float_bits(r, t, launch_zero(static_cast<std::uint32_t>(bits)));
    return inst(spv::Op::OpFDiv, type, {l, r});
}

Id FunctionEmitter::divisor(Id dividend, Id d, DType t) {
    const int width = dtype_bits(t);
    const std::uint64_t all_ones =
        width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    const std::uint64_t min_bits = std::uint64_t{1} << (width - 1);
    const bool sgn = is_signed(t);
    const std::optional<std::uint64_t> known = m_.b.constant_bits(d);
    if (known && *known == 0) return m_.one(t);  // x / 0 == x, x % 0 == 0
    if (known && !(sgn && *known == all_ones)) return d;
    const std::optional<std::uint64_t> known_dividend = m_.b.constant_bits(dividend);
    const bool may_be_min = sgn && (!known_dividend || *known_dividend == min_bits);
    if (known && !may_be_min) return d;
    const Id bool_type = m_.bool_type();
    const Id type = m_.value_type(t);
    Id replace = 0;
    if (!known) replace = inst(spv::Op::OpIEqual, bool_type, {d, m_.zero(t)});
    if (may_be_min) {
        Id overflow = inst(spv::Op::OpIEqual, bool_type, {dividend, m_.b.constant(type, min_bits)});
        if (!known) {
            const Id minus_one =
                inst(spv::Op::OpIEqual, bool_type, {d, m_.b.constant(type, all_ones)});
            overflow = inst(spv::Op::OpLogicalAnd, bool_type, {overflow, minus_one});
        }
        replace = replace ? inst(spv::Op::OpLogicalOr, bool_type, {replace, overflow}) : overflow;
    }
    return inst(spv::Op::OpSelect, type, {replace, m_.one(t), d});
}

Id FunctionEmitter::shift_count(Id count, DType t) {
    const auto width = static_cast<std::uint64_t>(dtype_bits(t));
    if (const std::optional<std::uint64_t> known = m_.b.constant_bits(count)) {
        if (*known < width) return count;
        return m_.b.constant(m_.value_type(t), *known & (width - 1));
    }
    return inst(spv::Op::OpBitwiseAnd, m_.value_type(t),
                {count, m_.b.constant(m_.value_type(t), width - 1)});
}

Id FunctionEmitter::sign_shift_count(Id count, DType t) {
    if (!m_.avoids(DriverDefect::SignOfNegation)) return count;
    // Only a shift by the width less one takes the sign, which the driver folds; a count it
    // cannot know is that constant stops the fold (other constants need nothing). A zero of the
    // launch, so that the count stays the same in every work-item (one shift for the vector).
    const auto bits = static_cast<std::uint32_t>(dtype_bits(t));
    const std::optional<std::uint64_t> known = m_.b.constant_bits(count);
    if (known && *known != bits - 1) return count;
    return inst(spv::Op::OpBitwiseXor, m_.value_type(t), {count, launch_zero(bits)});
}

Id FunctionEmitter::compare(BinaryOp op, Id l, Id r, DType t) {
    if (t == DType::BF16) {
        const Id wide_l = bf16_to_f32(l);
        return compare(op, wide_l, bf16_to_f32(r), DType::F32);
    }
    const bool flt = is_float(t);
    const bool sgn = is_signed(t);
    spv::Op o = spv::Op::OpNop;
    if (t == DType::Bool) {
        o = op == BinaryOp::Eq ? spv::Op::OpLogicalEqual : spv::Op::OpLogicalNotEqual;
        if (op != BinaryOp::Eq && op != BinaryOp::Ne) {  // order false < true, as unsigned ints
            const DType u8 = DType::U8;
            return compare(op, convert(l, DType::Bool, u8), convert(r, DType::Bool, u8), u8);
        }
    } else {
        switch (op) {
            case BinaryOp::Lt:
                o = flt ? spv::Op::OpFOrdLessThan
                        : (sgn ? spv::Op::OpSLessThan : spv::Op::OpULessThan);
                break;
            case BinaryOp::Le:
                o = flt ? spv::Op::OpFOrdLessThanEqual
                        : (sgn ? spv::Op::OpSLessThanEqual : spv::Op::OpULessThanEqual);
                break;
            case BinaryOp::Gt:
                o = flt ? spv::Op::OpFOrdGreaterThan
                        : (sgn ? spv::Op::OpSGreaterThan : spv::Op::OpUGreaterThan);
                break;
            case BinaryOp::Ge:
                o = flt ? spv::Op::OpFOrdGreaterThanEqual
                        : (sgn ? spv::Op::OpSGreaterThanEqual : spv::Op::OpUGreaterThanEqual);
                break;
            case BinaryOp::Eq: o = flt ? spv::Op::OpFOrdEqual : spv::Op::OpIEqual; break;
            // `!=` is true when either side is NaN, as in C.
            case BinaryOp::Ne: o = flt ? spv::Op::OpFUnordNotEqual : spv::Op::OpINotEqual; break;
            default: break;
        }
    }
    return inst(o, m_.bool_type(), {l, r});
}

Id FunctionEmitter::convert(Id value, const types::Type* from, const types::Type* to) {
    if (from == to || !from || !to) return value;
    if (!from->is_scalar() || !to->is_scalar()) {
        error("internal: conversion between " + from->str() + " and " + to->str());
        return value;
    }
    return convert(value, from->dtype, to->dtype);
}

Id FunctionEmitter::convert(Id value, DType from, DType to) {
    if (from == to) return value;
    // bf16 through f32: exact from bf16; to bf16 one rounding from f32 (a second one after
    // f64 or a 32/64-bit integer was rounded to f32).
    if (from == DType::BF16) return convert(bf16_to_f32(value), DType::F32, to);
    if (to == DType::BF16) return f32_to_bf16(convert(value, from, DType::F32));
    const Id type = m_.value_type(to);
    if (from == DType::Bool) return inst(spv::Op::OpSelect, type, {value, m_.one(to), m_.zero(to)});
    if (to == DType::Bool) {
        // Nonzero is true; NaN is true too (unordered compare), as in C.
        return inst(is_float(from) ? spv::Op::OpFUnordNotEqual : spv::Op::OpINotEqual, type,
                    {value, m_.zero(from)});
    }
    if (is_float(from) && is_float(to)) return inst(spv::Op::OpFConvert, type, {value});
    if (computes_in_f32(from) && !is_float(to))  // f16 (bf16 went above): exact
        return convert(widened(value, from), DType::F32, to);
    if (is_float(from)) {
        // Round toward zero (the opcode's rule), saturate to the range, NaN -> 0: the decoration
        // is OpenCL's convert_<T>_sat_rtz and PTX cvt.rzi's own behaviour. Intel's CPU runtime
        // saturates every pair but maps a NaN f32 to u32 max, so that pair selects 0 for NaN.
        const Id result =
            inst(is_signed(to) ? spv::Op::OpConvertFToS : spv::Op::OpConvertFToU, type, {value});
        m_.b.decorate(result, spv::Decoration::SaturatedConversion);
        if (to != DType::U32 || from == DType::F64) return result;
        const Id is_number = inst(spv::Op::OpFOrdEqual, m_.bool_type(), {value, value});
        return inst(spv::Op::OpSelect, type, {is_number, result, m_.zero(to)});
    }
    if (is_float(to))
        return inst(is_signed(from) ? spv::Op::OpConvertSToF : spv::Op::OpConvertUToF, type,
                    {value});
    if (dtype_bits(from) == dtype_bits(to)) return value;  // same SPIR-V type (signedness 0)
    // Widening follows the source's signedness; narrowing truncates either way.
    return inst(is_signed(from) ? spv::Op::OpSConvert : spv::Op::OpUConvert, type, {value});
}

Id FunctionEmitter::bf16_to_f32(Id x) {
    if (const std::optional<std::uint64_t> bits = m_.b.constant_bits(x))  // a constant: exact
        return m_.const_float(DType::F32, bf16_value(static_cast<std::uint16_t>(*bits)));
    const Id f32 = m_.value_type(DType::F32);
    if (bf16_is_float()) return inst(spv::Op::OpFConvert, f32, {x});
    // The 16 bits are f32's top half.
    const Id u32 = m_.i32();
    const Id wide = inst(spv::Op::OpUConvert, u32, {x});
    return inst(spv::Op::OpBitcast, f32,
                {inst(spv::Op::OpShiftLeftLogical, u32, {wide, m_.const_i32(kBf16DroppedBits)})});
}

Id FunctionEmitter::f32_to_bf16(Id x) {
    if (bf16_is_float()) return inst(spv::Op::OpFConvert, m_.value_type(DType::BF16), {x});
    // Round to nearest even: add just under half a unit (0x7fff) and one more where the kept
    // part is odd, then keep the top 16 bits (a carry steps the exponent, up to infinity). A
    // NaN gives the quiet NaN 0x7fc0 with its sign (core/bfloat16.h, as the host rounds).
    const Id u32 = m_.i32();
    const Id bits = inst(spv::Op::OpBitcast, u32, {x});
    const Id shift = m_.const_i32(kBf16DroppedBits);
    const Id top = inst(spv::Op::OpShiftRightLogical, u32, {bits, shift});
    const Id odd = inst(spv::Op::OpBitwiseAnd, u32, {top, m_.const_i32(1)});
    const Id biased = inst(spv::Op::OpIAdd, u32,
                           {inst(spv::Op::OpIAdd, u32, {bits, m_.const_i32(kBf16BelowHalf)}), odd});
    const Id rounded = inst(spv::Op::OpShiftRightLogical, u32, {biased, shift});
    const Id magnitude = inst(spv::Op::OpBitwiseAnd, u32, {bits, m_.const_i32(kF32Magnitude)});
    const Id nan =
        inst(spv::Op::OpUGreaterThan, m_.bool_type(), {magnitude, m_.const_i32(kF32Infinity)});
    const Id quiet = inst(spv::Op::OpBitwiseOr, u32,
                          {inst(spv::Op::OpBitwiseAnd, u32, {top, m_.const_i32(kBf16Sign)}),
                           m_.const_i32(kBf16QuietNan)});
    const Id result = inst(spv::Op::OpSelect, u32, {nan, quiet, rounded});
    return inst(spv::Op::OpUConvert, m_.value_type(DType::BF16), {result});
}

bool FunctionEmitter::bf16_is_float() const {
    return m_.b.target().has(DeviceFeature::Bf16);
}

bool FunctionEmitter::computes_in_f32(DType t) const {
    return t == DType::BF16 || (t == DType::F16 && m_.avoids(DriverDefect::HalfLibrary));
}

Id FunctionEmitter::widened(Id x, DType t) {
    return t == DType::BF16 ? bf16_to_f32(x)
                            : inst(spv::Op::OpFConvert, m_.value_type(DType::F32), {x});
}

Id FunctionEmitter::narrowed(Id x, DType t) {
    return t == DType::BF16 ? f32_to_bf16(x) : inst(spv::Op::OpFConvert, m_.value_type(t), {x});
}

Id FunctionEmitter::float_function(OpenCLLIB::Entrypoints entry, DType t,
                                   std::span<const Id> args) {
    if (!computes_in_f32(t)) return ext(entry, m_.value_type(t), args);
    std::vector<Id> wide;
    for (Id a : args) wide.push_back(widened(a, t));
    // mad (a contracted a * b + c) too: rounded once, as the fused result is.
    if ((entry == OpenCLLIB::Fma || entry == OpenCLLIB::Mad) && t == DType::F16 && wide.size() == 3)
        return narrowed(fma_f16_in_f32(wide[0], wide[1], wide[2]), t);
    return narrowed(ext(entry, m_.value_type(DType::F32), wide), t);
}

Id FunctionEmitter::fma_f16_in_f32(Id a, Id b, Id c) {
    // f16 factors have 11 significant bits and exponents in [-24, 15]: their product has at
    // most 22 bits in [-48, 31], exact in f32. The sum s = p + c rounds once; TwoSum gives its
    // error e exactly (no overflow: |p| < 2^32). Where e is not zero, s moves one f32 unit
    // towards the exact sum if its last bit is even (rounding to odd), and 24 bits >= 11 + 2
    // make the rounding of that to f16 the rounding of the exact sum. A NaN or infinite sum
    // has e NaN, which compares false: s as it is.
    const Id f32 = m_.value_type(DType::F32);
    const Id u32 = m_.i32();
    auto op = [&](spv::Op o, Id x, Id y) { return inst(o, f32, {x, y}); };
    const Id p = op(spv::Op::OpFMul, a, b);
    const Id s = op(spv::Op::OpFAdd, p, c);
    const Id p_part = op(spv::Op::OpFSub, s, c);
    const Id c_part = op(spv::Op::OpFSub, s, p_part);
    const Id e =
        op(spv::Op::OpFAdd, op(spv::Op::OpFSub, p, p_part), op(spv::Op::OpFSub, c, c_part));
    const Id bits = inst(spv::Op::OpBitcast, u32, {s});
    const Id zero = m_.const_float(DType::F32, 0.0);
    const Id inexact = inst(spv::Op::OpFOrdNotEqual, m_.bool_type(), {e, zero});
    const Id even =
        inst(spv::Op::OpIEqual, m_.bool_type(),
             {inst(spv::Op::OpBitwiseAnd, u32, {bits, m_.const_i32(1)}), m_.const_i32(0)});
    // Towards e: a larger magnitude where e has s's sign, a smaller one otherwise (s is not
    // zero where e is not: a sum that rounds to zero is exact).
    const Id same_sign = inst(spv::Op::OpLogicalEqual, m_.bool_type(),
                              {inst(spv::Op::OpFOrdLessThan, m_.bool_type(), {e, zero}),
                               inst(spv::Op::OpFOrdLessThan, m_.bool_type(), {s, zero})});
    const Id step =
        inst(spv::Op::OpSelect, u32, {same_sign, m_.const_i32(1), m_.const_i32(0xFFFFFFFFu)});
    const Id odd = inst(spv::Op::OpBitcast, f32, {inst(spv::Op::OpIAdd, u32, {bits, step})});
    const Id adjust = inst(spv::Op::OpLogicalAnd, m_.bool_type(), {inexact, even});
    return inst(spv::Op::OpSelect, f32, {adjust, odd, s});
}

Id FunctionEmitter::emit_call(const ast::Call& e) {
    const auto& info = fn_.info(e);
    switch (info.call_kind) {
        case sema::ExprInfo::CallKind::Builtin: return emit_builtin(e);
        case sema::ExprInfo::CallKind::Cast: {
            if (e.args.size() != 1) break;
            return emit_value_as(*e.args.front(), info.type);
        }
        case sema::ExprInfo::CallKind::User: return emit_user_call(e);
        case sema::ExprInfo::CallKind::None: break;
    }
    error("internal: unresolved call to '" + e.callee + "'");
    return m_.const_i64(0);
}

Id FunctionEmitter::emit_user_call(const ast::Call& e) {
    const sema::FunctionInstance* callee = fn_.info(e).callee;
    auto it = m_.functions.find(callee);
    if (!callee || it == m_.functions.end()) {
        error("internal: call to '" + e.callee + "' has no emitted instance");
        return m_.const_i64(0);
    }
    const FunctionInfo& f = it->second;
    std::vector<Id> operands{f.id};
    for (std::size_t i = 0; i < e.args.size() && i < callee->param_types.size(); ++i) {
        const types::Type* p = callee->param_types[i];
        if (p->is_array()) {
            ArrayValue a = emit_array(*e.args[i]);
            note_written(a);  // the callee may write it
            append_array_arguments(a, p, operands);
        } else {
            operands.push_back(emit_value_as(*e.args[i], p));
        }
    }
    if (m_.matrix_share_words) operands.push_back(matrix_share_);
    if (m_.takes_record) operands.push_back(bounds_record_);
    return inst(spv::Op::OpFunctionCall, f.return_type, operands);
}

}  // namespace dpk::compiler::spirv
