// SPV_KHR_cooperative_matrix by number: the SPIR-V headers and tools this project builds with
// predate the extension, so its opcodes, capability and operand values are spelled here once, for
// the compiler that emits them and the PTX translator that reads them.
#pragma once

#include <cstdint>
#include <span>
#include <spirv/unified1/spirv.hpp11>

#include "dpk/core/dtype.h"

namespace dpk::spirv_khr {

inline constexpr auto kCapabilityCooperativeMatrix = static_cast<spv::Capability>(6022);
inline constexpr const char* kExtensionCooperativeMatrix = "SPV_KHR_cooperative_matrix";

/// OpTypeCooperativeMatrixKHR: result, component type, scope, rows, columns, use (the last four
/// are ids of 32-bit integer constants).
inline constexpr auto kOpTypeCooperativeMatrix = static_cast<spv::Op>(4456);
/// OpCooperativeMatrixLoadKHR: result type, result, pointer, memory layout, [stride], [memory
/// operand].
inline constexpr auto kOpCooperativeMatrixLoad = static_cast<spv::Op>(4457);
/// OpCooperativeMatrixStoreKHR: pointer, object, memory layout, [stride], [memory operand].
inline constexpr auto kOpCooperativeMatrixStore = static_cast<spv::Op>(4458);
/// OpCooperativeMatrixMulAddKHR: result type, result, A, B, C, [operands mask].
inline constexpr auto kOpCooperativeMatrixMulAdd = static_cast<spv::Op>(4459);
/// OpCooperativeMatrixLengthKHR: result type, result, matrix type.
inline constexpr auto kOpCooperativeMatrixLength = static_cast<spv::Op>(4460);

/// The core instructions dpk applies element by element to matrices of float elements (all
/// operands of the result's matrix type; OpMatrixTimesScalar's factor a scalar of its element
/// type).
constexpr bool is_matrix_elementwise(spv::Op op) {
    switch (op) {
        case spv::Op::OpFAdd:
        case spv::Op::OpFSub:
        case spv::Op::OpFMul:
        case spv::Op::OpFDiv:
        case spv::Op::OpFNegate:
        case spv::Op::OpMatrixTimesScalar: return true;
        default: return false;
    }
}

/// The Cooperative Matrix Operands of OpCooperativeMatrixMulAddKHR (a mask): which integer
/// matrices are signed (integer components are otherwise unsigned), and saturation.
enum CooperativeMatrixOperand : std::uint32_t {
    kMatrixASigned = 0x1,
    kMatrixBSigned = 0x2,
    kMatrixCSigned = 0x4,
    kMatrixResultSigned = 0x8,
    kSaturatingAccumulation = 0x10,
};

/// The Use operand: which operand of a multiply-add a matrix is.
enum class MatrixUse : std::uint32_t { A = 0, B = 1, Accumulator = 2 };
/// The MemoryLayout operand of loads and stores.
enum class MatrixLayout : std::uint32_t { RowMajor = 0, ColumnMajor = 1 };

/// A cooperative matrix type a device multiplies: element type, rows x columns, use, and how
/// many of its elements each work item holds (OpCooperativeMatrixLengthKHR).
struct MatrixType {
    DType component;
    std::uint32_t rows;
    std::uint32_t cols;
    MatrixUse use;
    std::uint32_t per_item;
    /// An f32 factor multiplied in tf32 (its values rounded to tf32 where loaded or filled).
    /// SPIR-V has no tf32: in a module for a device with matrix units an f32 MatrixA or
    /// MatrixB is a tf32 one, and the PTX translator rounds it (cvt.rna.tf32.f32).
    bool tf32 = false;
    /// Who holds it: a sub-group, or a whole work-group (of kWorkgroupMatrixItems work items).
    spv::Scope scope = spv::Scope::Subgroup;
};

/// The work items of a work-group that holds Workgroup-scope matrices: one warpgroup (four warps)
/// on CUDA, what wgmma multiplies with.
inline constexpr std::uint32_t kWorkgroupMatrixItems = 128;

/// The matrix types of devices with the CooperativeMatrix feature (the Workgroup-scope ones: with
/// WorkgroupMatrix too): what the PTX translator maps
/// onto mma.sync (sm_80 and newer; 32 lanes): m16n8k16 for f16 or bf16 factors with f32
/// accumulators (8 elements a lane), m16n8k32 for i8 or u8 factors (16 elements a lane) with i32
/// accumulators (8), m16n8k8 for tf32 factors (f32 values rounded to tf32; 4 elements a lane)
/// with f32 accumulators. In SPIR-V i8 and u8 are both OpTypeInt 8 0: the multiply-add's
/// Matrix{A,B}SignedComponentsKHR operands tell them apart.
inline constexpr MatrixType kMatrixTypes[] = {
    {DType::F16, 16, 16, MatrixUse::A, 8},  // f16 factors
    {DType::F16, 16, 16, MatrixUse::B, 8},
    {DType::BF16, 16, 16, MatrixUse::A, 8},  // bf16 factors (the same fragments)
    {DType::BF16, 16, 16, MatrixUse::B, 8},
    {DType::F32, 16, 16, MatrixUse::Accumulator, 8},
    {DType::I8, 16, 32, MatrixUse::A, 16},  // 8-bit integer factors
    {DType::I8, 32, 16, MatrixUse::B, 16},
    {DType::U8, 16, 32, MatrixUse::A, 16},
    {DType::U8, 32, 16, MatrixUse::B, 16},
    {DType::I32, 16, 16, MatrixUse::Accumulator, 8},
    {DType::F32, 16, 8, MatrixUse::A, 4, true},  // tf32 factors of f32 values
    {DType::F32, 8, 16, MatrixUse::B, 4, true},
    // Work-group matrices (the WorkgroupMatrix feature: wgmma.m64n64k16 on sm_90): warp w of the
    // four holds rows 16 w .. of A and of the accumulator as mma.sync's fragments; B stays in
    // work-group memory, read by the tensor cores through a descriptor.
    {DType::F16, 64, 16, MatrixUse::A, 8, false, spv::Scope::Workgroup},
    {DType::F16, 16, 64, MatrixUse::B, 8, false, spv::Scope::Workgroup},
    {DType::BF16, 64, 16, MatrixUse::A, 8, false, spv::Scope::Workgroup},
    {DType::BF16, 16, 64, MatrixUse::B, 8, false, spv::Scope::Workgroup},
    {DType::F32, 64, 64, MatrixUse::Accumulator, 32, false, spv::Scope::Workgroup},
};

}  // namespace dpk::spirv_khr
