// How a compiled kernel takes its arguments: produced by the compiler, read by the runtime.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/device_features.h"
#include "core/launch_facts.h"
#include "core/signature.h"

namespace dpk {

/// One argument of the compiled entry point (one clSetKernelArg / zeKernelSetArgumentValue).
/// A source-level parameter expands to one or more of these.
struct AbiArg {
    enum class Kind : std::uint8_t {
        GlobalPointer,  // data pointer of an array parameter (CrossWorkgroup)
        LocalPointer,   // work-group memory of a `local T[:]` parameter, sized at launch
        Scalar,         // a scalar parameter, passed by value as its dtype
        Shape,          // i64: extent of dimension `dim` of array parameter `param`
        Stride,         // i64: stride in elements of dimension `dim` of array parameter `param`
        LocalLength,    // i64: element count of the `local T[:]` parameter `param`
    };
    Kind kind = Kind::Scalar;
    std::uint32_t param = 0;  // index of the source-level parameter
    std::uint32_t dim = 0;    // Shape / Stride only
    DType dtype =
        DType::I64;  // Scalar: its type; pointers: element type; Shape/Stride/LocalLength: I64

    friend bool operator==(const AbiArg&, const AbiArg&) = default;
};

/// Everything the runtime needs to launch one specialization without the compiler.
struct KernelAbi {
    std::vector<AbiArg> args;
    /// Work-group memory in bytes that the kernel declares itself (local_array with constant
    /// shape).
    std::uint64_t static_local_bytes = 0;
    /// Highest work-item dimension the kernel reads (global_id(2) -> 3); 0 if none.
    std::uint32_t work_dims_used = 0;
    /// Array parameters the kernel may write (stores, atomics, or passed to a function), in
    /// parameter order: what a launch checks for overlap before it picks a NoAlias variant.
    std::vector<std::uint32_t> written_arrays;

    friend bool operator==(const KernelAbi&, const KernelAbi&) = default;
};

/// An optional device feature a kernel's SPIR-V needs, and the first thing in it that needs it:
/// a construct the compiler emitted ("capability Float64 for 64-bit floats (f64)",
/// "sub_group_size") or what a scan of the SPIR-V found ("capability Groups").
struct FeatureRequirement {
    DeviceFeature feature;
    std::string why;

    friend bool operator==(const FeatureRequirement&, const FeatureRequirement&) = default;
};

/// A compiled specialization: the unit the runtime loads, caches and ships in AOT bundles.
struct KernelImage {
    std::string kernel_name;  // entry point name in the SPIR-V module
    Signature signature;      // the concrete signature it was specialized for
    KernelAbi abi;
    std::vector<std::uint32_t> spirv;
    /// Source names of the parameters, for messages; may be empty (then messages use indices).
    std::vector<std::string> param_names;
    /// Further entry points of the same module, each the kernel compiled assuming launch facts,
    /// most specialized first; same ABI as `kernel_name`. A launch runs the first whose facts
    /// hold, else `kernel_name`.
    std::vector<KernelVariant> variants;
    /// Set only once `spirv` is known valid: every optional feature it needs, once each, in
    /// feature order. The compiler fills it as it emits (and validates) the module; the readers
    /// of bundles and cache entries validate and scan what they read (runtime/kernel_image_io.h).
    /// Unset (an image built by hand, or whose `spirv` was changed: reset it then), the runtime
    /// validates and scans the SPIR-V when the image is loaded.
    std::optional<std::vector<FeatureRequirement>> requirements;
};

/// Human-readable summary of an ABI ("arg 0: global f32* (param 0 'x'), arg 1: i64 shape[0] of
/// param 0").
std::string describe(const KernelAbi& abi);

}  // namespace dpk
