// A small in-memory form of one SPIR-V module, as much of it as PTX translation needs: types,
// constants, module-scope variables, names, decorations, entry points and functions made of
// blocks of instructions. read_spirv_module() checks the binary's structure (word counts, ids in
// range, each id defined once, instructions where they belong) and throws PtxTranslationError
// for anything malformed, so later stages can rely on well-formed references.
#pragma once

#include <array>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <spirv/unified1/spirv.hpp11>
#include <string>
#include <vector>

#include "core/spirv_cooperative_matrix.h"

namespace dpk::backends::cuda {

using Id = std::uint32_t;

/// SPV_KHR_cooperative_matrix's opcodes (core/spirv_cooperative_matrix.h spells them by number:
/// the SPIR-V headers dpk builds with predate the extension).
inline constexpr auto kOpTypeCooperativeMatrixKHR = spirv_khr::kOpTypeCooperativeMatrix;
inline constexpr auto kOpCooperativeMatrixLoadKHR = spirv_khr::kOpCooperativeMatrixLoad;
inline constexpr auto kOpCooperativeMatrixStoreKHR = spirv_khr::kOpCooperativeMatrixStore;
inline constexpr auto kOpCooperativeMatrixMulAddKHR = spirv_khr::kOpCooperativeMatrixMulAdd;
inline constexpr auto kOpCooperativeMatrixLengthKHR = spirv_khr::kOpCooperativeMatrixLength;

/// One instruction: its opcode, result type and result ids (0 when absent) and the remaining
/// operand words.
struct SpirvInstruction {
    spv::Op opcode = spv::Op::OpNop;
    Id result_type = 0;
    Id result = 0;
    std::vector<std::uint32_t> operands;

    /// Operand `i`; throws PtxTranslationError (naming the opcode) when there are fewer.
    std::uint32_t operand(std::size_t i) const;
};

/// A type declaration (OpType*); fields beyond `opcode` are meaningful for the kinds that have
/// them. Kinds the translator does not handle keep only their opcode.
struct SpirvType {
    spv::Op opcode = spv::Op::OpNop;
    std::uint32_t width = 0;  // OpTypeInt, OpTypeFloat: bits
    bool bfloat16 = false;    // OpTypeFloat 16 BFloat16KHR (SPV_KHR_bfloat16)
    Id element = 0;           // OpTypeVector, OpTypeArray: component / element type
    std::uint64_t count = 0;  // OpTypeVector: components; OpTypeArray: length
    spv::StorageClass storage = spv::StorageClass::Function;  // OpTypePointer
    Id pointee = 0;                                           // OpTypePointer
    Id return_type = 0;                                       // OpTypeFunction
    std::vector<Id> params;                                   // OpTypeFunction
    /// OpTypeCooperativeMatrixKHR (its component type in `element`): the ids of its Scope, Rows,
    /// Columns and Use operands.
    std::vector<Id> matrix_operands;
};

/// A scalar constant: OpConstant (value bits, zero-extended), OpConstantTrue/False/Null, or
/// OpUndef (translated as zero).
struct SpirvConstant {
    spv::Op opcode = spv::Op::OpConstant;
    Id type = 0;
    std::uint64_t bits = 0;
    /// OpConstantComposite: its constituents (the bytes of a printf format string).
    std::vector<Id> constituents;
};

/// A module-scope OpVariable.
struct SpirvVariable {
    Id id = 0;
    Id pointer_type = 0;
    spv::StorageClass storage = spv::StorageClass::Function;
    Id initializer = 0;
};

/// A basic block: its label and instructions, OpPhis first, the terminator last.
struct SpirvBlock {
    Id label = 0;
    std::vector<SpirvInstruction> instructions;
};

struct SpirvFunction {
    Id id = 0;
    Id result_type = 0;
    Id function_type = 0;
    std::vector<Id> params;
    std::vector<Id> param_types;
    std::vector<SpirvBlock> blocks;
};

struct SpirvEntryPoint {
    spv::ExecutionModel model = spv::ExecutionModel::Kernel;
    Id function = 0;
    std::string name;
};

/// One OpDecorate: the decoration and its literal operands.
struct SpirvDecoration {
    spv::Decoration decoration = spv::Decoration::Alignment;
    std::vector<std::uint32_t> literals;
};

/// One OpExecutionMode of an entry point.
struct SpirvExecutionMode {
    Id function = 0;
    spv::ExecutionMode mode = spv::ExecutionMode::ContractionOff;
    std::vector<std::uint32_t> literals;
};

struct SpirvModule {
    std::uint32_t bound = 0;
    spv::AddressingModel addressing = spv::AddressingModel::Logical;
    spv::MemoryModel memory_model = spv::MemoryModel::Simple;
    std::map<Id, SpirvType> types;
    std::map<Id, SpirvConstant> constants;
    std::map<Id, SpirvVariable> variables;       // module scope
    std::map<Id, std::string> ext_inst_imports;  // id -> set name ("OpenCL.std")
    std::map<Id, std::string> names;             // OpName
    std::map<Id, std::vector<SpirvDecoration>> decorations;
    std::vector<SpirvEntryPoint> entry_points;
    std::vector<SpirvExecutionMode> execution_modes;
    std::vector<SpirvFunction> functions;  // in module order

    /// The type `id`; throws PtxTranslationError when `id` is not a type.
    const SpirvType& type(Id id) const;
    /// The function `id`, or nullptr.
    const SpirvFunction* function(Id id) const;
    /// The OpName of `id`, or "" when it has none.
    std::string name_of(Id id) const;
    /// The literals of decoration `d` on `id`, or nullopt when `id` lacks it.
    std::optional<std::vector<std::uint32_t>> decoration(Id id, spv::Decoration d) const;
    /// The LocalSize (x, y, z) that function `function` (an entry point's) declares, if any.
    std::optional<std::array<std::uint32_t, 3>> local_size(Id function) const;
    /// The number of work-items a work-group has where every entry point declares the same
    /// LocalSize (dpk's `@local_size`: every launch has it), else nullopt.
    std::optional<std::uint32_t> work_group_size() const;
};

/// Reads a SPIR-V binary (host word order). Throws PtxTranslationError when it is malformed.
SpirvModule read_spirv_module(std::span<const std::uint32_t> words);

}  // namespace dpk::backends::cuda
