// FunctionEmitter: what a kernel variant assumes of its launch. Index32: index arithmetic in 32
// bits, exact because every in-bounds offset fits in 31 bits (the launch checked it) and +, - and
// * give the same low 32 bits in every width. NoAlias: array pointers that overlap no written
// array, read-only ones marked so. InRange: range guards (`if i < x.shape[0]` with
// `let i = global_id(0)`) are constants, because the launch's range lies inside the arrays.
#include <algorithm>

#include "compiler/spirv/function_emitter.h"

namespace dpk::compiler::spirv {

using ast::BinaryOp;
using sema::Builtin;

namespace {

constexpr int kIndexBits = 32;
constexpr int kIdBits = 64;

template <typename Map>
std::optional<std::uint32_t> lookup(const Map& m, std::uint32_t key) {
    for (const auto& [k, v] : m)
        if (k == key) return v;
    return std::nullopt;
}

/// An integer type of at least 32 bits: its +, - and * agree with i32's in the low 32 bits.
bool wraps_like_i32(const types::Type* t) {
    return t && t->is_scalar() && is_integer(t->dtype) && dtype_bits(t->dtype) >= kIndexBits;
}

}  // namespace

void FunctionEmitter::note_written(const ArrayValue& a) {
    // Only global arrays can overlap one another; a `local T[:]` parameter is the work-group's.
    if (!abi_ || a.kernel_param == BoundsSite::kNoParam ||
        a.type->space != types::AddressSpace::Global)
        return;
    auto& written = abi_->written_arrays;
    const std::uint32_t p = a.kernel_param;
    auto at = std::lower_bound(written.begin(), written.end(), p);
    if (at == written.end() || *at != p) written.insert(at, p);
}

void FunctionEmitter::decorate_no_alias(Id pointer, std::size_t param) {
    const bool variant = m_.assumed.has(LaunchFact::NoAlias);
    if (!variant && !m_.options.no_alias_array_params) return;
    m_.b.decorate(pointer, spv::Decoration::FuncParamAttr,
                  {operand(spv::FunctionParameterAttribute::NoAlias)});
    // Only the variant knows what the kernel writes: the general emission found it first.
    const auto& written = m_.written_arrays;
    if (variant &&
        !std::binary_search(written.begin(), written.end(), static_cast<std::uint32_t>(param)))
        m_.b.decorate(pointer, spv::Decoration::FuncParamAttr,
                      {operand(spv::FunctionParameterAttribute::NoWrite)});
}

void FunctionEmitter::note_global_id_var(const ast::VarDecl& s) {
    if (!is_kernel_ || s.var.is_mutable || s.init->kind != ast::ExprKind::Call) return;
    const auto& call = static_cast<const ast::Call&>(*s.init);
    const auto& info = fn_.info(call);
    const types::Type* t = fn_.var_type(s.var);
    if (info.call_kind != sema::ExprInfo::CallKind::Builtin || info.builtin != Builtin::GlobalId ||
        call.args.size() != 1 || !t || !t->is_scalar() || !is_integer(t->dtype) ||
        dtype_bits(t->dtype) != kIdBits)
        return;
    const auto& c = fn_.info(*call.args[0]).constant;
    if (!c) return;
    const std::int64_t d = c->as_int();
    if (d >= 0 && d < static_cast<std::int64_t>(kWorkItemDims))
        global_id_dim_of_var_.emplace_back(s.var.id, static_cast<std::uint32_t>(d));
}

std::optional<bool> FunctionEmitter::range_guard(const ast::Binary& e) {
    if (!is_kernel_) return std::nullopt;
    // The work-item dimension `x` holds: a `let` of global_id(d), or global_id(d) itself.
    auto id_dim = [&](const ast::Expr& x) -> std::optional<std::uint32_t> {
        const auto& info = fn_.info(x);
        if (x.kind == ast::ExprKind::Name && info.name_kind == sema::ExprInfo::NameKind::Var)
            return lookup(global_id_dim_of_var_, info.var_id);
        return std::nullopt;
    };
    // The (parameter, axis) of `A.shape[axis]` for a global array parameter A.
    auto extent = [&](const ast::Expr& x) -> std::optional<std::pair<std::uint32_t, std::uint32_t>> {
        if (x.kind != ast::ExprKind::Index) return std::nullopt;
        const auto& index = static_cast<const ast::Index&>(x);
        const std::int32_t axis = fn_.info(x).member_dim;
        if (axis < 0 || index.base->kind != ast::ExprKind::Member) return std::nullopt;
        const auto& member = static_cast<const ast::Member&>(*index.base);
        const auto& base = fn_.info(*member.base);
        if (member.member != "shape" || member.base->kind != ast::ExprKind::Name ||
            base.name_kind != sema::ExprInfo::NameKind::Var)
            return std::nullopt;
        const auto param = lookup(param_of_var_, base.var_id);
        if (!param) return std::nullopt;
        return std::pair{*param, static_cast<std::uint32_t>(axis)};
    };
    std::optional<std::uint32_t> dim;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> of;
    bool holds = false;
    if ((e.op == BinaryOp::Lt || e.op == BinaryOp::Ge) && (dim = id_dim(*e.lhs)) &&
        (of = extent(*e.rhs)))
        holds = e.op == BinaryOp::Lt;  // i < n; i >= n
    else if ((e.op == BinaryOp::Gt || e.op == BinaryOp::Le) && (dim = id_dim(*e.rhs)) &&
             (of = extent(*e.lhs)))
        holds = e.op == BinaryOp::Gt;  // n > i; n <= i
    else
        return std::nullopt;
    if (abi_) {
        const RangeGuard g{*dim, of->first, of->second};
        auto& guards = abi_->range_guards;
        auto at = std::lower_bound(guards.begin(), guards.end(), g);
        if (at == guards.end() || *at != g) guards.insert(at, g);
    }
    if (!m_.assumed.has(LaunchFact::InRange)) return std::nullopt;
    return holds;
}

bool FunctionEmitter::uses_index32(const ArrayValue& a) const {
    return m_.assumed.has(LaunchFact::Index32) && !a.array_var;
}

Id FunctionEmitter::index_32(const ast::Expr& e) {
    const auto& info = fn_.info(e);
    const Id i32 = m_.i32();
    if (info.constant && wraps_like_i32(info.result())) {
        std::uint64_t bits = 0;
        if (const auto* v = std::get_if<std::int64_t>(&info.constant->value))
            bits = static_cast<std::uint64_t>(*v);
        else if (const auto* u = std::get_if<std::uint64_t>(&info.constant->value))
            bits = *u;
        else
            return inst(spv::Op::OpUConvert, i32, {emit_value(e)});
        return m_.b.constant(i32, bits & 0xffffffffu);
    }
    if (wraps_like_i32(info.type) && wraps_like_i32(info.result())) {
        if (e.kind == ast::ExprKind::Binary) {
            const auto& b = static_cast<const ast::Binary&>(e);
            spv::Op op{};
            switch (b.op) {
                case ast::BinaryOp::Add: op = spv::Op::OpIAdd; break;
                case ast::BinaryOp::Sub: op = spv::Op::OpISub; break;
                case ast::BinaryOp::Mul: op = spv::Op::OpIMul; break;
                default: break;
            }
            if (op != spv::Op{}) {
                Id lhs = index_32(*b.lhs);
                Id rhs = index_32(*b.rhs);
                return inst(op, i32, {lhs, rhs});
            }
        }
        if (e.kind == ast::ExprKind::Unary &&
            static_cast<const ast::Unary&>(e).op == ast::UnaryOp::Neg)
            return inst(spv::Op::OpSNegate, i32,
                        {index_32(*static_cast<const ast::Unary&>(e).operand)});
    }
    const types::Type* t = info.result();
    if (m_.avoids(DriverDefect::PairedGatherIndex))  // a narrow index anchored, as index_i64()
        return inst(spv::Op::OpUConvert, i32, {index_i64(e)});
    Id value = emit_value(e);
    if (t && t->is_scalar() && is_integer(t->dtype) && dtype_bits(t->dtype) == kIndexBits)
        return value;
    return inst(spv::Op::OpUConvert, i32, {to_i64(value, t)});
}

Id FunctionEmitter::element_pointer_32(ArrayValue& a, std::span<const ast::ExprPtr> indices) {
    std::vector<Id> idx;
    for (const auto& i : indices) {
        if (i->kind == ast::ExprKind::Tuple) {  // atomic_add(a, (i, j), v)
            for (const auto& el : static_cast<const ast::Tuple&>(*i).elements)
                idx.push_back(index_32(*el));
            continue;
        }
        idx.push_back(index_32(*i));
    }
    const int n = a.type->ndim;
    if (idx.size() != static_cast<std::size_t>(n)) {
        error("internal: " + std::to_string(idx.size()) + " indices for a " + std::to_string(n) +
              "-d array");
        return array_base(a);
    }
    const Id pointer =
        m_.pointer(ModuleContext::storage_class(a.type->space), m_.storage_type(a.type->dtype));
    if (a.array_var && !a.base) {  // local_array / private_array: one index per dimension
        std::vector<Id> operands{a.array_var};
        operands.insert(operands.end(), idx.begin(), idx.end());
        return inst(spv::Op::OpInBoundsAccessChain, pointer, operands);
    }
    const Id i32 = m_.i32();
    auto narrow = [&](const std::vector<Id>& of, int d) {
        if (!a.type->static_shape.empty() && &of == &a.shape)
            return m_.b.constant(i32, static_cast<std::uint64_t>(a.type->static_shape[d]));
        return inst(spv::Op::OpUConvert, i32, {of.at(d)});
    };
    Id offset = 0;
    if (a.type->needs_strides()) {  // any layout: sum of index * stride
        for (int d = 0; d < n; ++d) {
            Id term = inst(spv::Op::OpIMul, i32, {idx[d], narrow(a.strides, d)});
            offset = offset ? inst(spv::Op::OpIAdd, i32, {offset, term}) : term;
        }
    } else {  // C: row-major, Horner from the first dimension; F: from the last
        const bool c_order = a.type->layout != Layout::F;
        offset = c_order ? idx[0] : idx[n - 1];
        for (int k = 1; k < n; ++k) {
            const int d = c_order ? k : n - 1 - k;
            Id scaled = inst(spv::Op::OpIMul, i32, {offset, narrow(a.shape, d)});
            offset = inst(spv::Op::OpIAdd, i32, {scaled, idx[d]});
        }
    }
    // The offset is signed (a view with negative strides reaches below its data pointer):
    // OpInBoundsPtrAccessChain sign-extends a 32-bit element index.
    return inst(spv::Op::OpInBoundsPtrAccessChain, pointer, {a.base, offset});
}

}  // namespace dpk::compiler::spirv
