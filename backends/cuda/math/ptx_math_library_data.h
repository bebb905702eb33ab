// The generated table behind ptx_math_library.h (ptx_math_library_data.cpp, written by
// tools/cuda_math/generate.sh). Internal to dpk_ptx_math.
#pragma once

#include <cstddef>

namespace dpk::backends::cuda::detail {

struct PtxMathSymbol {
    const char* name;
    const char* dependencies;  // the symbols its text references, space-separated
    const char* kind;          // "func" or "data"
    const char* ptx;           // its definition, no .version/.target/.address_size lines
};

/// Every symbol after the symbols it references.
extern const PtxMathSymbol kPtxMathSymbols[];
extern const std::size_t kPtxMathSymbolCount;

}  // namespace dpk::backends::cuda::detail
