// FunctionEmitter: arrays (views, indexing, shapes, local and private memory) and atomics.
#include <optional>

#include "compiler/spirv/function_emitter.h"
#include "core/checked_math.h"

namespace dpk::compiler::spirv {

namespace {

using sema::Builtin;

constexpr std::uint32_t kBitsPerByte = 8;

std::uint32_t alignment_of(DType t) {
    return static_cast<std::uint32_t>(dtype_size(t));
}

}  // namespace

ArrayValue FunctionEmitter::emit_array(const ast::Expr& e) {
    const auto& info = fn_.info(e);
    if (e.kind == ast::ExprKind::Name && info.name_kind == sema::ExprInfo::NameKind::Var) {
        const Binding& b = bindings_.at(info.var_id);
        if (b.kind == Binding::Kind::Array) return b.array;
    }
    if (e.kind == ast::ExprKind::Call && info.call_kind == sema::ExprInfo::CallKind::Builtin &&
        (info.builtin == Builtin::LocalArray || info.builtin == Builtin::PrivateArray))
        return make_static_array(static_cast<const ast::Call&>(e));
    error("internal: expression is not an array");
    ArrayValue dummy;
    dummy.type = info.type;
    return dummy;
}

ArrayValue FunctionEmitter::make_static_array(const ast::Call& e) {
    const types::Type* t = fn_.info(e).type;
    ArrayValue a;
    a.type = t;
    for (std::int64_t extent : t->static_shape) a.shape.push_back(m_.const_i64(extent));
    const bool local = t->space == types::AddressSpace::Local;
    const std::optional<std::int64_t> count = checked_product(t->static_shape);
    const std::optional<std::int64_t> bytes =
        count ? checked_bytes(*count, dtype_size(t->dtype)) : std::nullopt;
    const std::optional<std::uint64_t> total_local =
        bytes ? checked_add(m_.static_local_bytes, static_cast<std::uint64_t>(*bytes))
              : std::nullopt;
    if (!bytes || (local && !total_local)) {
        error_at(e.range, std::string(local ? "local_array" : "private_array") + " of shape " +
                              extents_string(t->static_shape) + " of " +
                              std::string(dtype_name(t->dtype)) +
                              ": its size in bytes overflows 64 bits");
        a.array_var = local_variable(m_.storage_type(t->dtype), "");
        return a;
    }
    // A C-order array of arrays, one level per dimension (float[4][8] for (4, 8)), an element
    // reached with one index per dimension, as clang emits C arrays: drivers tuned on that see the
    // rows (tiled matmul 1024^3 with fp_contract on PoCL: 9% faster than a flat array and index).
    const Id element = m_.storage_type(t->dtype);
    Id array_type = element;
    for (auto extent = t->static_shape.rbegin(); extent != t->static_shape.rend(); ++extent)
        array_type = m_.b.type_array(array_type, static_cast<std::uint64_t>(*extent));
    if (local) {
        const auto storage = spv::StorageClass::Workgroup;
        a.array_var = m_.b.global_variable(m_.pointer(storage, array_type), storage);
        m_.use_global(a.array_var);
        m_.static_local_bytes = *total_local;
    } else {
        a.array_var = local_variable(array_type, "");
    }
    return a;
}

Id FunctionEmitter::array_base(ArrayValue& a) {
    if (a.base) return a.base;
    const Id pointer =
        m_.pointer(ModuleContext::storage_class(a.type->space), m_.storage_type(a.type->dtype));
    std::vector<Id> operands{a.array_var};
    operands.insert(operands.end(), a.shape.size(), m_.const_i64(0));  // element (0, ..., 0)
    a.base = inst(spv::Op::OpInBoundsAccessChain, pointer, operands);
    return a.base;
}

void FunctionEmitter::append_array_arguments(ArrayValue& a, const types::Type* param,
                                             std::vector<Id>& args) {
    args.push_back(array_base(a));
    if (!param->static_shape.empty()) return;
    for (int d = 0; d < param->ndim; ++d) args.push_back(shape_of(a, d));
    if (param->needs_strides())
        for (int d = 0; d < param->ndim; ++d) args.push_back(stride_of(a, d));
}

Id FunctionEmitter::to_i64(Id value, const types::Type* t) {
    if (!t || !t->is_scalar()) return value;
    return convert(value, t->dtype,
                   is_signed(t->dtype) || !is_integer(t->dtype) ? DType::I64 : DType::U64);
}

Id FunctionEmitter::index_i64(const ast::Expr& e) {
    const auto& info = fn_.info(e);
    const types::Type* t = info.type;  // its own type, before the conversion to i64 of its use
    if (!t || !t->is_scalar() || !is_integer(t->dtype) || dtype_bits(t->dtype) >= 64 ||
        info.constant || !m_.avoids(DriverDefect::PairedGatherIndex))
        return to_i64(emit_value(e), info.result());
    Id value = emit_raw(e);  // at its own type (t), not widened first
    // A zero of the launch, not of the work-item: an index the same in every work-item stays so
    // (a load, not a gather), but the driver no longer knows where it came from.
    if (!m_.b.constant_bits(value)) {
        const auto bits = static_cast<std::uint32_t>(dtype_bits(t->dtype));
        value = inst(spv::Op::OpBitwiseXor, m_.value_type(t->dtype), {value, launch_zero(bits)});
    }
    return to_i64(convert(value, t, info.result()), info.result());
}

Id FunctionEmitter::element_pointer(ArrayValue& a, std::span<const ast::ExprPtr> indices) {
    if (uses_index32(a)) return element_pointer_32(a, indices);
    return element_pointer(a, index_values(indices));
}

std::vector<Id> FunctionEmitter::index_values(std::span<const ast::ExprPtr> indices) {
    std::vector<Id> ids;
    for (const auto& i : indices) {
        if (i->kind == ast::ExprKind::Tuple) {  // atomic_add(a, (i, j), v)
            for (const auto& el : static_cast<const ast::Tuple&>(*i).elements)
                ids.push_back(index_i64(*el));
            continue;
        }
        ids.push_back(index_i64(*i));
    }
    return ids;
}

Id FunctionEmitter::element_pointer(ArrayValue& a, std::span<const Id> indices) {
    if (indices.size() != static_cast<std::size_t>(a.type->ndim)) {
        error("internal: " + std::to_string(indices.size()) + " indices for a " +
              std::to_string(a.type->ndim) + "-d array");
        return array_base(a);
    }
    const Id pointer =
        m_.pointer(ModuleContext::storage_class(a.type->space), m_.storage_type(a.type->dtype));
    if (a.array_var && !a.base) {  // local_array / private_array: one index per dimension
        std::vector<Id> operands{a.array_var};
        operands.insert(operands.end(), indices.begin(), indices.end());
        return inst(spv::Op::OpInBoundsAccessChain, pointer, operands);
    }
    return inst(spv::Op::OpInBoundsPtrAccessChain, pointer, {a.base, linear_offset(a, indices)});
}

Id FunctionEmitter::linear_offset(const ArrayValue& a, std::span<const Id> idx) {
    const Id i64 = m_.i64();
    const int n = a.type->ndim;
    if (a.type->needs_strides()) {  // any layout: sum of index * stride
        Id offset = 0;
        for (int d = 0; d < n; ++d) {
            Id term = inst(spv::Op::OpIMul, i64, {idx[d], a.strides.at(d)});
            offset = offset ? inst(spv::Op::OpIAdd, i64, {offset, term}) : term;
        }
        return offset;
    }
    // C: row-major, Horner from the first dimension; F: column-major, from the last.
    const bool c_order = a.type->layout != Layout::F;
    Id offset = c_order ? idx[0] : idx[n - 1];
    for (int k = 1; k < n; ++k) {
        const int d = c_order ? k : n - 1 - k;
        Id scaled = inst(spv::Op::OpIMul, i64, {offset, a.shape.at(d)});
        offset = inst(spv::Op::OpIAdd, i64, {scaled, idx[d]});
    }
    return offset;
}

Id FunctionEmitter::load_element(const ArrayValue& a, Id pointer) {
    const DType t = a.type->dtype;
    Id v = load(m_.storage_type(t), pointer, alignment_of(t));
    if (t == DType::Bool)
        v = inst(spv::Op::OpINotEqual, m_.bool_type(), {v, m_.b.constant(m_.storage_type(t), 0)});
    return v;
}

void FunctionEmitter::store_element(const ArrayValue& a, Id pointer, Id value) {
    const DType t = a.type->dtype;
    if (t == DType::Bool) {
        const Id byte = m_.storage_type(t);
        value =
            inst(spv::Op::OpSelect, byte, {value, m_.b.constant(byte, 1), m_.b.constant(byte, 0)});
    }
    store(pointer, value, alignment_of(t));
}

Id FunctionEmitter::emit_index(const ast::Index& e) {
    if (e.base->kind == ast::ExprKind::Member) {  // a.shape[d], a.strides[d]
        const auto& member = static_cast<const ast::Member&>(*e.base);
        ArrayValue a = emit_array(*member.base);
        const bool strides = member.member == "strides";
        const int dim = fn_.info(e).member_dim;
        auto of = [&](int d) { return strides ? stride_of(a, d) : shape_of(a, d); };
        if (dim >= 0) return of(dim);
        if (e.indices.size() != 1) {
            error("internal: ." + member.member + " takes one index");
            return m_.const_i64(0);
        }
        // A dimension known only at run time: pick among the extents.
        Id d = to_i64(emit_value(*e.indices[0]), fn_.info(*e.indices[0]).result());
        Id result = of(a.type->ndim - 1);
        for (int k = a.type->ndim - 2; k >= 0; --k) {
            Id is_k = inst(spv::Op::OpIEqual, m_.bool_type(), {d, m_.const_i64(k)});
            result = inst(spv::Op::OpSelect, m_.i64(), {is_k, of(k), result});
        }
        return result;
    }
    ArrayValue a = emit_array(*e.base);
    if (checks_bounds()) return checked_load(a, e.indices, e.range);
    Id pointer = element_pointer(a, e.indices);
    return load_element(a, pointer);
}

Id FunctionEmitter::emit_member(const ast::Member& e) {
    ArrayValue a = emit_array(*e.base);
    if (e.member != "size") {
        error("internal: ." + e.member + " is not a value without an index");
        return m_.const_i64(0);
    }
    Id size = shape_of(a, 0);
    for (int d = 1; d < a.type->ndim; ++d)
        size = inst(spv::Op::OpIMul, m_.i64(), {size, shape_of(a, d)});
    return size;
}

Id FunctionEmitter::shape_of(const ArrayValue& a, int d) {
    if (d < 0 || d >= static_cast<int>(a.shape.size())) {
        error("internal: dimension " + std::to_string(d) + " out of range");
        return m_.const_i64(0);
    }
    return a.shape[d];
}

Id FunctionEmitter::stride_of(const ArrayValue& a, int d) {
    if (a.type->needs_strides()) {
        if (d < 0 || d >= static_cast<int>(a.strides.size())) {
            error("internal: dimension " + std::to_string(d) + " out of range");
            return m_.const_i64(0);
        }
        return a.strides[d];
    }
    // Contiguous layouts: the product of the extents inside dimension d.
    const int n = a.type->ndim;
    const bool c_order = a.type->layout != Layout::F;
    if (!a.type->static_shape.empty()) {
        std::int64_t stride = 1;
        for (int k = c_order ? d + 1 : 0; k < (c_order ? n : d); ++k)
            stride *= a.type->static_shape[k];
        return m_.const_i64(stride);
    }
    Id stride = 0;
    for (int k = c_order ? d + 1 : 0; k < (c_order ? n : d); ++k)
        stride =
            stride ? inst(spv::Op::OpIMul, m_.i64(), {stride, shape_of(a, k)}) : shape_of(a, k);
    return stride ? stride : m_.const_i64(1);
}

Id FunctionEmitter::emit_atomic(const ast::Call& e) {
    const auto& info = fn_.info(e);
    const Builtin b = info.builtin;
    const bool step = b == Builtin::AtomicInc || b == Builtin::AtomicDec;
    const std::size_t arity = b == Builtin::AtomicCas ? 4 : step ? 2 : 3;
    if (e.args.size() != arity) {
        error("internal: wrong number of arguments to an atomic");
        return m_.const_i64(0);
    }
    ArrayValue a = emit_array(*e.args[0]);
    const DType t = a.type->dtype;
    const types::Type* elem = info.type;  // the old value: the element type
    if (a.type->space == types::AddressSpace::Private || t == DType::Bool ||
        (dtype_bits(t) != 32 && dtype_bits(t) != 64)) {
        error("atomics need 32- or 64-bit elements of a global or local array, not " +
              a.type->str());
        return m_.zero(t);
    }
    note_written(a);
    if (checks_bounds()) return checked_atomic(e, a);
    Id pointer = element_pointer(a, std::span<const ast::ExprPtr>(&e.args[1], 1));
    Id value = arity >= 3 ? emit_value_as(*e.args[2], elem) : 0;
    Id desired = arity == 4 ? emit_value_as(*e.args[3], elem) : 0;
    return emit_atomic_op(e, a, pointer, value, desired);
}

Id FunctionEmitter::emit_atomic_op(const ast::Call& e, const ArrayValue& a, Id pointer, Id value,
                                   Id desired) {
    const Builtin b = fn_.info(e).builtin;
    const DType t = a.type->dtype;
    if (dtype_bits(t) == 64)
        m_.b.require(spv::Capability::Int64Atomics, "64-bit atomics (" +
                                                        std::string(sema::builtin_name(b)) +
                                                        " on " + std::string(dtype_name(t)) + ")");
    const Id scope = m_.const_i32(operand(
        a.type->space == types::AddressSpace::Global ? spv::Scope::Device : spv::Scope::Workgroup));
    const Id relaxed = m_.const_i32(operand(spv::MemorySemanticsMask::MaskNone));

    if (!is_float(t)) {
        const Id type = m_.value_type(t);
        const bool sgn = is_signed(t);
        spv::Op op = spv::Op::OpNop;
        switch (b) {
            case Builtin::AtomicAdd: op = spv::Op::OpAtomicIAdd; break;
            case Builtin::AtomicSub: op = spv::Op::OpAtomicISub; break;
            case Builtin::AtomicMin:
                op = sgn ? spv::Op::OpAtomicSMin : spv::Op::OpAtomicUMin;
                break;
            case Builtin::AtomicMax:
                op = sgn ? spv::Op::OpAtomicSMax : spv::Op::OpAtomicUMax;
                break;
            case Builtin::AtomicAnd: op = spv::Op::OpAtomicAnd; break;
            case Builtin::AtomicOr: op = spv::Op::OpAtomicOr; break;
            case Builtin::AtomicXor: op = spv::Op::OpAtomicXor; break;
            case Builtin::AtomicXchg: op = spv::Op::OpAtomicExchange; break;
            case Builtin::AtomicInc:
            case Builtin::AtomicDec:
                return inst(b == Builtin::AtomicInc ? spv::Op::OpAtomicIIncrement
                                                    : spv::Op::OpAtomicIDecrement,
                            type, {pointer, scope, relaxed});
            case Builtin::AtomicCas:
                // atomic_cas(a, i, expected, desired): Value = desired, Comparator = expected.
                return inst(spv::Op::OpAtomicCompareExchange, type,
                            {pointer, scope, relaxed, relaxed, desired, value});
            default: break;
        }
        return inst(op, type, {pointer, scope, relaxed, value});
    }

    // Floats: a native add where the target has one (SPV_EXT_shader_atomic_float_add), else
    // atomics on the integer bit pattern, which need no extension.
    const Id float_type = m_.value_type(t);
    if ((b == Builtin::AtomicAdd || b == Builtin::AtomicSub) &&
        (t == DType::F32 || t == DType::F64) && m_.b.target().has(DeviceFeature::FloatAtomicAdd)) {
        m_.b.require_extension("SPV_EXT_shader_atomic_float_add");
        m_.b.require(t == DType::F32 ? spv::Capability::AtomicFloat32AddEXT
                                     : spv::Capability::AtomicFloat64AddEXT,
                     std::string(sema::builtin_name(b)) + " on " + std::string(dtype_name(t)));
        const Id v =
            b == Builtin::AtomicSub ? inst(spv::Op::OpFNegate, float_type, {value}) : value;
        return inst(spv::Op::OpAtomicFAddEXT, float_type, {pointer, scope, relaxed, v});
    }
    const Id int_type = m_.int_of_width(t);
    const Id int_pointer =
        inst(spv::Op::OpBitcast, m_.pointer(ModuleContext::storage_class(a.type->space), int_type),
             {pointer});
    switch (b) {
        case Builtin::AtomicXchg: {
            Id bits = inst(spv::Op::OpBitcast, int_type, {value});
            Id old = inst(spv::Op::OpAtomicExchange, int_type, {int_pointer, scope, relaxed, bits});
            return inst(spv::Op::OpBitcast, float_type, {old});
        }
        case Builtin::AtomicCas: {  // compares bit patterns: -0.0 and 0.0 differ, NaN may match
            Id expected = inst(spv::Op::OpBitcast, int_type, {value});
            Id wanted = inst(spv::Op::OpBitcast, int_type, {desired});
            Id old = inst(spv::Op::OpAtomicCompareExchange, int_type,
                          {int_pointer, scope, relaxed, relaxed, wanted, expected});
            return inst(spv::Op::OpBitcast, float_type, {old});
        }
        case Builtin::AtomicAdd:
            return emit_float_atomic_loop(ast::BinaryOp::Add, int_pointer, value, t, scope,
                                          relaxed);
        case Builtin::AtomicSub:
            return emit_float_atomic_loop(ast::BinaryOp::Sub, int_pointer, value, t, scope,
                                          relaxed);
        case Builtin::AtomicMin:
            return emit_float_atomic_loop(ast::BinaryOp::Lt, int_pointer, value, t, scope, relaxed);
        case Builtin::AtomicMax:
            return emit_float_atomic_loop(ast::BinaryOp::Gt, int_pointer, value, t, scope, relaxed);
        default: break;
    }
    error("bitwise atomics need integer elements, not " + std::string(dtype_name(t)));
    return m_.zero(t);
}

Id FunctionEmitter::emit_float_atomic_loop(ast::BinaryOp op, Id int_pointer, Id value, DType t,
                                           Id scope, Id semantics) {
    // old = *p; do { seen = cas(p, old, f(old, v)); done = seen == old; old = seen; } while !done
    const Id int_type = m_.int_of_width(t);
    const Id float_type = m_.value_type(t);
    const Id first =
        load(int_type, int_pointer, static_cast<std::uint32_t>(dtype_bits(t) / kBitsPerByte));
    const Id pre = current_label_;
    const Id header = m_.b.next_id();
    const Id body = m_.b.next_id();
    const Id cont = m_.b.next_id();
    const Id merge = m_.b.next_id();
    const Id seen = m_.b.next_id();
    branch(header);

    begin_block(header);
    Id expected = inst(spv::Op::OpPhi, int_type, {first, pre, seen, cont});
    inst_void(spv::Op::OpLoopMerge, {merge, cont, operand(spv::LoopControlMask::MaskNone)});
    branch(body);

    begin_block(body);
    Id current = inst(spv::Op::OpBitcast, float_type, {expected});
    Id updated = 0;
    switch (op) {
        case ast::BinaryOp::Add:
            updated = inst(spv::Op::OpFAdd, float_type, {current, value});
            break;
        case ast::BinaryOp::Sub:
            updated = inst(spv::Op::OpFSub, float_type, {current, value});
            break;
        case ast::BinaryOp::Lt:
            updated = float_function(OpenCLLIB::Fmin, t, std::array<Id, 2>{current, value});
            break;
        default:
            updated = float_function(OpenCLLIB::Fmax, t, std::array<Id, 2>{current, value});
            break;
    }
    Id desired = inst(spv::Op::OpBitcast, int_type, {updated});
    inst_as(seen, spv::Op::OpAtomicCompareExchange, int_type,
            {int_pointer, scope, semantics, semantics, desired, expected});
    branch(cont);

    begin_block(cont);
    Id done = inst(spv::Op::OpIEqual, m_.bool_type(), {seen, expected});
    branch_conditional(done, merge, header);

    begin_block(merge);
    return inst(spv::Op::OpBitcast, float_type, {seen});
}

}  // namespace dpk::compiler::spirv
