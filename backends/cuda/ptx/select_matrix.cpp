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
// 8-bit integer factors (i8 or u8; mma.sync.aligned.m16n8k32.row.col.s32.{s8,u8}.{s8,u8}.s32)
// have 16 elements a lane, four to a .b32 register of the mma (the lowest-numbered in the low
// byte); register r = e >> 2 holds elements 4r..4r+3, j = e & 3:
//   MatrixA (16 rows M x 32 columns K, 8-bit):  row g + 8*(r&1), column 4t + j + 16*(r>>1)
//   MatrixB (32 rows K x 16 columns N, 8-bit):  with h = e>>3, i = e&7:
//                                               row 4t + (i&3) + 16*(i>>2), column g + 8h
//   MatrixAccumulator (16x16, i32):             as the f32 accumulator
// (PTX ISA, "Matrix Fragments for mma.m16n8k32", .s8/.u8). The sums wrap in i32 (no .satfinite).
// tf32 factors (f32 MatrixA 16x8 and MatrixB 8x16, rounded to tf32 by cvt.rna.tf32.f32 where
// loaded or filled; mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32) have 4 elements a lane:
//   MatrixA (16 rows M x 8 columns K):  row g + 8*(e&1), column t + 4*(e>>1)
//   MatrixB (8 rows K x 16 columns N):  row t + 4*(e&1), column g + 8*(e>>1)
// (PTX ISA, "Matrix Fragments for mma.m16n8k8", .tf32), with f32 accumulators.
// A multiply-add is two mma.sync, one per 8-column half h of B, C and D. Loads and stores are
// per-lane scalar accesses of the 8 elements, their addresses from the layout (row- or
// column-major, known at translation) and the stride (in elements, known at run time or not).
// Element-wise arithmetic, fills, element access, phis, selects and Function variables work on
// the 8 registers.
// Workgroup-scope matrices (sm_90a) belong to a warpgroup, the four warps of a work-group of
// 128: A (64 x 16, f16 or bf16) and the accumulator (64 x 64, f32) are held as above, warp w
// holding rows 16 w .. 16 w + 15 (A as one 16x16 A fragment, the accumulator as eight 16x8
// halves: element e in row 16 w + g + 8 * ((e >> 1) & 1), column 8 * (e >> 2) + 2t + (e & 1)),
// which is wgmma.m64nNk16's register layout (PTX ISA, "Register Fragments" of wgmma). B (16 x 64)
// is not loaded: wgmma reads it where it lies, a work-group array of rows of 64 16-bit elements
// (128 bytes) laid out swizzled (shared_swizzle.h: the 128-byte swizzle's own layout, N-major),
// through a descriptor (PTX ISA, "Matrix Descriptor Format"): start address >> 4, the next 8
// rows 1024 bytes on (SBO), mode 1 (128-byte swizzle). A multiply-add is one
// wgmma.mma_async.m64n64k16 (B transposed: N-major); consecutive ones stay in flight together
// until an instruction that is not integer arithmetic or another Workgroup-scope load or
// multiply-add (close_wgmma: commit, wait for all).
#include <algorithm>
#include <array>
#include <functional>

#include "backends/cuda/ptx/function_translator.h"
#include "backends/cuda/ptx/translation_error.h"

namespace dpk::backends::cuda {

namespace {

constexpr auto kRowMajor = static_cast<std::uint32_t>(spirv_khr::MatrixLayout::RowMajor);
constexpr auto kColumnMajor = static_cast<std::uint32_t>(spirv_khr::MatrixLayout::ColumnMajor);

/// An element's row and column, less its lane's (row g or 2t, column 2t or g).
struct Displacement {
    std::uint32_t row;
    std::uint32_t column;
};

bool byte_factor(const spirv_khr::MatrixType& m) {
    return m.component == DType::I8 || m.component == DType::U8;
}

/// The lane's part of an element's row or column: g = lane >> 2, t, 2t or 4t with t = lane & 3.
enum class LanePart : std::uint8_t { G, T, T2, T4 };

/// The lane's part of the rows and of the columns of matrices of type `m`.
std::pair<LanePart, LanePart> lane_parts(const spirv_khr::MatrixType& m) {
    const LanePart t = byte_factor(m) ? LanePart::T4 : m.tf32 ? LanePart::T : LanePart::T2;
    return m.use == MatrixUse::B ? std::pair{t, LanePart::G} : std::pair{LanePart::G, t};
}

Displacement displacement(const spirv_khr::MatrixType& m, std::size_t e) {
    const MatrixUse use = m.use;
    if (m.tf32) {
        const auto low = static_cast<std::uint32_t>(e & 1),
                   high = static_cast<std::uint32_t>(e >> 1);
        return use == MatrixUse::A ? Displacement{8 * low, 4 * high}
                                   : Displacement{4 * low, 8 * high};
    }
    if (byte_factor(m)) {
        const auto r = static_cast<std::uint32_t>(e >> 2), j = static_cast<std::uint32_t>(e & 3);
        if (use == MatrixUse::A) return {8 * (r & 1), j + 16 * (r >> 1)};
        const auto i = static_cast<std::uint32_t>(e & 7);
        return {(i & 3) + 16 * (i >> 2), 8 * static_cast<std::uint32_t>(e >> 3)};
    }
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
    return matrix_kind(type, inst).use;
}

const spirv_khr::MatrixType& FunctionTranslator::matrix_kind(Id type,
                                                             const SpirvInstruction& inst) {
    const spirv_khr::MatrixType* m = matrix_type(module_, type);
    if (!m) unsupported(inst, type_text(module_, type) + " is not a supported cooperative matrix");
    return *m;
}

namespace {

bool is_group_b(const spirv_khr::MatrixType& m) {
    return m.scope == spv::Scope::Workgroup && m.use == MatrixUse::B;
}

/// Why a Workgroup-scope MatrixB cannot be anything but loaded and multiplied.
constexpr const char* kGroupBOnly =
    "a work-group MatrixB stays in work-group memory, where the tensor cores read it (wgmma): it "
    "is loaded from a local array and multiplied, nothing else (so it is never filled, nor a "
    "zero tile where a bounds check fails: dpk's compiler reads such a tile at (0, 0))";

}  // namespace

const FunctionTranslator::Fragment& FunctionTranslator::def_fragment(const SpirvInstruction& inst) {
    if (auto it = fragments_.find(inst.result); it != fragments_.end()) return it->second;
    const Scalar s = scalar(module_.type(inst.result_type).element, inst);
    const spirv_khr::MatrixType& kind = matrix_kind(inst.result_type, inst);
    types_[inst.result] = inst.result_type;
    if (is_group_b(kind)) {  // its descriptor
        if (inst.opcode != kOpCooperativeMatrixLoadKHR) unsupported(inst, kGroupBOnly);
        return fragments_[inst.result] = Fragment{new_reg(RegClass::B64)};
    }
    Fragment f(kind.per_item);
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
    if (is_group_b(matrix_kind(k.type, inst))) unsupported(inst, kGroupBOnly);
    const std::size_t count = matrix_kind(k.type, inst).per_item;
    const Scalar s = scalar(module_.type(k.type).element, inst);
    std::string value = "0";
    if (k.opcode == spv::Op::OpConstantComposite && k.constituents.size() == 1) {
        value = use(k.constituents[0]);
    } else if (k.opcode != spv::Op::OpConstantNull && k.opcode != spv::Op::OpUndef) {
        unsupported(inst, "matrix constant " + id_text(module_, id) +
                              " is neither null, undefined nor a fill with one constituent");
    }
    Fragment f(count);
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
    const SpirvInstruction& inst, Id pointer, Id layout, Id stride,
    const spirv_khr::MatrixType& matrix, const Scalar& element, std::string* space,
    std::string* paired, MatrixRows* ldmatrix) {
    const MatrixUse kind = matrix.use;
    const std::size_t count = matrix.per_item;
    const Scalar p = value_scalar(pointer, inst);
    if (!p.is_pointer()) unsupported(inst, "the pointer operand is not a pointer");
    const auto pointee = scalar_of(module_, p.pointee);
    if (!pointee || !pointee->same_number(element))
        unsupported(inst, "the pointer points to " + type_text(module_, p.pointee) +
                              ", not to the matrix's component type");
    std::string base = address_of(pointer, inst, space);
    const auto major = constant_value(layout);
    if (major != kRowMajor && major != kColumnMajor)
        unsupported(inst, "the memory layout is not a constant RowMajorKHR or ColumnMajorKHR");
    const bool row_major = major == kRowMajor;
    const Scalar ss = value_scalar(stride, inst);
    if (!ss.is_int()) unsupported(inst, "the stride is not an integer");
    const std::uint64_t bytes = element.bits / 8;
    const std::string shift = bytes == 1 ? "0" : bytes == 2 ? "1" : "2";

    // The lane's part of the row and column: (g, 2t) for A and the accumulator, (2t, g) for B;
    // 4t for 2t with 8-bit factors.
    auto lane_part = [&](LanePart which) {
        auto& r = prologue_cache_[which == LanePart::G    ? "matrix_g"
                                  : which == LanePart::T  ? "matrix_t"
                                  : which == LanePart::T2 ? "matrix_2t"
                                                          : "matrix_4t"];
        if (!r.empty()) return r;
        const std::string part = new_reg(RegClass::B32);
        if (which == LanePart::G) {
            emit_prologue("shr.u32", {part, lane_id(), "2"});
        } else if (which == LanePart::T) {
            emit_prologue("and.b32", {part, lane_id(), "3"});
        } else {
            const std::string t = new_reg(RegClass::B32);
            emit_prologue("and.b32", {t, lane_id(), "3"});
            emit_prologue("shl.b32", {part, t, which == LanePart::T2 ? "1" : "2"});
        }
        r = new_reg(RegClass::B64);
        emit_prologue("cvt.u64.u32", {r, part});
        return r;
    };
    const auto [row_part, column_part] = lane_parts(matrix);
    // Major: the index that the stride multiplies (the row of a row-major matrix).
    const std::string major_lane = lane_part(row_major ? row_part : column_part);
    const std::string minor_lane = lane_part(row_major ? column_part : row_part);
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
    if (matrix.scope == spv::Scope::Workgroup) {  // this warp's 16 rows of the tile
        const std::string moved = new_reg(RegClass::B64);
        emit("mad.lo.s64", {moved, warpgroup_rows(), row_major ? step : std::to_string(bytes), base});
        base = moved;
    }
    const std::string row0 = new_reg(RegClass::B64);
    const std::string lane_base = new_reg(RegClass::B64);
    emit("mad.lo.s64", {row0, major_lane, step, base});
    emit("mad.lo.s64", {lane_base, minor_lane, std::to_string(bytes), row0});

    // Each element: lane_base + major * step + minor * bytes (major in {0, 1, 8, 9} for 16- and
    // 32-bit elements); with a run-time stride the majors other than 0 get a register each,
    // one step past the previous major where that is one less, else major * step past the
    // lane's base.
    std::map<std::uint32_t, std::string> rows{{0, lane_base}};
    if (!fixed) {
        for (std::size_t e = 0; e < count; ++e) rows[major_of(displacement(matrix, e))];
        for (auto& [m, r] : rows) {
            if (m == 0) continue;
            r = new_reg(RegClass::B64);
            if (auto before = rows.find(m - 1); before != rows.end())
                emit("add.s64", {r, before->second, step});
            else
                emit("mad.lo.s64", {r, step, std::to_string(m), lane_base});
        }
    }
    // Elements 2j and 2j + 1 side by side in memory (the minor index of A and the accumulator
    // row-major, of B column-major): one access of both where the pair is aligned to its size,
    // which holds for every lane and pair when the base and the stride in bytes are multiples
    // of it (the lane's minor index and the pairs' minor displacements are even).
    paired->clear();
    // (Not for 8-bit elements: each is its own access.)
    bool adjacent = bytes > 1;
    for (std::size_t e = 0; e < count; e += 2) {
        const Displacement lo = displacement(matrix, e), hi = displacement(matrix, e + 1);
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
        ldmatrix->address = "[" + mapped_address(pointer, at) + "]";
        ldmatrix->transposed = !adjacent;
    }
    Fragment addresses(count);
    const bool mapped = state_.swizzle.swizzles(pointer);
    for (std::size_t e = 0; e < count; ++e) {
        const Displacement d = displacement(matrix, e);
        auto offset = static_cast<std::int64_t>(minor_of(d) * bytes);
        std::string reg = lane_base;
        if (fixed)
            offset +=
                static_cast<std::int64_t>(major_of(d)) * *fixed * static_cast<std::int64_t>(bytes);
        else
            reg = rows.at(major_of(d));
        if (mapped) {  // each element's own address mapped (a pair lies in one chunk too)
            if (offset) {
                const std::string at = new_reg(RegClass::B64);
                emit("add.s64", {at, reg, std::to_string(offset)});
                reg = at;
            }
            reg = swizzle_address(reg);
            offset = 0;
        }
        addresses[e] = memory_operand(reg, offset);
    }
    return addresses;
}

void FunctionTranslator::select_integer_mad(const SpirvInstruction& inst, std::uint32_t operands) {
    const Id a_id = inst.operand(0), c_id = inst.operand(2);
    const spirv_khr::MatrixType& a_kind = matrix_kind(type_of(a_id), inst);
    if (a_kind.component != DType::I8 && a_kind.component != DType::U8)
        unsupported(inst, "integer factors are 8-bit");
    if (matrix_kind(type_of(c_id), inst).component != DType::I32 ||
        matrix_kind(inst.result_type, inst).component != DType::I32)
        unsupported(inst, "8-bit factors take an i32 accumulator");
    constexpr std::uint32_t kSignedAccumulator =
        spirv_khr::kMatrixCSigned | spirv_khr::kMatrixResultSigned;
    if ((operands & kSignedAccumulator) != kSignedAccumulator)
        unsupported(inst,
                    "the accumulator and the result must be signed (MatrixCSignedComponentsKHR "
                    "and MatrixResultSignedComponentsKHR): mma.sync accumulates in s32");
    if ((operands & spirv_khr::kSaturatingAccumulation) != 0)
        unsupported(inst, "SaturatingAccumulationKHR is not supported");
    const bool a_signed = (operands & spirv_khr::kMatrixASigned) != 0;
    const bool b_signed = (operands & spirv_khr::kMatrixBSigned) != 0;
    if (a_signed != b_signed)
        unsupported(inst, "MatrixA and MatrixB must be both signed (s8) or both unsigned (u8)");
    const std::string factor = a_signed ? ".s8" : ".u8";
    emit_mma_pair(inst, "mma.sync.aligned.m16n8k32.row.col.s32" + factor + factor + ".s32",
                  FactorWords::FourBytes);
}

void FunctionTranslator::round_to_tf32(const std::string& f) {
    const std::string bits = new_reg(RegClass::B32);
    emit("cvt.rna.tf32.f32", {bits, f});
    emit("mov.b32", {f, bits});
}

void FunctionTranslator::emit_mma_pair(const SpirvInstruction& inst, const std::string& mma,
                                       FactorWords packing) {
    const Fragment& a = use_fragment(inst.operand(0), inst);
    const Fragment& b = use_fragment(inst.operand(1), inst);
    const Fragment& c = use_fragment(inst.operand(2), inst);
    const Fragment& d = def_fragment(inst);
    const std::size_t per_word = packing == FactorWords::OneF32      ? 1
                                 : packing == FactorWords::TwoHalves ? 2
                                                                     : 4;
    // The .b32 word of elements first .. first + per_word - 1 of `f`, the lowest-numbered in
    // the low bits (an f32 register holding a tf32 value is its own word).
    auto word = [&](const Fragment& f, std::size_t first) {
        if (packing == FactorWords::FourBytes) {
            std::string w = f[first];
            for (std::size_t k = 1; k < 4; ++k) {
                const std::string r = new_reg(RegClass::B32);
                emit("bfi.b32", {r, f[first + k], w, std::to_string(8 * k), "8"});
                w = r;
            }
            return w;
        }
        const std::string r = new_reg(RegClass::B32);
        emit("mov.b32", {r, packing == FactorWords::TwoHalves
                                ? vector_operand({f[first], f[first + 1]})
                                : f[first]});
        return r;
    };
    const std::string a_regs = vector_operand(
        {word(a, 0), word(a, per_word), word(a, 2 * per_word), word(a, 3 * per_word)});
    for (std::size_t h = 0; h < 2; ++h) {
        const std::size_t e = 4 * h;
        emit(mma, {vector_operand({d[e], d[e + 1], d[e + 2], d[e + 3]}), a_regs,
                   vector_operand({word(b, 2 * h * per_word), word(b, (2 * h + 1) * per_word)}),
                   vector_operand({c[e], c[e + 1], c[e + 2], c[e + 3]})});
    }
}

bool FunctionTranslator::select_matrix(const SpirvInstruction& inst) {
    if (!involves_matrix(inst)) return false;
    const spv::Op op = inst.opcode;
    if (has_group_matrices_ && op != kOpCooperativeMatrixLoadKHR &&
        op != kOpCooperativeMatrixMulAddKHR && op != kOpCooperativeMatrixLengthKHR) {
        auto group_b = [&](Id type) {  // a work-group B, or a pointer to one (a variable)
            if (type && module_.type(type).opcode == spv::Op::OpTypePointer)
                type = module_.type(type).pointee;
            const spirv_khr::MatrixType* m = type ? matrix_type(module_, type) : nullptr;
            return m && is_group_b(*m);
        };
        bool touches = group_b(inst.result_type);
        for (std::uint32_t word : inst.operands)
            touches = touches || (fragments_.count(word) && group_b(type_of(word)));
        if (touches) unsupported(inst, kGroupBOnly);
    }
    if (op == kOpCooperativeMatrixLengthKHR) {
        const std::uint32_t length = matrix_kind(inst.operand(0), inst).per_item;
        const Scalar s = scalar(inst.result_type, inst);
        if (!s.is_int()) unsupported(inst, "the result is not an integer");
        emit("mov" + bit_type(s), {def(inst), std::to_string(length)});
        return true;
    }
    if (op == kOpCooperativeMatrixLoadKHR || op == kOpCooperativeMatrixStoreKHR) {
        const bool load = op == kOpCooperativeMatrixLoadKHR;
        if (inst.operands.size() != (load ? 3 : 4))
            unsupported(inst, "memory operands are not supported");
        const Id pointer = inst.operand(0);
        const Id matrix_type = load ? inst.result_type : type_of(inst.operand(1));
        const spirv_khr::MatrixType& kind = matrix_kind(matrix_type, inst);
        const Scalar element = scalar(module_.type(matrix_type).element, inst);
        if (is_group_b(kind)) {
            if (!load) unsupported(inst, kGroupBOnly);
            const std::string descriptor = group_b_descriptor(inst, kind);
            emit("mov.b64", {def_fragment(inst)[0], descriptor});
            return true;
        }
        const std::size_t at = load ? 1 : 2;
        std::string space, paired;
        MatrixRows rows;
        const Fragment addresses =
            matrix_addresses(inst, pointer, inst.operand(at), inst.operand(at + 1), kind, element,
                             &space, &paired, load ? &rows : nullptr);
        const std::string type = memory_type(element);
        const bool half = element.bits == 16;
        // Paired: a .b32 access of two f16 elements, a .v2.f32 of two f32 (.v2.u32 of two i32),
        // when `paired` holds;
        // one access per element otherwise.
        const std::string pair_type = half ? ".b32" : element.is_int() ? ".v2.u32" : ".v2.f32";
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
            for (std::size_t e = 0; e < d.size() && !only_rows; e += 2) {
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
                std::array<std::string, 4> words;
                for (auto& w : words) w = new_reg(RegClass::B32);
                emit(std::string("ldmatrix.sync.aligned.m8n8.x4") +
                         (rows.transposed ? ".trans" : "") + ".shared.b16",
                     {vector_operand({words[0], words[1], words[2], words[3]}), rows.address});
                for (std::size_t m = 0; m < words.size(); ++m)
                    emit("mov.b32", {vector_operand({d[2 * m], d[2 * m + 1]}), words[m]});
                if (!fast.empty()) emit_label(done);
            }
            if (kind.tf32)
                for (const std::string& r : d) round_to_tf32(r);
        } else {
            const std::string st = "st" + space;
            const Fragment& v = use_fragment(inst.operand(1), inst);
            for (std::size_t e = 0; e < v.size(); e += 2) {
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
        if (inst.operands.size() > 4) unsupported(inst, "too many operands");
        const std::uint32_t operands = inst.operands.size() == 4 ? inst.operand(3) : 0;
        const Id a_id = inst.operand(0), b_id = inst.operand(1), c_id = inst.operand(2);
        if (matrix_of(type_of(a_id), inst) != MatrixUse::A ||
            matrix_of(type_of(b_id), inst) != MatrixUse::B ||
            matrix_of(type_of(c_id), inst) != MatrixUse::Accumulator ||
            matrix_of(inst.result_type, inst) != MatrixUse::Accumulator)
            unsupported(inst, "the operands are not MatrixA, MatrixB and MatrixAccumulator");
        const bool group = matrix_kind(type_of(a_id), inst).scope == spv::Scope::Workgroup;
        for (Id type : {type_of(b_id), type_of(c_id), inst.result_type})
            if ((matrix_kind(type, inst).scope == spv::Scope::Workgroup) != group)
                unsupported(inst, "the operands are not all of one scope");
        if (group) {
            select_wgmma(inst);
            return true;
        }
        const Scalar a_element = scalar(module_.type(type_of(a_id)).element, inst);
        const Scalar b_element = scalar(module_.type(type_of(b_id)).element, inst);
        const Scalar c_element = scalar(module_.type(type_of(c_id)).element, inst);
        if (!a_element.same_number(b_element))
            unsupported(inst, "MatrixA and MatrixB have different component types");
        if (a_element.is_int()) {
            select_integer_mad(inst, operands);
            return true;
        }
        if (operands != 0 || c_element.is_int())
            unsupported(inst,
                        "float factors take no Cooperative Matrix Operands and a float "
                        "accumulator");
        if (matrix_kind(type_of(a_id), inst).tf32) {
            emit_mma_pair(inst, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
                          FactorWords::OneF32);
            return true;
        }
        // f16 or bf16 factors: one fragment layout, the mma's type names them.
        emit_mma_pair(inst,
                      a_element.bfloat16 ? "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"
                                         : "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                      FactorWords::TwoHalves);
        return true;
    }
    switch (op) {
        case spv::Op::OpVariable: {
            const Id type = module_.type(inst.result_type).pointee;
            if (static_cast<spv::StorageClass>(inst.operand(0)) != spv::StorageClass::Function)
                unsupported(inst, "matrix variables must be in Function storage");
            const std::size_t count = matrix_kind(type, inst).per_item;
            types_[inst.result] = inst.result_type;
            matrix_variables_.insert(inst.result);
            auto it = fragments_.find(inst.result);
            if (it == fragments_.end()) {
                const Scalar s = scalar(module_.type(type).element, inst);
                Fragment f(count);
                for (auto& r : f) r = new_reg(reg_class(s));
                it = fragments_.emplace(inst.result, f).first;
            }
            if (inst.operands.size() > 1) {
                const Scalar s = scalar(module_.type(type).element, inst);
                const Fragment& init = use_fragment(inst.operand(1), inst);
                for (std::size_t e = 0; e < count; ++e)
                    emit("mov" + bit_type(s), {it->second[e], init[e]});
            }
            return true;
        }
        case spv::Op::OpLoad:
        case spv::Op::OpStore: {
            const bool load = op == spv::Op::OpLoad;
            const Id pointer = inst.operand(0);
            if (has_group_matrices_) {  // an accumulator updated in place: its own registers
                const WgmmaChains& chains = wgmma_chains();
                if (auto it = chains.loads.find(inst.result); load && it != chains.loads.end()) {
                    types_[inst.result] = inst.result_type;
                    fragments_[inst.result] = fragments_.at(pointer);
                    return true;
                }
                if (!load && chains.stores.count(&inst)) return true;
            }
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
                for (std::size_t e = 0; e < d.size(); ++e)
                    emit("mov" + bit_type(s), {d[e], var[e]});
            } else {
                if (type_of(inst.operand(1)) != type)
                    unsupported(inst, "the stored value's type is not the variable's");
                const Fragment& v = use_fragment(inst.operand(1), inst);
                for (std::size_t e = 0; e < var.size(); ++e)
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
            if (!v.same_number(s))
                unsupported(inst, "the fill value is not of the matrix's component type");
            std::string value = use(inst.operand(0));
            if (matrix_kind(inst.result_type, inst).tf32) {  // rounded once
                const std::string rounded = new_reg(RegClass::F32);
                emit("mov.b32", {rounded, value});
                round_to_tf32(rounded);
                value = rounded;
            }
            const Fragment& d = def_fragment(inst);
            for (const std::string& r : d) emit("mov" + bit_type(s), {r, value});
            return true;
        }
        case spv::Op::OpCompositeExtract: {
            const Fragment& m = use_fragment(inst.operand(0), inst);
            if (inst.operands.size() != 2 || inst.operand(1) >= m.size())
                unsupported(inst, "the element index is not a literal below the matrix's length");
            const Scalar s = scalar(module_.type(type_of(inst.operand(0))).element, inst);
            const Scalar r = scalar(inst.result_type, inst);
            if (!r.is_float() || !r.same_number(s))
                unsupported(inst, "the result is not of the matrix's component type");
            emit("mov" + bit_type(s), {def(inst), m[inst.operand(1)]});
            return true;
        }
        case spv::Op::OpCompositeInsert: {
            if (inst.operands.size() != 3 ||
                inst.operand(2) >= matrix_kind(inst.result_type, inst).per_item)
                unsupported(inst, "the element index is not a literal below the matrix's length");
            if (type_of(inst.operand(1)) != inst.result_type)
                unsupported(inst, "the composite is not of the result's type");
            const Scalar s = scalar(module_.type(inst.result_type).element, inst);
            const Scalar v = value_scalar(inst.operand(0), inst);
            if (!v.is_float() || !v.same_number(s))
                unsupported(inst, "the object is not of the matrix's component type");
            const std::string value = use(inst.operand(0));
            const Fragment& m = use_fragment(inst.operand(1), inst);
            const Fragment& d = def_fragment(inst);
            for (std::size_t e = 0; e < d.size(); ++e)
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
            for (std::size_t e = 0; e < d.size(); ++e) {
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
            if (!v.is_float() || !v.same_number(s))
                unsupported(inst, "the scalar is not of the matrix's component type");
            const Fragment& a = use_fragment(inst.operand(0), inst);
            const std::string scale = use(inst.operand(1));
            const Fragment& d = def_fragment(inst);
            for (std::size_t e = 0; e < d.size(); ++e)
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
            for (std::size_t e = 0; e < d.size(); ++e)
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

std::string FunctionTranslator::warpgroup_rows() {
    auto& r = prologue_cache_["warpgroup_rows"];
    if (!r.empty()) return r;
    // The work-group is one warpgroup (128 work items, checked where the kernel is translated):
    // warp w = linear id >> 5.
    const std::string warp = new_reg(RegClass::B32), rows = new_reg(RegClass::B32);
    emit_prologue("shr.u32", {warp, local_linear_id(), "5"});
    emit_prologue("shl.b32", {rows, warp, "4"});
    r = new_reg(RegClass::B64);
    emit_prologue("cvt.u64.u32", {r, rows});
    return r;
}

std::string FunctionTranslator::group_b_descriptor(const SpirvInstruction& inst,
                                                   const spirv_khr::MatrixType& kind) {
    if (inst.operands.size() != 3) unsupported(inst, "memory operands are not supported");
    const Id pointer = inst.operand(0);
    std::string space;
    const std::string address = address_of(pointer, inst, &space);
    const auto pointee = scalar_of(module_, value_scalar(pointer, inst).pointee);
    if (!pointee || pointee->bits != 16)
        unsupported(inst, "the pointer does not point to the matrix's 16-bit elements");
    constexpr std::uint64_t kRowBytes = 128;  // the 128-byte swizzle's rows
    const std::uint64_t row_elements = kRowBytes / 2;
    // An array a device function was passed: its pointer's root is the function's parameter.
    const auto root = state_.swizzle.roots.find(pointer);
    const bool through_call =
        root != state_.swizzle.roots.end() &&
        std::any_of(module_.functions.begin(), module_.functions.end(), [&](const auto& f) {
            return std::find(f.params.begin(), f.params.end(), root->second) != f.params.end();
        });
    if (through_call)
        unsupported(inst, "a work-group MatrixB is read by the tensor cores where it lies, which "
                          "the translator follows from a kernel's local array but not through a "
                          "call: load the tile in the kernel, not in a device function that is "
                          "passed the array");
    if (space != ".shared" || !state_.swizzle.swizzles(pointer) ||
        constant_value(inst.operand(1)) != kRowMajor ||
        constant_value(inst.operand(2)) != row_elements)
        unsupported(inst,
                    "a work-group MatrixB (" + std::to_string(kind.rows) + "x" +
                        std::to_string(kind.cols) +
                        ") is read by the tensor cores where it lies: a row-major local array "
                        "of rows of 64 elements (128 bytes), every access to it followed from the "
                        "array (so that it is laid out swizzled)");
    if (alignment_known(pointer) % kRowBytes != 0)
        unsupported(inst,
                    "a work-group MatrixB must start at column 0 of its array's row (the "
                    "translator could not prove that it does)");
    // Start address >> 4 in bits 0-13; LBO (the next 64 columns, unused at N = 64) 4096 >> 4 in
    // bits 16-29; SBO (the next 8 rows) 1024 >> 4 in bits 32-45; bits 62-63 mode 1: the
    // 128-byte swizzle, which is shared_swizzle.h's layout (a swizzled array starts at a
    // multiple of 1024 bytes, so the base offset is 0).
    constexpr std::uint64_t kFields =
        (std::uint64_t{4096 >> 4} << 16) | (std::uint64_t{1024 >> 4} << 32) | (std::uint64_t{1} << 62);
    const std::string shifted = new_reg(RegClass::B64), start = new_reg(RegClass::B64);
    const std::string descriptor = new_reg(RegClass::B64);
    emit("shr.u64", {shifted, address, "4"});
    emit("and.b64", {start, shifted, "16383"});
    emit("or.b64", {descriptor, start, std::to_string(kFields)});
    return descriptor;
}

void FunctionTranslator::select_wgmma(const SpirvInstruction& inst) {
    const Id a_id = inst.operand(0), b_id = inst.operand(1), c_id = inst.operand(2);
    if (inst.operands.size() == 4 && inst.operand(3) != 0)
        unsupported(inst, "float factors take no Cooperative Matrix Operands");
    const Scalar a_element = scalar(module_.type(type_of(a_id)).element, inst);
    const Scalar b_element = scalar(module_.type(type_of(b_id)).element, inst);
    const Scalar c_element = scalar(module_.type(type_of(c_id)).element, inst);
    if (!a_element.same_number(b_element) || a_element.bits != 16 || !c_element.is_float() ||
        c_element.bits != 32)
        unsupported(inst, "work-group matrices multiply f16 or bf16 factors into f32");
    if (state_.target.sm != 90)
        unsupported(inst, "work-group matrices (wgmma) need an sm_90 device, not sm_" +
                              std::to_string(state_.target.sm));
    const Fragment& a = use_fragment(a_id, inst);
    const std::string b = use_fragment(b_id, inst).at(0);
    const Fragment c = use_fragment(c_id, inst);
    // wgmma adds into its accumulator registers. Where this is C's only use the result takes
    // C's registers (a chain of products into one accumulator stays in flight); else it starts
    // as a copy of C, made once C's wgmma (if any) is done.
    const bool in_place = wgmma_chains().uses.at(c_id) == 1 && !module_.constants.count(c_id) &&
                          !matrix_variables_.count(c_id);
    if (!in_place && (wgmma_in_flight_unknown_ || wgmma_in_flight_.count(c.front())))
        close_wgmma();
    Fragment d = c;
    if (!in_place) {
        d = def_fragment(inst);
        for (std::size_t e = 0; e < d.size(); ++e) emit("mov.f32", {d[e], c[e]});
    } else {
        types_[inst.result] = inst.result_type;
        fragments_[inst.result] = d;
    }
    auto [packed, first] = wgmma_words_.try_emplace(a_id);
    std::array<std::string, 4>& words = packed->second;
    if (first)
        for (std::size_t w = 0; w < words.size(); ++w) {
            words[w] = new_reg(RegClass::B32);
            emit("mov.b32", {words[w], vector_operand({a[2 * w], a[2 * w + 1]})});
        }
    std::string accumulator = "{";
    for (const std::string& r : d) accumulator += (accumulator.size() > 1 ? ", " : "") + r;
    accumulator += "}";
    // Registers written since the last wgmma: the tensor cores may read them once fenced (PTX
    // ISA, wgmma.fence).
    if (body_.empty() || body_.back().kind != PtxItem::Kind::Instruction ||
        body_.back().inst.opcode.rfind("wgmma.mma_async", 0) != 0)
        emit("wgmma.fence.sync.aligned", {});
    const std::string type = a_element.bfloat16 ? ".bf16" : ".f16";
    // scale-d 1 (D = A * B + D), A and B not negated, B transposed (N-major).
    emit("wgmma.mma_async.sync.aligned.m64n64k16.f32" + type + type,
         {accumulator, vector_operand({words[0], words[1], words[2], words[3]}), b, "1", "1", "1",
          "1"});
    wgmma_open_ = true;
    wgmma_in_flight_.insert(d.begin(), d.end());
}

const FunctionTranslator::WgmmaChains& FunctionTranslator::wgmma_chains() {
    if (wgmma_chains_) return *wgmma_chains_;
    WgmmaChains chains;
    for (const SpirvBlock& block : function_.blocks)
        for (const SpirvInstruction& i : block.instructions)
            for (std::uint32_t word : i.operands) ++chains.uses[word];
    for (const SpirvBlock& block : function_.blocks) {
        const auto& list = block.instructions;
        for (std::size_t m = 0; m < list.size(); ++m) {
            const SpirvInstruction& mad = list[m];
            if (mad.opcode != kOpCooperativeMatrixMulAddKHR || mad.operands.size() < 3) continue;
            const spirv_khr::MatrixType* kind = matrix_type(module_, mad.result_type);
            if (!kind || kind->scope != spv::Scope::Workgroup) continue;
            const Id c = mad.operand(2);
            if (chains.uses[c] != 1 || chains.uses[mad.result] != 1) continue;
            std::size_t l = m;  // c's OpLoad V, before the mad in this block
            while (l > 0 && list[l - 1].result != c) --l;
            if (l == 0 || list[l - 1].opcode != spv::Op::OpLoad) continue;
            const Id variable = list[l - 1].operand(0);
            std::size_t st = m + 1;  // OpStore V d, after it
            while (st < list.size() && !(list[st].opcode == spv::Op::OpStore &&
                                         list[st].operands.size() >= 2 &&
                                         list[st].operand(1) == mad.result))
                ++st;
            if (st == list.size() || list[st].operand(0) != variable) continue;
            bool alone = true;  // nothing else names V between the load and the store
            for (std::size_t k = l; k < st && alone; ++k)
                if (k != m)
                    for (std::uint32_t word : list[k].operands) alone = alone && word != variable;
            if (!alone) continue;
            chains.loads[c] = variable;
            chains.stores.insert(&list[st]);
        }
    }
    return *(wgmma_chains_ = std::move(chains));
}

bool FunctionTranslator::keeps_wgmma_open_statically(const SpirvInstruction& inst) {
    const WgmmaChains& chains = wgmma_chains();
    if (inst.opcode == kOpCooperativeMatrixLoadKHR || inst.opcode == kOpCooperativeMatrixMulAddKHR) {
        const spirv_khr::MatrixType* m = matrix_type(module_, inst.result_type);
        return m && m->scope == spv::Scope::Workgroup;
    }
    const bool matrix_result = inst.result_type && is_matrix_type(module_, inst.result_type);
    switch (inst.opcode) {
        case spv::Op::OpLoad:  // a Function variable's number (an event, say), or an accumulator
            return chains.loads.count(inst.result) ||
                   (!matrix_result && function_variables_.count(inst.operand(0)));
        case spv::Op::OpStore: {
            auto v = function_variables_.find(inst.operand(0));
            return chains.stores.count(&inst) ||
                   (v != function_variables_.end() && !is_matrix_type(module_, v->second));
        }
        case spv::Op::OpPhi:
        case spv::Op::OpSelect: return !matrix_result;
        case spv::Op::OpLoopMerge:
        case spv::Op::OpSelectionMerge:
        case spv::Op::OpIAdd:
        case spv::Op::OpISub:
        case spv::Op::OpIMul:
        case spv::Op::OpUDiv:
        case spv::Op::OpSDiv:
        case spv::Op::OpUMod:
        case spv::Op::OpSRem:
        case spv::Op::OpSMod:
        case spv::Op::OpShiftLeftLogical:
        case spv::Op::OpShiftRightLogical:
        case spv::Op::OpShiftRightArithmetic:
        case spv::Op::OpBitwiseAnd:
        case spv::Op::OpBitwiseOr:
        case spv::Op::OpBitwiseXor:
        case spv::Op::OpNot:
        case spv::Op::OpSConvert:
        case spv::Op::OpUConvert:
        case spv::Op::OpIEqual:
        case spv::Op::OpINotEqual:
        case spv::Op::OpULessThan:
        case spv::Op::OpSLessThan:
        case spv::Op::OpULessThanEqual:
        case spv::Op::OpSLessThanEqual:
        case spv::Op::OpUGreaterThan:
        case spv::Op::OpSGreaterThan:
        case spv::Op::OpUGreaterThanEqual:
        case spv::Op::OpSGreaterThanEqual:
        case spv::Op::OpLogicalAnd:
        case spv::Op::OpLogicalOr:
        case spv::Op::OpLogicalNot:
        case spv::Op::OpLogicalEqual:
        case spv::Op::OpLogicalNotEqual:
        case spv::Op::OpAccessChain:
        case spv::Op::OpInBoundsAccessChain:
        case spv::Op::OpPtrAccessChain:
        case spv::Op::OpInBoundsPtrAccessChain: return true;
        default: return false;
    }
}

bool FunctionTranslator::keeps_wgmma_open(const SpirvInstruction& inst) {
    // A wait for copies closes the products itself, at its barrier (work_group_barrier): they
    // run while the copies are waited for.
    if (inst.opcode == spv::Op::OpGroupWaitEvents) return true;
    if (inst.opcode == spv::Op::OpBranch || inst.opcode == spv::Op::OpBranchConditional)
        return wgmma_carry_from_.count(current_block_) != 0;
    return keeps_wgmma_open_statically(inst);
}

void FunctionTranslator::plan_wgmma_carry() {
    for (const SpirvBlock& block : function_.blocks)
        for (const SpirvInstruction& i : block.instructions)
            if (i.opcode == spv::Op::OpVariable && !i.operands.empty() &&
                static_cast<spv::StorageClass>(i.operand(0)) == spv::StorageClass::Function)
                function_variables_[i.result] = module_.type(i.result_type).pointee;
    std::map<Id, const SpirvBlock*> by_label;
    for (const SpirvBlock& block : function_.blocks) by_label[block.label] = &block;
    // The continue target of the loop that block `b` heads (OpLoopMerge before its branch).
    auto continue_target = [](const SpirvBlock& b) -> std::optional<Id> {
        const auto& list = b.instructions;
        if (list.size() < 2 || list[list.size() - 2].opcode != spv::Op::OpLoopMerge ||
            list[list.size() - 2].operands.size() < 2)
            return std::nullopt;
        return list[list.size() - 2].operand(1);
    };
    auto has_matrix_phi = [&](const SpirvBlock& b) {
        for (const SpirvInstruction& i : b.instructions)
            if (i.opcode == spv::Op::OpPhi && is_matrix_type(module_, i.result_type)) return true;
        return false;
    };
    // Whether the batch leaving `from` by its terminator may stay in flight into its
    // successors (recorded), following them while they keep it open.
    std::set<Id> visited;
    // `came_from`: the block before `from` on the way from the products (0: `from` holds them).
    std::function<void(const SpirvBlock&, Id)> carry = [&](const SpirvBlock& from, Id came_from) {
        if (!visited.insert(from.label).second) return;
        const SpirvInstruction& branch = from.instructions.back();
        std::vector<Id> targets;
        if (branch.opcode == spv::Op::OpBranch) {
            targets = {branch.operand(0)};
        } else if (branch.opcode == spv::Op::OpBranchConditional) {
            // Only the branch of the header of a loop that holds the products, come round to
            // from its continue target: that loop's condition is uniform (the front end allows
            // work-group products under uniform control only), so both targets are reached by
            // the whole work-group together. Another loop's, or an if's, may not be.
            if (continue_target(from) != came_from) return;
            targets = {branch.operand(1), branch.operand(2)};
        } else {
            return;
        }
        for (Id t : targets) {
            auto it = by_label.find(t);
            if (it == by_label.end() || has_matrix_phi(*it->second)) return;
            // Into a loop's header only round its own back edge: from anywhere else, its
            // blocks run again for those work items that stay in the loop, maybe not all.
            if (auto c = continue_target(*it->second); c && *c != from.label) return;
        }
        wgmma_carry_from_.insert(from.label);
        for (Id t : targets) {
            const SpirvBlock& to = *by_label.at(t);
            wgmma_carried_.insert(t);
            bool open = true;  // nothing in `to` before its terminator closes the batch
            for (std::size_t k = 0; k + 1 < to.instructions.size() && open; ++k)
                open = keeps_wgmma_open_statically(to.instructions[k]);
            if (open) carry(to, from.label);
        }
    };
    for (const SpirvBlock& block : function_.blocks) {
        // The block's last products, and nothing after them that closes the batch.
        std::size_t last = block.instructions.size();
        for (std::size_t k = 0; k < block.instructions.size(); ++k)
            if (block.instructions[k].opcode == kOpCooperativeMatrixMulAddKHR &&
                keeps_wgmma_open_statically(block.instructions[k]))
                last = k;
        if (last == block.instructions.size()) continue;
        bool open = true;
        for (std::size_t k = last + 1; k + 1 < block.instructions.size() && open; ++k)
            open = keeps_wgmma_open_statically(block.instructions[k]);
        if (open) carry(block, 0);
    }
}

void FunctionTranslator::begin_block(Id block) {
    current_block_ = block;
    emit_label(label(block));
    if (wgmma_carried_.count(block)) {  // products of a block before may still be in flight
        wgmma_open_ = true;
        wgmma_in_flight_unknown_ = true;
    }
}

void FunctionTranslator::close_wgmma() {
    if (!wgmma_open_) return;
    emit("wgmma.commit_group.sync.aligned", {});
    emit("wgmma.wait_group.sync.aligned", {"0"});
    wgmma_open_ = false;
    wgmma_in_flight_unknown_ = false;
    wgmma_in_flight_.clear();
}

void FunctionTranslator::work_group_barrier() {
    // What this thread wrote to work-group memory (through the generic proxy), seen by the
    // wgmma of every warp after the barrier (the async proxy).
    close_wgmma();  // what the products read may change after the barrier
    if (has_group_matrices_) emit("fence.proxy.async.shared::cta", {});
    emit("barrier.sync", {"0"});
}

}  // namespace dpk::backends::cuda
