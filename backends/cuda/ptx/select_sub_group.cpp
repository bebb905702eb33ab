// Sub-group operations on warps of 32 (select_builtin.cpp defines the sub-groups): broadcasts and
// shuffles (shfl.sync.idx/down/up/bfly; 64-bit values as two 32-bit shuffles, f16/bool widened),
// votes (vote.sync.any/all/ballot over the member mask), and reductions and scans that respect
// the member mask of a partial last sub-group:
//   - 8/16/32-bit integer add/min/max/and/or/xor reductions: redux.sync on sm_80+, over the
//     member mask;
//   - other reductions and all scans: an inclusive Hillis-Steele scan with shfl.sync.up (a lane
//     combines the value `offset` lanes below only when lane >= offset, so only member lanes are
//     read); a reduction is the last member's inclusive scan, read with shfl.sync.idx; an
//     exclusive scan is the inclusive scan one lane below, the identity on lane 0.
// Workgroup-scope group operations are rejected.
#include "backends/cuda/ptx/function_translator.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWordBits = 32;
constexpr std::uint32_t kLaneMask = kWarpSize - 1;  // shfl "c" operand: clamp to the warp
constexpr std::uint32_t kUpClamp = 0;               // shfl.up "c" operand: no segment, clamp 0

std::string hex_bits(std::uint64_t v) {
    static const char* digits = "0123456789ABCDEF";
    std::string s;
    do {
        s.insert(s.begin(), digits[v & 0xF]);
        v >>= 4;
    } while (v);
    return "0x" + s;
}

}  // namespace

void FunctionTranslator::combine(Combine c, const Scalar& s, const std::string& d,
                                 const std::string& a, const std::string& b) {
    switch (c) {
        case Combine::IAdd: emit("add" + int_type(s, true), {d, a, b}); return;
        case Combine::FAdd: emit("add.rn" + float_type(s), {d, a, b}); return;
        case Combine::FMin: emit("min" + float_type(s), {d, a, b}); return;
        case Combine::FMax: emit("max" + float_type(s), {d, a, b}); return;
        case Combine::And: emit("and" + bit_type(s), {d, a, b}); return;
        case Combine::Or: emit("or" + bit_type(s), {d, a, b}); return;
        case Combine::Xor: emit("xor" + bit_type(s), {d, a, b}); return;
        case Combine::SMin:
        case Combine::SMax:
        case Combine::UMin:
        case Combine::UMax: {
            const bool is_signed = c == Combine::SMin || c == Combine::SMax;
            const bool is_min = c == Combine::SMin || c == Combine::UMin;
            const std::string x = extend_reg(a, s, is_signed);
            const std::string y = extend_reg(b, s, is_signed);
            emit((is_min ? "min" : "max") + int_type(s, is_signed), {d, x, y});
            return;
        }
    }
}

bool FunctionTranslator::select_vote(const SpirvInstruction& inst) {
    const spv::Op op = inst.opcode;
    if (op == spv::Op::OpCompositeExtract) {
        auto ballot = ballots_.find(inst.operand(0));
        if (ballot == ballots_.end()) return false;  // select_memory's
        if (inst.operands.size() != 2 || inst.operand(1) >= 4)
            unsupported(inst, "the component index is out of range");
        // A warp has 32 lanes: word 0 is the ballot, words 1-3 are 0.
        emit("mov.b32", {def(inst), inst.operand(1) == 0 ? ballot->second : "0"});
        return true;
    }
    if (op != spv::Op::OpGroupAny && op != spv::Op::OpGroupAll &&
        op != spv::Op::OpGroupNonUniformBallot)
        return false;
    auto scope = constant_value(inst.operand(0));
    if (!scope || static_cast<spv::Scope>(*scope) != spv::Scope::Subgroup)
        unsupported(inst, "only Subgroup-scope votes are supported");
    const std::string predicate = use(inst.operand(1));
    if (op == spv::Op::OpGroupNonUniformBallot) {
        // Lanes outside the member mask (past a partial last sub-group) vote 0.
        const std::string votes = new_reg(RegClass::B32);
        const std::string word = new_reg(RegClass::B32);
        emit("vote.sync.ballot.b32", {votes, predicate, sub_group_mask()});
        emit("and.b32", {word, votes, sub_group_mask()});
        ballots_[inst.result] = word;
        return true;
    }
    emit(op == spv::Op::OpGroupAny ? "vote.sync.any.pred" : "vote.sync.all.pred",
         {def(inst), predicate, sub_group_mask()});
    return true;
}

bool FunctionTranslator::select_sub_group(const SpirvInstruction& inst) {
    if (select_vote(inst)) return true;
    const spv::Op op = inst.opcode;
    std::optional<Combine> c;
    switch (op) {
        case spv::Op::OpGroupBroadcast:
        case spv::Op::OpSubgroupShuffleINTEL:
        case spv::Op::OpSubgroupShuffleXorINTEL:
        case spv::Op::OpGroupNonUniformShuffleDown:
        case spv::Op::OpGroupNonUniformShuffleUp:
        case spv::Op::OpGroupNonUniformShuffleXor: break;
        case spv::Op::OpGroupNonUniformBitwiseAnd: c = Combine::And; break;
        case spv::Op::OpGroupNonUniformBitwiseOr: c = Combine::Or; break;
        case spv::Op::OpGroupNonUniformBitwiseXor: c = Combine::Xor; break;
        case spv::Op::OpGroupIAdd: c = Combine::IAdd; break;
        case spv::Op::OpGroupFAdd: c = Combine::FAdd; break;
        case spv::Op::OpGroupFMin: c = Combine::FMin; break;
        case spv::Op::OpGroupFMax: c = Combine::FMax; break;
        case spv::Op::OpGroupSMin: c = Combine::SMin; break;
        case spv::Op::OpGroupSMax: c = Combine::SMax; break;
        case spv::Op::OpGroupUMin: c = Combine::UMin; break;
        case spv::Op::OpGroupUMax: c = Combine::UMax; break;
        default: return false;
    }
    const Scalar s = scalar(inst.result_type, inst);
    if (s.is_pointer()) unsupported(inst, "pointers cannot be exchanged between lanes");
    const bool is_intel =
        op == spv::Op::OpSubgroupShuffleINTEL || op == spv::Op::OpSubgroupShuffleXorINTEL;
    if (!is_intel) {
        auto scope = constant_value(inst.operand(0));
        if (!scope) unsupported(inst, "the execution scope must be a constant");
        if (static_cast<spv::Scope>(*scope) != spv::Scope::Subgroup)
            unsupported(inst,
                        "only Subgroup-scope group operations are supported (work-group "
                        "collectives are not implemented on CUDA)");
    }
    const std::string mask = sub_group_mask();
    const RegClass rc = reg_class(s);

    // shfl.sync of any scalar: 32-bit pieces.
    auto shuffle = [&](const std::string& value, const std::string& lane_or_delta,
                       const std::string& mode) {
        const std::string cval = std::to_string(mode == "up" ? kUpClamp : kLaneMask);
        const std::string instr = "shfl.sync." + mode + ".b32";
        const std::string out = new_reg(rc);
        if (rc == RegClass::B32 || rc == RegClass::F32) {
            emit(instr, {out, value, lane_or_delta, cval, mask});
        } else if (rc == RegClass::B64 || rc == RegClass::F64) {
            const std::string lo = new_reg(RegClass::B32), hi = new_reg(RegClass::B32);
            const std::string lo2 = new_reg(RegClass::B32), hi2 = new_reg(RegClass::B32);
            emit("mov.b64", {"{" + lo + ", " + hi + "}", value});
            emit(instr, {lo2, lo, lane_or_delta, cval, mask});
            emit(instr, {hi2, hi, lane_or_delta, cval, mask});
            emit("mov.b64", {out, "{" + lo2 + ", " + hi2 + "}"});
        } else {
            const std::string w = new_reg(RegClass::B32), w2 = new_reg(RegClass::B32);
            if (rc == RegClass::Pred)
                emit("selp.b32", {w, "1", "0", value});
            else
                emit("cvt.u32.u16", {w, value});
            emit(instr, {w2, w, lane_or_delta, cval, mask});
            if (rc == RegClass::Pred)
                emit("setp.ne.b32", {out, w2, "0"});
            else
                emit("cvt.u16.u32", {out, w2});
        }
        return out;
    };
    auto lane_operand = [&](Id id) {
        const Scalar ls = value_scalar(id, inst);
        if (!ls.is_int()) unsupported(inst, "the lane operand is not an integer");
        if (ls.bits <= kWordBits) return extended(id, false, inst);
        const std::string r = new_reg(RegClass::B32);
        emit("cvt.u32.u64", {r, use(id)});
        return r;
    };

    if (op == spv::Op::OpGroupNonUniformShuffleDown || op == spv::Op::OpGroupNonUniformShuffleUp ||
        op == spv::Op::OpGroupNonUniformShuffleXor) {
        // The SPIR-V guards the lanes outside the sub-group (it selects the own value there).
        const char* mode = op == spv::Op::OpGroupNonUniformShuffleDown ? "down"
                           : op == spv::Op::OpGroupNonUniformShuffleUp ? "up"
                                                                       : "bfly";
        const std::string out = shuffle(use(inst.operand(1)), lane_operand(inst.operand(2)), mode);
        emit("mov" + bit_type(s), {def(inst), out});
        return true;
    }
    if (!c) {
        std::string value, lane;
        if (op == spv::Op::OpGroupBroadcast) {
            value = use(inst.operand(1));
            lane = lane_operand(inst.operand(2));
        } else {
            value = use(inst.operand(0));
            lane = lane_operand(inst.operand(1));
            if (op == spv::Op::OpSubgroupShuffleXorINTEL) {
                const std::string x = new_reg(RegClass::B32);
                emit("xor.b32", {x, lane_id(), lane});
                lane = x;
            }
        }
        const std::string out = shuffle(value, lane, "idx");
        emit("mov" + bit_type(s), {def(inst), out});
        return true;
    }

    const bool is_bitwise = *c == Combine::And || *c == Combine::Or || *c == Combine::Xor;
    if ((*c == Combine::FAdd || *c == Combine::FMin || *c == Combine::FMax) != s.is_float() ||
        s.is_bool() || (is_bitwise && !s.is_int()))
        unsupported(inst, "the operand type does not match the operation");
    const auto operation = static_cast<spv::GroupOperation>(inst.operand(1));
    const std::string x = use(inst.operand(2));
    const std::string d = def(inst);
    constexpr std::uint32_t kReduxSm = 80;  // redux.sync: sm_80 and newer
    if (operation == spv::GroupOperation::Reduce && s.is_int() && s.bits <= kWordBits &&
        state_.target.sm >= kReduxSm) {
        if (is_bitwise) {
            // 8/16-bit values live in 32-bit registers: their low bits are the result.
            const char* name = *c == Combine::And ? "and" : *c == Combine::Or ? "or" : "xor";
            emit(std::string("redux.sync.") + name + ".b32", {d, x, mask});
            return true;
        }
        const char* name = *c == Combine::IAdd                            ? "add"
                           : (*c == Combine::SMin || *c == Combine::UMin) ? "min"
                                                                          : "max";
        const bool is_signed = *c == Combine::SMin || *c == Combine::SMax;
        const std::string v = extend_reg(x, s, is_signed);
        emit(std::string("redux.sync.") + name + (is_signed ? ".s32" : ".u32"), {d, v, mask});
        return true;
    }
    if (operation != spv::GroupOperation::Reduce &&
        operation != spv::GroupOperation::InclusiveScan &&
        operation != spv::GroupOperation::ExclusiveScan)
        unsupported(inst, "only Reduce, InclusiveScan and ExclusiveScan are supported");

    std::string acc = x;
    for (std::uint32_t offset = 1; offset < kWarpSize; offset *= 2) {
        const std::string below = shuffle(acc, std::to_string(offset), "up");
        const std::string sum = new_reg(rc);
        combine(*c, s, sum, acc, below);
        const std::string has = new_reg(RegClass::Pred);
        emit("setp.ge.u32", {has, lane_id(), std::to_string(offset)});
        const std::string next = new_reg(rc);
        emit("selp" + bit_type(s), {next, sum, acc, has});
        acc = next;
    }
    if (operation == spv::GroupOperation::InclusiveScan) {
        emit("mov" + bit_type(s), {d, acc});
        return true;
    }
    if (operation == spv::GroupOperation::Reduce) {
        const std::string last = new_reg(RegClass::B32);
        emit("sub.u32", {last, sub_group_size(), "1"});
        emit("mov" + bit_type(s), {d, shuffle(acc, last, "idx")});
        return true;
    }
    // Exclusive: the inclusive scan of the lane below; the identity on lane 0.
    std::string identity;
    const std::uint64_t width_mask =
        s.bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << s.bits) - 1;
    const std::uint64_t sign = std::uint64_t{1} << (s.bits - 1);
    switch (*c) {
        case Combine::IAdd:
        case Combine::Or:
        case Combine::Xor:
        case Combine::UMax: identity = "0"; break;
        case Combine::And: identity = hex_bits(width_mask); break;
        case Combine::UMin: identity = hex_bits(width_mask); break;
        case Combine::SMin: identity = hex_bits(sign - 1); break;
        case Combine::SMax: identity = hex_bits(sign); break;
        case Combine::FAdd: identity = s.bits == 64 ? "0d0000000000000000" : "0f00000000"; break;
        case Combine::FMin: identity = s.bits == 64 ? "0d7FF0000000000000" : "0f7F800000"; break;
        case Combine::FMax: identity = s.bits == 64 ? "0dFFF0000000000000" : "0fFF800000"; break;
    }
    if (s.bits == 16 && s.is_float())
        identity = *c == Combine::FAdd ? "0x0000" : *c == Combine::FMin ? "0x7C00" : "0xFC00";
    const std::string below = shuffle(acc, "1", "up");
    const std::string id_reg = new_reg(rc);
    emit("mov" + (s.is_float() && s.bits > 16 ? float_type(s) : bit_type(s)), {id_reg, identity});
    const std::string has = new_reg(RegClass::Pred);
    emit("setp.ge.u32", {has, lane_id(), "1"});
    emit("selp" + bit_type(s), {d, below, id_reg, has});
    return true;
}

}  // namespace dpk::backends::cuda
