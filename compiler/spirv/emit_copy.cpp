// FunctionEmitter: work-group copies from global to local memory (OpenCL's
// async_work_group_strided_copy and wait_group_events): async_copy starts one (OpGroupAsyncCopy),
// wait_copies waits for every copy the function started (OpGroupWaitEvents).
#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

Id FunctionEmitter::copies_event() {
    if (copies_event_) return copies_event_;
    const Id event = m_.b.type_event();
    copies_event_ = m_.b.next_id();
    encode(variables_, spv::Op::OpVariable,
           {m_.pointer(spv::StorageClass::Function, event), copies_event_,
            operand(spv::StorageClass::Function), m_.b.constant_null(event)});
    name(copies_event_, "copies");
    return copies_event_;
}

void FunctionEmitter::emit_async_copy(const ast::Call& e) {
    // The starts and the count as i64, as sema typed them (array indices).
    auto as_i64 = [&](std::size_t i) {
        return index_values(std::span<const ast::ExprPtr>(&e.args[i], 1)).front();
    };
    ArrayValue dst = emit_array(*e.args[0]);
    const Id dst_start = as_i64(1);
    ArrayValue src = emit_array(*e.args[2]);
    const Id src_start = as_i64(3);
    const Id count = as_i64(4);
    note_written(dst);
    auto start_copy = [&] {
        const std::vector<Id> at_dst{dst_start}, at_src{src_start};
        const Id to = element_pointer(dst, std::span<const Id>(at_dst));
        const Id from = element_pointer(src, std::span<const Id>(at_src));
        const Id event = m_.b.type_event();
        const Id joined = inst(spv::Op::OpGroupAsyncCopy, event,
                               {m_.const_i32(operand(spv::Scope::Workgroup)), to, from, count,
                                stride_of(src, 0), load(event, copies_event())});
        store(copies_event(), joined);
    };
    if (!checks_bounds()) {
        start_copy();
        return;
    }
    // Bounds-checked: the copy runs only when both ranges lie inside their arrays (every
    // work-item decides alike: the arguments are the same in all), else the first element
    // outside is reported: the destination's before the source's.
    const Id zero = m_.const_i64(0);
    auto inside = [&](const ArrayValue& a, Id start) {
        const Id extent = shape_of(a, 0);
        const Id start_ok = inst(spv::Op::OpULessThanEqual, m_.bool_type(), {start, extent});
        const Id room = inst(spv::Op::OpISub, m_.i64(), {extent, start});
        const Id count_ok = inst(spv::Op::OpULessThanEqual, m_.bool_type(), {count, room});
        return inst(spv::Op::OpLogicalAnd, m_.bool_type(), {start_ok, count_ok});
    };
    const Id dst_ok = inside(dst, dst_start);
    const Id src_ok = inside(src, src_start);
    const Id none = inst(spv::Op::OpIEqual, m_.bool_type(), {count, zero});
    const Id ok = inst(spv::Op::OpLogicalOr, m_.bool_type(),
                       {none, inst(spv::Op::OpLogicalAnd, m_.bool_type(), {dst_ok, src_ok})});
    const std::uint32_t dst_site = add_bounds_site(dst, BoundsSite::Access::Write, e.range);
    const std::uint32_t src_site = add_bounds_site(src, BoundsSite::Access::Read, e.range);
    const Id copy = m_.b.next_id(), report = m_.b.next_id(), merge = m_.b.next_id();
    inst_void(spv::Op::OpSelectionMerge, {merge, operand(spv::SelectionControlMask::MaskNone)});
    branch_conditional(ok, copy, report);
    begin_block(copy);
    start_copy();
    branch(merge);
    begin_block(report);
    // The first element outside: the start when it is past the end, else the extent.
    auto first_outside = [&](const ArrayValue& a, Id start) {
        const Id extent = shape_of(a, 0);
        const Id beyond = inst(spv::Op::OpUGreaterThan, m_.bool_type(), {start, extent});
        return inst(spv::Op::OpSelect, m_.i64(), {beyond, start, extent});
    };
    const Id site =
        inst(spv::Op::OpSelect, m_.i64(), {dst_ok, m_.const_i64(src_site), m_.const_i64(dst_site)});
    const Id index = inst(spv::Op::OpSelect, m_.i64(),
                          {dst_ok, first_outside(src, src_start), first_outside(dst, dst_start)});
    const Id extent =
        inst(spv::Op::OpSelect, m_.i64(), {dst_ok, shape_of(src, 0), shape_of(dst, 0)});
    record_out_of_bounds(site, zero, index, extent);
    branch(merge);
    begin_block(merge);
}

void FunctionEmitter::emit_wait_copies() {
    if (!copies_event_) return;  // nothing started in this function: nothing to wait for
    inst_void(spv::Op::OpGroupWaitEvents,
              {m_.const_i32(operand(spv::Scope::Workgroup)), m_.const_i32(1), copies_event_});
    store(copies_event_, m_.b.constant_null(m_.b.type_event()));
}

}  // namespace dpk::compiler::spirv
