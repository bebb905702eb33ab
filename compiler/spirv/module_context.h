// Emitter state shared by all functions of one module: the builder, language types as SPIR-V
// types, builtin variables, function ids, and what the kernel ABI collects. Internal to spirv/.
#pragma once

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/sema/typed_program.h"
#include "compiler/spirv/emitter.h"
#include "compiler/spirv/module_builder.h"

namespace dpk::compiler::spirv {

// Work-item builtins are vectors of kWorkItemDims (dpk/core/kernel_abi.h) u64 components.

/// The SPIR-V signature of one function instance.
struct FunctionInfo {
    Id id = 0;
    Id type = 0;
    Id return_type = 0;
    std::vector<Id> param_types;  // expanded: arrays become pointer + shapes (+ strides)
};

/// The type an emulated matrix product multiplies and adds in for accumulator elements of type
/// `accumulator`: its own, f32 for bf16 (rounded to bf16 after each multiply-add, as bf16
/// arithmetic is).
inline DType accumulation_type(DType accumulator) {
    return accumulator == DType::BF16 ? DType::F32 : accumulator;
}

class ModuleContext {
public:
    ModuleContext(ModuleBuilder& builder, const EmitOptions& options);

    ModuleBuilder& b;
    const EmitOptions& options;
    /// What the uniformity analysis found of the kernel being emitted.
    const sema::UniformityFacts* uniformity = nullptr;

    /// Whether code must steer around driver defect `d` here: the target avoids it and the
    /// kernel has what the defect needs (a barrier, for the defects that strike across one).
    bool avoids(DriverDefect d) const;

    // -- types ---------------------------------------------------------------------------------
    Id void_type() { return b.type_void(); }
    Id bool_type() { return b.type_bool(); }
    Id i32() { return b.type_int(32); }
    Id i64() { return b.type_int(64); }
    /// The type of a value of `t` in registers (bool is OpTypeBool).
    Id value_type(DType t);
    /// The type of an element of `t` in memory or a kernel argument (bool is one byte).
    Id storage_type(DType t);
    /// The value type of a scalar or matrix semantic type; void for void.
    Id type_of(const types::Type* t);
    /// The work items of a work-group as the kernel's `@local_size` declares them; 0 without one.
    std::uint64_t declared_group_items() const;
    /// How many elements of an emulated matrix each work item holds (its array's length): the
    /// whole tile of a sub-group's matrix; its share of a work-group's, spread over the declared
    /// work-group (element e, numbered row by row, held by the work item whose linear local id
    /// is e modulo the work-group's size).
    std::uint64_t emulated_length(const types::Type* t) const;
    Id pointer(spv::StorageClass storage, Id pointee) { return b.type_pointer(storage, pointee); }
    static spv::StorageClass storage_class(types::AddressSpace space);
    /// An integer type of the same width as the float or int type `t` (for atomics on floats).
    Id int_of_width(DType t);

    // -- constants -----------------------------------------------------------------------------
    Id const_i64(std::int64_t v) { return b.constant(i64(), static_cast<std::uint64_t>(v)); }
    Id const_i32(std::uint32_t v) { return b.constant(i32(), v); }
    /// A constant of scalar type `t` from an integer value.
    Id const_int(DType t, std::int64_t v);
    /// A constant of float type `t`.
    Id const_float(DType t, double v);
    /// The bits of `v` as a constant of float type `t` (what constant_bits gives back for it).
    static std::uint64_t float_bits(DType t, double v);
    /// The constant 0 / 1 of scalar type `t` (false / true for bool).
    Id zero(DType t);
    Id one(DType t);
    /// A constant folded by sema, as a value of scalar type `t`.
    Id constant(const sema::ConstValue& c, DType t);

    // -- shared module objects ------------------------------------------------------------------
    /// The OpenCL.std extended instruction set.
    Id opencl_std() { return b.ext_inst_import("OpenCL.std"); }
    /// The Input variable (vector of three u64) of a work-item builtin.
    Id builtin(spv::BuiltIn builtin);
    /// The Input variable (u32) of a sub-group builtin (SubgroupSize, SubgroupId, ...).
    Id scalar_builtin(spv::BuiltIn builtin);
    /// Notes a module-scope variable a function uses (listed in the interface from SPIR-V 1.4).
    void use_global(Id variable);
    const std::vector<Id>& globals_used() const { return globals_used_; }

    std::unordered_map<const sema::FunctionInstance*, FunctionInfo> functions;
    std::vector<EmitError> errors;
    /// How many of the builder's errors are already in `errors` (with a statement's range).
    std::size_t builder_errors_reported = 0;
    /// Highest work-item dimension read + 1.
    std::uint32_t work_dims_used = 0;
    /// The kernel's `@local_size` (all 0: none): `local_size(d)` is then that constant.
    std::array<std::uint32_t, 3> required_local_size{};
    /// Whether a work-group matrix builtin has reported a missing or other `@local_size` (once).
    bool reported_group_matrix_size = false;
    /// Bytes of local_array memory.
    std::uint64_t static_local_bytes = 0;
    /// Words of local memory through which emulated work-group products share their factors
    /// (0: none): as many as the kernel's largest product needs. The kernel declares the array
    /// and hands it to every function, as the last parameter before the bounds record (OpenCL
    /// has work-group variables in kernels only).
    std::uint64_t matrix_share_words = 0;
    /// The type of a pointer to the share's words.
    Id matrix_share_type() { return pointer(spv::StorageClass::Workgroup, i64()); }
    /// local_array variables decorated Alignment (the destinations of whole-tile copies).
    std::set<Id> aligned_variables;
    /// What the kernel being emitted may assume of its launch: empty for the general entry point,
    /// a variant's facts for its entry point (device functions never assume anything).
    LaunchFacts assumed;
    /// Array parameters the kernel may write, as the general entry point's emission found them.
    std::vector<std::uint32_t> written_arrays;

    // -- bounds checks (EmitOptions::check_bounds) ----------------------------------------------
    /// The type of the bounds record parameter: a CrossWorkgroup pointer to u64 words.
    Id bounds_record_type() { return pointer(spv::StorageClass::CrossWorkgroup, i64()); }
    /// How many components of the global id a violation records: the dimensions the kernel
    /// reads (a launch has exactly those), all three when it reads none. Reading a component
    /// the kernel does not otherwise use keeps Intel's CPU compiler from vectorizing it.
    std::uint32_t bounds_record_dims = kWorkItemDims;
    /// Every checked access and assert, numbered in emission order (the record's site number).
    std::vector<BoundsSite> bounds_sites;
    /// Whether every function takes the bounds record: the kernel is bounds-checked, or it has
    /// asserts that are compiled in.
    bool takes_record = false;
    /// Whether a function of the kernel calls print.
    bool prints = false;

private:
    /// The Input variable of `builtin` with value type `type`, made once and named.
    Id input_builtin(spv::BuiltIn builtin, Id type);

    std::vector<Id> globals_used_;
};

/// One SPIR-V parameter a source parameter expands to.
struct ParamPart {
    Id type = 0;
    AbiArg::Kind kind = AbiArg::Kind::Scalar;
    std::uint32_t dim = 0;
    std::string suffix;  // appended to the source name for debug names ("_shape0")
};

/// How a parameter of semantic type `t` is passed: scalars by value (bool as a byte in kernels);
/// global arrays as pointer + shape per dimension (+ stride per dimension for layout Any);
/// launch-sized local arrays as pointer + length; arrays of constant shape as a pointer.
std::vector<ParamPart> expand_parameter(ModuleContext& m, const types::Type* t, bool kernel);

/// Bit pattern of `v` as an IEEE half (round to nearest even).
std::uint16_t to_half_bits(double v);

}  // namespace dpk::compiler::spirv
