// The bounds-report function of a bounds-checked module: the one place a violation is recorded.
#include "compiler/spirv/module_context.h"

namespace dpk::compiler::spirv {

void emit_bounds_report_function(ModuleContext& m) {
    using Layout = BoundsRecordLayout;
    const Id i64 = m.i64();
    const Id i32 = m.i32();
    const Id record_type = m.bounds_record_type();
    const Id void_type = m.void_type();
    const std::vector<Id> param_types{record_type, i64, i64, i64, i64};
    const Id fn_type = m.b.type_function(void_type, param_types);
    const Id claim_pointer_type = m.pointer(spv::StorageClass::CrossWorkgroup, i32);
    const Id global_id = m.builtin(spv::BuiltIn::GlobalInvocationId);
    const Id id_vector = m.b.type_vector(i64, kWorkItemDims);
    const Id bool_type = m.bool_type();
    const Id device_scope = m.const_i32(operand(spv::Scope::Device));
    const Id relaxed = m.const_i32(operand(spv::MemorySemanticsMask::MaskNone));
    const Id free = m.const_i32(0);
    const Id claimed = m.const_i32(1);

    const Id fn = m.b.next_id();
    m.bounds_report = fn;
    std::vector<std::uint32_t> w;
    encode(w, spv::Op::OpFunction,
           {void_type, fn, operand(spv::FunctionControlMask::MaskNone), fn_type});
    std::vector<Id> params;
    for (Id type : param_types) {
        params.push_back(m.b.next_id());
        encode(w, spv::Op::OpFunctionParameter, {type, params.back()});
    }
    const Id record = params[0];
    const Id entry = m.b.next_id(), write = m.b.next_id(), done = m.b.next_id();
    encode(w, spv::Op::OpLabel, {entry});
    const Id claim = m.b.next_id();
    encode(w, spv::Op::OpBitcast, {claim_pointer_type, claim, record});
    const Id previous = m.b.next_id();
    encode(w, spv::Op::OpAtomicCompareExchange,
           {i32, previous, claim, device_scope, relaxed, relaxed, claimed, free});
    const Id won = m.b.next_id();
    encode(w, spv::Op::OpIEqual, {bool_type, won, previous, free});
    encode(w, spv::Op::OpSelectionMerge, {done, operand(spv::SelectionControlMask::MaskNone)});
    encode(w, spv::Op::OpBranchConditional, {won, write, done});

    encode(w, spv::Op::OpLabel, {write});
    auto store_word = [&](std::uint32_t word, Id value) {
        const Id slot = m.b.next_id();
        encode(w, spv::Op::OpInBoundsPtrAccessChain, {record_type, slot, record, m.const_i64(word)});
        encode(w, spv::Op::OpStore, {slot, value, operand(spv::MemoryAccessMask::Aligned), 8});
    };
    store_word(Layout::kSite, params[1]);
    store_word(Layout::kDim, params[2]);
    store_word(Layout::kIndex, params[3]);
    store_word(Layout::kExtent, params[4]);
    const Id ids = m.b.next_id();
    encode(w, spv::Op::OpLoad, {id_vector, ids, global_id});
    for (std::uint32_t d = 0; d < kWorkItemDims; ++d) {
        const Id component = m.b.next_id();
        encode(w, spv::Op::OpCompositeExtract, {i64, component, ids, d});
        store_word(Layout::kWorkItem + d, component);
    }
    encode(w, spv::Op::OpBranch, {done});

    encode(w, spv::Op::OpLabel, {done});
    encode(w, spv::Op::OpReturn, {});
    encode(w, spv::Op::OpFunctionEnd, {});
    m.b.add_function(w);
    if (m.options.debug_names) {
        m.b.name(fn, "dpk_bounds_report");
        m.b.name(record, "bounds_record");
    }
}

}  // namespace dpk::compiler::spirv
