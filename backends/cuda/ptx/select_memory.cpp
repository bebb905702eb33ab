// Memory: Function-storage variables (scalars loaded and stored directly live in registers, the
// rest, private arrays among them, in .local memory), loads and stores per state space
// (CrossWorkgroup -> .global, Workgroup -> .shared, Function -> .local, Generic -> generic),
// access chains (byte offsets computed from the SPIR-V array types), and the extraction of
// builtin vector components.
#include <algorithm>
#include <bit>
#include <numeric>

#include "backends/cuda/ptx/function_translator.h"
#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWordBits = 32;
constexpr std::size_t kVectorComponents = 3;

bool is_builtin_variable(const SpirvModule& m, Id id) {
    auto v = m.variables.find(id);
    return v != m.variables.end() && v->second.storage == spv::StorageClass::Input &&
           m.decoration(id, spv::Decoration::BuiltIn).has_value();
}

/// Memory operands of OpLoad (from operand 1) / OpStore (from operand 2).
struct MemoryAccess {
    bool is_volatile = false;
    std::uint32_t alignment = 0;  // 0: not given
};

MemoryAccess memory_access(const SpirvInstruction& inst, std::size_t first) {
    MemoryAccess a;
    if (inst.operands.size() <= first) return a;
    const std::uint32_t mask = inst.operands[first];
    a.is_volatile = mask & static_cast<std::uint32_t>(spv::MemoryAccessMask::Volatile);
    if (mask & static_cast<std::uint32_t>(spv::MemoryAccessMask::Aligned))
        a.alignment = inst.operand(first + 1);
    return a;
}

/// How many leading operands of `inst` may be ids (the rest are literals), for the instructions
/// with literal operands that a function body holds; every operand for the others.
std::size_t id_operand_count(const SpirvInstruction& inst) {
    switch (inst.opcode) {
        case spv::Op::OpLoad: return 1;               // pointer, memory operands
        case spv::Op::OpStore: return 2;              // pointer, object, memory operands
        case spv::Op::OpCompositeExtract: return 1;   // composite, indices
        case spv::Op::OpCompositeInsert: return 2;    // object, composite, indices
        case spv::Op::OpVectorShuffle: return 2;      // vectors, components
        case spv::Op::OpSelectionMerge: return 1;     // merge block, control
        case spv::Op::OpLoopMerge: return 2;          // merge and continue blocks, control
        case spv::Op::OpBranchConditional: return 3;  // condition, targets, weights
        case spv::Op::OpCopyMemory: return 2;         // target, source, memory operands
        case spv::Op::OpCopyMemorySized: return 3;    // target, source, size, memory operands
        case spv::Op::OpSwitch: return 1;  // selector; then labels and (multi-word) literals
        default: return inst.operands.size();
    }
}

/// Whether operand `i` of `inst` may be an id (`ids`: id_operand_count(inst)).
bool is_id_operand(const SpirvInstruction& inst, std::size_t i, std::size_t ids) {
    if (inst.opcode == spv::Op::OpExtInst) return i != 1;  // set, instruction number, operands
    return i < ids;
}

}  // namespace

void FunctionTranslator::scan_function_variables(const SpirvFunction& function) {
    std::set<Id> candidates;
    for (const auto& block : function.blocks)
        for (const auto& inst : block.instructions)
            if (inst.opcode == spv::Op::OpVariable) {
                const SpirvType& t = module_.type(inst.result_type);
                if (t.opcode == spv::Op::OpTypePointer && scalar_of(module_, t.pointee))
                    candidates.insert(inst.result);
            }
    // A candidate escapes when it appears anywhere but as the pointer of a load or store. The
    // literal operands of the instructions a function body holds are no ids: a literal that
    // happens to equal a variable's id (OpExtInst's instruction number, a memory operand, a
    // composite index) must not keep the variable in memory.
    for (const auto& block : function.blocks)
        for (const auto& inst : block.instructions) {
            std::size_t skip = inst.operands.size();
            if (inst.opcode == spv::Op::OpLoad || inst.opcode == spv::Op::OpStore) skip = 0;
            if (inst.opcode == spv::Op::OpGroupWaitEvents) skip = 2;  // reads the events
            const std::size_t ids = id_operand_count(inst);
            for (std::size_t i = 0; i < inst.operands.size(); ++i)
                if (i != skip && is_id_operand(inst, i, ids)) candidates.erase(inst.operands[i]);
        }
    for (Id id : candidates) promoted_[id] = "";  // registers allocated at the OpVariable
}

void FunctionTranslator::store(const SpirvInstruction& inst, Id pointer, Id object,
                               std::uint32_t alignment, bool is_volatile) {
    const Scalar s = value_scalar(object, inst);
    std::string value = use(object);
    if (auto p = promoted_.find(pointer); p != promoted_.end()) {
        emit("mov" + bit_type(s), {p->second, value});
        return;
    }
    std::string space;
    const std::string address = mapped_address(pointer, address_of(pointer, inst, &space));
    const std::uint64_t natural = s.is_bool() ? 1 : s.bits / 8;
    if (alignment && alignment < natural)
        unsupported(inst, "stores less aligned than their type are not supported");
    if (s.is_bool()) {
        const std::string byte = new_reg(RegClass::B32);
        emit("selp.u32", {byte, "1", "0", value});
        value = byte;
    }
    const std::string st = std::string(is_volatile ? "st.volatile" : "st") + space;
    emit(st + memory_type(s), {"[" + address + "]", value});
}

std::uint64_t FunctionTranslator::alignment_known(Id pointer) const {
    if (auto it = known_alignment_.find(pointer); it != known_alignment_.end()) return it->second;
    auto v = module_.variables.find(pointer);
    if (v != module_.variables.end() && v->second.storage == spv::StorageClass::Workgroup) {
        const std::uint64_t declared =
            shared_alignment(module_, pointer, "Workgroup variable " + id_text(module_, pointer));
        // A swizzled array is placed at a multiple of the swizzle's period (ptx_translator.cpp).
        return state_.swizzle.swizzled.count(pointer) ? std::max(declared, kSwizzlePeriod)
                                                      : declared;
    }
    return 1;
}

std::string FunctionTranslator::address_of(Id pointer, const SpirvInstruction& inst,
                                           std::string* space) {
    const Scalar p = value_scalar(pointer, inst);
    if (!p.is_pointer()) unsupported(inst, "the pointer operand is not a pointer");
    auto s = state_space(p.storage);
    if (!s)
        unsupported(inst,
                    "pointers to " + storage_class_text(p.storage) + " memory are not supported");
    *space = s->empty() ? std::string() : std::string(".").append(*s);
    return use(pointer);
}

std::string FunctionTranslator::mapped_address(Id pointer, const std::string& address) {
    return state_.swizzle.swizzles(pointer) ? swizzle_address(address) : address;
}

std::string FunctionTranslator::swizzle_address(const std::string& address) {
    // o ^ (((o >> 7) & 7) << 4): the array starts at a multiple of kSwizzlePeriod.
    const std::string line = new_reg(RegClass::B64), moved = new_reg(RegClass::B64);
    emit("shr.u64", {line, address, "3"});
    emit("and.b64", {line, line, "112"});
    emit("xor.b64", {moved, address, line});
    return moved;
}

bool FunctionTranslator::select_memory(const SpirvInstruction& inst) {
    switch (inst.opcode) {
        case spv::Op::OpVariable: {
            const SpirvType& pt = module_.type(inst.result_type);
            if (static_cast<spv::StorageClass>(inst.operand(0)) != spv::StorageClass::Function ||
                pt.opcode != spv::Op::OpTypePointer)
                unsupported(inst, "only Function-storage variables may be declared in a function");
            types_[inst.result] = inst.result_type;
            const Id init = inst.operands.size() > 1 ? inst.operand(1) : 0;
            if (auto p = promoted_.find(inst.result); p != promoted_.end()) {
                const Scalar s = scalar(pt.pointee, inst);
                p->second = new_reg(reg_class(s));
                if (init) emit("mov" + bit_type(s), {p->second, use(init)});
                return true;
            }
            // The initial value of a variable in memory is stored where the variable is
            // declared (its function's entry: once per call, as SPIR-V defines it).
            auto initialize = [&] {
                if (!init) return;
                if (!scalar_of(module_, pt.pointee))
                    unsupported(inst,
                                "initializers of variables in memory are supported for "
                                "scalars only, not " +
                                    type_text(module_, pt.pointee));
                store(inst, inst.result, init, 0, false);
            };
            // A variable of a function inlined more than once: the copies run one after the
            // other (no recursion), so they share its memory.
            if (regs_.count(inst.result)) {
                initialize();
                return true;
            }
            const std::string what = "variable " + id_text(module_, inst.result);
            const std::uint64_t size = size_of(module_, pt.pointee, what);
            const std::uint64_t align = alignment_of(module_, pt.pointee, what);
            std::string name = module_.name_of(inst.result);
            std::replace_if(
                name.begin(), name.end(), [](char c) { return !is_identifier_char(c); }, '_');
            const std::string symbol =
                (name.empty() ? "local" : name) + "$" + std::to_string(inst.result);
            locals_.push_back(".local .align " + std::to_string(align) + " .b8 " + symbol + "[" +
                              std::to_string(size) + "]");
            const std::string r = new_reg(RegClass::B64);
            emit_prologue("mov.u64", {r, symbol});
            regs_[inst.result] = r;
            initialize();
            return true;
        }
        case spv::Op::OpLoad: {
            const Id pointer = inst.operand(0);
            if (is_builtin_variable(module_, pointer)) {
                load_builtin(inst, pointer);
                return true;
            }
            const std::string d = def(inst);
            const Scalar s = scalar(inst.result_type, inst);
            if (auto p = promoted_.find(pointer); p != promoted_.end()) {
                emit("mov" + bit_type(s), {d, p->second});
                return true;
            }
            std::string space;
            const std::string address = mapped_address(pointer, address_of(pointer, inst, &space));
            const MemoryAccess access = memory_access(inst, 1);
            const std::uint64_t natural = s.is_bool() ? 1 : s.bits / 8;
            if (access.alignment && access.alignment < natural)
                unsupported(inst, "loads less aligned than their type are not supported");
            const bool read_only =
                !access.is_volatile && space == ".global" && read_only_pointers_.count(pointer);
            const std::string ld = std::string(access.is_volatile ? "ld.volatile" : "ld") + space +
                                   (read_only ? ".nc" : "");
            if (s.is_bool()) {
                const std::string byte = new_reg(RegClass::B32);
                emit(ld + ".u8", {byte, "[" + address + "]"});
                emit("setp.ne.u32", {d, byte, "0"});
                return true;
            }
            emit(ld + memory_type(s), {d, "[" + address + "]"});
            return true;
        }
        case spv::Op::OpStore: {
            const MemoryAccess access = memory_access(inst, 2);
            store(inst, inst.operand(0), inst.operand(1), access.alignment, access.is_volatile);
            return true;
        }
        case spv::Op::OpAccessChain:
        case spv::Op::OpInBoundsAccessChain:
        case spv::Op::OpPtrAccessChain:
        case spv::Op::OpInBoundsPtrAccessChain: {
            const Id base = inst.operand(0);
            const Scalar p = value_scalar(base, inst);
            if (!p.is_pointer()) unsupported(inst, "the base is not a pointer");
            if (promoted_.count(base)) unsupported(inst, "internal: promoted variable indexed");
            const bool has_element = inst.opcode == spv::Op::OpPtrAccessChain ||
                                     inst.opcode == spv::Op::OpInBoundsPtrAccessChain;
            const std::string d = def(inst);
            if (read_only_pointers_.count(base)) read_only_pointers_.insert(inst.result);
            std::string address = use(base);
            std::int64_t offset = 0;
            // What the result's address is known to be a multiple of: the base's alignment, the
            // run-time indices' strides and the constant offset (their greatest common divisor).
            std::uint64_t aligned = alignment_known(base);
            Id type = p.pointee;
            const std::string what = "the pointee of " + instruction_text(module_, inst);
            for (std::size_t i = 1; i < inst.operands.size(); ++i) {
                std::uint64_t stride = 0;
                if (i == 1 && has_element) {
                    stride = size_of(module_, type, what);
                } else {
                    const SpirvType& t = module_.type(type);
                    if (t.opcode != spv::Op::OpTypeArray)
                        unsupported(inst,
                                    "only arrays can be indexed, not " + type_text(module_, type));
                    type = t.element;
                    stride = size_of(module_, type, what);
                }
                const Id index = inst.operands[i];
                if (auto c = constant_value(index)) {
                    const Scalar is = value_scalar(index, inst);
                    std::int64_t v = static_cast<std::int64_t>(*c);
                    if (is.bits < 2 * kWordBits) {  // sign-extend from the index's width
                        const unsigned shift = 64 - is.bits;
                        v = static_cast<std::int64_t>(static_cast<std::uint64_t>(v) << shift) >>
                            shift;
                    }
                    offset += v * static_cast<std::int64_t>(stride);
                    continue;
                }
                const Scalar is = value_scalar(index, inst);
                if (!is.is_int()) unsupported(inst, "an index is not an integer");
                // The index's known multiple of a power of two (a tile's row times its length).
                auto z = state_.low_zeros.find(index);
                const std::uint32_t shift =
                    z == state_.low_zeros.end() ? 0 : std::min<std::uint32_t>(z->second, 16);
                aligned = std::gcd(aligned, stride << shift);
                const bool last = i + 1 == inst.operands.size() && offset == 0;
                const std::string next = last ? d : new_reg(RegClass::B64);
                if (is.bits <= kWordBits && stride <= 0x7fffffffu) {  // indices are signed
                    // A 32-bit index times the element size, widened as it multiplies.
                    emit("mad.wide.s32",
                         {next, extended(index, true, inst), std::to_string(stride), address});
                } else {
                    std::string wide = use(index);
                    if (is.bits <= kWordBits) {
                        const std::string e = extended(index, true, inst);
                        wide = new_reg(RegClass::B64);
                        emit("cvt.s64.s32", {wide, e});
                    }
                    emit("mad.lo.s64", {next, wide, std::to_string(stride), address});
                }
                address = next;
            }
            if (offset != 0)
                emit("add.s64", {d, address, std::to_string(offset)});
            else if (address != d)
                emit("mov.b64", {d, address});
            aligned = std::gcd(aligned, static_cast<std::uint64_t>(offset < 0 ? -offset : offset));
            if (aligned > 1) known_alignment_[inst.result] = aligned;
            return true;
        }
        case spv::Op::OpCompositeExtract:
        case spv::Op::OpVectorExtractDynamic: {
            auto v = builtin_vectors_.find(inst.operand(0));
            if (v == builtin_vectors_.end())
                unsupported(inst, "only components of work-item builtin vectors are supported");
            const spv::BuiltIn builtin = v->second;
            const std::string d = def(inst);
            if (inst.opcode == spv::Op::OpCompositeExtract) {
                if (inst.operands.size() != 2 || inst.operand(1) >= kVectorComponents)
                    unsupported(inst, "the component index is out of range");
                emit("mov.b64", {d, builtin_component(builtin, inst.operand(1))});
                return true;
            }
            // A dimension known at run time: x unless it is 1 or 2.
            const Scalar is = value_scalar(inst.operand(1), inst);
            if (!is.is_int()) unsupported(inst, "the component index is not an integer");
            const std::string index = extended(inst.operand(1), false, inst);
            const std::string t = int_type(is, false);
            const std::string is_y = new_reg(RegClass::Pred);
            const std::string is_z = new_reg(RegClass::Pred);
            const std::string xy = new_reg(RegClass::B64);
            emit("setp.eq" + t, {is_y, index, "1"});
            emit("setp.eq" + t, {is_z, index, "2"});
            emit("selp.b64",
                 {xy, builtin_component(builtin, 1), builtin_component(builtin, 0), is_y});
            emit("selp.b64", {d, builtin_component(builtin, 2), xy, is_z});
            return true;
        }
        case spv::Op::OpCopyObject: {
            const Scalar s = scalar(inst.result_type, inst);
            emit("mov" + bit_type(s), {def(inst), use(inst.operand(0))});
            return true;
        }
        case spv::Op::OpUndef: {
            const Scalar s = scalar(inst.result_type, inst);
            emit(s.is_bool() ? "mov.pred" : "mov" + bit_type(s), {def(inst), "0"});
            return true;
        }
        default: return false;
    }
}

}  // namespace dpk::backends::cuda

namespace dpk::backends::cuda {

/// The first compute capability with cp.async (PTX ISA 7.0).
constexpr std::uint32_t kCpAsyncSm = 80;
/// cp.async's largest copy, in bytes.
constexpr std::uint32_t kCpAsyncLargest = 16;
/// The most cp.async groups a wait for one event leaves in flight.
constexpr std::uint32_t kMostCopyGroupsInFlight = 31;
/// A work-group copy whose size and work-group's size are known is written out where each
/// work-item copies at most this many pieces; a longer one is a loop.
constexpr std::uint64_t kMostPiecesUnrolled = 8;

bool FunctionTranslator::select_group_copy(const SpirvInstruction& inst) {
    if (inst.opcode == spv::Op::OpGroupWaitEvents) {
        // Each work-item waits for its own cp.async copies (sm_80 and newer; its other copies
        // were done by the end of its loop), then the barrier makes every work-item's part
        // visible to the whole work-group (barrier.sync orders shared memory). An event is the
        // number of copies committed when it was made (copy_commits below; 0: none): waiting
        // for one event in a register leaves the copies committed after it in flight
        // (cp.async.wait_group N keeps the N most recent groups; N an immediate, so one wait
        // per N up to 31 and an indirect branch to it; at most 31 left in flight); anything
        // else waits for every copy.
        if (constant_value(inst.operand(0)) != static_cast<std::uint32_t>(spv::Scope::Workgroup))
            unsupported(inst, "only work-group events are supported");
        if (state_.target.sm >= kCpAsyncSm) {
            auto p = promoted_.find(inst.operand(2));
            if (constant_value(inst.operand(1)) == 1u && p != promoted_.end()) {
                const std::string event = p->second, later = new_reg(RegClass::B32);
                const std::string none = new_reg(RegClass::Pred);
                emit("sub.u32", {later, copy_commits(), event});
                emit("setp.eq.u32", {none, event, "0"});
                emit_if("@" + none, "mov.u32", {later, "0"});
                emit("min.u32", {later, later, std::to_string(kMostCopyGroupsInFlight)});
                // An indirect branch to the wait for that many groups (the same in every
                // work-item).
                const std::string at = "$Lwait" + std::to_string(++labels_made_);
                std::vector<std::string> targets;
                for (std::uint32_t n = 0; n <= kMostCopyGroupsInFlight; ++n)
                    targets.push_back(at + "_" + std::to_string(n));
                std::string list = "\t.branchtargets\t";
                for (const std::string& t : targets) {
                    if (&t != &targets.front()) list.append(", ");
                    list.append(t);
                }
                list.append(";");
                emit_label(at);
                emit_verbatim(std::move(list));
                emit("brx.idx", {later, at});
                for (std::uint32_t n = 0; n <= kMostCopyGroupsInFlight; ++n) {
                    emit_label(targets[n]);
                    emit("cp.async.wait_group", {std::to_string(n)});
                    if (n < kMostCopyGroupsInFlight) emit("bra", {at + "_done"});
                }
                emit_label(at + "_done");
            } else {
                emit("cp.async.wait_all", {});
            }
        }
        work_group_barrier();
        return true;
    }
    if (inst.opcode != spv::Op::OpGroupAsyncCopy) return false;
    // OpGroupAsyncCopy Execution Destination Source NumElements Stride Event: element k
    // (k < NumElements) goes from Source[k * Stride] to Destination[k]. The elements (or their
    // 16-byte pieces, below) are numbered j = 0, 1, ..., and piece j is copied by the work-item
    // whose linear local id is (j + r) modulo the local size. r is the work-group memory side's
    // address over the piece's size, modulo the local size where that is a power of two, else
    // 0: copies of fewer pieces than the work-group has work-items, to different places, start
    // on different warps, and nothing is carried from one copy to the next (a copy's address
    // arithmetic is its own, so copies unrolled side by side share it).
    if (constant_value(inst.operand(0)) != static_cast<std::uint32_t>(spv::Scope::Workgroup))
        unsupported(inst, "only work-group copies are supported");
    std::string dst_space, src_space;
    const std::string dst = address_of(inst.operand(1), inst, &dst_space);
    const std::string src = address_of(inst.operand(2), inst, &src_space);
    const Scalar p = value_scalar(inst.operand(1), inst);
    // An element: a number, or a vector of 64-bit integers (a tile's row of 16 to 128 bytes).
    const SpirvType& pointee = module_.type(p.pointee);
    const bool vector = pointee.opcode == spv::Op::OpTypeVector;
    const Scalar elem = scalar(vector ? pointee.element : p.pointee, inst);
    if (elem.is_bool() || elem.is_pointer()) unsupported(inst, "the elements are not numbers");
    const auto lanes = static_cast<std::uint32_t>(vector ? pointee.count : 1);
    if (vector && (elem.bits != 64 || (lanes != 2 && lanes != 4 && lanes != 8 && lanes != 16)))
        unsupported(inst, "vector elements are 2, 4, 8 or 16 64-bit integers");
    const std::uint32_t element_bytes = elem.bits / 8 * lanes;
    const std::string bytes = std::to_string(element_bytes);
    // NumElements and Stride: integers of 32 or 64 bits (size_t); the stride as 64 bits.
    const bool wide_count = value_scalar(inst.operand(3), inst).bits == 64;
    std::string stride = extended(inst.operand(4), false, inst);
    if (value_scalar(inst.operand(4), inst).bits != 64) {
        const std::string wide = new_reg(RegClass::B64);
        emit("cvt.u64.u32", {wide, stride});
        stride = wide;
    }
    if (dst_space != ".shared" && src_space != ".shared")
        unsupported(inst, "one side of a work-group copy must be work-group memory");
    // 4- to 128-byte elements from global to shared memory: cp.async (sm_80 and newer), which
    // does not hold a register until the data arrives, one commit group per copy (its wait:
    // OpGroupWaitEvents above). Others through registers. Elements of 16 bytes and more are
    // copied as 16-byte pieces (cp.async's largest; they bypass L1: .cg), the pieces of one
    // element by neighbouring work-items, so that one cp.async of a warp reads whole 32-byte
    // sectors of a strided source (a tile's rows) once, not half of each twice.
    const bool async = state_.target.sm >= kCpAsyncSm && src_space == ".global" &&
                       dst_space == ".shared" && element_bytes >= 4;
    const std::uint32_t piece_bytes =
        async ? std::min(element_bytes, kCpAsyncLargest) : element_bytes;
    const std::uint32_t pieces = element_bytes / piece_bytes;  // per element: 1 to 8
    const std::string size = local_size_total();
    const std::optional<std::uint64_t> count = constant_value(inst.operand(3));
    const std::optional<std::uint32_t> group = module_.work_group_size();
    const bool written_out =
        count && group && *group % pieces == 0 && *count * pieces <= kMostPiecesUnrolled * *group;
    std::string first;
    if (written_out && (*count * pieces) % *group == 0) {
        // Written out with every work-item copying as many pieces: a rotation (below) would
        // change nothing.
        first = local_linear_id();
    } else {
        const std::string local_address = new_reg(RegClass::B32), r = new_reg(RegClass::B32);
        first = new_reg(RegClass::B32);
        const std::string wrapped = new_reg(RegClass::Pred);
        emit("cvt.u32.u64", {local_address, dst_space == ".shared" ? dst : src});
        emit("shr.u32", {r, local_address, std::to_string(std::countr_zero(piece_bytes))});
        emit("and.b32", {r, r, copy_rotation_mask()});
        emit("sub.u32", {first, local_linear_id(), r});
        emit("setp.lt.u32", {wrapped, local_linear_id(), r});
        emit_if("@" + wrapped, "add.u32", {first, first, size});
    }
    // Piece j (of NumElements * pieces) is piece j % pieces of element k = j / pieces, at
    // Source + k * Stride * bytes + (j % pieces) * piece_bytes and Destination + j *
    // piece_bytes. One side is work-group memory (checked above), so j and the number of pieces
    // fit in 32 bits.
    const std::string src_step = new_reg(RegClass::B64);
    // The addresses of piece j (after src_step is computed).
    auto addresses_of = [&](const std::string& j) {
        const std::string k = pieces > 1 ? new_reg(RegClass::B32) : j;
        const std::string k64 = new_reg(RegClass::B64), j64 = new_reg(RegClass::B64);
        const std::string from = new_reg(RegClass::B64), to = new_reg(RegClass::B64);
        if (pieces > 1) emit("shr.u32", {k, j, std::to_string(std::countr_zero(pieces))});
        emit("cvt.u64.u32", {k64, k});
        emit("mad.lo.s64", {from, k64, src_step, src});
        if (pieces > 1) {
            const std::string part = new_reg(RegClass::B32), part64 = new_reg(RegClass::B64);
            emit("and.b32", {part, j, std::to_string(pieces - 1)});
            emit("mul.wide.u32", {part64, part, std::to_string(piece_bytes)});
            emit("add.s64", {from, from, part64});
        }
        emit("cvt.u64.u32", {j64, j});
        emit("mad.lo.s64", {to, j64, std::to_string(piece_bytes), dst});
        return std::pair{from, to};
    };
    // A side in a swizzled array: each piece's (or lane's) address mapped (a piece is at most
    // 16 bytes at a multiple of its size: it lies in one chunk).
    const bool dst_mapped = state_.swizzle.swizzles(inst.operand(1));
    const bool src_mapped = state_.swizzle.swizzles(inst.operand(2));
    auto operand_at = [&](const std::string& address, bool mapped, std::uint32_t at) {
        if (!mapped) return memory_operand(address, at);
        std::string moved = address;
        if (at) {
            moved = new_reg(RegClass::B64);
            emit("add.s64", {moved, address, std::to_string(at)});
        }
        return memory_operand(swizzle_address(moved), 0);
    };
    // `to_mapped`: `to` is a swizzled array's address already mapped.
    auto copy_piece = [&](const std::string& guard, const std::string& from, const std::string& to,
                          bool to_mapped) {
        const bool map_to = dst_mapped && !to_mapped;
        if (async) {
            emit_if(guard,
                    piece_bytes == kCpAsyncLargest ? "cp.async.cg.shared.global"
                                                   : "cp.async.ca.shared.global",
                    {operand_at(to, map_to, 0), operand_at(from, src_mapped, 0),
                     std::to_string(piece_bytes)});
            return;
        }
        for (std::uint32_t lane = 0; lane < lanes; ++lane) {
            const std::uint32_t at = lane * elem.bits / 8;
            const std::string value = new_reg(reg_class(elem));
            emit_if(guard, "ld" + src_space + memory_type(elem),
                    {value, operand_at(from, src_mapped, at)});
            emit_if(guard, "st" + dst_space + memory_type(elem),
                    {operand_at(to, map_to, at), value});
        }
    };
    if (written_out) {
        // The work-group's size is known (`@local_size`) and so is the copy's: each work-item's
        // pieces j, j + size, ... written out, the addresses of one the last one's plus a
        // constant step (size is a multiple of pieces: each work-item copies the same part of
        // its elements), the last one guarded where the size does not divide the pieces.
        const auto total = static_cast<std::uint32_t>(*count * pieces);
        const std::uint32_t turns = (total + *group - 1) / *group;
        const std::uint64_t to_step = std::uint64_t{*group} * piece_bytes;
        emit("mul.lo.s64", {src_step, stride, bytes});
        auto [from, to] = addresses_of(first);
        // A swizzled destination mapped once where the step is whole swizzle periods: the
        // mapping reads and changes only the address's bits below the period (a piece of at
        // most 16 bytes lies in one chunk), so mapping commutes with adding the step.
        const bool mapped_once = dst_mapped && piece_bytes <= 16 && to_step % kSwizzlePeriod == 0;
        if (mapped_once) to = swizzle_address(to);
        const std::string far = new_reg(RegClass::B64);
        if (turns > 1) emit("mul.lo.s64", {far, src_step, std::to_string(*group / pieces)});
        for (std::uint32_t t = 0; t < turns; ++t) {
            if (t > 0) {
                emit("add.s64", {from, from, far});
                emit("add.s64", {to, to, std::to_string(to_step)});
            }
            std::string guard;
            if (std::uint64_t{t + 1} * *group > total) {
                const std::string in = new_reg(RegClass::Pred);
                emit("setp.lt.u32", {in, first, std::to_string(total - t * *group)});
                guard = "@" + in;
            }
            copy_piece(guard, from, to, mapped_once);
        }
    } else {
        // The loop is tested at its end, as most work-items copy one piece or none, and its
        // addresses are computed from j (nothing carried from one turn to the next but j).
        const std::string loop = "$Lcopy" + std::to_string(++labels_made_);
        const std::string done = loop + "_done";
        std::string total;
        if (count) {
            total = std::to_string(static_cast<std::uint32_t>(*count) * pieces);
        } else {
            total = new_reg(RegClass::B32);
            if (wide_count)
                emit("cvt.u32.u64", {total, use(inst.operand(3))});
            else
                emit("mov.u32", {total, extended(inst.operand(3), false, inst)});
            if (pieces > 1) emit("mul.lo.u32", {total, total, std::to_string(pieces)});
        }
        const std::string j = new_reg(RegClass::B32), finished = new_reg(RegClass::Pred);
        emit("mov.u32", {j, first});
        emit("setp.ge.u32", {finished, j, total});
        emit_if("@" + finished, "bra", {done});
        emit("mul.lo.s64", {src_step, stride, bytes});
        emit_label(loop);
        auto [from, to] = addresses_of(j);
        copy_piece("", from, to, false);
        const std::string more = new_reg(RegClass::Pred);
        emit("add.u32", {j, j, size});
        emit("setp.lt.u32", {more, j, total});
        emit_if("@" + more, "bra", {loop});
        emit_label(done);
    }
    if (async) {
        emit("cp.async.commit_group", {});
        emit("add.u32", {copy_commits(), copy_commits(), "1"});
    }
    emit("mov.b32", {def(inst), copy_commits()});  // the event
    return true;
}

std::string FunctionTranslator::copy_rotation_mask() {
    // The local size less one where the local size is a power of two, else 0.
    auto& r = prologue_cache_["copy_rotation_mask"];
    if (r.empty()) {
        r = new_reg(RegClass::B32);
        const std::string size = local_size_total(), low = new_reg(RegClass::B32);
        const std::string power = new_reg(RegClass::Pred);
        emit_prologue("sub.u32", {r, size, "1"});
        emit_prologue("and.b32", {low, size, r});
        emit_prologue("setp.eq.u32", {power, low, "0"});
        emit_prologue("selp.b32", {r, r, "0", power});
    }
    return r;
}

std::string FunctionTranslator::copy_commits() {
    auto& r = prologue_cache_["copy_commits"];
    if (r.empty()) {
        r = new_reg(RegClass::B32);
        emit_prologue("mov.b32", {r, "0"});
    }
    return r;
}

}  // namespace dpk::backends::cuda
