#!/usr/bin/env bash
# For the GPU machine: dpk's PTX and SASS of the benchmark kernels next to nvcc's, to see where
# the translator's code differs (usage: bash tools/gpu/inspect_kernels.sh BUILD_DIR OUT_DIR).
# dpk's PTX comes from dpkc --emit ptx, its SASS from ptxas -O3 (what the driver's JIT runs);
# nvcc's from the CUDA C twins (bench/kernels/*.cu) the benchmark build compiled. Writes
# OUT_DIR/<kernel>.{dpk,nvcc}.{ptx,sass} and prints a table of SASS instruction counts: dpk's
# general entry point and its index32+noalias variant (docs/compiler.md, "Launch-time variants").
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:?build dir}"
out="${2:?out dir}"
arch="${DPK_BENCH_CUDA_ARCH:-90}"
mkdir -p "$out"
PATH="$PATH:/usr/local/cuda/bin"
dpkc="$build/tools/dpkc/dpkc"
k="$root/bench/kernels"
# NAME FILE KERNEL SIGNATURE CU_DEFINE
specs=(
    "saxpy saxpy.dpk saxpy - -"
    "matmul matmul.dpk matmul - -"
    "jacobi jacobi.dpk jacobi - -"
    "reduction reduction.dpk sum - -"
    "copy stream.dpk copy - -"
    "triad stream.dpk triad - -"
    "black_scholes_f64 black_scholes.dpk black_scholes f64 -DREAL=double"
    "black_scholes_f32 black_scholes.dpk black_scholes f32 -DREAL=float"
)
printf '%-18s %10s %14s %10s %10s %10s\n' kernel dpk_sass dpk_variant nvcc_sass dpk_regs nvcc_regs
for spec in "${specs[@]}"; do
    read -r name file kernel t define <<< "$spec"
    sig=()
    if [[ "$t" != - ]]; then
        a="$t[::1]"
        sig=(-s "void($a, $a, $a, $t, $t, $a, $a)")
    fi
    "$dpkc" "$k/$file" -k "$kernel" "${sig[@]}" --emit ptx --target "cuda:sm_$arch" \
        -o "$out/$name.dpk.ptx" 2> "$out/$name.dpk.err" || { echo "$name: dpkc failed"; continue; }
    ptxas -O3 -arch="sm_$arch" -v "$out/$name.dpk.ptx" -o "$out/$name.dpk.cubin" \
        2> "$out/$name.dpk.ptxas" || { echo "$name: ptxas failed"; continue; }
    cuobjdump -sass "$out/$name.dpk.cubin" > "$out/$name.dpk.sass"
    # The general entry point and the variant a launch of fitting, distinct arrays runs.
    cuobjdump -sass -fun "$kernel" "$out/$name.dpk.cubin" > "$out/$name.dpk.general.sass"
    cuobjdump -sass -fun "${kernel}__index32__noalias" "$out/$name.dpk.cubin" \
        > "$out/$name.dpk.variant.sass" 2>/dev/null || : > "$out/$name.dpk.variant.sass"
    src="${file%.dpk}.cu"
    defs=()
    [[ "$define" != - ]] && defs=("$define")
    nvcc -O3 -arch="sm_$arch" "${defs[@]}" -ptx "$k/$src" -o "$out/$name.nvcc.ptx"
    nvcc -O3 -arch="sm_$arch" "${defs[@]}" -cubin -Xptxas -v "$k/$src" -o "$out/$name.nvcc.cubin" \
        2> "$out/$name.nvcc.ptxas"
    cuobjdump -sass -fun "$kernel" "$out/$name.nvcc.cubin" > "$out/$name.nvcc.sass" 2>/dev/null ||
        cuobjdump -sass "$out/$name.nvcc.cubin" > "$out/$name.nvcc.sass"
    count() { grep -cE '^\s+/\*[0-9a-f]{4}\*/' "$1"; }
    regs() { grep -oE 'Used [0-9]+ registers' "$1" | head -n1 | grep -oE '[0-9]+'; }
    printf '%-18s %10s %14s %10s %10s %10s\n' "$name" "$(count "$out/$name.dpk.general.sass")" \
        "$(count "$out/$name.dpk.variant.sass")" "$(count "$out/$name.nvcc.sass")" \
        "$(regs "$out/$name.dpk.ptxas")" \
        "$(regs "$out/$name.nvcc.ptxas")"
done
