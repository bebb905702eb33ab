// FunctionEmitter: sub-group builtins, the SPIR-V 1.0 route OpenCL C takes through clang and
// llvm-spirv — SubgroupSize/SubgroupLocalInvocationId/SubgroupId/NumSubgroups Input variables,
// Groups instructions (OpGroupBroadcast, OpGroupIAdd/FAdd/SMin/UMin/FMin/SMax/UMax/FMax) at
// Subgroup scope, OpSubgroupShuffleINTEL (SPV_INTEL_subgroups) and OpControlBarrier at Subgroup
// scope.
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
    const bool shuffle = b == Builtin::SubGroupShuffle;
    if (!require_feature(e, DeviceFeature::SubGroups) ||
        (shuffle && !require_feature(e, DeviceFeature::SubGroupShuffle)))
        return m_.zero(t->dtype);

    const Id type = m_.type_of(t);
    const Id value = emit_value_as(*e.args[0], t);
    if (shuffle) {
        m_.b.require_extension("SPV_INTEL_subgroups");
        m_.b.require(spv::Capability::SubgroupShuffleINTEL, name);
        const Id id = emit_value(*e.args[1]);  // u32 (sema converts it)
        return inst(spv::Op::OpSubgroupShuffleINTEL, type, {value, id});
    }
    m_.b.require(spv::Capability::Groups, name);
    const Id subgroup = m_.const_i32(operand(spv::Scope::Subgroup));
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

}  // namespace dpk::compiler::spirv
