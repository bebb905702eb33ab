#!/usr/bin/env bash
# For the GPU machine: the whole test suite under ASan + UBSan and under TSan (tools/sanitize.sh)
# with the carried dependencies (.gpu-deps, see tools/gpu/fetch_deps.sh), on DPK_DEVICE (default
# cuda:gpu:0), so the CUDA backend's paths run instrumented too.
#
#   bash tools/gpu/sanitize.sh [address|thread]...     (default: address thread)
#
# Logs go to $OUT (default build-gpu-sanitize/): sanitize-KIND.log per kind, and summary.txt with
# ctest's result line of each. Exit status: 0 when every kind passed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
logs="${OUT:-$root/build-gpu-sanitize}"
mkdir -p "$logs"
kinds=("$@")
[[ ${#kinds[@]} -eq 0 ]] && kinds=(address thread)

prefix="$(bash tools/gpu/setup_prefix.sh | tail -n1)" || { echo "setup_prefix failed" >&2; exit 1; }
export PATH="$PATH:$prefix/usr/bin:/usr/local/cuda/bin"
export DPK_DEVICE="${DPK_DEVICE:-cuda:gpu:0}"
# No LLVM on that machine (the SPIR 1.2 plugin is PoCL's only); its gcc warns where Debian's does
# not, and warnings are not what this run is for.
export DPK_CMAKE_ARGS="-DCMAKE_PREFIX_PATH=$prefix/usr -DDPK_WITH_LLVM=OFF -DDPK_WERROR=OFF"
# The CUDA driver maps memory where ASan keeps its shadow gap.
export ASAN_OPTIONS="protect_shadow_gap=0:${ASAN_OPTIONS:-}"

status=0
: > "$logs/summary.txt"
for kind in "${kinds[@]}"; do
    start=$SECONDS
    bash tools/sanitize.sh "$kind" -j "$(nproc)" > "$logs/sanitize-$kind.log" 2>&1
    code=$?
    result="$(grep -E 'tests passed|tests failed' "$logs/sanitize-$kind.log" | tail -n1)"
    reports="$(grep -cE '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Undefined|Thread|Leak)Sanitizer)|runtime error:' \
        "$logs/sanitize-$kind.log")"
    line="$kind: exit $code, $((SECONDS - start)) s, ${result:-no ctest result}, sanitizer reports: $reports"
    echo "$line" | tee -a "$logs/summary.txt"
    ((code == 0)) || status=1
done
exit $status
