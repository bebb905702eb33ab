#!/usr/bin/env bash
# Compiles the example kernels with dpkc and reports each module's size and validation result.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
dpkc="$build/compiler/dpkc"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

compile() {  # compile NAME FILE [SIGNATURE]
    local name="$1" file="$2" sig="${3:-}"
    local args=("$file" -o "$out/$name.spv")
    [[ -n "$sig" ]] && args+=(-s "$sig")
    "$dpkc" "${args[@]}"
    local size validation
    size=$(stat -c %s "$out/$name.spv")
    if validation=$(spirv-val --target-env opencl1.2 "$out/$name.spv" 2>&1); then
        validation="valid (spirv-val --target-env opencl1.2)"
    fi
    printf '%-28s %6d bytes  %s\n' "$name" "$size" "$validation"
}

echo "dpk: compiling the example kernels to SPIR-V"
compile vecadd_f32 "$root/examples/vecadd/vecadd.dpk" "void(f32[::1], f32[::1], f32[::1])"
compile vecadd_i64 "$root/examples/vecadd/vecadd.dpk" "void(i64[::1], i64[::1], i64[::1])"
compile saxpy "$root/examples/saxpy/saxpy.dpk"
compile matmul "$root/examples/matmul/matmul.dpk"
compile block_sum_f32 "$root/examples/reduction/block_sum.dpk" "void(f32[::1], f32[::1], local f32[:])"
