// The driver defects dpk's code generation steers around: one table of their names and of what
// each does wrong. A backend says which its devices' drivers have (DeviceInfo::driver_defects);
// a compile target lists the ones it avoids (compiler/spirv/target_profile.h); docs/runtime.md,
// "Driver defects", has a reproducer for each.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "dpk/core/enum_set.h"

namespace dpk {

/// A known defect of a driver's compiler that makes valid SPIR-V compute wrong results.
enum class DriverDefect : std::uint8_t {
    /// PoCL 3.1: a value a loop leaves behind, where the number of iterations differs between
    /// work-items, and read after a barrier is taken as the same for the whole work-group (the
    /// last work-item's). Avoided in kernels with a barrier: after a loop whose body runs in
    /// control that differs between work-items, each variable it assigned is stored again,
    /// visibly tied to the work-item.
    VaryingLoopExit,
    /// Intel's OpenCL CPU runtime: a float negation whose operand is live across a barrier,
    /// folded into fabs/fmin/fmax, gives every work-item the last one's value. Avoided in
    /// kernels with a barrier: float negation flips the sign bit as an integer, with a mask the
    /// driver cannot fold (0x80... ^ (global_size(0) >> 63); it folds local_id(0) >> 63 where
    /// bounds checks bound the local id).
    NegationAcrossBarrier,
    /// Intel's OpenCL CPU runtime: `~get_global_id(d) + get_local_id(d)` (any form the driver
    /// folds to it, e.g. `-i - 1 + l`) takes the group's first id for every vector of
    /// work-items. Avoided: in kernels that complement or negate an integer, global ids are
    /// computed as group id * local size + local id.
    NotOfGlobalId,
    /// Intel's OpenCL CPU runtime: `~max(a, b)` of 64-bit integers gives `max(a, b)` (the
    /// complement folded into the max is lost). Avoided: an integer `~x` is `x` xor'ed with a
    /// mask the driver cannot see is all ones.
    NotOfMinMax,
    /// Intel's OpenCL CPU runtime: in a kernel with a barrier, a float that a loop accumulates
    /// (v += c, v *= c) is computed with its operations regrouped (from the eighth iteration on,
    /// as eight partial results), not rounded once per operation in order. Avoided in kernels
    /// with a barrier: at the end of each iteration, every float variable the loop assigns is
    /// xor'ed as an integer with a zero the driver cannot see (local_id(0) >> 63).
    ReassociatedLoops,
    /// Intel's OpenCL CPU runtime: a zero divided by a value it knows is finite and not NaN (an
    /// integer converted to float) is taken as a zero in the multiplications, divisions and
    /// comparisons that use it, though the divisor may be zero too (0 / 0 is NaN). Avoided: the
    /// divisor of a float division, unless the dividend or the divisor is a constant that rules
    /// 0 / 0 out, is xor'ed as an integer with a zero the driver cannot see (global_size(0) >>
    /// 63; it folds local_id(0) >> 63 too soon).
    ZeroQuotient,
    /// Intel's OpenCL CPU runtime: in a kernel that reads at an index that wraps the global id
    /// (`(i + 1) & 63`), a store with a stride of 3 or more after a barrier is made by the first
    /// 16 work-items of a group only (when the kernel also stores before the barrier) or, on an
    /// 8-wide processor, stores the value the work-item 8 before it loaded. Avoided in kernels
    /// with a barrier: the global id is computed as group id * local size + local id (as for
    /// NotOfGlobalId), not read from the driver's built-in.
    LostStridedStores,
    /// Intel's OpenCL CPU runtime: a private array that one statement alone stores, with a value
    /// that is the same in every element (a fill the driver turns into a memset), read at an
    /// index that differs between work-items, reads what the array held before (garbage) in
    /// most work-items. Avoided: where one assignment is the only store into a private array,
    /// its value is xor'ed with a zero the driver cannot see (local_id(0) >> 63).
    UniformPrivateFill,
    /// Intel's OpenCL CPU runtime: `(0 - x) >> (width - 1)`, an arithmetic shift of a negation
    /// by the width less one (also of `x * -1`, `x * -y`, which the driver turns into one), is
    /// folded as if the negation could not wrap: 0 instead of -1 for x = MIN. Avoided: the count
    /// of a signed `>>`, where it is not a constant other than the width less one, is xor'ed
    /// with a zero the driver cannot see (global_size(0) >> 63).
    SignOfNegation,
    /// Intel's OpenCL CPU runtime on processors without AVX-512: a load at a 32-bit or narrower
    /// index that the driver finds is the same in every work-item and that comes from a loaded
    /// value (through min/max and a mask) becomes a gather whose first lane's index is a 64-bit
    /// register holding two lanes: the kernel faults. Avoided: every array index narrower than
    /// 64 bits that is not a constant is xor'ed, before it is widened, with a zero the driver
    /// cannot see (global_size(0) >> 63).
    PairedGatherIndex,
    /// Intel's OpenCL CPU runtime: a float remainder `x % c` (OpFRem) of a NaN that the driver
    /// takes for a finite number (the remainder of an integer converted to float by zero,
    /// `(f64(u) % 0.0) % 7.0`) is a finite number (-1.0 there) instead of NaN. Avoided: float `%`
    /// is OpenCL.std's fmod, which the driver computes right.
    RemainderOfNan,
    /// PoCL: a work-group copy (its async_work_group_strided_copy runs as one work-item's loop)
    /// under a branch, in a kernel with a loop with barriers, can be compiled into a copy loop
    /// without an exit test: the kernel writes on until it faults (bounds-checked copies are
    /// under one). Avoided: a copy is a loop of plain loads and stores spread over the
    /// work-group (element e by the work-item whose linear local id is e modulo the local size),
    /// and waiting for copies a work-group barrier.
    CopyUnderBranch,
    /// PoCL 3.1 (dpk's SPIR 1.2 translation; the driver lists no cl_khr_fp16): LLVM compiles
    /// f16 arithmetic, comparisons and conversions between f16 and f32, but the kernel library
    /// has no f16 functions (sqrt, exp, fmin, fma, isnan, convert_int_sat, ...): a kernel that
    /// calls one does not build. Avoided: such functions of f16 values compute in f32 and round
    /// the result to f16 once (exact for every function OpenCL rounds correctly; fma through
    /// round-to-odd), and a conversion from f16 to an integer goes through f32 (exact).
    HalfLibrary,
};

/// Every defect, in the order target names spell them.
inline constexpr std::array<DriverDefect, 13> kDriverDefects = {
    DriverDefect::VaryingLoopExit,   DriverDefect::NegationAcrossBarrier,
    DriverDefect::NotOfGlobalId,     DriverDefect::NotOfMinMax,
    DriverDefect::ReassociatedLoops, DriverDefect::ZeroQuotient,
    DriverDefect::LostStridedStores, DriverDefect::UniformPrivateFill,
    DriverDefect::SignOfNegation,    DriverDefect::PairedGatherIndex,
    DriverDefect::RemainderOfNan,    DriverDefect::CopyUnderBranch,
    DriverDefect::HalfLibrary};

/// The spelling in target names and `--target` specs ("varying_loop_exit").
std::string_view defect_name(DriverDefect d);
/// The defect a spelling names, if any.
std::optional<DriverDefect> defect_named(std::string_view name);
/// The driver that has it and what goes wrong, for listings ("PoCL 3.1: ...").
std::string_view defect_description(DriverDefect d);

/// A set of driver defects; all() is what code that may run on any OpenCL driver avoids.
using DriverDefects = EnumSet<DriverDefect, kDriverDefects>;

}  // namespace dpk
