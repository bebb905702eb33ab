// The language's builtin functions: one enum shared by sema (checking) and spirv (emission).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace dpk::compiler::sema {

enum class Builtin : std::uint8_t {
    // work items (d in 0..2, result i64)
    GlobalId, LocalId, GroupId, GlobalSize, LocalSize, NumGroups,
    // memory
    LocalArray, PrivateArray, Barrier, Fence, DeviceFence,
    // atomics (array, index, value) -> old value; AtomicCas (array, index, expected, desired)
    AtomicAdd, AtomicSub, AtomicMin, AtomicMax, AtomicAnd, AtomicOr, AtomicXor, AtomicXchg,
    AtomicCas,
    // atomic_inc, atomic_dec (array, index) -> old value, integers only
    AtomicInc, AtomicDec,
    // selection
    Select,
    // float math (OpenCL.std), f32 and f64
    Sqrt, Rsqrt, Cbrt, Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Pow, Sin, Cos, Tan, Asin, Acos,
    Atan, Atan2, Sinh, Cosh, Tanh, Floor, Ceil, Trunc, Round, Fabs, Fmod, Hypot, Erf, Erfc, Fma,
    Copysign, Fmin, Fmax, Mad, Sign, Mix, Isnan, Isinf, Isfinite,
    // ints and floats
    Min, Max, Clamp, Abs,
    // 32- and 64-bit integers: bit counts, the argument's type
    Popcount, Clz, Ctz,
    // debugging: print(format, values...), assert(cond, message)
    Print, Assert,
    // sub-groups (devices with sub-groups): () -> i64
    SubGroupSize, SubGroupLocalId, SubGroupId, NumSubGroups,
    // sub-group collectives: (x, id) and (x) -> x's type
    SubGroupBroadcast, SubGroupShuffle,
    SubGroupReduceAdd, SubGroupReduceMin, SubGroupReduceMax,
    SubGroupScanInclusiveAdd, SubGroupScanInclusiveMin, SubGroupScanInclusiveMax,
    SubGroupScanExclusiveAdd, SubGroupScanExclusiveMin, SubGroupScanExclusiveMax,
    // sub-group barrier (flags)
    SubGroupBarrier,
    // relative and xor shuffles (x, delta / mask) -> x's type
    SubGroupShuffleDown, SubGroupShuffleUp, SubGroupShuffleXor,
    // bitwise reductions and scans (x) -> x's type, integers only
    SubGroupReduceAnd, SubGroupReduceOr, SubGroupReduceXor,
    SubGroupScanInclusiveAnd, SubGroupScanInclusiveOr, SubGroupScanInclusiveXor,
    SubGroupScanExclusiveAnd, SubGroupScanExclusiveOr, SubGroupScanExclusiveXor,
    // votes (bool): ballot -> u64 (bit k: lane k's predicate), any / all -> bool
    SubGroupBallot, SubGroupAny, SubGroupAll,
    // work-group copies: async_copy(local dst, dst_start, global src, src_start, count), and
    // wait_copies() for every copy the function started
    AsyncCopy, WaitCopies,
    // cooperative matrices (sub-group or work-group collectives): matrix_load(array, (row, col),
    // (rows, cols), use[, options]), matrix_store(array, (row, col), m), matrix_fill(value,
    // (rows, cols), use[, options]), matrix_mad(a, b, c) = a * b + c
    MatrixLoad, MatrixStore, MatrixFill, MatrixMad,
};

/// Families of builtins that share their checking rules (and their emission pattern).
enum class BuiltinGroup : std::uint8_t {
    WorkItem,     // global_id ... num_groups: (d) -> i64
    ArrayAlloc,   // local_array, private_array: (T, shape) -> array
    Sync,         // barrier, fence, sub_group_barrier: (flags) -> void
    Atomic,       // atomic_*: (array, index, value[, value]) -> element type (old value)
    Select,       // select(c, x, y)
    FloatMath,    // OpenCL.std float functions: f16/f32/f64 in, same type out
    FloatTest,    // isnan, isinf, isfinite: float in, bool out
    NumericMath,  // min, max, clamp, abs: ints and floats
    IntBits,      // popcount, clz, ctz: 32- or 64-bit integer in, same type out
    Debug,        // print (a format string, then any number of scalars), assert(cond, message)
    SubGroupItem,   // sub_group_size ... num_sub_groups: () -> i64
    SubGroupValue,  // sub_group_broadcast/shuffle* (x, id), reduce/scan (x): x -> x
    SubGroupVote,   // sub_group_ballot/any/all (bool) -> u64 / bool
    Copy,           // async_copy(...), wait_copies(): work-group collectives -> void
    Matrix,         // matrix_*: cooperative matrices, sub-group or work-group collectives
};

/// The builtin a name denotes, if any.
std::optional<Builtin> find_builtin(std::string_view name);
std::string_view builtin_name(Builtin b);
/// Number of arguments the builtin takes; kVariadic for print (one or more).
int builtin_arity(Builtin b);
/// matrix_load and matrix_fill: up to kMaxMatrixOptions more arguments than their arity name
/// options of the matrix they make: "tf32" (the precision of an f32 factor), "group" (a matrix of
/// the whole work-group).
inline bool takes_matrix_options(Builtin b) {
    return b == Builtin::MatrixLoad || b == Builtin::MatrixFill;
}
inline constexpr int kMaxMatrixOptions = 2;
/// Whether `count` arguments are what `b` takes with its options (takes_matrix_options).
inline bool matrix_options_arity(Builtin b, std::size_t count, int arity) {
    return takes_matrix_options(b) && count > static_cast<std::size_t>(arity) &&
           count <= static_cast<std::size_t>(arity + kMaxMatrixOptions);
}
inline constexpr int kVariadic = -1;
BuiltinGroup builtin_group(Builtin b);
/// Every builtin name in declaration order (for "did you mean" suggestions).
std::vector<std::string_view> all_builtin_names();

}  // namespace dpk::compiler::sema
