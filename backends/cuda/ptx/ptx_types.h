// How SPIR-V types live in PTX: register classes, instruction type suffixes, memory sizes.
//
// Register representation (the translator's invariant):
//   bool            .pred  %p
//   i8, i16, i32    .b32   %r   (8/16-bit values: only the low bits are meaningful; every use
//                               that reads the high bits extends them first, see
//                               FunctionTranslator::extended)
//   i64, pointers   .b64   %rd  (a pointer holds an address in its storage class's window)
//   f16, bf16       .b16   %h   (bf16 only moved, converted to and from f32 and multiplied
//                               by mma.sync: SPV_KHR_bfloat16 has no arithmetic on it)
//   f32             .f32   %f
//   f64             .f64   %fd
//   event           .b32   %r   (a work-group copy's: a placeholder, always 0)
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "backends/cuda/ptx/spirv_module.h"
#include "core/spirv_cooperative_matrix.h"

namespace dpk::backends::cuda {

enum class RegClass : std::uint8_t { Pred, B16, B32, B64, F32, F64 };
inline constexpr std::size_t kRegClassCount = 6;

/// A character that may follow the first of a PTX identifier or register name: [A-Za-z0-9_].
inline bool is_identifier_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

/// A scalar SPIR-V type as the translator sees it.
struct Scalar {
    enum class Kind : std::uint8_t { Bool, Int, Float, Pointer } kind = Kind::Int;
    std::uint32_t bits = 0;                                   // Pointer: 64
    spv::StorageClass storage = spv::StorageClass::Function;  // Pointer only
    Id pointee = 0;                                           // Pointer only
    bool bfloat16 = false;  // Float of 16 bits: bf16 (SPV_KHR_bfloat16) rather than f16

    bool is_int() const { return kind == Kind::Int; }
    bool is_float() const { return kind == Kind::Float; }
    bool is_bool() const { return kind == Kind::Bool; }
    bool is_pointer() const { return kind == Kind::Pointer; }
    /// An integer narrower than its 32-bit register.
    bool is_narrow_int() const;
    /// The same number type as `o`: kind, width, and bf16 or not.
    bool same_number(const Scalar& o) const {
        return kind == o.kind && bits == o.bits && bfloat16 == o.bfloat16;
    }
};

/// The scalar `type`, or nullopt when it is not a bool, int (8..64), float (16..64) or pointer.
std::optional<Scalar> scalar_of(const SpirvModule& module, Id type);

RegClass reg_class(const Scalar& s);
/// ".pred", ".b16", ".b32", ".b64", ".f32", ".f64".
std::string_view reg_decl_type(RegClass c);
/// "%p", "%h", "%r", "%rd", "%f", "%fd".
std::string_view reg_prefix(RegClass c);

/// Instruction type of an integer operation on the register: ".s32"/".u32"/".s64"/".u64"
/// (8/16-bit ints compute in 32 bits).
std::string int_type(const Scalar& s, bool is_signed);
/// ".b32"/".b64" (".b16" for f16, ".pred" for bool) for moves and bitwise operations.
std::string bit_type(const Scalar& s);
/// ".f16"/".f32"/".f64" (".bf16" for bf16).
std::string float_type(const Scalar& s);
/// Type of a load or store of the scalar: ".u8", ".u16", ".u32", ".u64", ".f32", ".f64",
/// ".b16" (f16); bool is stored as one byte (".u8").
std::string memory_type(const Scalar& s);

/// Size and alignment in bytes of a value of `type` in memory (scalars and arrays of them);
/// throws PtxTranslationError for other types, naming `what`.
std::uint64_t size_of(const SpirvModule& module, Id type, std::string_view what);
std::uint64_t alignment_of(const SpirvModule& module, Id type, std::string_view what);
/// Where Workgroup variable `variable` starts in shared memory: a multiple of its type's
/// alignment, or of its Alignment decoration where larger.
std::uint64_t shared_alignment(const SpirvModule& module, Id variable, std::string_view what);
/// A memory operand: "[reg]", or "[reg+offset]" where the offset is not 0.
std::string memory_operand(const std::string& reg, std::int64_t offset);

/// The PTX state space of a storage class: "global", "shared", "local", "" (generic);
/// nullopt when there is no PTX equivalent.
std::optional<std::string_view> state_space(spv::StorageClass storage);

/// A cooperative matrix's Use (SPV_KHR_cooperative_matrix). The kinds the translator supports
/// are spirv_khr::kMatrixTypes (16x16 f16 and bf16 A and B operands, 16x32 and 32x16 8-bit
/// integer ones, 16x16 f32 and i32 accumulators) Subgroup-scoped: a warp holds a matrix, each
/// lane its per_item elements (8, or 16 of an 8-bit one); and the Workgroup-scoped ones of
/// wgmma (select_matrix.cpp).
using MatrixUse = spirv_khr::MatrixUse;
/// The lanes of a warp (a dpk sub-group on CUDA).
inline constexpr std::uint32_t kWarpSize = 32;

/// Whether `type` is an OpTypeCooperativeMatrixKHR.
bool is_matrix_type(const SpirvModule& module, Id type);
/// The entry of spirv_khr::kMatrixTypes that cooperative matrix type `type` is (an 8-bit integer
/// one: the i8 entry, for i8 and u8 alike), null when it is none.
const spirv_khr::MatrixType* matrix_type(const SpirvModule& module, Id type);
/// Whether the module has a cooperative matrix type of Workgroup scope (wgmma: sm_90a).
bool has_workgroup_matrices(const SpirvModule& module);
/// The use of cooperative matrix type `type`, nullopt when it is not one of the supported kinds.
std::optional<MatrixUse> matrix_use(const SpirvModule& module, Id type);

/// "Workgroup", "CrossWorkgroup", ... for messages.
std::string storage_class_text(spv::StorageClass storage);

/// A printable SPIR-V type for messages ("i32", "f64", "ptr(Workgroup) to f32", "OpTypeStruct",
/// "coopmatrix<f16, 16x16, MatrixA, Subgroup>").
std::string type_text(const SpirvModule& module, Id type);

}  // namespace dpk::backends::cuda
