// Semantic types of the kernel language, interned in a TypeContext (compare by pointer).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/signature.h"

namespace dpk::compiler::types {

/// Where an array's elements live.
enum class AddressSpace : std::uint8_t { Global, Local, Private };

/// Which operand of a multiply-add a cooperative matrix is: D = A * B + C (C and D accumulators).
enum class MatrixUse : std::uint8_t { A, B, Accumulator };
/// The language's spelling of a use: "a", "b", "acc".
std::string_view matrix_use_name(MatrixUse use);
/// Who holds a cooperative matrix: one sub-group, or a whole work-group (the "group" option).
enum class MatrixScope : std::uint8_t { SubGroup, WorkGroup };

struct Type {
    enum class Kind : std::uint8_t {
        Void,
        Scalar,     // bool, ints, floats (dtype)
        Array,      // a view: element pointer + shape (+ strides when layout is Any)
        MemFlags,   // the `local` / `global` flags of barrier() and fence()
        Matrix,     // a cooperative matrix: a rows x cols tile spread over a sub-group (or a
                    // work-group)
        CopyEvent,  // what async_copy returns: that copy and the ones before it, to wait for
    };
    Kind kind = Kind::Void;
    DType dtype = DType::I64;  // Scalar: the type; Array and Matrix: the element type
    // Arrays only:
    int ndim = 0;
    Layout layout = Layout::C;
    AddressSpace space = AddressSpace::Global;
    /// Local/private arrays of constant shape (local_array, private_array): their extents.
    /// Empty for global arrays and for launch-sized `local T[:]` parameters.
    std::vector<std::int64_t> static_shape;
    UsmType usm_type = UsmType::Device;  // global arrays (part of the signature, no codegen effect)
    // Matrices only:
    int rows = 0;
    int cols = 0;
    MatrixUse use = MatrixUse::A;
    /// An f32 factor ("a" or "b") multiplied in tf32: its values are rounded to tf32 (10
    /// mantissa bits, to nearest with ties away from zero) where it is loaded or filled.
    bool tf32 = false;
    MatrixScope scope = MatrixScope::SubGroup;

    bool is_void() const { return kind == Kind::Void; }
    bool is_scalar() const { return kind == Kind::Scalar; }
    bool is_array() const { return kind == Kind::Array; }
    bool is_matrix() const { return kind == Kind::Matrix; }
    bool is_copy_event() const { return kind == Kind::CopyEvent; }
    bool is_bool() const { return kind == Kind::Scalar && dtype == DType::Bool; }
    bool is_int() const { return kind == Kind::Scalar && is_integer(dtype); }
    bool is_float_type() const { return kind == Kind::Scalar && is_float(dtype); }
    /// True when shape and strides are fixed at compile time or by the layout (no stride args).
    bool needs_strides() const { return kind == Kind::Array && layout == Layout::Any; }

    /// Language spelling for messages: "f32", "f32[:, ::1]", "local f32[16, 16]", "void",
    /// "matrix(f16, rows=16, cols=16, use=\"a\")", "matrix(f32, rows=16, cols=8, use=\"a\",
    /// precision=\"tf32\")", "matrix(f32, rows=64, cols=64, use=\"acc\", scope=\"group\")",
    /// "copy_event".
    std::string str() const;
};

/// Owns and interns every Type of a compilation: equal types are the same pointer.
class TypeContext {
public:
    TypeContext();
    ~TypeContext();
    TypeContext(const TypeContext&) = delete;
    TypeContext& operator=(const TypeContext&) = delete;

    const Type* void_type() const { return void_; }
    const Type* mem_flags() const { return flags_; }
    const Type* copy_event() const { return event_; }
    const Type* scalar(DType t);
    const Type* boolean() { return scalar(DType::Bool); }
    const Type* array(DType elem, int ndim, Layout layout, AddressSpace space,
                      std::vector<std::int64_t> static_shape = {}, UsmType usm = UsmType::Device);
    const Type* matrix(DType elem, int rows, int cols, MatrixUse use, bool tf32 = false,
                       MatrixScope scope = MatrixScope::SubGroup);
    /// The semantic type of a signature parameter.
    const Type* from_param(const ParamType& p);

private:
    const Type* intern(Type t);
    std::vector<std::unique_ptr<Type>> types_;
    const Type* void_ = nullptr;
    const Type* flags_ = nullptr;
    const Type* event_ = nullptr;
};

}  // namespace dpk::compiler::types
