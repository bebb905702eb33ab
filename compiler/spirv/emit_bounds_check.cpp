// FunctionEmitter: bounds-checked array accesses (EmitOptions::check_bounds). Every access
// compares its indices with the array's extents; inside, it runs as unchecked code would;
// outside, it is skipped and the first violation of the launch is written to the bounds record.
#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

FunctionEmitter::IndexCheck FunctionEmitter::check_indices(const ArrayValue& a,
                                                           std::span<const Id> indices) {
    IndexCheck check;
    for (std::size_t d = 0; d < indices.size(); ++d) {
        const Id ok = inst(spv::Op::OpULessThan, m_.bool_type(),
                           {indices[d], shape_of(a, static_cast<int>(d))});
        check.dim_ok.push_back(ok);
        check.all_ok =
            check.all_ok ? inst(spv::Op::OpLogicalAnd, m_.bool_type(), {check.all_ok, ok}) : ok;
    }
    if (!check.all_ok) check.all_ok = m_.b.constant_bool(true);  // a 0-d array
    return check;
}

std::uint32_t FunctionEmitter::add_bounds_site(const ArrayValue& a, BoundsSite::Access access,
                                               source::SourceRange range) {
    BoundsSite site;
    site.access = access;
    site.array = a.name;
    if (site.array.empty())
        site.array = a.type->space == types::AddressSpace::Local ? "local_array" : "private_array";
    site.param = a.kernel_param;
    site.function = fn_.decl->name;
    site.location = (fn_.decl->file ? fn_.decl->file->name() : std::string("<source>")) + ":" +
                    std::to_string(range.begin.line) + ":" + std::to_string(range.begin.column);
    site.shape = a.type->static_shape;
    m_.bounds_sites.push_back(std::move(site));
    return static_cast<std::uint32_t>(m_.bounds_sites.size() - 1);
}

FunctionEmitter::IndexCheck FunctionEmitter::check_tile(const ArrayValue& a,
                                                        std::span<const Id> origin, int rows,
                                                        int cols, std::vector<Id>* reported) {
    // The first and the last element of the tile must both be inside.
    const Id i64 = m_.i64();
    const Id corner[2] = {inst(spv::Op::OpIAdd, i64, {origin[0], m_.const_i64(rows - 1)}),
                          inst(spv::Op::OpIAdd, i64, {origin[1], m_.const_i64(cols - 1)})};
    const IndexCheck first = check_indices(a, origin);
    const IndexCheck last = check_indices(a, corner);
    IndexCheck both;
    reported->clear();
    for (std::size_t d = 0; d < 2; ++d) {
        both.dim_ok.push_back(
            inst(spv::Op::OpLogicalAnd, m_.bool_type(), {first.dim_ok[d], last.dim_ok[d]}));
        reported->push_back(inst(spv::Op::OpSelect, i64, {first.dim_ok[d], corner[d], origin[d]}));
    }
    both.all_ok = inst(spv::Op::OpLogicalAnd, m_.bool_type(), {both.dim_ok[0], both.dim_ok[1]});
    return both;
}

void FunctionEmitter::report_out_of_bounds(const ArrayValue& a, std::span<const Id> indices,
                                           const IndexCheck& check, std::uint32_t site) {
    // The first dimension outside: choose from the last dimension back to the first.
    const std::size_t n = indices.size();
    Id dim = m_.const_i64(static_cast<std::int64_t>(n ? n - 1 : 0));
    Id index = n ? indices[n - 1] : m_.const_i64(0);
    Id extent = n ? shape_of(a, static_cast<int>(n - 1)) : m_.const_i64(0);
    for (std::size_t k = n > 1 ? n - 1 : 0; k-- > 0;) {
        const Id ok = check.dim_ok[k];
        dim = inst(spv::Op::OpSelect, m_.i64(),
                   {ok, dim, m_.const_i64(static_cast<std::int64_t>(k))});
        index = inst(spv::Op::OpSelect, m_.i64(), {ok, index, indices[k]});
        extent = inst(spv::Op::OpSelect, m_.i64(), {ok, extent, shape_of(a, static_cast<int>(k))});
    }
    record_out_of_bounds(m_.const_i64(site), dim, index, extent);
}

void FunctionEmitter::record_out_of_bounds(Id site, Id dim, Id index, Id extent) {
    // Inline rather than a call: a call in the branch keeps Intel's CPU compiler from
    // vectorizing the kernel (vecadd: 40 times slower), the inline code does not.
    using Layout = BoundsRecordLayout;
    const Id i32 = m_.i32();
    const Id claim = inst(spv::Op::OpBitcast, m_.pointer(spv::StorageClass::CrossWorkgroup, i32),
                          {bounds_record_});
    const Id relaxed = m_.const_i32(operand(spv::MemorySemanticsMask::MaskNone));
    const Id free = m_.const_i32(0);
    const Id previous = inst(spv::Op::OpAtomicCompareExchange, i32,
                             {claim, m_.const_i32(operand(spv::Scope::Device)), relaxed, relaxed,
                              m_.const_i32(1), free});
    const Id won = inst(spv::Op::OpIEqual, m_.bool_type(), {previous, free});
    const Id write = m_.b.next_id();
    const Id done = m_.b.next_id();
    inst_void(spv::Op::OpSelectionMerge, {done, operand(spv::SelectionControlMask::MaskNone)});
    branch_conditional(won, write, done);

    begin_block(write);
    auto store_word = [&](std::uint32_t word, Id value) {
        const Id slot = inst(spv::Op::OpInBoundsPtrAccessChain, m_.bounds_record_type(),
                             {bounds_record_, m_.const_i64(word)});
        store(slot, value, sizeof(std::uint64_t));
    };
    store_word(Layout::kSite, site);
    store_word(Layout::kDim, dim);
    store_word(Layout::kIndex, index);
    store_word(Layout::kExtent, extent);
    const Id ids = builtin_vector(spv::BuiltIn::GlobalInvocationId);
    for (std::uint32_t d = 0; d < m_.bounds_record_dims; ++d)
        store_word(Layout::kWorkItem + d, inst(spv::Op::OpCompositeExtract, m_.i64(), {ids, d}));
    branch(done);
    begin_block(done);
}

Id FunctionEmitter::guarded_access(ArrayValue& a, std::span<const Id> indices,
                                   const IndexCheck& check, std::optional<std::uint32_t> site,
                                   Id type, Id skipped, const std::function<Id(Id)>& access,
                                   std::span<const Id> reported) {
    const Id before = current_label_;
    const Id inside = m_.b.next_id();
    const Id outside = site ? m_.b.next_id() : 0;
    const Id merge = m_.b.next_id();
    inst_void(spv::Op::OpSelectionMerge, {merge, operand(spv::SelectionControlMask::MaskNone)});
    branch_conditional(check.all_ok, inside, site ? outside : merge);

    begin_block(inside);
    const Id value = access(element_pointer(a, indices));
    const Id inside_end = current_label_;
    branch(merge);

    Id outside_end = before;
    if (site) {
        begin_block(outside);
        report_out_of_bounds(a, reported.empty() ? indices : reported, check, *site);
        outside_end = current_label_;
        branch(merge);
    }
    begin_block(merge);
    if (!type) return 0;
    return inst(spv::Op::OpPhi, type, {value, inside_end, skipped, outside_end});
}

Id FunctionEmitter::checked_load(ArrayValue& a, std::span<const ast::ExprPtr> indices,
                                 source::SourceRange range) {
    const std::vector<Id> ids = index_values(indices);
    const IndexCheck check = check_indices(a, ids);
    const std::uint32_t site = add_bounds_site(a, BoundsSite::Access::Read, range);
    const DType t = a.type->dtype;
    return guarded_access(a, ids, check, site, m_.value_type(t), m_.zero(t),
                          [&](Id pointer) { return load_element(a, pointer); });
}

void FunctionEmitter::checked_assign(ArrayValue& a, std::span<const ast::ExprPtr> indices,
                                     bool compound, const std::function<Id(Id)>& new_value,
                                     source::SourceRange range) {
    const std::vector<Id> ids = index_values(indices);
    const IndexCheck check = check_indices(a, ids);
    const std::uint32_t site = add_bounds_site(
        a, compound ? BoundsSite::Access::Update : BoundsSite::Access::Write, range);
    const DType t = a.type->dtype;
    Id current = 0;
    if (compound)  // the read reports; the write below is skipped quietly
        current = guarded_access(a, ids, check, site, m_.value_type(t), m_.zero(t),
                                 [&](Id pointer) { return load_element(a, pointer); });
    const Id value = new_value(current);
    guarded_access(a, ids, check, compound ? std::nullopt : std::optional(site), 0, 0,
                   [&](Id pointer) {
                       store_element(a, pointer, value);
                       return Id{0};
                   });
}

Id FunctionEmitter::checked_atomic(const ast::Call& e, ArrayValue& a) {
    const types::Type* elem = fn_.info(e).type;  // the old value: the element type
    const std::vector<Id> ids = index_values(std::span<const ast::ExprPtr>(&e.args[1], 1));
    Id value = e.args.size() >= 3 ? emit_value_as(*e.args[2], elem) : 0;
    Id desired = e.args.size() == 4 ? emit_value_as(*e.args[3], elem) : 0;
    const IndexCheck check = check_indices(a, ids);
    const std::uint32_t site = add_bounds_site(a, BoundsSite::Access::Atomic, e.range);
    const DType t = a.type->dtype;
    return guarded_access(a, ids, check, site, m_.value_type(t), m_.zero(t), [&](Id pointer) {
        return emit_atomic_op(e, a, pointer, value, desired);
    });
}

}  // namespace dpk::compiler::spirv
