#!/usr/bin/env bash
# The PTX of bench/kernels/gemm_f16.dpk's kernels as DPKC makes it, written to OUT as
# KERNEL+TAG.ptx, KERNEL+TAG+bf16.ptx (the kernel with bf16 inputs) and, for work-groups of 128,
# KERNEL+TAG+minnctapersm3.ptx (`.minnctapersm 3` after `.reqntid`: ptxas held to three groups
# a multiprocessor). Run here with the dpkc of each tree to compare (TAG names it), then in one
# device call, with no build there:
#
#   bash tools/gpu/ptx_variants.sh .gpu-ptx build/tools/dpkc/dpkc main [KERNEL ...]
#   run: DPK_PTX_DIR=.gpu-ptx python3 bench/matmul_tensor.py --ptx-only cuda:gpu:0 10 4096 8192
#        (carry .gpu-ptx; or session.sh's matrixptx phase with DPK_PTX_DIR set)
#
# Default kernels: gemm_tiles64 gemm_tiles64_pf gemm_tiles64_3 gemm_tiles32 gemm_group
# gemm_group3 (none past 48 KiB of
# work-group memory: the launch through CuPy gives no dynamic shared memory).
set -euo pipefail
[[ $# -ge 3 ]] || { echo "usage: $0 OUT DPKC TAG [KERNEL ...]" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$1" dpkc="$2" tag="$3"
shift 3
mkdir -p "$out"
# The bf16 kernels: the same source with every f16 made bf16 (as bench/matmul_tensor.py does).
bf16_source="$(mktemp --suffix=.dpk)"
trap 'rm -f "$bf16_source"' EXIT
sed 's/f16/bf16/g' "$root/bench/kernels/gemm_f16.dpk" > "$bf16_source"
for k in "${@:-gemm_tiles64 gemm_tiles64_pf gemm_tiles64_3 gemm_tiles32 gemm_group gemm_group3}"; do
    for name in $k; do
        "$dpkc" "$root/bench/kernels/gemm_f16.dpk" -k "$name" --emit ptx -o "$out/$name+$tag.ptx"
        echo "$out/$name+$tag.ptx"
        "$dpkc" "$bf16_source" -k "$name" --emit ptx -o "$out/$name+$tag+bf16.ptx"
        echo "$out/$name+$tag+bf16.ptx"
        # Work-groups of 128 only (three of them: 168 registers).
        grep -q '^\.reqntid 128, 1, 1$' "$out/$name+$tag.ptx" || continue
        sed 's/^\.reqntid 128, 1, 1$/&\n.minnctapersm 3/' "$out/$name+$tag.ptx" \
            > "$out/$name+$tag+minnctapersm3.ptx"
        echo "$out/$name+$tag+minnctapersm3.ptx"
    done
done
