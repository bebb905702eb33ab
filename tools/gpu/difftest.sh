#!/usr/bin/env bash
# The differential tester (tools/difftest/) on the GPU machine: JOBS processes, each over its own
# seeds, every kernel on cuda:gpu:0 in both modes (plain and bounds-checked), after
# tools/gpu/run.sh has built the tree. The reference model runs on the host's cores, so the
# processes run side by side.
#
#   bash tools/gpu/difftest.sh [FIRST_SEED] [SEEDS_PER_JOB] [JOBS] [SECONDS]
#
# Cases go to $OUT/difftest (default build-gpu/gpu-logs/difftest); the last line sums every
# job's counts ("difftest total: ...") and the exit status is non-zero after any mismatch,
# crash, hang or error.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${DPK_BUILD_DIR:-$root/build-gpu}"
first="${1:-30000}"
per_job="${2:-6}"
jobs="${3:-$(( $(nproc) > 2 ? $(nproc) - 2 : 1 ))}"
seconds="${4:-420}"
out="${OUT:-$build/gpu-logs}/difftest"
device="${DPK_DIFFTEST_DEVICE:-cuda:gpu:0}"
mkdir -p "$out"
python="python3"
python3 -c "import numpy" 2>/dev/null || python="/usr/bin/python3"
pids=()
for ((j = 0; j < jobs; ++j)); do
    a=$((first + j * per_job))
    b=$((a + per_job - 1))
    DPK_CACHE=off timeout "$seconds" "$python" "$root/tools/difftest/difftest.py" \
        --seeds "$a..$b" --devices "$device" --modes default,bounds --ptx \
        --out "$out/job$j" --runner "$build/tools/difftest/dpk-difftest-runner" \
        --dpkc "$build/tools/dpkc/dpkc" --dpk "$build/tools/dpk/dpk" >"$out/job$j.log" 2>&1 &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
# Each job's last progress line: "seed S: Ts: K kernels run, M mismatches, C crashes/hangs, E errors"
for ((j = 0; j < jobs; ++j)); do grep '^seed ' "$out/job$j.log" | tail -n 1; done |
    awk -v dev="$device" '{for (i = 1; i <= NF; ++i) { if ($(i+1) == "kernels") k += $i; if ($(i+1) == "mismatches,") m += $i;
                                     if ($(i+1) == "crashes/hangs,") c += $i; if ($(i+1) == "errors") e += $i } }
         END { printf "difftest total: %d kernels run on %s, %d mismatches, %d crashes/hangs, %d errors\n", k, dev, m, c, e }'
grep -h -E '^(MISMATCH|CRASH|HANG|COMPILE|LAUNCH|BOUNDS)' "$out"/job*.log | head -n 40
exit $status
