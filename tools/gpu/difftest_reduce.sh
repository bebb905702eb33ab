#!/usr/bin/env bash
# Shrinks differential-tester cases (tools/difftest/README.md, "Reducing a case") on the GPU
# machine, side by side, after tools/gpu/run.sh has built the tree:
#
#   bash tools/gpu/difftest_reduce.sh SECONDS CASE_FOLDER...
#
# Each case folder is copied to /tmp/dpk-reduce/NAME (DPK_REDUCE_DIR) and reduced there for at most
# SECONDS (the reducer saves reduced.dpk after every round, so a stopped reduction keeps its
# progress); nproc - 2 reductions run at a time. The log of each is NAME.log beside it. Then each
# reduced kernel that faulted or reported an out-of-bounds index runs once more under
# compute-sanitizer (memcheck, then synccheck: NAME.memcheck.log, NAME.synccheck.log). Everything
# small enough to read (logs, reduced kernels, replays) is packed into $OUT/reduced.tgz, one file,
# since the device tool brings back a limited number of files.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${DPK_BUILD_DIR:-$root/build-gpu}"
seconds="$1"
shift
logs="${OUT:-$build/gpu-logs}"
out="${DPK_REDUCE_DIR:-/tmp/dpk-reduce}"
mkdir -p "$logs"
jobs="${DPK_JOBS:-$(( $(nproc) > 2 ? $(nproc) - 2 : 1 ))}"
mkdir -p "$out"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
python="python3"
python3 -c "import numpy" 2>/dev/null || python="/usr/bin/python3"
for case in "$@"; do
    name="$(basename "$case")"
    cp -r "$case" "$out/$name"
    while (( $(jobs -rp | wc -l) >= jobs )); do wait -n; done
    DPK_CACHE=off timeout "$seconds" "$python" "$root/tools/difftest/difftest.py" \
        --reduce "$out/$name" --runner "$build/tools/difftest/dpk-difftest-runner" \
        --dpkc "$build/tools/dpkc/dpkc" --dpk "$build/tools/dpk/dpk" >"$out/$name.log" 2>&1 &
done
wait
for case in "$@"; do
    name="$(basename "$case")"
    [[ -f "$out/$name/reduced.pkl" ]] || continue
    case "$name" in *-launch|*-bounds) ;; *) continue ;; esac
    for tool in memcheck synccheck; do
        DPK_CACHE=off DPK_DIFFTEST_WRAP="$sanitizer --tool $tool" timeout 120 "$python" \
            "$root/tools/difftest/difftest.py" --replay "$out/$name" \
            --runner "$build/tools/difftest/dpk-difftest-runner" --dpkc "$build/tools/dpkc/dpkc" \
            --dpk "$build/tools/dpk/dpk" >"$out/$name.$tool.log" 2>&1
        cp "$out/$name/replay/runner.log" "$out/$name.$tool.runner.log" 2>/dev/null
    done
done
for case in "$@"; do
    name="$(basename "$case")"
    if [[ -f "$out/$name/reduced.dpk" ]]; then
        echo "$name: reduced to $(wc -c <"$out/$name/reduced.dpk") bytes"
    else
        echo "$name: not reduced ($(tail -n 1 "$out/$name.log"))"
    fi
done
tar czf "$logs/reduced.tgz" -C "$out" .
