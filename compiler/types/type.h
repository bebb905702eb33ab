// Semantic types of the kernel language, interned in a TypeContext (compare by pointer).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dpk/core/signature.h"

namespace dpk::compiler::types {

/// Where an array's elements live.
enum class AddressSpace : std::uint8_t { Global, Local, Private };

struct Type {
    enum class Kind : std::uint8_t {
        Void,
        Scalar,    // bool, ints, floats (dtype)
        Array,     // a view: element pointer + shape (+ strides when layout is Any)
        MemFlags,  // the `local` / `global` flags of barrier() and fence()
    };
    Kind kind = Kind::Void;
    DType dtype = DType::I64;  // Scalar: the type; Array: the element type
    // Arrays only:
    int ndim = 0;
    Layout layout = Layout::C;
    AddressSpace space = AddressSpace::Global;
    /// Local/private arrays of constant shape (local_array, private_array): their extents.
    /// Empty for global arrays and for launch-sized `local T[:]` parameters.
    std::vector<std::int64_t> static_shape;
    UsmType usm_type = UsmType::Device;  // global arrays (part of the signature, no codegen effect)

    bool is_void() const { return kind == Kind::Void; }
    bool is_scalar() const { return kind == Kind::Scalar; }
    bool is_array() const { return kind == Kind::Array; }
    bool is_bool() const { return kind == Kind::Scalar && dtype == DType::Bool; }
    bool is_int() const { return kind == Kind::Scalar && is_integer(dtype); }
    bool is_float_type() const { return kind == Kind::Scalar && is_float(dtype); }
    /// True when shape and strides are fixed at compile time or by the layout (no stride args).
    bool needs_strides() const { return kind == Kind::Array && layout == Layout::Any; }

    /// Language spelling for messages: "f32", "f32[:, ::1]", "local f32[16, 16]", "void".
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
    const Type* scalar(DType t);
    const Type* boolean() { return scalar(DType::Bool); }
    const Type* array(DType elem, int ndim, Layout layout, AddressSpace space,
                      std::vector<std::int64_t> static_shape = {},
                      UsmType usm = UsmType::Device);
    /// The semantic type of a signature parameter.
    const Type* from_param(const ParamType& p);

private:
    const Type* intern(Type t);
    std::vector<std::unique_ptr<Type>> types_;
    const Type* void_ = nullptr;
    const Type* flags_ = nullptr;
};

}  // namespace dpk::compiler::types
