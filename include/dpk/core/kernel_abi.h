// How a compiled kernel takes its arguments: produced by the compiler, read by the runtime.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_features.h"
#include "dpk/core/launch_facts.h"
#include "dpk/core/payload_format.h"
#include "dpk/core/signature.h"

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
        BoundsRecord,   // u64*: the launch's bounds record (bounds-checked kernels and kernels
                        // with asserts only; last; `param` 0, no source parameter)
    };
    Kind kind = Kind::Scalar;
    std::uint32_t param = 0;  // index of the source-level parameter
    std::uint32_t dim = 0;    // Shape / Stride only
    DType dtype =
        DType::I64;  // Scalar: its type; pointers: element type; Shape/Stride/LocalLength: I64

    friend bool operator==(const AbiArg&, const AbiArg&) = default;
};

/// One array access of a bounds-checked kernel, or one `assert(cond, message)`: what the site
/// number in a bounds record means.
struct BoundsSite {
    enum class Access : std::uint8_t { Read, Write, Update, Atomic, Assert };
    /// No kernel parameter: the array is a local_array / private_array or a device function's.
    static constexpr std::uint32_t kNoParam = 0xffffffffu;

    Access access = Access::Read;
    /// The array's name in the source ("out", "tile").
    std::string array;
    /// The kernel parameter the array is, or kNoParam.
    std::uint32_t param = kNoParam;
    /// The function the access is in (the kernel, or a device function's source name).
    std::string function;
    /// Where the access is in the source: "file.dpk:4:9".
    std::string location;
    /// The array's extents when the compiler knows them (local and private arrays, parameters of
    /// constant shape); empty otherwise (the launch's arguments tell).
    std::vector<std::int64_t> shape;
    /// An Assert site: the condition as written in the source, and the message.
    std::string condition;
    std::string message;

    friend bool operator==(const BoundsSite&, const BoundsSite&) = default;
};

/// "read", "write", "update" (compound assignment), "atomic", "assert".
std::string_view access_name(BoundsSite::Access a);

/// The bounds record a bounds-checked kernel fills at its first out-of-bounds access: u64 words
/// at these indices. The kernel claims the record by a compare-exchange of the 32-bit word at
/// byte 0 from 0 to 1; the winner then writes the rest. The runtime zeroes it before the launch.
struct BoundsRecordLayout {
    /// The record's kernel parameter's name in the SPIR-V (OpName): the PTX translator calls
    /// the claim on it as a function of its own.
    static constexpr std::string_view kParameterName = "bounds_record";
    static constexpr std::uint32_t kClaimed = 0;   // u32 at byte 0: 0 free, 1 claimed
    static constexpr std::uint32_t kSite = 1;      // index into KernelAbi::bounds_sites
    static constexpr std::uint32_t kDim = 2;       // the first dimension out of bounds
    static constexpr std::uint32_t kIndex = 3;     // its index (i64)
    static constexpr std::uint32_t kExtent = 4;    // its extent (i64)
    static constexpr std::uint32_t kWorkItem = 5;  // global id, 3 words (dimensions 0..2)
    static constexpr std::uint32_t kWords = 8;
};

/// Work-item dimensions of a launch (0..2): the components of global_id and its kin, the range
/// a RangeGuard's `dim` lies in.
inline constexpr std::uint32_t kWorkItemDims = 3;

/// A comparison `global_id(dim) < A.shape[axis]` (or its negation, `>=`) in a kernel, where A is
/// kernel parameter `param`: true for every work item of a launch whose global extent in `dim`
/// is at most that extent. A variant compiled on LaunchFact::InRange takes it as a constant.
struct RangeGuard {
    std::uint32_t dim = 0;
    std::uint32_t param = 0;
    std::uint32_t axis = 0;

    friend auto operator<=>(const RangeGuard&, const RangeGuard&) = default;
};

/// Everything the runtime needs to launch one specialization without the compiler.
struct KernelAbi {
    std::vector<AbiArg> args;
    /// Work-group memory in bytes that the kernel declares itself (local_array with constant
    /// shape).
    std::uint64_t static_local_bytes = 0;
    /// Highest work-item dimension the kernel reads (global_id(2) -> 3); 0 if none.
    std::uint32_t work_dims_used = 0;
    /// The checked array accesses of a bounds-checked kernel and the kernel's asserts, by site
    /// number; empty (and no BoundsRecord argument) when the kernel has neither.
    std::vector<BoundsSite> bounds_sites;
    /// Whether the kernel calls print(...): its waits flush the process's stdout.
    bool prints = false;
    /// The kernel's `@local_size(x, y, z)` (missing extents 1): every launch's local range must
    /// be this one, and a launch without one gets it. All 0: the kernel declares none.
    std::array<std::uint32_t, 3> required_local_size{};

    bool requires_local_size() const { return required_local_size[0] != 0; }

    /// Whether the kernel takes a bounds record (its last argument).
    bool checks_bounds() const {
        return !args.empty() && args.back().kind == AbiArg::Kind::BoundsRecord;
    }
    /// Array parameters the kernel may write (stores, atomics, or passed to a function), in
    /// parameter order: what a launch checks for overlap before it picks a NoAlias variant.
    std::vector<std::uint32_t> written_arrays;
    /// The kernel's range guards, sorted, without repeats: what a launch checks before it picks
    /// an InRange variant. Empty: the kernel has none (and no InRange variant).
    std::vector<RangeGuard> range_guards;

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
    /// What the payload is; devices load the formats their DeviceInfo says they take.
    PayloadFormat format = PayloadFormat::Spirv;
    /// The payload of a PayloadFormat::Spirv image: the SPIR-V module's words.
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
