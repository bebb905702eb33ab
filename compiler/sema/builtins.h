// The language's builtin functions: one enum shared by sema (checking) and spirv (emission).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dpk::compiler::sema {

enum class Builtin : std::uint8_t {
    // work items (d in 0..2, result i64)
    GlobalId, LocalId, GroupId, GlobalSize, LocalSize, NumGroups,
    // memory
    LocalArray, PrivateArray, Barrier, Fence,
    // atomics (array, index, value) -> old value; AtomicCas (array, index, expected, desired)
    AtomicAdd, AtomicSub, AtomicMin, AtomicMax, AtomicAnd, AtomicOr, AtomicXor, AtomicXchg,
    AtomicCas,
    // selection
    Select,
    // float math (OpenCL.std), f32 and f64
    Sqrt, Rsqrt, Cbrt, Exp, Exp2, Expm1, Log, Log2, Log10, Log1p, Pow, Sin, Cos, Tan, Asin, Acos,
    Atan, Atan2, Sinh, Cosh, Tanh, Floor, Ceil, Trunc, Round, Fabs, Fmod, Hypot, Erf, Erfc, Fma,
    Copysign, Isnan, Isinf,
    // ints and floats
    Min, Max, Clamp, Abs,
};

/// The builtin a name denotes, if any.
std::optional<Builtin> find_builtin(std::string_view name);
std::string_view builtin_name(Builtin b);

}  // namespace dpk::compiler::sema
