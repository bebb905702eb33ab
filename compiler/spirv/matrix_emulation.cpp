// FunctionEmitter: cooperative matrices on targets without SPV_KHR_cooperative_matrix. A
// sub-group's matrix is an array of rows * cols elements (row-major) that every work item of the
// sub-group holds whole: matrix_load reads the whole tile in each work item, matrix_mad computes
// the whole product in each, and matrix_store writes each element once per sub-group (the work
// item whose sub-group local id is the element's number modulo the sub-group size; every work
// item where the target has no sub-groups). A work-group's matrix is spread over the work-group
// its kernel declares: element e is held by the work item whose linear local id is e modulo the
// work-group's size (ModuleContext::emulated_length), which loads, computes and stores just its
// own; matrix_mad shares A and B through local memory. Slow, and the same results as the matrix
// units up to the order of the sums: for the CPU drivers, so that one kernel runs on every
// device.
#include <map>

#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

void FunctionEmitter::counted_loop(Id begin, Id end, Id step, const std::function<void(Id)>& body) {
    const Id i64 = m_.i64();
    const Id pre = current_label_;
    const Id header = m_.b.next_id();
    const Id first = m_.b.next_id();
    const Id cont = m_.b.next_id();
    const Id merge = m_.b.next_id();
    const Id next = m_.b.next_id();
    branch(header);

    begin_block(header);
    const Id i = inst(spv::Op::OpPhi, i64, {begin, pre, next, cont});
    const Id more = inst(spv::Op::OpSLessThan, m_.bool_type(), {i, end});
    inst_void(spv::Op::OpLoopMerge, {merge, cont, operand(spv::LoopControlMask::MaskNone)});
    branch_conditional(more, first, merge);

    begin_block(first);
    body(i);
    branch(cont);

    begin_block(cont);
    inst_as(next, spv::Op::OpIAdd, i64, {i, step});
    branch(header);

    begin_block(merge);
}

Id FunctionEmitter::matrix_scratch(Id type, int slot) {
    Id& v = matrix_scratch_[{type, slot}];
    if (!v) v = local_variable(type, "matrix_scratch");
    return v;
}

namespace {

std::int64_t elements(const types::Type* m) {
    return static_cast<std::int64_t>(m->rows) * m->cols;
}

}  // namespace

Id FunctionEmitter::tile_element(ArrayValue& a, const types::Type* m, std::span<const Id> origin,
                                 Id e) {
    const Id i64 = m_.i64();
    const Id cols = m_.const_i64(m->cols);
    const Id index[2] = {
        inst(spv::Op::OpIAdd, i64, {origin[0], inst(spv::Op::OpSDiv, i64, {e, cols})}),
        inst(spv::Op::OpIAdd, i64, {origin[1], inst(spv::Op::OpSRem, i64, {e, cols})})};
    return element_pointer(a, index);
}

void FunctionEmitter::for_each_held(const types::Type* m,
                                    const std::function<void(Id e, Id slot)>& body) {
    const Id i64 = m_.i64();
    const Id end = m_.const_i64(elements(m));
    if (m->scope != types::MatrixScope::WorkGroup) {
        counted_loop(m_.const_i64(0), end, m_.const_i64(1), [&](Id e) { body(e, e); });
        return;
    }
    // Elements first, first + items, ...: slot (e - first) / items.
    const Id first = local_linear_id().first;
    const Id items = m_.const_i64(static_cast<std::int64_t>(m_.declared_group_items()));
    counted_loop(first, end, items, [&](Id e) {
        body(e, inst(spv::Op::OpSDiv, i64, {inst(spv::Op::OpISub, i64, {e, first}), items}));
    });
}

Id FunctionEmitter::emulated_load_into(ArrayValue& a, const types::Type* m,
                                       std::span<const Id> origin) {
    const Id elem = m_.value_type(m->dtype);
    const Id tile = matrix_scratch(m_.type_of(m), 0);
    const Id at = m_.pointer(spv::StorageClass::Function, elem);
    for_each_held(m, [&](Id e, Id slot) {
        Id value = load_element(a, tile_element(a, m, origin, e));
        if (m->tf32) value = round_to_tf32(value);  // as the matrix units' loads round
        store(inst(spv::Op::OpInBoundsAccessChain, at, {tile, slot}), value);
    });
    return tile;
}

void FunctionEmitter::emulated_store(ArrayValue& a, const types::Type* m, Id value,
                                     std::span<const Id> origin) {
    const Id i64 = m_.i64();
    const Id elem = m_.value_type(m->dtype);
    const Id tile = matrix_scratch(m_.type_of(m), 0);
    store(tile, value);
    const Id at = m_.pointer(spv::StorageClass::Function, elem);
    auto store_one = [&](Id e, Id slot) {
        const Id v = load(elem, inst(spv::Op::OpInBoundsAccessChain, at, {tile, slot}));
        store_element(a, tile_element(a, m, origin, e), v);
    };
    if (m->scope == types::MatrixScope::WorkGroup || !m_.b.target().has(DeviceFeature::SubGroups)) {
        for_each_held(m, store_one);  // a work-group's share; a lone work item's whole tile
        return;
    }
    // A sub-group's tile, which each of its work items holds: spread over them.
    const Id begin =
        inst(spv::Op::OpUConvert, i64, {builtin_scalar(spv::BuiltIn::SubgroupLocalInvocationId)});
    const Id step = inst(spv::Op::OpUConvert, i64, {builtin_scalar(spv::BuiltIn::SubgroupSize)});
    counted_loop(begin, m_.const_i64(elements(m)), step, [&](Id e) { store_one(e, e); });
}

Id FunctionEmitter::emulated_mad(const types::Type* a, const types::Type* b, const types::Type* c,
                                 Id x, Id y, Id z) {
    const Id i64 = m_.i64();
    const DType stored = c->dtype;
    const DType t = accumulation_type(stored);
    const Id acc = m_.value_type(t);
    // Scratch slots by SPIR-V type: A and B (and C) tiles of one shape are the same array type.
    std::map<Id, int> used;
    auto hold = [&](const types::Type* m, Id value) {
        const Id type = m_.type_of(m);
        const Id v = matrix_scratch(type, used[type]++);
        if (value) store(v, value);
        return v;
    };
    const Id xa = hold(a, x), yb = hold(b, y), zc = hold(c, z), d = hold(c, 0);
    auto element = [&](Id matrix, DType from, Id index) {
        const Id p =
            inst(spv::Op::OpInBoundsAccessChain,
                 m_.pointer(spv::StorageClass::Function, m_.value_type(from)), {matrix, index});
        return convert(load(m_.value_type(from), p), from, t);
    };
    const std::int64_t a_count = elements(a);
    const Id n = m_.const_i64(c->cols), k_count = m_.const_i64(a->cols);
    const Id zero = m_.const_i64(0), one = m_.const_i64(1);

    // A work-group's matrices: each work item's shares of A and B (in the accumulation type)
    // into local memory, where every work item reads the rows and columns its elements of the
    // product need; a barrier after the writes and one after the reads (the builtin is a
    // work-group collective: every work item reaches it).
    const bool group = c->scope == types::MatrixScope::WorkGroup;
    const Id shared_element = m_.pointer(spv::StorageClass::Workgroup, acc);
    auto shared = [&](Id base, Id i) {
        return inst(spv::Op::OpInBoundsPtrAccessChain, shared_element, {base, i});
    };
    auto group_barrier = [&] {
        control_barrier(spv::Scope::Workgroup, spv::Scope::Workgroup,
                        operand(spv::MemorySemanticsMask::WorkgroupMemory));
    };
    // A's shared elements first, B's after them.
    const Id a_share = group ? inst(spv::Op::OpBitcast, shared_element, {matrix_share_}) : 0;
    const Id b_share = group ? shared(a_share, m_.const_i64(a_count)) : 0;
    if (group) {
        for_each_held(
            a, [&](Id e, Id slot) { store(shared(a_share, e), element(xa, a->dtype, slot)); });
        for_each_held(
            b, [&](Id e, Id slot) { store(shared(b_share, e), element(yb, b->dtype, slot)); });
        group_barrier();
    }
    // A's element i and B's element j (row-major numbers) in the accumulation type.
    auto a_at = [&](Id i) {
        return group ? load(acc, shared(a_share, i)) : element(xa, a->dtype, i);
    };
    auto b_at = [&](Id j) {
        return group ? load(acc, shared(b_share, j)) : element(yb, b->dtype, j);
    };
    const Id sum = local_variable(acc, "mad_sum");
    for_each_held(c, [&](Id e, Id slot) {
        const Id row = inst(spv::Op::OpSDiv, i64, {e, n});
        const Id col = inst(spv::Op::OpSRem, i64, {e, n});
        store(sum, element(zc, stored, slot));
        counted_loop(zero, k_count, one, [&](Id k) {
            const Id ai =
                inst(spv::Op::OpIAdd, i64, {inst(spv::Op::OpIMul, i64, {row, k_count}), k});
            const Id bi = inst(spv::Op::OpIAdd, i64, {inst(spv::Op::OpIMul, i64, {k, n}), col});
            const Id p = a_at(ai), q = b_at(bi);
            const Id s = load(acc, sum);
            const Id r = is_float(t)
                             ? float_function(OpenCLLIB::Fma, t, std::array<Id, 3>{p, q, s})
                             : inst(spv::Op::OpIAdd, acc, {inst(spv::Op::OpIMul, acc, {p, q}), s});
            store(sum, stored == t ? r : convert(convert(r, t, stored), stored, t));
        });
        store(inst(spv::Op::OpInBoundsAccessChain,
                   m_.pointer(spv::StorageClass::Function, m_.value_type(stored)), {d, slot}),
              convert(load(acc, sum), t, stored));
    });
    if (group) group_barrier();  // the next product's shares wait for every read of these
    return load(m_.type_of(c), d);
}

}  // namespace dpk::compiler::spirv
