#include "backends/cuda/ptx/shared_swizzle.h"

namespace dpk::backends::cuda {

namespace {

/// The widest access that stays inside one 16-byte chunk.
constexpr std::uint64_t kChunk = 16;

bool is_workgroup_pointer(const SpirvModule& m, Id type) {
    if (!type) return false;
    auto it = m.types.find(type);
    return it != m.types.end() && it->second.opcode == spv::Op::OpTypePointer &&
           it->second.storage == spv::StorageClass::Workgroup;
}

/// Bytes of a scalar or vector type; 0 for anything else.
std::uint64_t value_bytes(const SpirvModule& m, Id type) {
    auto it = m.types.find(type);
    if (it == m.types.end()) return 0;
    const SpirvType& t = it->second;
    if (t.opcode == spv::Op::OpTypeInt || t.opcode == spv::Op::OpTypeFloat) return t.width / 8;
    if (t.opcode == spv::Op::OpTypeVector) return value_bytes(m, t.element) * t.count;
    return 0;
}

}  // namespace

SharedSwizzle plan_shared_swizzle(const SpirvModule& m, std::uint32_t sm) {
    SharedSwizzle plan;
    if (sm < 80) return plan;
    for (const auto& [id, v] : m.variables)
        if (v.storage == spv::StorageClass::Workgroup) plan.roots[id] = id;
    std::set<Id> escaped, read_by_matrices;
    bool lost = false;             // a pointer into work-group memory made from an integer
    std::map<Id, Id> value_types;  // every constant's and instruction result's type
    for (const auto& [id, c] : m.constants) value_types[id] = c.type;
    for (const SpirvFunction& f : m.functions)
        for (const SpirvBlock& b : f.blocks)
            for (const SpirvInstruction& inst : b.instructions)
                if (inst.result) value_types[inst.result] = inst.result_type;
    auto root_of = [&](Id id) -> const Id* {
        auto it = plan.roots.find(id);
        return it == plan.roots.end() ? nullptr : &it->second;
    };
    // An access of a number or a vector of at most 16 bytes (at its natural alignment) lies in
    // one chunk; anything else (an aggregate) is not followed.
    auto in_one_chunk = [&](Id type) {
        const std::uint64_t bytes = value_bytes(m, type);
        return bytes != 0 && bytes <= kChunk;
    };
    auto escape = [&](Id id) {
        if (const Id* r = root_of(id)) escaped.insert(*r);
    };
    // Twice over every function: a phi's value from a later block has its root the second time.
    for (int pass = 0; pass < 2; ++pass) {
        for (const SpirvFunction& f : m.functions) {
            for (std::size_t i = 0; i < f.params.size(); ++i)
                if (is_workgroup_pointer(m, f.param_types[i]))
                    plan.roots[f.params[i]] = f.params[i];
            for (const SpirvBlock& b : f.blocks) {
                for (const SpirvInstruction& inst : b.instructions) {
                    const bool makes_pointer = is_workgroup_pointer(m, inst.result_type);
                    switch (inst.opcode) {
                        case spv::Op::OpAccessChain:
                        case spv::Op::OpInBoundsAccessChain:
                        case spv::Op::OpPtrAccessChain:
                        case spv::Op::OpInBoundsPtrAccessChain:
                        case spv::Op::OpBitcast:
                        case spv::Op::OpCopyObject:
                            if (const Id* r = root_of(inst.operand(0))) {
                                if (makes_pointer)
                                    plan.roots[inst.result] = *r;
                                else
                                    escaped.insert(*r);  // into another storage class
                            } else if (makes_pointer) {
                                plan.roots[inst.result] = inst.result;
                            }
                            continue;
                        case spv::Op::OpPhi:
                        case spv::Op::OpSelect: {
                            if (!makes_pointer) break;
                            std::set<Id> from;
                            bool pending = false;
                            for (std::size_t k = inst.opcode == spv::Op::OpSelect ? 1 : 0;
                                 k < inst.operands.size();
                                 k += inst.opcode == spv::Op::OpSelect ? 1 : 2) {
                                if (const Id* r = root_of(inst.operands[k]))
                                    from.insert(*r);
                                else
                                    pending = true;
                            }
                            if (from.size() == 1 && !pending) {
                                plan.roots[inst.result] = *from.begin();
                            } else if (pass == 1) {
                                escaped.insert(from.begin(), from.end());
                                plan.roots[inst.result] = inst.result;
                            }
                            continue;
                        }
                        case spv::Op::OpConvertUToPtr:
                            if (makes_pointer) lost = true;
                            continue;
                        case spv::Op::OpConvertPtrToU:  // a number: the program's address
                            continue;
                        case spv::Op::OpLoad:
                            if (makes_pointer) plan.roots[inst.result] = inst.result;
                            if (const Id* r = root_of(inst.operand(0));
                                r && !in_one_chunk(inst.result_type))
                                escaped.insert(*r);
                            continue;
                        case spv::Op::OpStore: {
                            escape(inst.operand(1));  // a pointer stored as a value
                            auto t = value_types.find(inst.operand(1));
                            if (const Id* r = root_of(inst.operand(0));
                                r && (t == value_types.end() || !in_one_chunk(t->second)))
                                escaped.insert(*r);
                            continue;
                        }
                        case spv::Op::OpGroupAsyncCopy:
                            continue;  // pieces of at most 16 bytes, each mapped
                        default: break;
                    }
                    if (inst.opcode == kOpCooperativeMatrixLoadKHR) {
                        if (const Id* r = root_of(inst.operand(0))) {
                            const SpirvType& t = m.type(inst.result_type);
                            if (value_bytes(m, t.element) == 2) read_by_matrices.insert(*r);
                        }
                        continue;
                    }
                    if (inst.opcode == kOpCooperativeMatrixStoreKHR) continue;
                    const bool atomic =
                        inst.opcode >= spv::Op::OpAtomicLoad && inst.opcode <= spv::Op::OpAtomicXor;
                    if (atomic) {
                        for (std::size_t k = 1; k < inst.operands.size(); ++k)
                            escape(inst.operands[k]);
                        continue;
                    }
                    // Anything else that takes a pointer into work-group memory (a call, a cast
                    // to a generic pointer) may reach the array without the mapping.
                    for (std::uint32_t word : inst.operands) escape(word);
                    if (makes_pointer) plan.roots[inst.result] = inst.result;
                }
            }
        }
    }
    if (lost) return SharedSwizzle{std::move(plan.roots), {}};
    for (Id v : read_by_matrices)
        if (m.variables.count(v) && !escaped.count(v)) plan.swizzled.insert(v);
    return plan;
}

}  // namespace dpk::backends::cuda
