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
};

/// The matrix types of devices with the CooperativeMatrix feature: what the PTX translator maps
/// onto mma.sync.m16n8k16 (f16 or bf16 factors, f32 accumulators; sm_80 and newer; 32 lanes, 8
/// elements each).
inline constexpr MatrixType kMatrixTypes[] = {
    {DType::F16, 16, 16, MatrixUse::A, 8},  // f16 factors
    {DType::F16, 16, 16, MatrixUse::B, 8},
    {DType::BF16, 16, 16, MatrixUse::A, 8},  // bf16 factors (the same fragments)
    {DType::BF16, 16, 16, MatrixUse::B, 8},
    {DType::F32, 16, 16, MatrixUse::Accumulator, 8},
};

}  // namespace dpk::spirv_khr
