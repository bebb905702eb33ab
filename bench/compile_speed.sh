#!/usr/bin/env bash
# Whole-process compile speed, measured side by side in one run:
#   dpkc bench/matmul.dpk -o OUT.spv
#   clang-15 -c -target spir64 -cl-std=CL1.2 -O2 -emit-llvm matmul.cl &&
#     llvm-spirv-15 --spirv-max-version=1.0 (the anchor; SPIR-V 1.0 like dpkc, so both outputs
#     validate for OpenCL 1.2: llvm-spirv-15 defaults to SPIR-V 1.4)
# Prints the median of each and the speedup (goal: dpkc at least 20x faster).
#
# usage: bench/compile_speed.sh DPKC [RUNS]      DPKC: path to dpkc; RUNS: default 30
#        bench/compile_speed.sh --clang-only [RUNS]   (the anchor alone, e.g. before dpkc exists)
# Uses hyperfine when installed, else a date +%s%N loop. CLANG / LLVM_SPIRV / SPIRV_VAL override
# the tool names. Both outputs are checked with spirv-val --target-env opencl1.2 first.
set -euo pipefail

usage() { echo "usage: $0 DPKC|--clang-only [RUNS]" >&2; exit 2; }
[ $# -ge 1 ] || usage
dpkc=$1
runs=${2:-30}
[[ $runs =~ ^[1-9][0-9]*$ ]] || usage
here=$(cd "$(dirname "$0")" && pwd)
clang=${CLANG:-clang-15}
llvm_spirv=${LLVM_SPIRV:-llvm-spirv-15}
spirv_val=${SPIRV_VAL:-spirv-val}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

with_dpkc=1
if [ "$dpkc" = "--clang-only" ]; then
    with_dpkc=0
elif [ ! -x "$dpkc" ]; then
    echo "compile_speed: '$dpkc' is not an executable dpkc" >&2
    exit 2
fi
for tool in "$clang" "$llvm_spirv"; do
    command -v "$tool" >/dev/null || { echo "compile_speed: $tool not found" >&2; exit 2; }
done

# The two jobs being timed (run directly: no extra shell in either).
run_dpkc() { "$dpkc" "$here/matmul.dpk" -o "$tmp/dpk.spv"; }
run_clang() {
    "$clang" -c -target spir64 -cl-std=CL1.2 -O2 -emit-llvm -o "$tmp/x.bc" "$here/matmul.cl" &&
        "$llvm_spirv" --spirv-max-version=1.0 "$tmp/x.bc" -o "$tmp/x.spv"
}

# One checked run of each: it must succeed and its SPIR-V must validate for OpenCL 1.2.
validate() {  # NAME FILE
    if command -v "$spirv_val" >/dev/null; then
        if "$spirv_val" --target-env opencl1.2 "$2"; then
            echo "$1: $(($(stat -c %s "$2") / 4)) words, spirv-val --target-env opencl1.2: ok"
        else
            echo "compile_speed: $1 output fails spirv-val" >&2
            exit 1
        fi
    else
        echo "$1: $(($(stat -c %s "$2") / 4)) words (spirv-val not found: not validated)"
    fi
}
if [ $with_dpkc = 1 ]; then
    run_dpkc || { echo "compile_speed: dpkc failed on bench/matmul.dpk" >&2; exit 1; }
    validate dpkc "$tmp/dpk.spv"
fi
run_clang || { echo "compile_speed: clang + llvm-spirv failed on bench/matmul.cl" >&2; exit 1; }
validate clang+llvm-spirv "$tmp/x.spv"

# median_ms NAME: times RUNS runs of run_NAME, prints the median in ms.
if command -v hyperfine >/dev/null; then
    timer=hyperfine
    median_ms() {
        local cmd
        if [ "$1" = dpkc ]; then
            cmd="'$dpkc' '$here/matmul.dpk' -o '$tmp/dpk.spv'"
        else
            cmd="'$clang' -c -target spir64 -cl-std=CL1.2 -O2 -emit-llvm -o '$tmp/x.bc' '$here/matmul.cl' && '$llvm_spirv' --spirv-max-version=1.0 '$tmp/x.bc' -o '$tmp/x.spv'"
        fi
        hyperfine --style none --warmup 3 --runs "$runs" --export-json "$tmp/$1.json" "$cmd" \
            >/dev/null
        # The median is seconds in the JSON; print it in ms.
        sed -n 's/.*"median": *\([0-9.eE+-]*\).*/\1/p' "$tmp/$1.json" | head -1 |
            awk '{ printf "%.2f", $1 * 1000 }'
    }
else
    timer="date +%s%N loop"
    median_ms() {
        local i t0 t1
        local -a samples=()
        for i in 1 2 3; do "run_$1" >/dev/null; done  # warm-up: page cache, dynamic loader
        for ((i = 0; i < runs; ++i)); do
            t0=$(date +%s%N)
            "run_$1" >/dev/null
            t1=$(date +%s%N)
            samples+=($((t1 - t0)))
        done
        printf '%s\n' "${samples[@]}" | sort -n |
            awk '{ v[NR] = $1 } END {
                m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                printf "%.2f", m / 1e6 }'
    }
fi

echo "timing $runs runs each with $timer"
clang_ms=$(median_ms clang)
if [ $with_dpkc = 1 ]; then
    dpkc_ms=$(median_ms dpkc)
    speedup=$(awk -v a="$clang_ms" -v b="$dpkc_ms" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
    met=$(awk -v s="$speedup" 'BEGIN { print (s >= 20 ? "MET" : "MISSED") }')
    echo "dpkc median_ms=$dpkc_ms ; clang+llvm-spirv median_ms=$clang_ms ; speedup=${speedup}x (goal >= 20x) $met"
else
    echo "dpkc median_ms=n/a ; clang+llvm-spirv median_ms=$clang_ms ; speedup=n/a (goal >= 20x)"
fi
