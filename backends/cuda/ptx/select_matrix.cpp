// Cooperative matrices (SPV_KHR_cooperative_matrix) on tensor cores: a 16x16 matrix belongs to
// a sub-group (a warp); each lane holds 8 of its elements in registers (.b16 for f16, .f32 for
// f32), laid out as mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 reads and writes them.
// With lane = the lane id, g = lane >> 2, t = lane & 3, element e = 0..7 of a lane is
//   MatrixA (16 rows M x 16 columns K, f16):   row g + 8*((e>>1)&1), column 2t + (e&1) + 8*(e>>2)
//   MatrixB (16 rows K x 16 columns N, f16):   with h = e>>2, i = e&3:
//                                              row 2t + (i&1) + 8*(i>>1), column g + 8h
//   MatrixAccumulator (16x16, f32):            with h = e>>2, i = e&3:
//                                              row g + 8*(i>>1), column 8h + 2t + (i&1)
// (for example lane 5: g = 1, t = 1; its A elements are (1,2) (1,3) (9,2) (9,3) (1,10) (1,11)
// (9,10) (9,11), its B elements (2,1) (3,1) (10,1) (11,1) (2,9) (3,9) (10,9) (11,9), its
// accumulator elements (1,2) (1,3) (9,2) (9,3) (1,10) (1,11) (9,10) (9,11)).
// A multiply-add is two mma.sync, one per 8-column half h of B, C and D. Loads and stores are
// per-lane scalar accesses of the 8 elements, their addresses from the layout (row- or
// column-major, known at translation) and the stride (in elements, known at run time or not).
// Element-wise arithmetic, fills, element access, phis, selects and Function variables work on
// the 8 registers.
#include "backends/cuda/ptx/function_translator.h"
#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

constexpr auto kRowMajor = static_cast<std::uint32_t>(spirv_khr::MatrixLayout::RowMajor);
constexpr auto kColumnMajor = static_cast<std::uint32_t>(spirv_khr::MatrixLayout::ColumnMajor);
constexpr std::size_t kHalfSide = 8;  // mma.sync's n: the columns of one half of B, C and D

/// An element's row and column, less its lane's (row g or 2t, column 2t or g).
struct Displacement {
    std::uint32_t row;
    std::uint32_t column;
};

Displacement displacement(MatrixUse use, std::size_t e) {
    const auto h = static_cast<std::uint32_t>(e >> 2);
    const auto i = static_cast<std::uint32_t>(e & 3);
    switch (use) {
        case MatrixUse::A: return {8 * ((i >> 1) & 1), (i & 1) + 8 * h};
        case MatrixUse::B: return {(i & 1) + 8 * (i >> 1), 8 * h};
        case MatrixUse::Accumulator: return {8 * (i >> 1), 8 * h + (i & 1)};
    }
    return {0, 0};
}

/// "{a, b, c}": a vector operand of mma.sync.
std::string vector_operand(std::initializer_list<std::string> regs) {
    std::string text = "{";
    for (const std::string& r : regs) {
        if (text.size() > 1) text.append(", ");
        text.append(r);
    }
    text.push_back('}');
    return text;
}

}  // namespace

MatrixUse FunctionTranslator::matrix_of(Id type, const SpirvInstruction& inst) {
    auto use = matrix_use(module_, type);
    if (!use)
        unsupported(inst, type_text(module_, type) + " is not a supported cooperative matrix");
    return *use;
}

const FunctionTranslator::Fragment& FunctionTranslator::def_fragment(const SpirvInstruction& inst) {
    if (auto it = fragments_.find(inst.result); it != fragments_.end()) return it->second;
    const Scalar s = scalar(module_.type(inst.result_type).element, inst);
    matrix_of(inst.result_type, inst);
    types_[inst.result] = inst.result_type;
    Fragment f;
    for (auto& r : f) r = new_reg(reg_class(s));
    return fragments_[inst.result] = f;
}

const FunctionTranslator::Fragment& FunctionTranslator::use_fragment(Id id,
                                                                     const SpirvInstruction& inst) {
    if (auto it = fragments_.find(id); it != fragments_.end()) {
        if (matrix_variables_.count(id)) unsupported(inst, "a matrix variable is used as a value");
        return it->second;
    }
    auto c = module_.constants.find(id);
    if (c == module_.constants.end() || !is_matrix_type(module_, c->second.type))
        unsupported(inst, "%" + std::to_string(id) + " is not a cooperative matrix value");
    // A constant: every element is zero (OpConstantNull, OpUndef) or its one constituent.
    const SpirvConstant& k = c->second;
    matrix_of(k.type, inst);
    const Scalar s = scalar(module_.type(k.type).element, inst);
    std::string value = "0";
    if (k.opcode == spv::Op::OpConstantComposite && k.constituents.size() == 1) {
        value = use(k.constituents[0]);
    } else if (k.opcode != spv::Op::OpConstantNull && k.opcode != spv::Op::OpUndef) {
        unsupported(inst, "matrix constant " + id_text(module_, id) +
                              " is neither null, undefined nor a fill with one constituent");
    }
    Fragment f;
    for (auto& r : f) {
        r = new_reg(reg_class(s));
        emit_prologue("mov" + bit_type(s), {r, value});
    }
    types_[id] = k.type;
    return fragments_[id] = f;
}

bool FunctionTranslator::involves_matrix(const SpirvInstruction& inst) const {
    const spv::Op op = inst.opcode;
    if (op == kOpCooperativeMatrixLoadKHR || op == kOpCooperativeMatrixStoreKHR ||
        op == kOpCooperativeMatrixMulAddKHR || op == kOpCooperativeMatrixLengthKHR)
        return true;
    auto is_matrix_value = [&](Id id) {
        if (fragments_.count(id)) return true;
        auto c = module_.constants.find(id);
        return c != module_.constants.end() && is_matrix_type(module_, c->second.type);
    };
    if (inst.result_type != 0) {
        if (is_matrix_type(module_, inst.result_type)) return true;
        const SpirvType& t = module_.type(inst.result_type);
        if (t.opcode == spv::Op::OpTypePointer && is_matrix_type(module_, t.pointee)) return true;
    }
    switch (op) {
        case spv::Op::OpCompositeExtract:
        case spv::Op::OpVectorExtractDynamic:
        case spv::Op::OpReturnValue: return is_matrix_value(inst.operand(0));
        case spv::Op::OpStore:
        case spv::Op::OpCopyMemory:
        case spv::Op::OpCopyMemorySized:
            return is_matrix_value(inst.operand(0)) || is_matrix_value(inst.operand(1));
        case spv::Op::OpFunctionCall:
        case spv::Op::OpAccessChain:
        case spv::Op::OpInBoundsAccessChain:
        case spv::Op::OpPtrAccessChain:
        case spv::Op::OpInBoundsPtrAccessChain:
        case spv::Op::OpPtrCastToGeneric:
        case spv::Op::OpBitcast:
            for (std::uint32_t id : inst.operands)
                if (is_matrix_value(id)) return true;
            return false;
        default: return false;
    }
}

FunctionTranslator::Fragment FunctionTranslator::matrix_addresses(
    const SpirvInstruction& inst, Id pointer, Id layout, Id stride, MatrixUse kind,
    const Scalar& element, std::string* space, std::string* paired, MatrixRows* ldmatrix) {
    const Scalar p = value_scalar(pointer, inst);
    if (!p.is_pointer()) unsupported(inst, "the pointer operand is not a pointer");
    const auto pointee = scalar_of(module_, p.pointee);
    if (!pointee || !pointee->is_float() || pointee->bits != element.bits ||
        pointee->bfloat16 != element.bfloat16)
        unsupported(inst, "the pointer points to " + type_text(module_, p.pointee) +
                              ", not to the matrix's component type");
    const std::string base = address_of(pointer, inst, space);
    const auto major = constant_value(layout);
    if (major != kRowMajor && major != kColumnMajor)
        unsupported(inst, "the memory layout is not a constant RowMajorKHR or ColumnMajorKHR");
    const bool row_major = major == kRowMajor;
    const Scalar ss = value_scalar(stride, inst);
    if (!ss.is_int()) unsupported(inst, "the stride is not an integer");
    const std::uint64_t bytes = element.bits / 8;
    const std::string shift = bytes == 2 ? "1" : "2";

    // The lane's part of the row and column: (g, 2t) for A and the accumulator, (2t, g) for B.
    auto lane_part = [&](bool g) {
        auto& r = prologue_cache_[g ? "matrix_g" : "matrix_2t"];
        if (!r.empty()) return r;
        const std::string part = new_reg(RegClass::B32);
        if (g) {
            emit_prologue("shr.u32", {part, lane_id(), "2"});
        } else {
            const std::string t = new_reg(RegClass::B32);
            emit_prologue("and.b32", {t, lane_id(), "3"});
            emit_prologue("shl.b32", {part, t, "1"});
        }
        r = new_reg(RegClass::B64);
        emit_prologue("cvt.u64.u32", {r, part});
        return r;
    };
    const bool row_is_g = kind != MatrixUse::B;
    // Major: the index that the stride multiplies (the row of a row-major matrix).
    const std::string major_lane = lane_part(row_is_g == row_major);
    const std::string minor_lane = lane_part(row_is_g != row_major);
    auto major_of = [&](Displacement d) { return row_major ? d.row : d.column; };
    auto minor_of = [&](Displacement d) { return row_major ? d.column : d.row; };

    // The lane's element (0, 0) address: base + (major_lane * stride + minor_lane) * bytes.
    std::optional<std::int64_t> fixed;  // a constant stride, as an immediate
    if (auto c = constant_value(stride)) {
        std::int64_t v = static_cast<std::int64_t>(*c);
        if (ss.bits < 64) {  // sign-extend from the stride's width
            const unsigned sh = 64 - ss.bits;
            v = static_cast<std::int64_t>(static_cast<std::uint64_t>(v) << sh) >> sh;
        }
        if (v >= 0 && v <= 0xFFFFFF) fixed = v;
    }
    std::string step;  // stride * bytes
    if (fixed) {
        step = std::to_string(*fixed * static_cast<std::int64_t>(bytes));
    } else {
        std::string wide = use(stride);
        if (ss.bits < 64) {
            wide = new_reg(RegClass::B64);
            emit("cvt.s64.s32", {wide, extended(stride, true, inst)});
        }
        step = new_reg(RegClass::B64);
        emit("shl.b64", {step, wide, shift});
    }
    const std::string row0 = new_reg(RegClass::B64);
    const std::string lane_base = new_reg(RegClass::B64);
    emit("mad.lo.s64", {row0, major_lane, step, base});
    emit("mad.lo.s64", {lane_base, minor_lane, std::to_string(bytes), row0});

    // Each element: lane_base + major * step + minor * bytes, major in {0, 1, 8, 9} (9 only
    // with 8); with a run-time stride the majors other than 0 get a register each.
    std::map<std::uint32_t, std::string> rows{{0, lane_base}};
    if (!fixed) {
        for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
            rows[major_of(displacement(kind, e))];
        for (auto& [m, r] : rows) {
            if (m == 0) continue;
            r = new_reg(RegClass::B64);
            if (m == 1)
                emit("add.s64", {r, lane_base, step});
            else if (m == kHalfSide)
                emit("mad.lo.s64", {r, step, std::to_string(m), lane_base});
            else  // kHalfSide + 1
                emit("add.s64", {r, rows.at(kHalfSide), step});
        }
    }
    // Elements 2j and 2j + 1 side by side in memory (the minor index of A and the accumulator
    // row-major, of B column-major): one access of both where the pair is aligned to its size,
    // which holds for every lane and pair when the base and the stride in bytes are multiples
    // of it (the lane's minor index and the pairs' minor displacements are even).
    paired->clear();
    bool adjacent = true;
    for (std::size_t e = 0; e < kMatrixFragmentElements; e += 2) {
        const Displacement lo = displacement(kind, e), hi = displacement(kind, e + 1);
        adjacent = adjacent && major_of(lo) == major_of(hi) && minor_of(hi) == minor_of(lo) + 1;
    }
    const std::uint64_t pair_mask = 2 * bytes - 1;
    if (adjacent && (!fixed || (static_cast<std::uint64_t>(*fixed) * bytes & pair_mask) == 0)) {
        std::string bits = base;
        if (!fixed) {
            bits = new_reg(RegClass::B64);
            emit("or.b64", {bits, base, step});
        }
        const std::string low = new_reg(RegClass::B64);
        *paired = new_reg(RegClass::Pred);
        emit("and.b64", {low, bits, std::to_string(pair_mask)});
        emit("setp.eq.b64", {*paired, low, "0"});
    }
    // ldmatrix (x4: four 8x8 matrices, lanes 8m..8m+7 give the rows of matrix m) for f16 A and
    // B in shared memory: register m of a lane is its elements 2m and 2m + 1, the 8x8 block at
    // row 8 * (m & 1), column 8 * (m >> 1) of the tile; lane 8m + r gives the address of that
    // block's r-th row in memory (its major index), so a lane's (major, minor) is
    // (lane & 15, 8 * (lane >> 4)) row-major and ((lane & 7) + 8 * (lane >> 4), lane & 8)
    // column-major. .trans where a register's pair runs along the major index. Each row must
    // be 16-byte aligned: the base and the stride in bytes multiples of 16.
    if (ldmatrix && *space == ".shared" && element.bits == 16 && kind != MatrixUse::Accumulator &&
        (!fixed || (static_cast<std::uint64_t>(*fixed) * bytes) % 16 == 0)) {
        const std::string layout = row_major ? "ldmatrix_row_major" : "ldmatrix_col_major";
        std::string& major64 = prologue_cache_[layout + "_major"];
        std::string& minor64 = prologue_cache_[layout + "_minor"];
        if (major64.empty()) {
            const std::string major = new_reg(RegClass::B32), minor = new_reg(RegClass::B32);
            const std::string high = new_reg(RegClass::B32);
            emit_prologue("shr.u32", {high, lane_id(), "4"});
            if (row_major) {
                emit_prologue("and.b32", {major, lane_id(), "15"});
                emit_prologue("shl.b32", {minor, high, "3"});
            } else {
                const std::string low = new_reg(RegClass::B32);
                emit_prologue("and.b32", {low, lane_id(), "7"});
                emit_prologue("mad.lo.u32", {major, high, "8", low});
                emit_prologue("and.b32", {minor, lane_id(), "8"});
            }
            major64 = new_reg(RegClass::B64);
            minor64 = new_reg(RegClass::B64);
            emit_prologue("cvt.u64.u32", {major64, major});
            emit_prologue("cvt.u64.u32", {minor64, minor});
        }
        const std::string row = new_reg(RegClass::B64), at = new_reg(RegClass::B64);
        emit("mad.lo.s64", {row, major64, step, base});
        emit("mad.lo.s64", {at, minor64, std::to_string(bytes), row});
        // Known at translation where the pointer's alignment is (a local array's tile at a
        // multiple of 16 bytes, with a constant stride); else a run-time check.
        if (!fixed || alignment_known(pointer) % 16 != 0) {
            std::string bits = base;
            if (!fixed) {
                bits = new_reg(RegClass::B64);
                emit("or.b64", {bits, base, step});
            }
            const std::string low = new_reg(RegClass::B64);
            ldmatrix->aligned = new_reg(RegClass::Pred);
            emit("and.b64", {low, bits, "15"});
            emit("setp.eq.b64", {ldmatrix->aligned, low, "0"});
        }
        ldmatrix->address = "[" + at + "]";
        ldmatrix->transposed = !adjacent;
    }
    Fragment addresses;
    for (std::size_t e = 0; e < kMatrixFragmentElements; ++e) {
        const Displacement d = displacement(kind, e);
        auto offset = static_cast<std::int64_t>(minor_of(d) * bytes);
        std::string reg = lane_base;
        if (fixed)
            offset +=
                static_cast<std::int64_t>(major_of(d)) * *fixed * static_cast<std::int64_t>(bytes);
        else
            reg = rows.at(major_of(d));
        addresses[e] = memory_operand(reg, offset);
    }
    return addresses;
}

bool FunctionTranslator::select_matrix(const SpirvInstruction& inst) {
    if (!involves_matrix(inst)) return false;
    const spv::Op op = inst.opcode;
    if (op == kOpCooperativeMatrixLengthKHR) {
        matrix_of(inst.operand(0), inst);
        const Scalar s = scalar(inst.result_type, inst);
        if (!s.is_int()) unsupported(inst, "the result is not an integer");
        emit("mov" + bit_type(s), {def(inst), std::to_string(kMatrixFragmentElements)});
        return true;
    }
    if (op == kOpCooperativeMatrixLoadKHR || op == kOpCooperativeMatrixStoreKHR) {
        const bool load = op == kOpCooperativeMatrixLoadKHR;
        if (inst.operands.size() != (load ? 3 : 4))
            unsupported(inst, "memory operands are not supported");
        const Id pointer = inst.operand(0);
        const Id matrix_type = load ? inst.result_type : type_of(inst.operand(1));
        const MatrixUse kind = matrix_of(matrix_type, inst);
        const Scalar element = scalar(module_.type(matrix_type).element, inst);
        const std::size_t at = load ? 1 : 2;
        std::string space, paired;
        MatrixRows rows;
        const Fragment addresses =
            matrix_addresses(inst, pointer, inst.operand(at), inst.operand(at + 1), kind, element,
                             &space, &paired, load ? &rows : nullptr);
        const std::string type = memory_type(element);
        const bool half = element.bits == 16;
        // Paired: a .b32 access of two f16 elements, a .v2.f32 of two f32, when `paired` holds;
        // one access per element otherwise.
        const std::string pair_type = half ? ".b32" : ".v2.f32";
        const std::string on_pair = "@" + paired, off_pair = "@!" + paired;
        if (load) {
            const bool read_only = space == ".global" && read_only_pointers_.count(pointer);
            const std::string ld = "ld" + space + (read_only ? ".nc" : "");
            const Fragment& d = def_fragment(inst);
            // ldmatrix where the rows are aligned (the same in the whole warp); the per-lane
            // loads below otherwise.
            std::string fast, done;
            if (!rows.address.empty() && !rows.aligned.empty()) {
                fast = "$Lldmatrix" + std::to_string(++labels_made_);
                done = fast + "_done";
                emit_if("@" + rows.aligned, "bra", {fast});
            }
            const bool only_rows = !rows.address.empty() && rows.aligned.empty();
            for (std::size_t e = 0; e < kMatrixFragmentElements && !only_rows; e += 2) {
                if (paired.empty()) {
                    emit(ld + type, {d[e], addresses[e]});
                    emit(ld + type, {d[e + 1], addresses[e + 1]});
                    continue;
                }
                const std::string both = vector_operand({d[e], d[e + 1]});
                if (half) {
                    const std::string word = new_reg(RegClass::B32);
                    emit_if(on_pair, ld + pair_type, {word, addresses[e]});
                    emit_if(on_pair, "mov.b32", {both, word});
                } else {
                    emit_if(on_pair, ld + pair_type, {both, addresses[e]});
                }
                emit_if(off_pair, ld + type, {d[e], addresses[e]});
                emit_if(off_pair, ld + type, {d[e + 1], addresses[e + 1]});
            }
            if (!rows.address.empty()) {
                if (!fast.empty()) {
                    emit("bra", {done});
                    emit_label(fast);
                }
                std::array<std::string, kMatrixFragmentElements / 2> words;
                for (auto& w : words) w = new_reg(RegClass::B32);
                emit(std::string("ldmatrix.sync.aligned.m8n8.x4") +
                         (rows.transposed ? ".trans" : "") + ".shared.b16",
                     {vector_operand({words[0], words[1], words[2], words[3]}), rows.address});
                for (std::size_t m = 0; m < words.size(); ++m)
                    emit("mov.b32", {vector_operand({d[2 * m], d[2 * m + 1]}), words[m]});
                if (!fast.empty()) emit_label(done);
            }
        } else {
            const std::string st = "st" + space;
            const Fragment& v = use_fragment(inst.operand(1), inst);
            for (std::size_t e = 0; e < kMatrixFragmentElements; e += 2) {
                if (paired.empty()) {
                    emit(st + type, {addresses[e], v[e]});
                    emit(st + type, {addresses[e + 1], v[e + 1]});
                    continue;
                }
                const std::string both = vector_operand({v[e], v[e + 1]});
                if (half) {
                    const std::string word = new_reg(RegClass::B32);
                    emit_if(on_pair, "mov.b32", {word, both});
                    emit_if(on_pair, st + pair_type, {addresses[e], word});
                } else {
                    emit_if(on_pair, st + pair_type, {addresses[e], both});
                }
                emit_if(off_pair, st + type, {addresses[e], v[e]});
                emit_if(off_pair, st + type, {addresses[e + 1], v[e + 1]});
            }
        }
        return true;
    }
    if (op == kOpCooperativeMatrixMulAddKHR) {
        if (inst.operands.size() != 3) unsupported(inst, "matrix operands are not supported");
        const Id a_id = inst.operand(0), b_id = inst.operand(1), c_id = inst.operand(2);
        if (matrix_of(type_of(a_id), inst) != MatrixUse::A ||
            matrix_of(type_of(b_id), inst) != MatrixUse::B ||
            matrix_of(type_of(c_id), inst) != MatrixUse::Accumulator ||
            matrix_of(inst.result_type, inst) != MatrixUse::Accumulator)
            unsupported(inst, "the operands are not MatrixA, MatrixB and MatrixAccumulator");
        const Scalar a_element = scalar(module_.type(type_of(a_id)).element, inst);
        const Scalar b_element = scalar(module_.type(type_of(b_id)).element, inst);
        if (a_element.bfloat16 != b_element.bfloat16)
            unsupported(inst, "MatrixA and MatrixB have different component types");
        // f16 or bf16 factors: one fragment layout, the mma's type names them.
        const std::string mma = a_element.bfloat16
                                    ? "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"
                                    : "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
        const Fragment& a = use_fragment(a_id, inst);
        const Fragment& b = use_fragment(b_id, inst);
        const Fragment& c = use_fragment(c_id, inst);
        const Fragment& d = def_fragment(inst);
        // Pairs of 16-bit elements in a .b32 register, the lower-numbered in the low half.
        auto pack = [&](const std::string& lo, const std::string& hi) {
            const std::string r = new_reg(RegClass::B32);
            emit("mov.b32", {r, vector_operand({lo, hi})});
            return r;
        };
        const std::string a01 = pack(a[0], a[1]), a23 = pack(a[2], a[3]);
        const std::string a45 = pack(a[4], a[5]), a67 = pack(a[6], a[7]);
        const std::string a_regs = vector_operand({a01, a23, a45, a67});
        for (std::size_t h = 0; h < 2; ++h) {
            const std::size_t e = 4 * h;
            const std::string b01 = pack(b[e], b[e + 1]), b23 = pack(b[e + 2], b[e + 3]);
            emit(mma, {vector_operand({d[e], d[e + 1], d[e + 2], d[e + 3]}), a_regs,
                       vector_operand({b01, b23}),
                       vector_operand({c[e], c[e + 1], c[e + 2], c[e + 3]})});
        }
        return true;
    }
    switch (op) {
        case spv::Op::OpVariable: {
            const Id type = module_.type(inst.result_type).pointee;
            if (static_cast<spv::StorageClass>(inst.operand(0)) != spv::StorageClass::Function)
                unsupported(inst, "matrix variables must be in Function storage");
            matrix_of(type, inst);
            types_[inst.result] = inst.result_type;
            matrix_variables_.insert(inst.result);
            auto it = fragments_.find(inst.result);
            if (it == fragments_.end()) {
                const Scalar s = scalar(module_.type(type).element, inst);
                Fragment f;
                for (auto& r : f) r = new_reg(reg_class(s));
                it = fragments_.emplace(inst.result, f).first;
            }
            if (inst.operands.size() > 1) {
                const Scalar s = scalar(module_.type(type).element, inst);
                const Fragment& init = use_fragment(inst.operand(1), inst);
                for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
                    emit("mov" + bit_type(s), {it->second[e], init[e]});
            }
            return true;
        }
        case spv::Op::OpLoad:
        case spv::Op::OpStore: {
            const bool load = op == spv::Op::OpLoad;
            const Id pointer = inst.operand(0);
            if (!matrix_variables_.count(pointer))
                unsupported(inst,
                            "cooperative matrices are loaded and stored through Function "
                            "variables of matrix type or with OpCooperativeMatrixLoadKHR/StoreKHR");
            const Id type = module_.type(type_of(pointer)).pointee;
            if (load && inst.result_type != type)
                unsupported(inst, "the result type is not the variable's");
            const Scalar s = scalar(module_.type(type).element, inst);
            const Fragment& var = fragments_.at(pointer);
            if (load) {
                const Fragment& d = def_fragment(inst);
                for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
                    emit("mov" + bit_type(s), {d[e], var[e]});
            } else {
                if (type_of(inst.operand(1)) != type)
                    unsupported(inst, "the stored value's type is not the variable's");
                const Fragment& v = use_fragment(inst.operand(1), inst);
                for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
                    emit("mov" + bit_type(s), {var[e], v[e]});
            }
            return true;
        }
        case spv::Op::OpPhi: def_fragment(inst); return true;  // copied into on each edge
        case spv::Op::OpCompositeConstruct: {
            if (inst.operands.size() != 1)
                unsupported(inst, "a matrix is made of one scalar that fills it");
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            const Scalar v = value_scalar(inst.operand(0), inst);
            if (!v.is_float() || v.bits != s.bits || v.bfloat16 != s.bfloat16)
                unsupported(inst, "the fill value is not of the matrix's component type");
            const std::string value = use(inst.operand(0));
            const Fragment& d = def_fragment(inst);
            for (const std::string& r : d) emit("mov" + bit_type(s), {r, value});
            return true;
        }
        case spv::Op::OpCompositeExtract: {
            const Fragment& m = use_fragment(inst.operand(0), inst);
            if (inst.operands.size() != 2 || inst.operand(1) >= kMatrixFragmentElements)
                unsupported(inst, "the element index is not a literal below 8");
            const Scalar s = scalar(module_.type(type_of(inst.operand(0))).element, inst);
            const Scalar r = scalar(inst.result_type, inst);
            if (!r.is_float() || r.bits != s.bits || r.bfloat16 != s.bfloat16)
                unsupported(inst, "the result is not of the matrix's component type");
            emit("mov" + bit_type(s), {def(inst), m[inst.operand(1)]});
            return true;
        }
        case spv::Op::OpCompositeInsert: {
            if (inst.operands.size() != 3 || inst.operand(2) >= kMatrixFragmentElements)
                unsupported(inst, "the element index is not a literal below 8");
            if (type_of(inst.operand(1)) != inst.result_type)
                unsupported(inst, "the composite is not of the result's type");
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            const Scalar v = value_scalar(inst.operand(0), inst);
            if (!v.is_float() || v.bits != s.bits || v.bfloat16 != s.bfloat16)
                unsupported(inst, "the object is not of the matrix's component type");
            const std::string value = use(inst.operand(0));
            const Fragment& m = use_fragment(inst.operand(1), inst);
            const Fragment& d = def_fragment(inst);
            for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
                emit("mov" + bit_type(s), {d[e], e == inst.operand(2) ? value : m[e]});
            return true;
        }
        case spv::Op::OpCopyObject:
        case spv::Op::OpFNegate:
        case spv::Op::OpFAdd:
        case spv::Op::OpFSub:
        case spv::Op::OpFMul:
        case spv::Op::OpFDiv: {
            const bool unary = op == spv::Op::OpCopyObject || op == spv::Op::OpFNegate;
            for (std::size_t i = 0; i < (unary ? 1 : 2); ++i)
                if (type_of(inst.operand(i)) != inst.result_type)
                    unsupported(inst, "the operands are not of the result's matrix type");
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            if (s.bfloat16 && op != spv::Op::OpCopyObject)
                unsupported(inst, "SPV_KHR_bfloat16 has no arithmetic on bf16 matrices");
            const Fragment& a = use_fragment(inst.operand(0), inst);
            const Fragment* b = unary ? nullptr : &use_fragment(inst.operand(1), inst);
            const Fragment& d = def_fragment(inst);
            for (std::size_t e = 0; e < kMatrixFragmentElements; ++e) {
                if (op == spv::Op::OpCopyObject)
                    emit("mov" + bit_type(s), {d[e], a[e]});
                else if (op == spv::Op::OpFNegate)
                    emit("neg" + float_type(s), {d[e], a[e]});
                else
                    float_binary(op, s, d[e], a[e], (*b)[e]);
            }
            return true;
        }
        case spv::Op::OpMatrixTimesScalar: {
            if (type_of(inst.operand(0)) != inst.result_type)
                unsupported(inst, "the matrix is not of the result's type");
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            if (s.bfloat16)
                unsupported(inst, "SPV_KHR_bfloat16 has no arithmetic on bf16 matrices");
            const Scalar v = value_scalar(inst.operand(1), inst);
            if (!v.is_float() || v.bits != s.bits || v.bfloat16 != s.bfloat16)
                unsupported(inst, "the scalar is not of the matrix's component type");
            const Fragment& a = use_fragment(inst.operand(0), inst);
            const std::string scale = use(inst.operand(1));
            const Fragment& d = def_fragment(inst);
            for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
                float_binary(spv::Op::OpFMul, s, d[e], a[e], scale);
            return true;
        }
        case spv::Op::OpSelect: {
            if (!value_scalar(inst.operand(0), inst).is_bool())
                unsupported(inst, "only a scalar bool condition is supported");
            if (type_of(inst.operand(1)) != inst.result_type ||
                type_of(inst.operand(2)) != inst.result_type)
                unsupported(inst, "the operands are not of the result's matrix type");
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            const std::string c = use(inst.operand(0));
            const Fragment& a = use_fragment(inst.operand(1), inst);
            const Fragment& b = use_fragment(inst.operand(2), inst);
            const Fragment& d = def_fragment(inst);
            for (std::size_t e = 0; e < kMatrixFragmentElements; ++e)
                emit("selp" + bit_type(s), {d[e], a[e], b[e], c});
            return true;
        }
        case spv::Op::OpUndef: {
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            for (const std::string& r : def_fragment(inst)) emit("mov" + bit_type(s), {r, "0"});
            return true;
        }
        case spv::Op::OpFunctionCall:
        case spv::Op::OpReturnValue:
            unsupported(inst,
                        "cooperative matrices cannot be passed to or returned from functions");
        default: break;
    }
    std::string what = "this instruction";
    if (inst.result_type && is_matrix_type(module_, inst.result_type))
        what += " on " + type_text(module_, inst.result_type);
    unsupported(inst, what +
                          " is not supported for cooperative matrices (supported: load, store, "
                          "multiply-add, length, fill, element access, FAdd/FSub/FMul/FDiv, "
                          "FNegate, MatrixTimesScalar, Function variables, Phi and Select)");
}

}  // namespace dpk::backends::cuda
