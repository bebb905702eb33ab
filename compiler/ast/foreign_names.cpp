#include "compiler/ast/foreign_names.h"

#include <array>
#include <utility>

#include "dpk/core/dtype.h"

namespace dpk::compiler::ast {

namespace {

using Pair = std::pair<std::string_view, std::string_view>;

constexpr auto kTypes = std::to_array<Pair>({
    {"int", "i32"},      {"unsigned", "u32"}, {"uint", "u32"},    {"long", "i64"},
    {"ulong", "u64"},    {"short", "i16"},    {"ushort", "u16"},  {"char", "i8"},
    {"uchar", "u8"},     {"size_t", "u64"},   {"float", "f32"},   {"double", "f64"},
    {"half", "f16"},     {"int32_t", "i32"},  {"int64_t", "i64"}, {"uint32_t", "u32"},
    {"uint64_t", "u64"}, {"int8_t", "i8"},    {"uint8_t", "u8"},  {"int16_t", "i16"},
    {"uint16_t", "u16"},
});

constexpr auto kFunctions = std::to_array<Pair>({
    {"get_global_id", "global_id"},
    {"get_local_id", "local_id"},
    {"get_group_id", "group_id"},
    {"get_global_size", "global_size"},
    {"get_local_size", "local_size"},
    {"get_num_groups", "num_groups"},
    {"__syncthreads", "barrier"},
    {"syncthreads", "barrier"},
    {"work_group_barrier", "barrier"},
    {"mem_fence", "fence"},
    {"atomicAdd", "atomic_add"},
    {"atomicSub", "atomic_sub"},
    {"atomicMin", "atomic_min"},
    {"atomicMax", "atomic_max"},
    {"atomicExch", "atomic_xchg"},
    {"atomicCAS", "atomic_cas"},
    {"atomicInc", "atomic_inc"},
    {"atomicDec", "atomic_dec"},
    {"atomic_fetch_add", "atomic_add"},
    {"atomic_fetch_sub", "atomic_sub"},
    {"atomic_cmpxchg", "atomic_cas"},
    {"atomic_exchange", "atomic_xchg"},
    {"fmaxf", "fmax"},
    {"fminf", "fmin"},
    {"fabsf", "fabs"},
    {"sqrtf", "sqrt"},
    {"rsqrtf", "rsqrt"},
    {"expf", "exp"},
    {"logf", "log"},
    {"powf", "pow"},
    {"sinf", "sin"},
    {"cosf", "cos"},
    {"tanf", "tan"},
    {"tanhf", "tanh"},
    {"fmaf", "fma"},
    {"floorf", "floor"},
    {"ceilf", "ceil"},
    {"erff", "erf"},
    {"where", "select"},
    {"maximum", "max"},
    {"minimum", "min"},
    {"absolute", "abs"},
    {"power", "pow"},
    {"__popc", "popcount"},
    {"__popcll", "popcount"},
    {"__clz", "clz"},
    {"__clzll", "clz"},
    {"lerp", "mix"},
    // CUDA warp intrinsics and OpenCL C's sub-group functions spelled otherwise.
    {"__shfl_sync", "sub_group_shuffle"},
    {"__shfl_down_sync", "sub_group_shuffle_down"},
    {"__shfl_up_sync", "sub_group_shuffle_up"},
    {"__shfl_xor_sync", "sub_group_shuffle_xor"},
    {"__ballot_sync", "sub_group_ballot"},
    {"__any_sync", "sub_group_any"},
    {"__all_sync", "sub_group_all"},
    {"__reduce_add_sync", "sub_group_reduce_add"},
    {"__reduce_and_sync", "sub_group_reduce_and"},
    {"__reduce_or_sync", "sub_group_reduce_or"},
    {"__reduce_xor_sync", "sub_group_reduce_xor"},
    {"get_sub_group_local_id", "sub_group_local_id"},
    {"get_sub_group_size", "sub_group_size"},
    {"get_sub_group_id", "sub_group_id"},
    {"get_num_sub_groups", "num_sub_groups"},
});

std::optional<std::string_view> lookup(const auto& table, std::string_view name) {
    for (const auto& [from, to] : table)
        if (from == name) return to;
    return std::nullopt;
}

}  // namespace

std::optional<std::string_view> dpk_type_for(std::string_view name) {
    if (auto t = lookup(kTypes, name)) return t;
    if (auto d = parse_dtype(name)) return dtype_name(*d);
    return std::nullopt;
}

std::optional<std::string_view> dpk_function_for(std::string_view name) {
    return lookup(kFunctions, name);
}

bool is_foreign_math_module(std::string_view name) {
    return name == "math" || name == "np" || name == "numpy" || name == "cmath" || name == "std" ||
           name == "cuda";
}

}  // namespace dpk::compiler::ast
