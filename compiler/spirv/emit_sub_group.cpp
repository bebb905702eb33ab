// FunctionEmitter: sub-group builtins, the route OpenCL C takes through clang and llvm-spirv —
// SubgroupSize/SubgroupLocalInvocationId/SubgroupId/NumSubgroups Input variables, Groups
// instructions (OpGroupBroadcast, OpGroupIAdd/FAdd/SMin/UMin/FMin/SMax/UMax/FMax, OpGroupAny/All)
// at Subgroup scope, OpSubgroupShuffleINTEL (SPV_INTEL_subgroups) and OpControlBarrier at
// Subgroup scope (SPIR-V 1.0); the cl_khr_subgroup_* functions as SPIR-V 1.3 GroupNonUniform*
// instructions (relative and xor shuffles, ballots, bitwise reductions and scans).
#include "compiler/spirv/function_emitter.h"

#include <optional>

namespace dpk::compiler::spirv {

namespace {

using sema::Builtin;

/// What a reduction or scan combines, and how (Reduce, InclusiveScan, ExclusiveScan).
struct GroupOp {
    enum class Combine : std::uint8_t { Add, Min, Max } combine;
    spv::GroupOperation operation;
};

std::optional<GroupOp> group_op(Builtin b) {
    using C = GroupOp::Combine;
    using G = spv::GroupOperation;
    switch (b) {
        case Builtin::SubGroupReduceAdd: return GroupOp{C::Add, G::Reduce};
        case Builtin::SubGroupReduceMin: return GroupOp{C::Min, G::Reduce};
        case Builtin::SubGroupReduceMax: return GroupOp{C::Max, G::Reduce};
        case Builtin::SubGroupScanInclusiveAdd: return GroupOp{C::Add, G::InclusiveScan};
        case Builtin::SubGroupScanInclusiveMin: return GroupOp{C::Min, G::InclusiveScan};
        case Builtin::SubGroupScanInclusiveMax: return GroupOp{C::Max, G::InclusiveScan};
        case Builtin::SubGroupScanExclusiveAdd: return GroupOp{C::Add, G::ExclusiveScan};
        case Builtin::SubGroupScanExclusiveMin: return GroupOp{C::Min, G::ExclusiveScan};
        case Builtin::SubGroupScanExclusiveMax: return GroupOp{C::Max, G::ExclusiveScan};
        default: return std::nullopt;
    }
}

/// The Groups instruction combining values of type `t`: the opcode carries float/signedness.
spv::Op group_opcode(GroupOp::Combine c, DType t) {
    using C = GroupOp::Combine;
    if (is_float(t))
        return c == C::Add ? spv::Op::OpGroupFAdd
                           : (c == C::Min ? spv::Op::OpGroupFMin : spv::Op::OpGroupFMax);
    if (c == C::Add) return spv::Op::OpGroupIAdd;
    if (is_signed(t)) return c == C::Min ? spv::Op::OpGroupSMin : spv::Op::OpGroupSMax;
    return c == C::Min ? spv::Op::OpGroupUMin : spv::Op::OpGroupUMax;
}

/// The cl_khr_subgroup_non_uniform_arithmetic bitwise instruction and its group operation.
std::optional<std::pair<spv::Op, spv::GroupOperation>> bitwise_op(Builtin b) {
    using G = spv::GroupOperation;
    constexpr spv::Op kAnd = spv::Op::OpGroupNonUniformBitwiseAnd;
    constexpr spv::Op kOr = spv::Op::OpGroupNonUniformBitwiseOr;
    constexpr spv::Op kXor = spv::Op::OpGroupNonUniformBitwiseXor;
    switch (b) {
        case Builtin::SubGroupReduceAnd: return {{kAnd, G::Reduce}};
        case Builtin::SubGroupReduceOr: return {{kOr, G::Reduce}};
        case Builtin::SubGroupReduceXor: return {{kXor, G::Reduce}};
        case Builtin::SubGroupScanInclusiveAnd: return {{kAnd, G::InclusiveScan}};
        case Builtin::SubGroupScanInclusiveOr: return {{kOr, G::InclusiveScan}};
        case Builtin::SubGroupScanInclusiveXor: return {{kXor, G::InclusiveScan}};
        case Builtin::SubGroupScanExclusiveAnd: return {{kAnd, G::ExclusiveScan}};
        case Builtin::SubGroupScanExclusiveOr: return {{kOr, G::ExclusiveScan}};
        case Builtin::SubGroupScanExclusiveXor: return {{kXor, G::ExclusiveScan}};
        default: return std::nullopt;
    }
}

/// SPIR-V 1.3: the first version with GroupNonUniform* instructions.
constexpr std::uint32_t kSpirvVersion13 = 0x00010300;

std::string call_text(Builtin b) {
    return std::string(sema::builtin_name(b));
}

}  // namespace

bool FunctionEmitter::require_feature(const ast::Call& e, DeviceFeature f) {
    const bool ok = m_.b.require_feature(f, call_text(fn_.info(e).builtin));
    // Reported here, at the call, rather than at the end of the statement.
    while (m_.builder_errors_reported < m_.b.errors().size())
        error_at(e.range, m_.b.errors()[m_.builder_errors_reported++]);
    return ok;
}

Id FunctionEmitter::emit_sub_group_item(const ast::Call& e, spv::BuiltIn builtin) {
    if (!require_feature(e, DeviceFeature::SubGroups)) return m_.const_i64(0);
    // The builtins are u32; the language's work-item values are i64.
    return inst(spv::Op::OpUConvert, m_.i64(), {builtin_scalar(builtin)});
}

void FunctionEmitter::emit_sub_group_barrier(const ast::Call& e) {
    if (!require_feature(e, DeviceFeature::SubGroups)) return;
    emit_barrier(e, true, spv::Scope::Subgroup);
}

Id FunctionEmitter::emit_sub_group_value(const ast::Call& e) {
    const auto& info = fn_.info(e);
    const Builtin b = info.builtin;
    const types::Type* t = info.type;
    const std::string name = call_text(b);
    const std::size_t arity = static_cast<std::size_t>(sema::builtin_arity(b));
    if (!t || !t->is_scalar() || e.args.size() != arity) {
        error("internal: wrong arguments to builtin '" + name + "'");
        return m_.const_i64(0);
    }
    const bool relative = b == Builtin::SubGroupShuffleDown || b == Builtin::SubGroupShuffleUp;
    const std::optional<std::pair<spv::Op, spv::GroupOperation>> bitwise = bitwise_op(b);
    std::optional<DeviceFeature> extension;
    if (b == Builtin::SubGroupShuffle) extension = DeviceFeature::SubGroupShuffle;
    if (b == Builtin::SubGroupShuffleXor) extension = DeviceFeature::SubGroupShuffleXor;
    if (relative) extension = DeviceFeature::SubGroupShuffleRelative;
    if (bitwise) extension = DeviceFeature::SubGroupBitwise;
    if (!require_feature(e, DeviceFeature::SubGroups) ||
        (extension && !require_feature(e, *extension)) ||
        (dtype_bits(t->dtype) < 32 && !require_feature(e, DeviceFeature::SubGroupExtendedTypes)))
        return m_.zero(t->dtype);

    const Id type = m_.type_of(t);
    const Id value = emit_value_as(*e.args[0], t);
    if (b == Builtin::SubGroupShuffle) {
        m_.b.require_extension("SPV_INTEL_subgroups");
        m_.b.require(spv::Capability::SubgroupShuffleINTEL, name);
        const Id id = emit_value(*e.args[1]);  // u32 (sema converts it)
        return inst(spv::Op::OpSubgroupShuffleINTEL, type, {value, id});
    }
    const Id subgroup = m_.const_i32(operand(spv::Scope::Subgroup));
    if (relative || b == Builtin::SubGroupShuffleXor) {
        // The lane read is defined only inside the sub-group; outside it a work item keeps its
        // own value (as CUDA's __shfl_*_sync do), so the guard is part of the builtin.
        m_.b.require_version(kSpirvVersion13);
        const Id amount = emit_value(*e.args[1]);  // u32 (sema converts it)
        const Id u32 = m_.i32();
        const Id lane = builtin_scalar(spv::BuiltIn::SubgroupLocalInvocationId);
        const Id size = builtin_scalar(spv::BuiltIn::SubgroupSize);
        Id inside = 0, read = 0;
        if (b == Builtin::SubGroupShuffleDown) {
            m_.b.require(spv::Capability::GroupNonUniformShuffleRelative, name);
            read = inst(spv::Op::OpGroupNonUniformShuffleDown, type, {subgroup, value, amount});
            // lane + delta < size, without wrapping: delta < size - lane.
            const Id room = inst(spv::Op::OpISub, u32, {size, lane});
            inside = inst(spv::Op::OpULessThan, m_.bool_type(), {amount, room});
        } else if (b == Builtin::SubGroupShuffleUp) {
            m_.b.require(spv::Capability::GroupNonUniformShuffleRelative, name);
            read = inst(spv::Op::OpGroupNonUniformShuffleUp, type, {subgroup, value, amount});
            inside = inst(spv::Op::OpULessThanEqual, m_.bool_type(), {amount, lane});
        } else {
            m_.b.require(spv::Capability::GroupNonUniformShuffle, name);
            read = inst(spv::Op::OpGroupNonUniformShuffleXor, type, {subgroup, value, amount});
            const Id source = inst(spv::Op::OpBitwiseXor, u32, {lane, amount});
            inside = inst(spv::Op::OpULessThan, m_.bool_type(), {source, size});
        }
        return inst(spv::Op::OpSelect, type, {inside, read, value});
    }
    if (bitwise) {
        m_.b.require_version(kSpirvVersion13);
        m_.b.require(spv::Capability::GroupNonUniformArithmetic, name);
        return inst(bitwise->first, type, {subgroup, operand(bitwise->second), value});
    }
    m_.b.require(spv::Capability::Groups, name);
    if (b == Builtin::SubGroupBroadcast) {
        const Id id = emit_value(*e.args[1]);  // u32 (sema converts it)
        return inst(spv::Op::OpGroupBroadcast, type, {subgroup, value, id});
    }
    const std::optional<GroupOp> g = group_op(b);
    if (!g) {
        error("internal: builtin '" + name + "' is not emitted");
        return m_.zero(t->dtype);
    }
    return inst(group_opcode(g->combine, t->dtype), type, {subgroup, operand(g->operation), value});
}

Id FunctionEmitter::emit_sub_group_vote(const ast::Call& e) {
    const Builtin b = fn_.info(e).builtin;
    const std::string name = call_text(b);
    if (e.args.size() != 1) {
        error("internal: wrong arguments to builtin '" + name + "'");
        return m_.const_i64(0);
    }
    const bool ballot = b == Builtin::SubGroupBallot;
    if (!require_feature(e, DeviceFeature::SubGroups) ||
        (ballot && !require_feature(e, DeviceFeature::SubGroupBallot)))
        return ballot ? m_.zero(DType::U64) : m_.zero(DType::Bool);
    const Id predicate = emit_value(*e.args[0]);
    const Id subgroup = m_.const_i32(operand(spv::Scope::Subgroup));
    if (!ballot) {
        m_.b.require(spv::Capability::Groups, name);
        const spv::Op op = b == Builtin::SubGroupAny ? spv::Op::OpGroupAny : spv::Op::OpGroupAll;
        return inst(op, m_.bool_type(), {subgroup, predicate});
    }
    // The ballot is 128 bits (4 x u32, bit k for lane k); the language's value is its low 64.
    m_.b.require_version(kSpirvVersion13);
    m_.b.require(spv::Capability::GroupNonUniformBallot, name);
    const Id u32 = m_.i32();
    const Id words =
        inst(spv::Op::OpGroupNonUniformBallot, m_.b.type_vector(u32, 4), {subgroup, predicate});
    const Id low = inst(spv::Op::OpCompositeExtract, u32, {words, 0});
    const Id high = inst(spv::Op::OpCompositeExtract, u32, {words, 1});
    const Id low64 = inst(spv::Op::OpUConvert, m_.i64(), {low});
    const Id high64 = inst(spv::Op::OpUConvert, m_.i64(), {high});
    const Id shifted = inst(spv::Op::OpShiftLeftLogical, m_.i64(), {high64, m_.const_i64(32)});
    return inst(spv::Op::OpBitwiseOr, m_.i64(), {shifted, low64});
}

}  // namespace dpk::compiler::spirv
