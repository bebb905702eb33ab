#!/usr/bin/env bash
# SASS instruction counts of every entry point of the PTX math library, as the translator links
# it: each function's closure with the test kernel of ptx_module_check (load, call, store),
# assembled by ptxas -O3 and disassembled by cuobjdump. ptxas inlines a function called once, so
# "sass" counts the whole module (the test kernel's own part is the "baseline" row: subtract it
# for the function's share), NOPs left out; "calls" are the CALL instructions left (functions
# ptxas kept out of line, and the slow paths of division and sqrt); "regs" the kernel's
# registers. Needs ptxas and cuobjdump or nvdisasm ($CUDA_HOME/bin or PATH); no GPU.
#
#   bash tools/cuda_math/sass_counts.sh [ARCH]      ARCH default 90 (sm_90)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cuda="${CUDA_HOME:-/usr/local/cuda}"
PATH="$PATH:$cuda/bin"
arch="${1:-90}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O1 -I"$root" -o "$work/ptx_module_check" "$here/ptx_module_check.cpp" \
    "$root/backends/cuda/math/ptx_math_library.cpp" \
    "$root/backends/cuda/math/ptx_math_library_data.cpp"
mkdir -p "$work/modules"
"$work/ptx_module_check" write "$work/modules" > /dev/null
printf '%-18s %6s %6s %5s\n' symbol sass calls regs
disassemble() {  # FILE.cubin -> SASS listing
    if command -v cuobjdump > /dev/null; then cuobjdump -sass "$1"; else nvdisasm -c "$1"; fi
}
count() {  # FILE.cubin -> "instructions calls"
    disassemble "$1" | grep -E '^\s+/\*[0-9a-f]{4}\*/' | grep -v ' NOP' > "$work/insns.txt" || true
    echo "$(wc -l < "$work/insns.txt") $(grep -c ' CALL' "$work/insns.txt" || true)"
}
# The test kernel alone: the same module with the call replaced by a move of the argument.
base="$work/modules/__dpk_exp_f32.ptx"
awk '/^\.version|^\.target|^\.address_size/{print; next} /^\.visible \.entry/{k=1} k' "$base" |
    sed -E 's/call\.uni \(retval0\), [^,]+, \(param0\);/mov.b32 %r7, 0;/; s/ld\.param\.f32 %v3, \[retval0\+0\];/mov.f32 %v3, %v1;/' \
    > "$work/baseline.ptx"
ptxas -O3 -arch="sm_$arch" "$work/baseline.ptx" -o "$work/m.cubin"
read -r n c <<< "$(count "$work/m.cubin")"
printf '%-18s %6s %6s %5s\n' baseline "$n" "$c" -
for m in "$work"/modules/__dpk_*.ptx; do
    sym="$(basename "$m" .ptx)"
    ptxas -O3 -arch="sm_$arch" -v "$m" -o "$work/m.cubin" 2> "$work/ptxas.txt"
    read -r n c <<< "$(count "$work/m.cubin")"
    regs="$(grep -oE 'Used [0-9]+ registers' "$work/ptxas.txt" | grep -oE '[0-9]+' | sort -n | tail -n1)"
    printf '%-18s %6s %6s %5s\n' "$sym" "$n" "$c" "$regs"
done
