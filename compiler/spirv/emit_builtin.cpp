// FunctionEmitter: builtin functions — work-items, barriers, select, math (OpenCL.std); the
// sub-group builtins are in emit_sub_group.cpp.
#include <type_traits>
#include <variant>

#include "compiler/sema/const_fold.h"
#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

namespace {

using sema::Builtin;

/// Barrier / fence flags as sema folds them.
constexpr std::int64_t kFlagLocal = 1;
constexpr std::int64_t kFlagGlobal = 2;

/// The OpenCL.std instruction of a float math builtin; false for others.
bool math_entry(Builtin b, OpenCLLIB::Entrypoints& out) {
    using namespace OpenCLLIB;
    switch (b) {
        case Builtin::Sqrt: out = Sqrt; return true;
        case Builtin::Rsqrt: out = Rsqrt; return true;
        case Builtin::Cbrt: out = Cbrt; return true;
        case Builtin::Exp: out = Exp; return true;
        case Builtin::Exp2: out = Exp2; return true;
        case Builtin::Expm1: out = Expm1; return true;
        case Builtin::Log: out = Log; return true;
        case Builtin::Log2: out = Log2; return true;
        case Builtin::Log10: out = Log10; return true;
        case Builtin::Log1p: out = Log1p; return true;
        case Builtin::Pow: out = Pow; return true;
        case Builtin::Sin: out = Sin; return true;
        case Builtin::Cos: out = Cos; return true;
        case Builtin::Tan: out = Tan; return true;
        case Builtin::Asin: out = Asin; return true;
        case Builtin::Acos: out = Acos; return true;
        case Builtin::Atan: out = Atan; return true;
        case Builtin::Atan2: out = Atan2; return true;
        case Builtin::Sinh: out = Sinh; return true;
        case Builtin::Cosh: out = Cosh; return true;
        case Builtin::Tanh: out = Tanh; return true;
        case Builtin::Floor: out = Floor; return true;
        case Builtin::Ceil: out = Ceil; return true;
        case Builtin::Trunc: out = Trunc; return true;
        case Builtin::Round: out = Round; return true;
        case Builtin::Fabs: out = Fabs; return true;
        case Builtin::Fmod: out = Fmod; return true;
        case Builtin::Hypot: out = Hypot; return true;
        case Builtin::Erf: out = Erf; return true;
        case Builtin::Erfc: out = Erfc; return true;
        case Builtin::Fma: out = Fma; return true;
        case Builtin::Copysign: out = Copysign; return true;
        case Builtin::Fmin: out = Fmin; return true;
        case Builtin::Fmax: out = Fmax; return true;
        case Builtin::Mad: out = Mad; return true;
        case Builtin::Sign: out = Sign; return true;
        case Builtin::Mix: out = Mix; return true;
        default: return false;
    }
}

}  // namespace

Id FunctionEmitter::emit_builtin(const ast::Call& e) {
    const Builtin b = fn_.info(e).builtin;
    if (sema::builtin_group(b) == sema::BuiltinGroup::Atomic) return emit_atomic(e);
    if (sema::builtin_group(b) == sema::BuiltinGroup::Matrix) return emit_matrix(e);
    switch (b) {
        case Builtin::GlobalId: return emit_work_item(e, spv::BuiltIn::GlobalInvocationId);
        case Builtin::LocalId: return emit_work_item(e, spv::BuiltIn::LocalInvocationId);
        case Builtin::GroupId: return emit_work_item(e, spv::BuiltIn::WorkgroupId);
        case Builtin::GlobalSize: return emit_work_item(e, spv::BuiltIn::GlobalSize);
        case Builtin::LocalSize: return emit_work_item(e, spv::BuiltIn::WorkgroupSize);
        case Builtin::NumGroups: return emit_work_item(e, spv::BuiltIn::NumWorkgroups);
        case Builtin::Barrier: emit_barrier(e, true); return 0;
        case Builtin::AsyncCopy: return emit_async_copy(e);
        case Builtin::WaitCopies: emit_wait_copies(e); return 0;
        case Builtin::Print: emit_print(e); return 0;
        case Builtin::Assert: emit_assert(e); return 0;
        case Builtin::Fence: emit_barrier(e, false); return 0;
        case Builtin::DeviceFence:
            emit_barrier(e, false, spv::Scope::Workgroup, spv::Scope::Device);
            return 0;
        case Builtin::LocalArray:
        case Builtin::PrivateArray: emit_array(e); return 0;
        case Builtin::Select: {
            const types::Type* t = fn_.info(e).type;
            if (e.args.size() != 3) break;
            Id c = emit_value_as(*e.args[0], fn_.info(*e.args[0]).result());
            Id x = emit_value_as(*e.args[1], t);
            Id y = emit_value_as(*e.args[2], t);
            return inst(spv::Op::OpSelect, m_.type_of(t), {c, x, y});
        }
        case Builtin::Isnan:
        case Builtin::Isinf:
        case Builtin::Isfinite: {
            if (e.args.size() != 1) break;
            Id x = emit_value(*e.args[0]);
            const DType xt = fn_.info(*e.args[0]).result()->dtype;
            if (computes_in_f32(xt)) x = widened(x, xt);  // exact
            const spv::Op op = b == Builtin::Isnan   ? spv::Op::OpIsNan
                               : b == Builtin::Isinf ? spv::Op::OpIsInf
                                                     : spv::Op::OpIsFinite;
            return inst(op, m_.bool_type(), {x});
        }
        case Builtin::Popcount:
        case Builtin::Clz:
        case Builtin::Ctz: {
            if (e.args.size() != 1) break;
            const types::Type* t = fn_.info(e).type;
            Id x = emit_value_as(*e.args[0], t);
            if (b == Builtin::Popcount) return inst(spv::Op::OpBitCount, m_.type_of(t), {x});
            const auto entry = b == Builtin::Clz ? OpenCLLIB::Clz : OpenCLLIB::Ctz;
            return inst(spv::Op::OpExtInst, m_.type_of(t),
                        {m_.opencl_std(), static_cast<Id>(entry), x});
        }
        case Builtin::Min:
        case Builtin::Max:
        case Builtin::Clamp:
        case Builtin::Abs: return emit_min_max_clamp_abs(e);
        case Builtin::SubGroupSize: return emit_sub_group_item(e, spv::BuiltIn::SubgroupSize);
        case Builtin::SubGroupLocalId:
            return emit_sub_group_item(e, spv::BuiltIn::SubgroupLocalInvocationId);
        case Builtin::SubGroupId: return emit_sub_group_item(e, spv::BuiltIn::SubgroupId);
        case Builtin::NumSubGroups: return emit_sub_group_item(e, spv::BuiltIn::NumSubgroups);
        case Builtin::SubGroupBarrier: emit_sub_group_barrier(e); return 0;
        case Builtin::SubGroupBroadcast:
        case Builtin::SubGroupShuffle:
        case Builtin::SubGroupReduceAdd:
        case Builtin::SubGroupReduceMin:
        case Builtin::SubGroupReduceMax:
        case Builtin::SubGroupScanInclusiveAdd:
        case Builtin::SubGroupScanInclusiveMin:
        case Builtin::SubGroupScanInclusiveMax:
        case Builtin::SubGroupScanExclusiveAdd:
        case Builtin::SubGroupScanExclusiveMin:
        case Builtin::SubGroupScanExclusiveMax:
        case Builtin::SubGroupShuffleDown:
        case Builtin::SubGroupShuffleUp:
        case Builtin::SubGroupShuffleXor:
        case Builtin::SubGroupReduceAnd:
        case Builtin::SubGroupReduceOr:
        case Builtin::SubGroupReduceXor:
        case Builtin::SubGroupScanInclusiveAnd:
        case Builtin::SubGroupScanInclusiveOr:
        case Builtin::SubGroupScanInclusiveXor:
        case Builtin::SubGroupScanExclusiveAnd:
        case Builtin::SubGroupScanExclusiveOr:
        case Builtin::SubGroupScanExclusiveXor: return emit_sub_group_value(e);
        case Builtin::SubGroupBallot:
        case Builtin::SubGroupAny:
        case Builtin::SubGroupAll: return emit_sub_group_vote(e);
        default: return emit_math(e);
    }
    error("internal: wrong arguments to builtin '" + std::string(sema::builtin_name(b)) + "'");
    return m_.const_i64(0);
}

Id FunctionEmitter::emit_work_item(const ast::Call& e, spv::BuiltIn builtin) {
    const auto& c = e.args.empty() ? std::nullopt : fn_.info(*e.args[0]).constant;
    std::optional<std::uint32_t> dim;  // a constant dimension; otherwise `dynamic` holds it
    Id dynamic = 0;
    if (c) {
        const std::int64_t d = c->as_int();
        if (d >= 0 && d < static_cast<std::int64_t>(kWorkItemDims)) {
            m_.work_dims_used = std::max(m_.work_dims_used, static_cast<std::uint32_t>(d + 1));
            dim = static_cast<std::uint32_t>(d);
        }
    }
    // A kernel that declares its work-group size has it as a constant (every launch has it).
    if (dim && builtin == spv::BuiltIn::WorkgroupSize && m_.required_local_size[0] != 0)
        return m_.const_i64(m_.required_local_size[*dim]);
    if (!dim) {
        if (e.args.empty()) {
            error("internal: work-item builtin without a dimension");
            return m_.const_i64(0);
        }
        m_.work_dims_used = kWorkItemDims;  // any dimension may be read
        dynamic = emit_value(*e.args[0]);
    }
    auto component = [&](spv::BuiltIn b) {
        Id vec = builtin_vector(b);
        if (dim) return inst(spv::Op::OpCompositeExtract, m_.i64(), {vec, *dim});
        return inst(spv::Op::OpVectorExtractDynamic, m_.i64(), {vec, dynamic});
    };
    if (builtin == spv::BuiltIn::GlobalInvocationId &&
        (m_.avoids(DriverDefect::NotOfGlobalId) || m_.avoids(DriverDefect::LostStridedStores))) {
        // group id * local size + local id: the driver's own global id feeds a miscompiled
        // fold (not_of_global_id) and, in a kernel with a barrier, a wrapping index whose load
        // or strided store after the barrier it vectorizes wrongly (lost_strided_stores;
        // dpk/core/driver_defects.h). Launches have no global offset.
        Id group = component(spv::BuiltIn::WorkgroupId);
        Id size = component(spv::BuiltIn::WorkgroupSize);
        return inst(spv::Op::OpIAdd, m_.i64(),
                    {inst(spv::Op::OpIMul, m_.i64(), {group, size}),
                     component(spv::BuiltIn::LocalInvocationId)});
    }
    return component(builtin);
}

void FunctionEmitter::emit_barrier(const ast::Call& e, bool control, spv::Scope execution,
                                   spv::Scope memory) {
    std::int64_t flags = kFlagLocal;
    if (!e.args.empty()) {
        const auto& c = fn_.info(*e.args[0]).constant;
        if (!c) {
            error("internal: barrier flags are not constant");
            return;
        }
        flags = c->as_int();
    }
    std::uint32_t memories = 0;
    if (flags & kFlagLocal) memories |= operand(spv::MemorySemanticsMask::WorkgroupMemory);
    if (flags & kFlagGlobal) memories |= operand(spv::MemorySemanticsMask::CrossWorkgroupMemory);
    if (control) {  // memory scope Workgroup also for sub-group barriers, as OpenCL C's
        control_barrier(execution, memory, memories);
        return;
    }
    const auto semantics =
        static_cast<std::uint32_t>(spv::MemorySemanticsMask::SequentiallyConsistent) | memories;
    inst_void(spv::Op::OpMemoryBarrier, {m_.const_i32(operand(memory)), m_.const_i32(semantics)});
}

void FunctionEmitter::control_barrier(spv::Scope execution, spv::Scope memory,
                                      std::uint32_t memories) {
    const auto semantics =
        static_cast<std::uint32_t>(spv::MemorySemanticsMask::SequentiallyConsistent) | memories;
    const Id scope = m_.const_i32(operand(memory));  // first: the constants' order is the ids'
    inst_void(spv::Op::OpControlBarrier,
              {m_.const_i32(operand(execution)), scope, m_.const_i32(semantics)});
}

Id FunctionEmitter::emit_math(const ast::Call& e) {
    const auto& info = fn_.info(e);
    OpenCLLIB::Entrypoints entry{};
    if (!math_entry(info.builtin, entry)) {
        error("internal: builtin '" + std::string(sema::builtin_name(info.builtin)) +
              "' is not emitted");
        return m_.const_i64(0);
    }
    const types::Type* t = info.type;
    if (t->is_matrix())  // element by element
        return emit_matrix_math(
            e, [&](std::span<const Id> x) { return float_function(entry, t->dtype, x); });
    std::vector<Id> args;
    for (const auto& a : e.args) args.push_back(emit_value_as(*a, t));
    return float_function(entry, t->dtype, args);
}

bool FunctionEmitter::constant_bounds_ordered(const ast::Call& e, DType t) const {
    if (e.args.size() != 3) return false;
    const auto& lo = fn_.info(*e.args[1]).constant;
    const auto& hi = fn_.info(*e.args[2]).constant;
    if (!lo || !hi) return false;
    const sema::ConstValue l = sema::convert_const(*lo, fn_.info(*e.args[1]).result()->dtype, t);
    const sema::ConstValue h = sema::convert_const(*hi, fn_.info(*e.args[2]).result()->dtype, t);
    return std::visit(
        [](auto a, auto b) {
            if constexpr (std::is_same_v<decltype(a), decltype(b)>)
                return a <= b;  // a NaN bound is not in order
            else
                return false;
        },
        l.value, h.value);
}

Id FunctionEmitter::emit_min_max_clamp_abs(const ast::Call& e) {
    const auto& info = fn_.info(e);
    const types::Type* t = info.type;
    const DType dt = t->dtype;
    if (t->is_matrix()) {  // float elements, element by element; clamp as min(max(x, lo), hi)
        using namespace OpenCLLIB;
        const Id elem = m_.value_type(dt);
        const Builtin b = info.builtin;
        return emit_matrix_math(e, [&](std::span<const Id> v) {
            std::vector<Id> x(v.begin(), v.end());
            if (computes_in_f32(dt))  // as below
                for (Id& a : x) a = widened(a, dt);
            const Id type = computes_in_f32(dt) ? m_.value_type(DType::F32) : elem;
            Id r = 0;
            switch (b) {
                case Builtin::Min: r = ext(Fmin, type, {x[0], x[1]}); break;
                case Builtin::Max: r = ext(Fmax, type, {x[0], x[1]}); break;
                case Builtin::Clamp:
                    r = ext(Fmin, type, {ext(Fmax, type, {x[0], x[1]}), x[2]});
                    break;
                default: r = ext(Fabs, type, {x[0]}); break;
            }
            return computes_in_f32(dt) ? narrowed(r, dt) : r;
        });
    }
    std::vector<Id> args;
    for (const auto& a : e.args) args.push_back(emit_value_as(*a, t));
    if (computes_in_f32(dt)) {  // in f32: exact (the result is an argument, or its magnitude)
        for (Id& a : args) a = widened(a, dt);
        return narrowed(min_max_clamp_abs(e, args, DType::F32), dt);
    }
    return min_max_clamp_abs(e, args, dt);
}

Id FunctionEmitter::min_max_clamp_abs(const ast::Call& e, const std::vector<Id>& args, DType dt) {
    const auto& info = fn_.info(e);
    using namespace OpenCLLIB;
    const bool flt = is_float(dt);
    const bool sgn = is_signed(dt);
    Entrypoints entry{};
    std::size_t arity = 2;
    switch (info.builtin) {
        case Builtin::Min: entry = flt ? Fmin : (sgn ? SMin : UMin); break;
        case Builtin::Max: entry = flt ? Fmax : (sgn ? SMax : UMax); break;
        case Builtin::Clamp:
            entry = flt ? FClamp : (sgn ? SClamp : UClamp);
            arity = 3;
            // clamp(x, lo, hi) is min(max(x, lo), hi), also when lo > hi (hi then): OpenCL's
            // clamp leaves that case undefined (drivers differ), so it is used only for constant
            // bounds in order.
            if (args.size() == 3 && !constant_bounds_ordered(e, dt)) {
                const Id type = m_.value_type(dt);
                const Id low = ext(flt ? Fmax : (sgn ? SMax : UMax), type, {args[0], args[1]});
                return ext(flt ? Fmin : (sgn ? SMin : UMin), type, {low, args[2]});
            }
            break;
        case Builtin::Abs:
            arity = 1;
            if (!flt && !sgn) return args.empty() ? m_.zero(dt) : args[0];  // |u| = u
            if (!flt && args.size() == 1) {
                // abs(MIN) == MIN, wrapping: not s_abs, whose MIN drivers disagree on.
                const Id type = m_.value_type(dt);
                const Id negative =
                    inst(spv::Op::OpSLessThan, m_.bool_type(), {args[0], m_.zero(dt)});
                const Id negated = inst(spv::Op::OpSNegate, type, {args[0]});
                return inst(spv::Op::OpSelect, type, {negative, negated, args[0]});
            }
            entry = flt ? Fabs : SAbs;
            break;
        default: break;
    }
    if (args.size() != arity || dt == DType::Bool) {
        error("internal: wrong arguments to '" + std::string(sema::builtin_name(info.builtin)) +
              "'");
        return m_.zero(dt);
    }
    std::vector<Id> ops{m_.opencl_std(), static_cast<Id>(entry)};
    ops.insert(ops.end(), args.begin(), args.end());
    return inst(spv::Op::OpExtInst, m_.value_type(dt), ops);
}

}  // namespace dpk::compiler::spirv
