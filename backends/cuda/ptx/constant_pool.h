// f64 constants from a module-scope .const table instead of instruction immediates.
//
// An f64 immediate whose low 32 bits are not zero has no place in a SASS instruction: ptxas
// builds it in a uniform register pair with two UMOV each time it is used (a Black-Scholes
// kernel: 194 UMOV in 654 instructions). Read from .const memory, the same constant is one
// ULDC.64, and ptxas hoists it like any other load (Black-Scholes f64 on an H200: 313 -> 270 us).
// Immediates whose low word is zero (0.5, 2.0, 0.375, ...) fit the instruction and stay.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dpk::backends::cuda {

/// The module-scope symbol of the table.
inline constexpr std::string_view kF64ConstantTable = "__dpk_f64_constants";
/// At most this many distinct constants go to the table (64 KiB is a module's .const space; the
/// rest stay immediates).
inline constexpr std::size_t kMaxPooledF64Constants = 4096;

struct PooledF64Constants {
    std::string declaration;  // the table's .const declaration ("" when nothing was pooled)
    std::string text;         // `ptx` with each pooled move rewritten as a load
};

/// Rewrites every line of `ptx` of the form `mov.f64 %REG, 0dHHHHHHHHHHHHHHHH;` (or `mov.b64`;
/// any leading whitespace) whose constant's low 32 bits are not zero as
/// `ld.const.f64 %REG, [__dpk_f64_constants+OFFSET];`, one table entry per distinct constant.
/// Other lines are kept as they are.
PooledF64Constants pool_f64_constants(std::string_view ptx);

}  // namespace dpk::backends::cuda
