#!/usr/bin/env bash
# Regenerates backends/cuda/math/ptx_math_library_data.cpp from tools/cuda_math/dpk_math.cu and
# checks it. Needs the CUDA toolkit (nvcc, ptxas; $CUDA_HOME, default /usr/local/cuda), python3
# and g++. Building dpk needs none of this: the generated file is checked in.
#
#   bash tools/cuda_math/generate.sh            generate + ptxas every module + host ULP check
#   bash tools/cuda_math/generate.sh --no-ulp   without the host ULP check (~20 s)
#
# Steps:
#  1. nvcc -ptx -rdc=true (keeps every extern __noinline__ entry point as a .func), -fmad=false
#     (no contraction: the host build computes the same bits, but where the library uses the
#     special-function unit: dpk_math_compat.h), -O3, sm_90.
#  2. ptx_split.py: one entry per .func / .global data symbol, with the symbols it references.
#  3. ptx_module_check (through backends/cuda/math/ptx_math_library.cpp, as the translator uses
#     it) writes one module per entry point (its closure + a test kernel) and one with all of
#     them; ptxas -arch=sm_90 must accept each, and the combined one also at the lowest target
#     listed in README.md.
#  4. The host ULP check (tests/cuda/math_host_ulp_test.cpp) on the host build of the source.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cuda="${CUDA_HOME:-/usr/local/cuda}"
nvcc="$cuda/bin/nvcc"
ptxas="$cuda/bin/ptxas"
out="$root/backends/cuda/math/ptx_math_library_data.cpp"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
run_ulp=1
[[ "${1:-}" == "--no-ulp" ]] && run_ulp=0

nvcc_flags=(-ptx -arch=sm_90 -rdc=true -fmad=false -O3 -std=c++17 -diag-suppress 39,68,222)
echo "== nvcc ${nvcc_flags[*]} dpk_math.cu"
"$nvcc" "${nvcc_flags[@]}" "$here/dpk_math.cu" -o "$work/dpk_math.ptx"

# No CUDA math library may leak in: every call must go to a __dpk_ symbol.
if grep -E '^\s*(call|call\.uni)\b' -A1 "$work/dpk_math.ptx" | grep -vE '^\s*(call|--|__dpk_)' | grep -q .; then
    echo "error: the PTX calls something outside the library" >&2
    exit 1
fi
if grep -q '^\.extern' "$work/dpk_math.ptx"; then
    echo "error: the PTX declares external symbols" >&2
    exit 1
fi

nvcc_version="$("$nvcc" --version | grep -o 'release [0-9.]*, V[0-9.]*')"
python3 "$here/ptx_split.py" "$work/dpk_math.ptx" "$out" \
    "nvcc ${nvcc_version}: nvcc ${nvcc_flags[*]} tools/cuda_math/dpk_math.cu"

echo "== ptxas on every module"
g++ -std=c++20 -O1 -I"$root" -o "$work/ptx_module_check" "$here/ptx_module_check.cpp" \
    "$root/backends/cuda/math/ptx_math_library.cpp" "$out"
mkdir -p "$work/modules"
"$work/ptx_module_check" write "$work/modules" > "$work/closures.txt"
for m in "$work"/modules/*.ptx; do
    "$ptxas" -arch=sm_90 "$m" -o "$work/out.cubin"
done
echo "ptxas -arch=sm_90: $(ls "$work"/modules/*.ptx | wc -l) modules OK"
# The lowest PTX ISA / target the definitions are checked against (README.md).
"$work/ptx_module_check" write "$work/modules" 7.0 sm_75 > /dev/null
"$ptxas" -arch=sm_75 "$work/modules/all.ptx" -o "$work/out.cubin"
echo "ptxas -arch=sm_75 (.version 7.0): OK"
echo "== closures (symbol: what ptx_math_closure returns)"
cat "$work/closures.txt"

if [[ $run_ulp == 1 ]]; then
    echo "== host ULP check"
    g++ -std=c++20 -O2 -ffp-contract=off -c "$here/dpk_math_host.cpp" -o "$work/dpk_math_host.o"
    g++ -std=c++20 -O2 -I"$root" "$root/tests/cuda/math_host_ulp_test.cpp" "$work/dpk_math_host.o" \
        -o "$work/math_host_ulp_test" -lpthread
    "$work/math_host_ulp_test"
fi
echo "== wrote $out"
