#!/usr/bin/env bash
# Nsight Compute on the radix sorts, dpk's next to CUB's (through CuPy), and on the f16 GEMM,
# dpk's (DPK_PROFILE_GEMMS) next to cuBLAS's kernel (through torch), on the GPU machine after
# tools/gpu/run.sh has built the tree:
#
#   bash tools/gpu/profile.sh OUT_DIR
#
# dpk: bench_algorithms with one run of 2^20 elements and 2^26 keys, profiling the kernels whose
# names start with radix_ (the histogram, the starts and the first passes of each method). CUB:
# cupy.sort of the same number of random u32 keys. Each report is printed as text (details page:
# speed of light, memory, launch, occupancy, warp states) to OUT_DIR/NAME.txt. DPK_PROFILE_SORTS=0
# leaves the sorts out.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${DPK_BUILD_DIR:-$root/build-gpu}"
out="$1"
mkdir -p "$out"
ncu="$(command -v ncu || echo /usr/local/cuda/bin/ncu)"
sections=(--section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats
          --section Occupancy --section WarpStateStats --section SchedulerStats
          --section InstructionStats)
if [[ "${DPK_PROFILE_SORTS:-1}" == 1 ]]; then
    DPK_DEVICE=cuda:gpu:0 timeout 240 "$ncu" "${sections[@]}" --kernel-name regex:'^radix_sweep' \
        --launch-count 6 --print-summary none \
        "$build/bench/bench_algorithms" 1 1048576 67108864 > "$out/dpk_sort.txt" 2>&1
    timeout 120 "$ncu" "${sections[@]}" --kernel-name regex:'Onesweep|Histogram|ExclusiveSum' --launch-count 6 \
        --print-summary none python3 -c '
import cupy as cp
keys = cp.random.default_rng(1).integers(0, 2**32, 1 << 26, dtype=cp.uint64).astype(cp.uint32)
cp.sort(keys)
cp.cuda.runtime.deviceSynchronize()' > "$out/cub_sort.txt" 2>&1
fi
# The GEMMs of DPK_PROFILE_GEMMS (default gemm_tiles64) and cuBLAS's kernel (torch.matmul) at
# 4096^3, with the Python module the session's python phase built (skipped without it); each
# kernel's launch shape is bench/matmul_tensor.py's.
if [[ -d "$root/build-gpu-python/python" ]]; then
    gemms="${DPK_PROFILE_GEMMS:-gemm_tiles64}"
    DPK_BUILD_DIR="$root/build-gpu-python" DPK_PROFILE_GEMMS="$gemms" timeout 200 "$ncu" \
        "${sections[@]}" --section ComputeWorkloadAnalysis --section SourceCounters \
        --kernel-name regex:'gemm|sm90|nvjet|Kernel' --launch-skip 0 \
        --launch-count $(( $(wc -w <<< "$gemms") + 1 )) --print-summary none python3 -c '
import os, sys
sys.path.insert(0, "build-gpu-python/python")
sys.path.insert(0, "bench")
import dpk, torch
from matmul_tensor import KERNELS, SIGNATURE
n = 4096
a = torch.randn(n, n, device="cuda", dtype=torch.float16)
b = torch.randn(n, n, device="cuda", dtype=torch.float16)
c = torch.empty(n, n, device="cuda", dtype=torch.float32)
dev = dpk.select_device("cuda:gpu:0")
q = dpk.Queue(dev)
program = dpk.Program.from_file("bench/kernels/gemm_f16.dpk")
args = [dpk.asarray(x, q) for x in (a, b, c)]
torch.cuda.synchronize()
for name in os.environ["DPK_PROFILE_GEMMS"].split():
    rows, cols, wg = KERNELS[name]
    k = program.kernel(name).specialize(SIGNATURE, dev)
    k.launch(q, (n // cols * wg, n // rows), args, local_size=(wg, 1)).wait()
torch.matmul(a, b)
torch.cuda.synchronize()' > "$out/gemm.txt" 2>&1
fi
# One line per kernel: name, duration, memory throughput, compute throughput, issue slots.
for f in "$out"/dpk_sort.txt "$out"/cub_sort.txt "$out"/gemm.txt; do
    [[ -f "$f" ]] || continue
    awk -v f="$(basename "$f" .txt)" '
        /^  [^ ].*\)x\(/ { name = $0; sub(/^ +/, "", name); sub(/ \(.*/, "", name); sub(/<.*/, "", name); sub(/.*::/, "", name) }
        /^    Duration / { d = $3 " " $2 }
        /^    Memory Throughput / { m = $4 }
        /^    Compute \(SM\) Throughput/ { c = $5; printf "  %s %-40s %s mem %s%% sm %s%%\n", f, substr(name, 1, 40), d, m, c }
        /Issue Slots Busy/ { print "    issue slots busy " $5 "%" }
        /Achieved Occupancy/ { print "    achieved occupancy " $4 "%" }' "$f"
done
