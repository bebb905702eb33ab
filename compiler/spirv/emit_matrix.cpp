// FunctionEmitter: cooperative matrices — matrix_load, matrix_store, matrix_fill and matrix_mad as
// SPV_KHR_cooperative_matrix instructions (opcodes by number: core/spirv_cooperative_matrix.h).
#include <array>

#include "compiler/spirv/function_emitter.h"
#include "core/checked_math.h"
#include "core/spirv_cooperative_matrix.h"

namespace dpk::compiler::spirv {

namespace {

using sema::Builtin;

std::string matrix_types_list(bool group_matrices) {
    std::string s;
    for (const auto& m : spirv_khr::kMatrixTypes) {
        if (m.scope == spv::Scope::Workgroup && !group_matrices) continue;
        if (!s.empty()) s += ", ";
        types::Type t;
        t.kind = types::Type::Kind::Matrix;
        t.dtype = m.component;
        t.rows = static_cast<int>(m.rows);
        t.cols = static_cast<int>(m.cols);
        t.use = static_cast<types::MatrixUse>(m.use);
        t.tf32 = m.tf32;
        t.scope = m.scope == spv::Scope::Workgroup ? types::MatrixScope::WorkGroup
                                                   : types::MatrixScope::SubGroup;
        s += t.str();
    }
    return s;
}

spv::Scope spirv_scope(const types::Type* t) {
    return t->scope == types::MatrixScope::WorkGroup ? spv::Scope::Workgroup
                                                     : spv::Scope::Subgroup;
}

/// The entry of kMatrixTypes that is `t`, or null.
const spirv_khr::MatrixType* device_matrix_type(const types::Type* t) {
    static_assert(static_cast<std::uint32_t>(types::MatrixUse::A) ==
                      static_cast<std::uint32_t>(spirv_khr::MatrixUse::A) &&
                  static_cast<std::uint32_t>(types::MatrixUse::Accumulator) ==
                      static_cast<std::uint32_t>(spirv_khr::MatrixUse::Accumulator));
    for (const auto& m : spirv_khr::kMatrixTypes)
        if (m.component == t->dtype && static_cast<int>(m.rows) == t->rows &&
            static_cast<int>(m.cols) == t->cols &&
            static_cast<std::uint32_t>(m.use) == static_cast<std::uint32_t>(t->use) &&
            m.tf32 == t->tf32 && m.scope == spirv_scope(t))
            return &m;
    return nullptr;
}

}  // namespace

bool FunctionEmitter::native_matrices() const {
    return m_.b.target().has(DeviceFeature::CooperativeMatrix);
}

bool FunctionEmitter::check_matrix_type(const types::Type* t, const ast::Call& e) {
    const bool group = t->scope == types::MatrixScope::WorkGroup;
    const std::string name(sema::builtin_name(fn_.info(e).builtin));
    if (!native_matrices()) {
        // Emulated: every type, and a work-group's matrix spread over the declared work-group.
        if (!group || m_.declared_group_items() != 0 || m_.reported_group_matrix_size) return true;
        m_.reported_group_matrix_size = true;
        error_at(e.range, name +
                              ": a work-group matrix is spread over the work items of its "
                              "work-group, whose size the kernel must declare (@local_size)");
        return false;
    }
    const bool group_matrices = m_.b.target().has(DeviceFeature::WorkgroupMatrix);
    if (!device_matrix_type(t) || (group && !group_matrices)) {
        const bool f32_factor =
            t->dtype == DType::F32 && !t->tf32 && t->use != types::MatrixUse::Accumulator;
        error(name + ": " + m_.b.target().subject() + " has no cooperative matrix of type " +
              t->str() + "; its matrix types are " + matrix_types_list(group_matrices) +
              (f32_factor && !group
                   ? " (it multiplies f32 factors in tf32, asked for explicitly: "
                     "matrix_load(x, (i, j), (16, 8), \"a\", \"tf32\"))"
                   : "") +
              (group && !group_matrices ? " (no work-group matrices: they are CUDA's on sm_90 "
                                          "and newer)"
                                        : ""));
        return false;
    }
    // One warpgroup holds a work-group matrix: the work-group must be exactly that.
    const auto& local = m_.required_local_size;
    const bool one_warpgroup =
        local[0] == spirv_khr::kWorkgroupMatrixItems && local[1] == 1 && local[2] == 1;
    if (!group || one_warpgroup || m_.reported_group_matrix_size) return true;
    m_.reported_group_matrix_size = true;
    error_at(e.range, name + ": a work-group matrix on " + m_.b.target().subject() +
                          " is held by one work-group of " +
                          std::to_string(spirv_khr::kWorkgroupMatrixItems) +
                          " work items (four sub-groups of 32, each holding a quarter of its "
                          "rows): the kernel must declare @local_size(" +
                          std::to_string(spirv_khr::kWorkgroupMatrixItems) + ")" +
                          (local[0] == 0 ? std::string()
                                         : ", not @local_size(" + std::to_string(local[0]) +
                                               ", " + std::to_string(local[1]) + ", " +
                                               std::to_string(local[2]) + ")"));
    return false;
}

bool FunctionEmitter::accumulator_fits(const types::Type* factor, const types::Type* acc,
                                       const ast::Call& e) {
    // Matrix units accumulate 8-bit integer factors in i32 (wrapping) and float ones (f16, bf16,
    // tf32) in f32; the emulation takes any pairing.
    if (!native_matrices()) return true;
    const bool bytes = factor->dtype == DType::I8 || factor->dtype == DType::U8;
    if (bytes ? acc->dtype == DType::I32 : acc->dtype == DType::F32) return true;
    error_at(e.args[2]->range,
             std::string(sema::builtin_name(fn_.info(e).builtin)) + " of " +
                 (factor->tf32 ? std::string("tf32") : std::string(dtype_name(factor->dtype))) +
                 " factors accumulates in " + (bytes ? "i32" : "f32") + " on " +
                 m_.b.target().subject() + "; found " + acc->str());
    return false;
}

Id FunctionEmitter::matrix_access(const ast::Call& e, ArrayValue& a, const types::Type* matrix,
                                  Id type, const MatrixAccess& access) {
    // The array's contiguous dimension makes the layout: rows of a C-ordered array, columns of an
    // F-ordered one; the other dimension's extent is the stride.
    const bool row_major = a.type->layout != Layout::F;
    const Id layout = m_.const_i32(static_cast<std::uint32_t>(
        row_major ? spirv_khr::MatrixLayout::RowMajor : spirv_khr::MatrixLayout::ColumnMajor));
    const Id stride = shape_of(a, row_major ? 1 : 0);
    const std::vector<Id> origin = index_values(std::span<const ast::ExprPtr>(&e.args[1], 1));
    auto run = [&](Id pointer) { return access(pointer, layout, stride, origin); };
    if (!checks_bounds()) return run(element_pointer(a, origin));

    // Bounds-checked: the whole tile must be inside.
    std::vector<Id> reported;
    const IndexCheck both = check_tile(a, origin, matrix->rows, matrix->cols, &reported);
    const bool load = fn_.info(e).builtin == Builtin::MatrixLoad;
    const std::uint32_t site =
        add_bounds_site(a, load ? BoundsSite::Access::Read : BoundsSite::Access::Write, e.range);
    if (load && native_matrices() && matrix->scope == types::MatrixScope::WorkGroup &&
        matrix->use == types::MatrixUse::B && !a.type->static_shape.empty()) {
        // A work-group B tile of a local array stays where it lies, where the tensor cores read
        // it: a tile outside is reported and read at (0, 0) instead of zeros (the launch fails
        // with the report either way), so the array must hold one tile.
        const auto& shape = a.type->static_shape;
        if (shape[0] < matrix->rows || shape[1] < matrix->cols) {
            error_at(e.range, std::string(sema::builtin_name(fn_.info(e).builtin)) + ": a " +
                                  matrix->str() + " does not fit in local array '" + a.name +
                                  "' of shape " + extents_string(shape));
            return 0;
        }
        guarded_access(
            a, origin, both, site, 0, 0, [](Id) { return Id{0}; }, reported);
        std::vector<Id> at = origin;
        const Id zero = m_.const_i64(0);
        for (Id& i : at)
            if (i != zero) i = inst(spv::Op::OpSelect, m_.i64(), {both.all_ok, i, zero});
        return access(element_pointer(a, at), layout, stride, at);
    }
    // Zeros outside: one constituent for a cooperative matrix, every element for an emulated one.
    const std::size_t count = native_matrices() ? 1 : m_.emulated_length(matrix);
    const Id skipped = type ? inst(spv::Op::OpCompositeConstruct, type,
                                   std::vector<Id>(count, m_.zero(matrix->dtype)))
                            : 0;
    return guarded_access(a, origin, both, site, type, skipped, run, reported);
}

Id FunctionEmitter::emit_matrix_arithmetic(const ast::Binary& e) {
    const bool lm = fn_.info(*e.lhs).result()->is_matrix();
    const bool rm = fn_.info(*e.rhs).result()->is_matrix();
    const Id l = emit_value(*e.lhs);
    return matrix_binary(e.op, fn_.info(e).type, l, emit_value(*e.rhs), lm, rm);
}

Id FunctionEmitter::matrix_binary(ast::BinaryOp op, const types::Type* t, Id l, Id r, bool lm,
                                  bool rm) {
    const Id m = lm ? l : r, y = lm ? r : l;  // the matrix, and the other operand
    if (!native_matrices()) {                 // element by element (float elements: sema)
        const Id elem = m_.value_type(t->dtype);
        const spv::Op scalar_op = op == ast::BinaryOp::Add   ? spv::Op::OpFAdd
                                  : op == ast::BinaryOp::Sub ? spv::Op::OpFSub
                                  : op == ast::BinaryOp::Mul ? spv::Op::OpFMul
                                                             : spv::Op::OpFDiv;
        const Id args[2] = {l, r};
        const bool is_matrix[2] = {lm, rm};
        return matrix_map(t, args, is_matrix, [&](std::span<const Id> x) {
            return inst(scalar_op, elem, {x[0], x[1]});
        });
    }
    const Id type = m_.type_of(t);
    switch (op) {  // float elements (sema)
        case ast::BinaryOp::Add: return inst(spv::Op::OpFAdd, type, {l, r});
        case ast::BinaryOp::Sub: return inst(spv::Op::OpFSub, type, {l, r});
        case ast::BinaryOp::Mul: return inst(spv::Op::OpMatrixTimesScalar, type, {m, y});
        case ast::BinaryOp::Div:  // m / s: element by element by a matrix of s
            return inst(spv::Op::OpFDiv, type, {m, inst(spv::Op::OpCompositeConstruct, type, {y})});
        default: break;
    }
    error("internal: matrix arithmetic");
    return m;
}

Id FunctionEmitter::matrix_map(const types::Type* t, std::span<const Id> args,
                               std::span<const bool> is_matrix,
                               const std::function<Id(std::span<const Id>)>& scalar) {
    const Id type = m_.type_of(t);
    const Id elem = m_.value_type(t->dtype);
    std::vector<Id> at(args.size());
    if (native_matrices()) {
        // Each work item's share, element by element (its length is the device's).
        const spirv_khr::MatrixType* native = device_matrix_type(t);
        const std::uint32_t per_item = native ? native->per_item : 0;
        Id result = 0;
        for (std::size_t k = 0; k < args.size(); ++k)
            if (is_matrix[k] && !result) result = args[k];
        for (std::uint32_t e = 0; e < per_item; ++e) {
            for (std::size_t k = 0; k < args.size(); ++k)
                at[k] = is_matrix[k] ? inst(spv::Op::OpCompositeExtract, elem, {args[k], e})
                                     : args[k];  // e: a literal index
            result = inst(spv::Op::OpCompositeInsert, type, {scalar(at), result, e});
        }
        return result;
    }
    // Emulated: every element, through scratch arrays.
    std::vector<Id> held(args.size(), 0);
    int slot = 0;
    for (std::size_t k = 0; k < args.size(); ++k)
        if (is_matrix[k]) {
            held[k] = matrix_scratch(type, slot++);
            store(held[k], args[k]);
        }
    const Id out = matrix_scratch(type, slot);
    const Id pointer = m_.pointer(spv::StorageClass::Function, elem);
    const auto count = static_cast<std::int64_t>(m_.emulated_length(t));
    counted_loop(m_.const_i64(0), m_.const_i64(count), m_.const_i64(1), [&](Id e) {
        for (std::size_t k = 0; k < args.size(); ++k)
            at[k] = held[k]
                        ? load(elem, inst(spv::Op::OpInBoundsAccessChain, pointer, {held[k], e}))
                        : args[k];
        store(inst(spv::Op::OpInBoundsAccessChain, pointer, {out, e}), scalar(at));
    });
    return load(type, out);
}

Id FunctionEmitter::emit_matrix_math(const ast::Call& e,
                                     const std::function<Id(std::span<const Id>)>& scalar) {
    constexpr std::size_t kMaxArgs = 3;  // fma, mad, mix, clamp
    std::vector<Id> args;
    std::array<bool, kMaxArgs> is_matrix{};
    for (const auto& a : e.args) {
        if (args.size() == kMaxArgs) break;
        is_matrix[args.size()] = fn_.info(*a).result()->is_matrix();
        args.push_back(emit_value(*a));
    }
    return matrix_map(fn_.info(e).type, args, std::span<const bool>(is_matrix.data(), args.size()),
                      scalar);
}

Id FunctionEmitter::emit_matrix_negation(const ast::Unary& e) {
    const types::Type* t = fn_.info(e).type;
    const Id x = emit_value(*e.operand);
    if (!native_matrices()) {
        const Id elem = m_.value_type(t->dtype);
        const bool is_matrix[1] = {true};
        return matrix_map(t, std::span<const Id>(&x, 1), is_matrix, [&](std::span<const Id> v) {
            return inst(spv::Op::OpFNegate, elem, {v[0]});
        });
    }
    return inst(spv::Op::OpFNegate, m_.type_of(t), {x});  // float elements (sema)
}

Id FunctionEmitter::round_to_tf32(Id x) {
    // To nearest, ties away from zero, at 10 mantissa bits (cvt.rna.tf32.f32): half a tf32 unit
    // (bit 12) added to the magnitude, the 13 bits below the unit cleared; NaN and infinity
    // (all exponent bits set) kept. A carry into the exponent is right (it rounds up to the
    // next power of two, or to infinity past the largest float).
    const Id u = m_.i32();
    const Id bits = inst(spv::Op::OpBitcast, u, {x});
    const Id exponent = inst(spv::Op::OpBitwiseAnd, u, {bits, m_.const_i32(0x7F800000u)});
    const Id special =
        inst(spv::Op::OpIEqual, m_.bool_type(), {exponent, m_.const_i32(0x7F800000u)});
    const Id rounded =
        inst(spv::Op::OpBitwiseAnd, u,
             {inst(spv::Op::OpIAdd, u, {bits, m_.const_i32(0x1000u)}), m_.const_i32(0xFFFFE000u)});
    return inst(spv::Op::OpBitcast, m_.value_type(DType::F32),
                {inst(spv::Op::OpSelect, u, {special, bits, rounded})});
}

Id FunctionEmitter::emit_matrix(const ast::Call& e) {
    const Builtin b = fn_.info(e).builtin;
    const types::Type* t = fn_.info(e).type;
    switch (b) {
        case Builtin::MatrixLoad: {
            if (!check_matrix_type(t, e)) return 0;
            const Id type = m_.type_of(t);
            ArrayValue a = emit_array(*e.args[0]);
            if (!native_matrices()) {
                // Emulated: the tile is read into a scratch array (zeros first, for a tile the
                // bounds check skips) and loaded whole after the access: no phi of an array (a
                // bounds-checked one crashed the loop unroller of Intel's CPU runtime).
                const Id tile = matrix_scratch(type, 0);
                if (checks_bounds())
                    store(tile, inst(spv::Op::OpCompositeConstruct, type,
                                     std::vector<Id>(m_.emulated_length(t), m_.zero(t->dtype))));
                matrix_access(e, a, t, 0, [&](Id, Id, Id, std::span<const Id> at) {
                    emulated_load_into(a, t, at);
                    return Id{0};
                });
                return load(type, tile);
            }
            return matrix_access(e, a, t, type,
                                 [&](Id pointer, Id layout, Id stride, std::span<const Id>) {
                                     return inst(spirv_khr::kOpCooperativeMatrixLoad, type,
                                                 {pointer, layout, stride});
                                 });
        }
        case Builtin::MatrixStore: {
            const types::Type* mt = fn_.info(*e.args[2]).type;
            if (!check_matrix_type(mt, e)) return 0;
            ArrayValue a = emit_array(*e.args[0]);
            note_written(a);
            const Id value = emit_value(*e.args[2]);
            matrix_access(e, a, mt, 0,
                          [&](Id pointer, Id layout, Id stride, std::span<const Id> at) {
                              if (native_matrices())
                                  inst_void(spirv_khr::kOpCooperativeMatrixStore,
                                            {pointer, value, layout, stride});
                              else
                                  emulated_store(a, mt, value, at);
                              return Id{0};
                          });
            return 0;
        }
        case Builtin::MatrixFill: {
            if (!check_matrix_type(t, e)) return 0;
            Id value = emit_value_as(*e.args[0], fn_.info(*e.args[0]).result());
            if (t->tf32) value = round_to_tf32(value);
            // One constituent fills a cooperative matrix; an emulated one lists every element
            // the work item holds.
            const std::size_t count = native_matrices() ? 1 : m_.emulated_length(t);
            const std::vector<Id> elements(count, value);
            return inst(spv::Op::OpCompositeConstruct, m_.type_of(t), elements);
        }
        case Builtin::MatrixMad: {
            for (std::size_t i = 0; i < 3; ++i)
                if (!check_matrix_type(fn_.info(*e.args[i]).type, e)) return 0;
            if (!accumulator_fits(fn_.info(*e.args[0]).type, fn_.info(*e.args[2]).type, e))
                return 0;
            const Id x = emit_value(*e.args[0]);
            const Id y = emit_value(*e.args[1]);
            const Id c = emit_value(*e.args[2]);
            if (!native_matrices())
                return emulated_mad(fn_.info(*e.args[0]).type, fn_.info(*e.args[1]).type, t, x, y,
                                    c);
            const DType factor = fn_.info(*e.args[0]).type->dtype;
            if (!is_integer(factor))
                return inst(spirv_khr::kOpCooperativeMatrixMulAdd, m_.type_of(t), {x, y, c});
            // Integer components are unsigned unless the operands say signed (both factors of one
            // type, sema; the accumulator and result are i32).
            std::uint32_t operands = 0;
            if (is_signed(factor))
                operands |= spirv_khr::kMatrixASigned | spirv_khr::kMatrixBSigned;
            if (is_signed(t->dtype))
                operands |= spirv_khr::kMatrixCSigned | spirv_khr::kMatrixResultSigned;
            return inst(spirv_khr::kOpCooperativeMatrixMulAdd, m_.type_of(t), {x, y, c, operands});
        }
        default: break;
    }
    error("internal: not a matrix builtin");
    return 0;
}

}  // namespace dpk::compiler::spirv
