// FunctionEmitter: cooperative matrices on targets without SPV_KHR_cooperative_matrix. A matrix
// is an array of rows * cols elements (row-major) that every work item of the sub-group (of the
// work-group, for a "group" matrix) holds whole: matrix_load reads the whole tile in each work
// item, matrix_mad computes the whole product in each, and matrix_store writes each element once
// per sub-group (the work item whose sub-group local id is the element's number modulo the
// sub-group size; every work item where the target has no sub-groups) or once per work-group (the
// work item whose linear local id is the element's number modulo the work-group's size). Slow,
// and the same results as the matrix units up to the order of the sums: for the CPU drivers, so
// that one kernel runs on every device.
#include <map>
#include <tuple>

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

Id FunctionEmitter::emulated_load_into(ArrayValue& a, const types::Type* m,
                                       std::span<const Id> origin) {
    const Id elem = m_.value_type(m->dtype);
    const Id tile = matrix_scratch(m_.type_of(m), 0);
    const Id at = m_.pointer(spv::StorageClass::Function, elem);
    counted_loop(m_.const_i64(0), m_.const_i64(elements(m)), m_.const_i64(1), [&](Id e) {
        Id value = load_element(a, tile_element(a, m, origin, e));
        if (m->tf32) value = round_to_tf32(value);  // as the matrix units' loads round
        store(inst(spv::Op::OpInBoundsAccessChain, at, {tile, e}), value);
    });
    return tile;
}

void FunctionEmitter::emulated_store(ArrayValue& a, const types::Type* m, Id value,
                                     std::span<const Id> origin) {
    const Id i64 = m_.i64();
    const Id elem = m_.value_type(m->dtype);
    const Id tile = matrix_scratch(m_.type_of(m), 0);
    store(tile, value);
    Id begin = m_.const_i64(0), step = m_.const_i64(1);
    if (m->scope == types::MatrixScope::WorkGroup) {
        std::tie(begin, step) = local_linear_id();
    } else if (m_.b.target().has(DeviceFeature::SubGroups)) {
        begin = inst(spv::Op::OpUConvert, i64,
                     {builtin_scalar(spv::BuiltIn::SubgroupLocalInvocationId)});
        step = inst(spv::Op::OpUConvert, i64, {builtin_scalar(spv::BuiltIn::SubgroupSize)});
    }
    const Id at = m_.pointer(spv::StorageClass::Function, elem);
    counted_loop(begin, m_.const_i64(elements(m)), step, [&](Id e) {
        const Id v = load(elem, inst(spv::Op::OpInBoundsAccessChain, at, {tile, e}));
        store_element(a, tile_element(a, m, origin, e), v);
    });
}

Id FunctionEmitter::emulated_mad(const types::Type* a, const types::Type* b, const types::Type* c,
                                 Id x, Id y, Id z) {
    const Id i64 = m_.i64();
    // Products and sums in the accumulator's type; a bf16 one in f32, rounded to bf16 after each
    // multiply-add (as bf16 arithmetic is).
    const DType stored = c->dtype;
    const DType t = stored == DType::BF16 ? DType::F32 : stored;
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
    const Id sum = local_variable(acc, "mad_sum");
    const Id n = m_.const_i64(c->cols), k_count = m_.const_i64(a->cols);
    auto element = [&](Id matrix, DType from, Id index) {
        const Id p =
            inst(spv::Op::OpInBoundsAccessChain,
                 m_.pointer(spv::StorageClass::Function, m_.value_type(from)), {matrix, index});
        return convert(load(m_.value_type(from), p), from, t);
    };
    const Id zero = m_.const_i64(0), one = m_.const_i64(1);
    counted_loop(zero, m_.const_i64(elements(c)), one, [&](Id e) {
        const Id row = inst(spv::Op::OpSDiv, i64, {e, n});
        const Id col = inst(spv::Op::OpSRem, i64, {e, n});
        store(sum, element(zc, stored, e));
        counted_loop(zero, k_count, one, [&](Id k) {
            const Id ai =
                inst(spv::Op::OpIAdd, i64, {inst(spv::Op::OpIMul, i64, {row, k_count}), k});
            const Id bi = inst(spv::Op::OpIAdd, i64, {inst(spv::Op::OpIMul, i64, {k, n}), col});
            const Id p = element(xa, a->dtype, ai), q = element(yb, b->dtype, bi);
            const Id s = load(acc, sum);
            const Id r = is_float(t)
                             ? ext(OpenCLLIB::Fma, acc, {p, q, s})
                             : inst(spv::Op::OpIAdd, acc, {inst(spv::Op::OpIMul, acc, {p, q}), s});
            store(sum, stored == t ? r : convert(convert(r, t, stored), stored, t));
        });
        store(inst(spv::Op::OpInBoundsAccessChain,
                   m_.pointer(spv::StorageClass::Function, m_.value_type(stored)), {d, e}),
              convert(load(acc, sum), t, stored));
    });
    return load(m_.type_of(c), d);
}

}  // namespace dpk::compiler::spirv
