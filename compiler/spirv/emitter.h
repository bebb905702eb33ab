// The SPIR-V emitter: one typed kernel specialization -> a SPIR-V module plus its kernel ABI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/sema/typed_program.h"
#include "compiler/source/source_file.h"
#include "compiler/spirv/target_profile.h"
#include "dpk/core/kernel_abi.h"

namespace dpk::compiler::spirv {

/// SPIR-V 1.0, the version every OpenCL SPIR-V consumer takes.
inline constexpr std::uint32_t kSpirvVersion10 = 0x00010000;

/// How a kernel is emitted.
struct EmitOptions {
    /// The header's version word (0x00010000 is SPIR-V 1.0). From 1.4 on, the entry point's
    /// interface also lists the work-group variables.
    std::uint32_t spirv_version = kSpirvVersion10;
    /// What the driver path accepts; a capability it lacks is an emit error.
    TargetProfile target = TargetProfile::opencl();
    /// Decorate kernel array pointers with FuncParamAttr NoAlias. Off by default: array
    /// parameters may alias (two views of one allocation), so this is only sound when the caller
    /// knows they do not.
    bool no_alias_array_params = false;
    /// OpName for functions, parameters, variables and named values (debug names only).
    bool debug_names = true;
    /// Contract a float product and a sum into one multiply-add, as OpenCL C does by default
    /// (FP_CONTRACT ON): `a * b + c`, `a * b - c`, `c - a * b`, `c += a * b`, `c -= a * b` become
    /// OpenCL.std mad, which a driver evaluates fused (one rounding) or as a multiply and an add,
    /// whichever is faster on the device. On by default (the language's semantics); off: every
    /// operation is rounded on its own.
    bool fp_contract = true;
    /// Check every array access against the array's shape: the kernel takes one more argument,
    /// the bounds record (AbiArg::Kind::BoundsRecord), every device function one more parameter
    /// for it; an access outside the shape is skipped (a read yields 0, a write is dropped) and
    /// the first one is written to the record (dpk/core/kernel_abi.h, BoundsRecordLayout), each
    /// access numbered in KernelAbi::bounds_sites. Off: nothing of this is emitted.
    bool check_bounds = false;
    /// Compile `assert(cond, message)`: a kernel that has one takes the bounds record as
    /// check_bounds does, and a false `cond` writes it (BoundsSite::Access::Assert). Off: asserts
    /// emit nothing and their conditions are not evaluated.
    bool asserts = true;
};

/// A problem that stops emission: a capability the target lacks, or a construct the emitter
/// does not handle. Anchored at the statement being emitted when there is one.
struct EmitError {
    std::string message;
    const source::SourceFile* file = nullptr;
    source::SourceRange range;
};

/// The emitted module and what the runtime needs to launch it.
struct EmitResult {
    /// The SPIR-V module (empty when `errors` is not).
    std::vector<std::uint32_t> words;
    KernelAbi abi;
    /// The variants' entry points (the target's variants, in its order), same ABI as the kernel.
    std::vector<KernelVariant> variants;
    /// Every capability the module declares, with the first reason it was needed.
    std::vector<CapabilityUse> capabilities;
    /// Every optional device feature the module needs, with the first reason (feature order).
    std::vector<FeatureRequirement> requirements;
    std::vector<EmitError> errors;

    bool ok() const { return errors.empty(); }
};

/// Emits one kernel specialization (its instances: device functions first, kernel last) as a
/// module with one OpEntryPoint Kernel named after the kernel, and one more per variant of the
/// target (variant_entry_point names them).
EmitResult emit_kernel(const sema::TypedKernel& kernel, const EmitOptions& options = {});

}  // namespace dpk::compiler::spirv
