#include "compiler/sema/builtins.h"

#include <array>

namespace dpk::compiler::sema {

namespace {

struct BuiltinInfo {
    Builtin id;
    std::string_view name;
    int arity;
    BuiltinGroup group;
};

using G = BuiltinGroup;

// Indexed by Builtin: keep in enum order.
constexpr auto kBuiltins = std::to_array<BuiltinInfo>({
    {Builtin::GlobalId, "global_id", 1, G::WorkItem},
    {Builtin::LocalId, "local_id", 1, G::WorkItem},
    {Builtin::GroupId, "group_id", 1, G::WorkItem},
    {Builtin::GlobalSize, "global_size", 1, G::WorkItem},
    {Builtin::LocalSize, "local_size", 1, G::WorkItem},
    {Builtin::NumGroups, "num_groups", 1, G::WorkItem},
    {Builtin::LocalArray, "local_array", 2, G::ArrayAlloc},
    {Builtin::PrivateArray, "private_array", 2, G::ArrayAlloc},
    {Builtin::Barrier, "barrier", 1, G::Sync},
    {Builtin::Fence, "fence", 1, G::Sync},
    {Builtin::DeviceFence, "device_fence", 1, G::Sync},
    {Builtin::AtomicAdd, "atomic_add", 3, G::Atomic},
    {Builtin::AtomicSub, "atomic_sub", 3, G::Atomic},
    {Builtin::AtomicMin, "atomic_min", 3, G::Atomic},
    {Builtin::AtomicMax, "atomic_max", 3, G::Atomic},
    {Builtin::AtomicAnd, "atomic_and", 3, G::Atomic},
    {Builtin::AtomicOr, "atomic_or", 3, G::Atomic},
    {Builtin::AtomicXor, "atomic_xor", 3, G::Atomic},
    {Builtin::AtomicXchg, "atomic_xchg", 3, G::Atomic},
    {Builtin::AtomicCas, "atomic_cas", 4, G::Atomic},
    {Builtin::AtomicInc, "atomic_inc", 2, G::Atomic},
    {Builtin::AtomicDec, "atomic_dec", 2, G::Atomic},
    {Builtin::Select, "select", 3, G::Select},
    {Builtin::Sqrt, "sqrt", 1, G::FloatMath},
    {Builtin::Rsqrt, "rsqrt", 1, G::FloatMath},
    {Builtin::Cbrt, "cbrt", 1, G::FloatMath},
    {Builtin::Exp, "exp", 1, G::FloatMath},
    {Builtin::Exp2, "exp2", 1, G::FloatMath},
    {Builtin::Expm1, "expm1", 1, G::FloatMath},
    {Builtin::Log, "log", 1, G::FloatMath},
    {Builtin::Log2, "log2", 1, G::FloatMath},
    {Builtin::Log10, "log10", 1, G::FloatMath},
    {Builtin::Log1p, "log1p", 1, G::FloatMath},
    {Builtin::Pow, "pow", 2, G::FloatMath},
    {Builtin::Sin, "sin", 1, G::FloatMath},
    {Builtin::Cos, "cos", 1, G::FloatMath},
    {Builtin::Tan, "tan", 1, G::FloatMath},
    {Builtin::Asin, "asin", 1, G::FloatMath},
    {Builtin::Acos, "acos", 1, G::FloatMath},
    {Builtin::Atan, "atan", 1, G::FloatMath},
    {Builtin::Atan2, "atan2", 2, G::FloatMath},
    {Builtin::Sinh, "sinh", 1, G::FloatMath},
    {Builtin::Cosh, "cosh", 1, G::FloatMath},
    {Builtin::Tanh, "tanh", 1, G::FloatMath},
    {Builtin::Floor, "floor", 1, G::FloatMath},
    {Builtin::Ceil, "ceil", 1, G::FloatMath},
    {Builtin::Trunc, "trunc", 1, G::FloatMath},
    {Builtin::Round, "round", 1, G::FloatMath},
    {Builtin::Fabs, "fabs", 1, G::FloatMath},
    {Builtin::Fmod, "fmod", 2, G::FloatMath},
    {Builtin::Hypot, "hypot", 2, G::FloatMath},
    {Builtin::Erf, "erf", 1, G::FloatMath},
    {Builtin::Erfc, "erfc", 1, G::FloatMath},
    {Builtin::Fma, "fma", 3, G::FloatMath},
    {Builtin::Copysign, "copysign", 2, G::FloatMath},
    {Builtin::Fmin, "fmin", 2, G::FloatMath},
    {Builtin::Fmax, "fmax", 2, G::FloatMath},
    {Builtin::Mad, "mad", 3, G::FloatMath},
    {Builtin::Sign, "sign", 1, G::FloatMath},
    {Builtin::Mix, "mix", 3, G::FloatMath},
    {Builtin::Isnan, "isnan", 1, G::FloatTest},
    {Builtin::Isinf, "isinf", 1, G::FloatTest},
    {Builtin::Isfinite, "isfinite", 1, G::FloatTest},
    {Builtin::Min, "min", 2, G::NumericMath},
    {Builtin::Max, "max", 2, G::NumericMath},
    {Builtin::Clamp, "clamp", 3, G::NumericMath},
    {Builtin::Abs, "abs", 1, G::NumericMath},
    {Builtin::Popcount, "popcount", 1, G::IntBits},
    {Builtin::Clz, "clz", 1, G::IntBits},
    {Builtin::Ctz, "ctz", 1, G::IntBits},
    {Builtin::Print, "print", kVariadic, G::Debug},
    {Builtin::Assert, "assert", 2, G::Debug},
    {Builtin::SubGroupSize, "sub_group_size", 0, G::SubGroupItem},
    {Builtin::SubGroupLocalId, "sub_group_local_id", 0, G::SubGroupItem},
    {Builtin::SubGroupId, "sub_group_id", 0, G::SubGroupItem},
    {Builtin::NumSubGroups, "num_sub_groups", 0, G::SubGroupItem},
    {Builtin::SubGroupBroadcast, "sub_group_broadcast", 2, G::SubGroupValue},
    {Builtin::SubGroupShuffle, "sub_group_shuffle", 2, G::SubGroupValue},
    {Builtin::SubGroupReduceAdd, "sub_group_reduce_add", 1, G::SubGroupValue},
    {Builtin::SubGroupReduceMin, "sub_group_reduce_min", 1, G::SubGroupValue},
    {Builtin::SubGroupReduceMax, "sub_group_reduce_max", 1, G::SubGroupValue},
    {Builtin::SubGroupScanInclusiveAdd, "sub_group_scan_inclusive_add", 1, G::SubGroupValue},
    {Builtin::SubGroupScanInclusiveMin, "sub_group_scan_inclusive_min", 1, G::SubGroupValue},
    {Builtin::SubGroupScanInclusiveMax, "sub_group_scan_inclusive_max", 1, G::SubGroupValue},
    {Builtin::SubGroupScanExclusiveAdd, "sub_group_scan_exclusive_add", 1, G::SubGroupValue},
    {Builtin::SubGroupScanExclusiveMin, "sub_group_scan_exclusive_min", 1, G::SubGroupValue},
    {Builtin::SubGroupScanExclusiveMax, "sub_group_scan_exclusive_max", 1, G::SubGroupValue},
    {Builtin::SubGroupBarrier, "sub_group_barrier", 1, G::Sync},
    {Builtin::SubGroupShuffleDown, "sub_group_shuffle_down", 2, G::SubGroupValue},
    {Builtin::SubGroupShuffleUp, "sub_group_shuffle_up", 2, G::SubGroupValue},
    {Builtin::SubGroupShuffleXor, "sub_group_shuffle_xor", 2, G::SubGroupValue},
    {Builtin::SubGroupReduceAnd, "sub_group_reduce_and", 1, G::SubGroupValue},
    {Builtin::SubGroupReduceOr, "sub_group_reduce_or", 1, G::SubGroupValue},
    {Builtin::SubGroupReduceXor, "sub_group_reduce_xor", 1, G::SubGroupValue},
    {Builtin::SubGroupScanInclusiveAnd, "sub_group_scan_inclusive_and", 1, G::SubGroupValue},
    {Builtin::SubGroupScanInclusiveOr, "sub_group_scan_inclusive_or", 1, G::SubGroupValue},
    {Builtin::SubGroupScanInclusiveXor, "sub_group_scan_inclusive_xor", 1, G::SubGroupValue},
    {Builtin::SubGroupScanExclusiveAnd, "sub_group_scan_exclusive_and", 1, G::SubGroupValue},
    {Builtin::SubGroupScanExclusiveOr, "sub_group_scan_exclusive_or", 1, G::SubGroupValue},
    {Builtin::SubGroupScanExclusiveXor, "sub_group_scan_exclusive_xor", 1, G::SubGroupValue},
    {Builtin::SubGroupBallot, "sub_group_ballot", 1, G::SubGroupVote},
    {Builtin::SubGroupAny, "sub_group_any", 1, G::SubGroupVote},
    {Builtin::SubGroupAll, "sub_group_all", 1, G::SubGroupVote},
    {Builtin::AsyncCopy, "async_copy", 5, G::Copy},
    {Builtin::WaitCopies, "wait_copies", 0, G::Copy},
    {Builtin::MatrixLoad, "matrix_load", 4, G::Matrix},
    {Builtin::MatrixStore, "matrix_store", 3, G::Matrix},
    {Builtin::MatrixFill, "matrix_fill", 3, G::Matrix},
    {Builtin::MatrixMad, "matrix_mad", 3, G::Matrix},
});

constexpr bool table_in_enum_order() {
    for (std::size_t i = 0; i < kBuiltins.size(); ++i)
        if (static_cast<std::size_t>(kBuiltins[i].id) != i) return false;
    return static_cast<std::size_t>(Builtin::MatrixMad) + 1 == kBuiltins.size();  // the last
}
static_assert(table_in_enum_order(), "kBuiltins must list every Builtin in enum order");

const BuiltinInfo& info(Builtin b) {
    return kBuiltins[static_cast<std::size_t>(b)];
}

}  // namespace

std::optional<Builtin> find_builtin(std::string_view name) {
    for (const auto& b : kBuiltins)
        if (b.name == name) return b.id;
    return std::nullopt;
}

std::string_view builtin_name(Builtin b) {
    return info(b).name;
}

int builtin_arity(Builtin b) {
    return info(b).arity;
}

BuiltinGroup builtin_group(Builtin b) {
    return info(b).group;
}

std::vector<std::string_view> all_builtin_names() {
    std::vector<std::string_view> out;
    out.reserve(kBuiltins.size());
    for (const auto& b : kBuiltins) out.push_back(b.name);
    return out;
}

}  // namespace dpk::compiler::sema
