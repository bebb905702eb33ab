// FunctionEmitter: work-group copies from global to local memory (OpenCL's
// async_work_group_strided_copy and wait_group_events): async_copy starts one (OpGroupAsyncCopy),
// wait_copies waits for every copy the function started (OpGroupWaitEvents).
#include <algorithm>
#include <bit>

#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

namespace {

/// The alignment a tile copied whole gives its destination's variable: its row's size, at least
/// this.
constexpr std::int64_t kCopyAlignment = 32;

}  // namespace

Id FunctionEmitter::event_variable(Id& variable, std::string_view what) {
    if (variable) return variable;
    const Id event = m_.b.type_event();
    variable = m_.b.next_id();
    encode(variables_, spv::Op::OpVariable,
           {m_.pointer(spv::StorageClass::Function, event), variable,
            operand(spv::StorageClass::Function), m_.b.constant_null(event)});
    name(variable, what);
    return variable;
}

Id FunctionEmitter::copies_event() {
    return event_variable(copies_event_, "copies");
}

void FunctionEmitter::start_group_copy(Id to, Id from, Id count, Id stride, Id element) {
    if (m_.avoids(DriverDefect::CopyUnderBranch)) {
        copy_by_work_items(to, from, count, stride, element);
        return;
    }
    const Id event = m_.b.type_event();
    const Id joined = inst(spv::Op::OpGroupAsyncCopy, event,
                           {m_.const_i32(operand(spv::Scope::Workgroup)), to, from, count, stride,
                            load(event, copies_event())});
    store(copies_event(), joined);
}

std::pair<Id, Id> FunctionEmitter::local_linear_id() {
    const Id i64 = m_.i64();
    // Every dimension's id and size, without counting them as used by the kernel: a dimension
    // the launch leaves out has id 0 and size 1, which is right here.
    const Id id = builtin_vector(spv::BuiltIn::LocalInvocationId);
    const Id size = builtin_vector(spv::BuiltIn::WorkgroupSize);
    auto at = [&](Id v, std::uint32_t d) { return inst(spv::Op::OpCompositeExtract, i64, {v, d}); };
    auto add = [&](Id a, Id b) { return inst(spv::Op::OpIAdd, i64, {a, b}); };
    auto mul = [&](Id a, Id b) { return inst(spv::Op::OpIMul, i64, {a, b}); };
    const Id sx = at(size, 0), sy = at(size, 1);
    const Id linear = add(at(id, 0), mul(sx, add(at(id, 1), mul(sy, at(id, 2)))));
    return {linear, mul(mul(sx, sy), at(size, 2))};
}

void FunctionEmitter::copy_by_work_items(Id to, Id from, Id count, Id stride, Id element) {
    auto mul = [&](Id a, Id b) { return inst(spv::Op::OpIMul, m_.i64(), {a, b}); };
    const auto [linear, items] = local_linear_id();
    const Id to_type = m_.pointer(spv::StorageClass::Workgroup, element);
    const Id from_type = m_.pointer(spv::StorageClass::CrossWorkgroup, element);
    counted_loop(linear, count, items, [&](Id e) {
        const Id source = inst(spv::Op::OpInBoundsPtrAccessChain, from_type, {from, mul(e, stride)});
        const Id target = inst(spv::Op::OpInBoundsPtrAccessChain, to_type, {to, e});
        store(target, load(element, source));
    });
}

Id FunctionEmitter::emit_async_copy(const ast::Call& e) {
    // The function's event after the copy: on OpenCL devices it stands for every copy the
    // function started (waiting for it waits for those: at least this copy and the ones before
    // it, as the language promises); the PTX translator tells the copies apart.
    auto event_after = [&] { return load(m_.b.type_event(), copies_event()); };
    if (e.args[1]->kind == ast::ExprKind::Tuple) {
        emit_async_copy_tile(e);
        return event_after();
    }
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
        start_group_copy(element_pointer(dst, std::span<const Id>(at_dst)),
                         element_pointer(src, std::span<const Id>(at_src)), count,
                         stride_of(src, 0), m_.storage_type(dst.type->dtype));
    };
    if (!checks_bounds()) {
        start_copy();
        return event_after();
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
    either(ok, start_copy, [&] {
        // The first element outside: the start when it is past the end, else the extent.
        auto first_outside = [&](const ArrayValue& a, Id start) {
            const Id extent = shape_of(a, 0);
            const Id beyond = inst(spv::Op::OpUGreaterThan, m_.bool_type(), {start, extent});
            return inst(spv::Op::OpSelect, m_.i64(), {beyond, start, extent});
        };
        const Id site = inst(spv::Op::OpSelect, m_.i64(),
                             {dst_ok, m_.const_i64(src_site), m_.const_i64(dst_site)});
        const Id index =
            inst(spv::Op::OpSelect, m_.i64(),
                 {dst_ok, first_outside(src, src_start), first_outside(dst, dst_start)});
        const Id extent =
            inst(spv::Op::OpSelect, m_.i64(), {dst_ok, shape_of(src, 0), shape_of(dst, 0)});
        record_out_of_bounds(site, zero, index, extent);
    });
    return event_after();
}

void FunctionEmitter::emit_async_copy_tile(const ast::Call& e) {
    ArrayValue dst = emit_array(*e.args[0]);
    const std::vector<Id> dst_at = index_values(std::span<const ast::ExprPtr>(&e.args[1], 1));
    ArrayValue src = emit_array(*e.args[2]);
    const std::vector<Id> src_at = index_values(std::span<const ast::ExprPtr>(&e.args[3], 1));
    const auto& shape = static_cast<const ast::Tuple&>(*e.args[4]).elements;
    const auto side = [&](std::size_t d) {
        const auto& c = fn_.info(*shape[d]).constant;
        return c ? static_cast<int>(c->as_int()) : 0;
    };
    const int rows = side(0), cols = side(1);
    note_written(dst);
    const Id i64 = m_.i64();

    // Row by row: one work-group copy of `cols` elements per row (the rows of both arrays are
    // contiguous: C order, sema).
    auto by_rows = [&] {
        counted_loop(m_.const_i64(0), m_.const_i64(rows), m_.const_i64(1), [&](Id r) {
            const Id to[2] = {inst(spv::Op::OpIAdd, i64, {dst_at[0], r}), dst_at[1]};
            const Id from[2] = {inst(spv::Op::OpIAdd, i64, {src_at[0], r}), src_at[1]};
            start_group_copy(element_pointer(dst, std::span<const Id>(to)),
                             element_pointer(src, std::span<const Id>(from)), m_.const_i64(cols),
                             m_.const_i64(1), m_.storage_type(dst.type->dtype));
        });
    };
    // One copy of the whole tile where a row of it is one element of 4 to 128 bytes and the
    // destination's rows are the tile's (nothing between them): element k is row k, the
    // source's stride is its row stride in those elements. The addresses and the source's row
    // stride must be multiples of the element's size (checked at run time, the same in every
    // work-item); otherwise, row by row.
    const auto bytes = static_cast<std::int64_t>(dtype_size(dst.type->dtype));
    const std::int64_t row_bytes = bytes * cols;
    const bool whole_rows = dst.type->static_shape.size() == 2 && dst.type->static_shape[1] == cols;
    Id row_type = 0;
    switch (row_bytes) {
        case 4: row_type = m_.i32(); break;
        case 8: row_type = i64; break;
        case 16: row_type = m_.b.type_vector(i64, 2); break;
        case 32: row_type = m_.b.type_vector(i64, 4); break;
        case 64: row_type = m_.b.type_vector(i64, 8); break;
        case 128: row_type = m_.b.type_vector(i64, 16); break;
        default: break;
    }
    // The destination's variable starts at a multiple of the row's size (of 32 bytes at least;
    // the drivers and the PTX translator place it so, for the first tile copied into it); the
    // run-time check remains for the tile's own start.
    const bool whole = whole_rows && row_type;
    if (whole && dst.array_var && m_.aligned_variables.insert(dst.array_var).second)
        m_.b.decorate(dst.array_var, spv::Decoration::Alignment,
                      {static_cast<std::uint32_t>(std::max(kCopyAlignment, row_bytes))});
    auto start_copy = [&] {
        if (!whole) {
            by_rows();
            return;
        }
        const Id to = element_pointer(dst, std::span<const Id>(dst_at));
        const Id from = element_pointer(src, std::span<const Id>(src_at));
        const Id row_stride = inst(spv::Op::OpIMul, i64, {stride_of(src, 0), m_.const_i64(bytes)});
        const Id bits = inst(spv::Op::OpBitwiseOr, i64,
                             {inst(spv::Op::OpConvertPtrToU, i64, {to}),
                              inst(spv::Op::OpConvertPtrToU, i64, {from})});
        const Id low = inst(
            spv::Op::OpBitwiseAnd, i64,
            {inst(spv::Op::OpBitwiseOr, i64, {bits, row_stride}), m_.const_i64(row_bytes - 1)});
        const Id aligned = inst(spv::Op::OpIEqual, m_.bool_type(), {low, m_.const_i64(0)});
        either(
            aligned,
            [&] {
                start_group_copy(
                    inst(spv::Op::OpBitcast, m_.pointer(spv::StorageClass::Workgroup, row_type),
                         {to}),
                    inst(spv::Op::OpBitcast,
                         m_.pointer(spv::StorageClass::CrossWorkgroup, row_type), {from}),
                    m_.const_i64(rows),
                    // The row stride in rows' sizes: exact (checked just above), so a shift.
                    inst(spv::Op::OpShiftRightArithmetic, i64,
                         {row_stride,
                          m_.const_i64(std::countr_zero(static_cast<std::uint64_t>(row_bytes)))}),
                    row_type);
            },
            by_rows);
    };
    if (!checks_bounds()) {
        start_copy();
        return;
    }
    // Bounds-checked: the copy runs only when both tiles lie inside their arrays (alike in
    // every work-item), else the first element outside is reported: the destination's before
    // the source's.
    std::vector<Id> dst_reported, src_reported;
    const IndexCheck dst_ok = check_tile(dst, dst_at, rows, cols, &dst_reported);
    const IndexCheck src_ok = check_tile(src, src_at, rows, cols, &src_reported);
    const std::uint32_t dst_site = add_bounds_site(dst, BoundsSite::Access::Write, e.range);
    const std::uint32_t src_site = add_bounds_site(src, BoundsSite::Access::Read, e.range);
    const Id ok = inst(spv::Op::OpLogicalAnd, m_.bool_type(), {dst_ok.all_ok, src_ok.all_ok});
    either(ok, start_copy, [&] {
        either(
            dst_ok.all_ok, [&] { report_out_of_bounds(src, src_reported, src_ok, src_site); },
            [&] { report_out_of_bounds(dst, dst_reported, dst_ok, dst_site); });
    });
}

void FunctionEmitter::either(Id condition, const std::function<void()>& then,
                             const std::function<void()>& otherwise) {
    const Id yes = m_.b.next_id(), no = m_.b.next_id(), merge = m_.b.next_id();
    inst_void(spv::Op::OpSelectionMerge, {merge, operand(spv::SelectionControlMask::MaskNone)});
    branch_conditional(condition, yes, no);
    begin_block(yes);
    then();
    branch(merge);
    begin_block(no);
    otherwise();
    branch(merge);
    begin_block(merge);
}

void FunctionEmitter::emit_wait_copies(const ast::Call& e) {
    // wait_copies(e) waits for e's copies alone where copies complete in order (the event is
    // then the copies up to it); elsewhere every copy shares the function's event, which a wait
    // releases, so it waits for them all, as wait_copies() does.
    if (!e.args.empty()) {
        const Id event = emit_value(*e.args[0]);
        if (m_.b.target().has(DeviceFeature::OrderedCopies)) {
            store(event_variable(waited_event_, "waited"), event);
            inst_void(spv::Op::OpGroupWaitEvents, {m_.const_i32(operand(spv::Scope::Workgroup)),
                                                   m_.const_i32(1), waited_event_});
            return;
        }
    }
    if (!copies_event_) return;  // nothing started in this function: nothing to wait for
    if (m_.avoids(DriverDefect::CopyUnderBranch)) {
        // The work-items copied with loads and stores: a barrier makes their stores visible.
        control_barrier(spv::Scope::Workgroup, spv::Scope::Workgroup,
                        operand(spv::MemorySemanticsMask::WorkgroupMemory));
        return;
    }
    inst_void(spv::Op::OpGroupWaitEvents,
              {m_.const_i32(operand(spv::Scope::Workgroup)), m_.const_i32(1), copies_event_});
    store(copies_event_, m_.b.constant_null(m_.b.type_event()));
}

}  // namespace dpk::compiler::spirv
