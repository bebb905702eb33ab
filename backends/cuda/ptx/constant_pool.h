// f64 constants from a module-scope .const table instead of instruction immediates.
//
// An f64 immediate whose low 32 bits are not zero has no place in a SASS instruction: ptxas
// builds it in a uniform register pair with two UMOV each time it is used (a Black-Scholes
// kernel: 194 UMOV in 654 instructions). Read from .const memory, the same constant is one
// ULDC.64, and ptxas hoists it like any other load (Black-Scholes f64 on an H200: 313 -> 270 us).
// Immediates whose low word is zero (0.5, 2.0, 0.375, ...) fit the instruction and stay.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "backends/cuda/ptx/ptx_ir.h"

namespace dpk::backends::cuda {

/// The module-scope symbol of the table.
inline constexpr std::string_view kF64ConstantTable = "__dpk_f64_constants";
/// At most this many distinct constants go to the table (64 KiB is a module's .const space; the
/// rest stay immediates).
inline constexpr std::size_t kMaxPooledF64Constants = 4096;

/// The module's table of f64 constants, filled pass by pass over its parts in module order:
/// pool() rewrites, in `items`, every unguarded `mov.f64` / `mov.b64` of an f64 immediate into a
/// register whose constant's low 32 bits are not zero as
/// `ld.const.f64 %REG, [__dpk_f64_constants+OFFSET];`, one table entry per distinct constant, in
/// the order of first use. A line that carries a comment is left as it is.
class F64ConstantPool {
public:
    void pool(PtxItems& items);
    /// The table's .const declaration ("" when nothing was pooled).
    std::string declaration() const;

private:
    std::map<std::uint64_t, std::size_t> slots_;
    std::vector<std::uint64_t> order_;
};

}  // namespace dpk::backends::cuda
