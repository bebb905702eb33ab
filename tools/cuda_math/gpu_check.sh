#!/usr/bin/env bash
# Builds the standalone GPU check of the PTX math library, without the rest of dpk: the modules
# are assembled through backends/cuda/math/ptx_math_library.h exactly as the translator does,
# loaded with the CUDA driver API, and every entry point runs over the inputs of
# tests/cuda/math_ulp_support.h; it prints the ULP table and how many results differ in bits
# from the host build of the same source (contraction is off on both sides: only the functions
# that use the special-function unit differ, f32 exp and erf and f64 rsqrt; see
# backends/cuda/math/README.md).
#
#   bash tools/cuda_math/gpu_check.sh [OUT_DIR]      build (needs the CUDA toolkit's cuda.h and
#                                                    its stub libcuda.so; no GPU needed)
#   OUT_DIR/ptx_module_check run [N]                 run on a machine with a GPU and its driver
#   OUT_DIR/ptx_module_check sweep [NAME...]         every f32 input of exp, log, erf (or NAME...)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cuda="${CUDA_HOME:-/usr/local/cuda}"
out="${1:-$root/build/cuda_math}"
mkdir -p "$out"
g++ -std=c++20 -O2 -ffp-contract=off -c "$here/dpk_math_host.cpp" -o "$out/dpk_math_host.o"
g++ -std=c++20 -O2 -I"$root" -I"$cuda/include" -DDPK_MATH_CUDA_DRIVER \
    "$here/ptx_module_check.cpp" "$root/backends/cuda/math/ptx_math_library.cpp" \
    "$root/backends/cuda/math/ptx_math_library_data.cpp" "$out/dpk_math_host.o" \
    -L"$cuda/lib64/stubs" -lcuda -lpthread -o "$out/ptx_module_check"
echo "built $out/ptx_module_check; on a GPU machine: $out/ptx_module_check run [N] | sweep [NAME...]"
