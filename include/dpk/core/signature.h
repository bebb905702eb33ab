// Kernel parameter types and signatures: the key a kernel is specialized for.
#pragma once

#include <string>
#include <vector>

#include "dpk/core/dtype.h"

namespace dpk {

/// Memory layout of an array. For one dimension, C and F both mean contiguous.
enum class Layout : std::uint8_t { C, F, Any };
/// Where a USM allocation lives (SYCL/dpctl usm_type).
enum class UsmType : std::uint8_t { Device, Shared, Host };

std::string_view layout_name(Layout l);     // "C", "F", "A"
std::string_view usm_type_name(UsmType u);  // "device", "shared", "host"

/// The type of one kernel parameter: a scalar, a USM array, or launch-sized work-group memory.
struct ParamType {
    enum class Kind : std::uint8_t { Scalar, Array, LocalArray };
    Kind kind = Kind::Scalar;
    DType dtype = DType::F32;
    int ndim = 0;                        // arrays: 1..; scalars: 0; local arrays: 1
    Layout layout = Layout::Any;         // arrays only
    UsmType usm_type = UsmType::Device;  // arrays only
    /// Device filter string ("opencl:cpu:0"); empty means "the device the kernel is specialized
    /// for".
    std::string device;

    static ParamType scalar(DType t);
    static ParamType array(DType t, int ndim, Layout layout = Layout::C,
                           UsmType usm = UsmType::Device, std::string device = {});
    static ParamType local_array(DType t);

    bool is_array() const { return kind == Kind::Array; }
    bool is_scalar() const { return kind == Kind::Scalar; }
    bool is_local_array() const { return kind == Kind::LocalArray; }

    /// Canonical spelling: "f32", "usm_ndarray(f32, ndim=2, layout=\"C\", usm_type=\"device\")",
    /// "local f32[:]". Equal types have equal spellings.
    std::string str() const;
    /// Short numba-like spelling for messages: "f32[:, ::1]", "f32[::1, :] (usm_type=shared)".
    std::string pretty() const;

    friend bool operator==(const ParamType&, const ParamType&) = default;
};

/// A kernel signature: `void(ARG, ...)`. Built in C++ or parsed from a string by the compiler;
/// both give the same key().
struct Signature {
    std::vector<ParamType> params;

    Signature() = default;
    explicit Signature(std::vector<ParamType> p) : params(std::move(p)) {}

    /// Canonical key: "void(f32, usm_ndarray(f32, ndim=1, layout=\"C\", usm_type=\"device\"))".
    std::string key() const;
    /// Short spelling for messages: "void(f32, f32[::1], f32[::1])".
    std::string pretty() const;

    friend bool operator==(const Signature&, const Signature&) = default;
};

}  // namespace dpk
