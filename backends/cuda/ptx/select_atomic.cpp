// Atomics (atom.{space}.{op} with the SPIR-V scope and ordering: relaxed unless the semantics
// say otherwise; sequentially consistent ones are fenced with fence.sc) and barriers:
//   OpControlBarrier Workgroup -> barrier.sync 0 (not the .aligned bar.sync: ptxas may take a
//     warp to be converged at an aligned barrier, and with it compiled kernels where a loop of
//     varying trip count, atomics and barriers meet into wrong addresses, wrong results and
//     illegal instructions; docs/cuda.md, "Barriers"); Subgroup -> bar.warp.sync <member mask>.
//     A barrier orders the memory accesses of the threads taking part in it; a Device or wider
//     memory scope adds fence.acq_rel.gpu/.sys before it.
//   OpMemoryBarrier -> membar.{cta,gl,sys} (sequentially consistent) or fence.acq_rel.{scope}.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWordBits = 32;

std::uint32_t mask(spv::MemorySemanticsMask m) {
    return static_cast<std::uint32_t>(m);
}

constexpr spv::MemorySemanticsMask kOrderBits[] = {
    spv::MemorySemanticsMask::Acquire, spv::MemorySemanticsMask::Release,
    spv::MemorySemanticsMask::AcquireRelease, spv::MemorySemanticsMask::SequentiallyConsistent};

enum class Order : std::uint8_t { Relaxed, Acquire, Release, AcqRel, SeqCst };

Order order_of(std::uint32_t semantics) {
    if (semantics & mask(spv::MemorySemanticsMask::SequentiallyConsistent)) return Order::SeqCst;
    if (semantics & mask(spv::MemorySemanticsMask::AcquireRelease)) return Order::AcqRel;
    const bool acquire = semantics & mask(spv::MemorySemanticsMask::Acquire);
    const bool release = semantics & mask(spv::MemorySemanticsMask::Release);
    if (acquire && release) return Order::AcqRel;
    if (acquire) return Order::Acquire;
    return release ? Order::Release : Order::Relaxed;
}

/// PTX scope of a SPIR-V scope: sub-group and invocation scopes widen to the CTA.
std::optional<std::string> ptx_scope(std::uint32_t scope) {
    switch (static_cast<spv::Scope>(scope)) {
        case spv::Scope::CrossDevice: return ".sys";
        case spv::Scope::Device: return ".gpu";
        case spv::Scope::Workgroup:
        case spv::Scope::Subgroup:
        case spv::Scope::Invocation: return ".cta";
        default: return std::nullopt;
    }
}

}  // namespace

bool FunctionTranslator::select_atomic(const SpirvInstruction& inst) {
    const spv::Op op = inst.opcode;
    const char* name = nullptr;
    switch (op) {
        case spv::Op::OpAtomicIAdd:
        case spv::Op::OpAtomicISub:
        case spv::Op::OpAtomicIIncrement:
        case spv::Op::OpAtomicIDecrement: name = "add"; break;
        case spv::Op::OpAtomicSMin:
        case spv::Op::OpAtomicUMin: name = "min"; break;
        case spv::Op::OpAtomicSMax:
        case spv::Op::OpAtomicUMax: name = "max"; break;
        case spv::Op::OpAtomicAnd: name = "and"; break;
        case spv::Op::OpAtomicOr: name = "or"; break;
        case spv::Op::OpAtomicXor: name = "xor"; break;
        case spv::Op::OpAtomicExchange: name = "exch"; break;
        case spv::Op::OpAtomicCompareExchange: name = "cas"; break;
        case spv::Op::OpAtomicFAddEXT: name = "add"; break;
        case spv::Op::OpAtomicLoad:
        case spv::Op::OpAtomicStore: break;
        default: return false;
    }
    const Id pointer = inst.operand(0);
    auto scope_value = constant_value(inst.operand(1));
    auto semantics = constant_value(inst.operand(2));
    if (!scope_value || !semantics) unsupported(inst, "the scope and semantics must be constants");
    auto scope = ptx_scope(static_cast<std::uint32_t>(*scope_value));
    if (!scope) unsupported(inst, "its memory scope has no PTX equivalent");
    Order order = order_of(static_cast<std::uint32_t>(*semantics));
    if (op == spv::Op::OpAtomicCompareExchange) {  // the stronger of equal/unequal semantics
        auto unequal = constant_value(inst.operand(3));
        if (!unequal) unsupported(inst, "the semantics must be constants");
        order = std::max(order, order_of(static_cast<std::uint32_t>(*unequal)));
    }
    if (order == Order::SeqCst) {
        emit("fence.sc" + *scope, {});
        order = Order::AcqRel;
    }
    std::string space;
    const std::string address =
        std::string("[")
            .append(mapped_address(pointer, address_of(pointer, inst, &space)))
            .append("]");
    const Scalar s = op == spv::Op::OpAtomicStore ? value_scalar(inst.operand(3), inst)
                                                  : scalar(inst.result_type, inst);
    const bool is_float = op == spv::Op::OpAtomicFAddEXT;
    if ((is_float ? !s.is_float() : !s.is_int()) || s.bits < kWordBits)
        unsupported(inst, "atomics need 32- or 64-bit " +
                              std::string(is_float ? "float" : "integer") + " values");

    if (op == spv::Op::OpAtomicLoad || op == spv::Op::OpAtomicStore) {
        const char* sem = op == spv::Op::OpAtomicLoad
                              ? (order == Order::Relaxed ? ".relaxed" : ".acquire")
                              : (order == Order::Relaxed ? ".relaxed" : ".release");
        if (op == spv::Op::OpAtomicLoad)
            emit("ld" + std::string(sem) + *scope + space + memory_type(s), {def(inst), address});
        else
            emit("st" + std::string(sem) + *scope + space + memory_type(s),
                 {address, use(inst.operand(3))});
        return true;
    }

    const char* sem = order == Order::Relaxed   ? ".relaxed"
                      : order == Order::Acquire ? ".acquire"
                      : order == Order::Release ? ".release"
                                                : ".acq_rel";
    std::string type;
    switch (op) {
        case spv::Op::OpAtomicSMin:
        case spv::Op::OpAtomicSMax: type = int_type(s, true); break;
        case spv::Op::OpAtomicIAdd:
        case spv::Op::OpAtomicISub:
        case spv::Op::OpAtomicIIncrement:
        case spv::Op::OpAtomicIDecrement:
        case spv::Op::OpAtomicUMin:
        case spv::Op::OpAtomicUMax: type = int_type(s, false); break;
        case spv::Op::OpAtomicFAddEXT: type = float_type(s); break;
        default: type = bit_type(s); break;
    }
    const std::string d = def(inst);
    const std::string atom = "atom" + std::string(sem) + *scope + space + "." + name + type;
    const RegClass rc = reg_class(s);
    switch (op) {
        case spv::Op::OpAtomicCompareExchange:  // (pointer, scope, eq, neq, Value, Comparator)
            if (bounds_record_pointers_.count(pointer) && space == ".global" && s.bits == 32 &&
                order == Order::Relaxed && *scope == ".gpu") {
                // The bounds record's claim, in a function of its own (kBoundsClaimFunction).
                const std::string expected = use(inst.operand(5));
                const std::string desired = use(inst.operand(4));
                const std::string record = address_of(pointer, inst, &space);  // a register
                emit("call", {"(" + d + ")", std::string(kBoundsClaimFunction),
                              "(" + record + ", " + expected + ", " + desired + ")"});
                state_.uses_bounds_claim = true;
                return true;
            }
            emit(atom, {d, address, use(inst.operand(5)), use(inst.operand(4))});
            return true;
        case spv::Op::OpAtomicISub: {
            const std::string negated = new_reg(rc);
            emit("neg" + int_type(s, true), {negated, use(inst.operand(3))});
            emit(atom, {d, address, negated});
            return true;
        }
        case spv::Op::OpAtomicIIncrement:
        case spv::Op::OpAtomicIDecrement: {
            const std::string step = new_reg(rc);
            emit("mov" + bit_type(s), {step, op == spv::Op::OpAtomicIIncrement ? "1" : "-1"});
            emit(atom, {d, address, step});
            return true;
        }
        default: emit(atom, {d, address, use(inst.operand(3))}); return true;
    }
}

bool FunctionTranslator::select_barrier(const SpirvInstruction& inst) {
    if (inst.opcode != spv::Op::OpControlBarrier && inst.opcode != spv::Op::OpMemoryBarrier)
        return false;
    const bool control = inst.opcode == spv::Op::OpControlBarrier;
    const std::size_t first = control ? 1 : 0;
    auto memory_scope = constant_value(inst.operand(first));
    auto semantics = constant_value(inst.operand(first + 1));
    if (!memory_scope || !semantics)
        unsupported(inst, "the scopes and semantics must be constants");
    auto scope = ptx_scope(static_cast<std::uint32_t>(*memory_scope));
    if (!scope) unsupported(inst, "its memory scope has no PTX equivalent");
    std::uint32_t ordering = 0;
    for (auto bit : kOrderBits) ordering |= mask(bit);
    const bool orders = (*semantics & ordering) != 0;
    if (!control) {
        if (!orders) return true;  // no ordering asked for: nothing to do
        if (order_of(static_cast<std::uint32_t>(*semantics)) == Order::SeqCst)
            emit(*scope == ".cta"   ? "membar.cta"
                 : *scope == ".gpu" ? "membar.gl"
                                    : "membar.sys",
                 {});
        else
            emit("fence.acq_rel" + *scope, {});
        return true;
    }
    auto execution = constant_value(inst.operand(0));
    if (!execution) unsupported(inst, "the execution scope must be a constant");
    if (orders && *scope != ".cta") emit("fence.acq_rel" + *scope, {});
    switch (static_cast<spv::Scope>(*execution)) {
        case spv::Scope::Workgroup: work_group_barrier(); return true;
        case spv::Scope::Subgroup: emit("bar.warp.sync", {sub_group_mask()}); return true;
        default: unsupported(inst, "only Workgroup and Subgroup execution scopes are supported");
    }
}

}  // namespace dpk::backends::cuda
