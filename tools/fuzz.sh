#!/usr/bin/env bash
# Runs each libFuzzer harness (tests/fuzz) for MINUTES minutes on an optimized ASan + UBSan build
# made with clang (clang 15 where installed: clang 14 rejects the ANTLR 4.9 runtime's headers),
# in build-fuzz/. New inputs go to build-fuzz/corpus/HARNESS (the checked-in corpus is the seed),
# crashes to build-fuzz/crashes/HARNESS: copy each crash into tests/fuzz/corpus/HARNESS with its
# fix, so CI replays it for ever.
# usage: tools/fuzz.sh [MINUTES] [HARNESS...]   (default: 10 minutes, every harness)
# Exit status: 0 when no harness found a crash, leak or timeout, else 1.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
minutes="${1:-10}"
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(npy bundle cache_entry signature compiler)
cxx="${DPK_FUZZ_CXX:-$(command -v clang++-15 || command -v clang++)}"
cc="${DPK_FUZZ_CC:-$(command -v clang-15 || command -v clang)}"
build="$root/build-fuzz"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_COMPILER=$cxx" \
    "-DCMAKE_C_COMPILER=$cc" "-DDPK_SANITIZE=address;undefined" -DDPK_FUZZ=ON -DDPK_WERROR=OFF \
    "${launcher[@]}" || exit 1
targets=()
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build "$build" -j "${DPK_JOBS:-$(nproc)}" --target "${targets[@]}" || exit 1
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
status=0
for h in "${harnesses[@]}"; do
    corpus="$build/corpus/$h"
    crashes="$build/crashes/$h"
    mkdir -p "$corpus" "$crashes"
    "$build/tests/fuzz/fuzz_$h" "$corpus" "$root/tests/fuzz/corpus/$h" \
        -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
        -artifact_prefix="$crashes/" -print_final_stats=1 2>"$build/fuzz_$h.log"
    code=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/fuzz_$h.log" | grep -o '[0-9]*$')
    echo "fuzz_$h: exit $code, ${execs:-?} executions, $(ls "$crashes" | wc -l) crash files"
    ((code == 0)) || status=1
done
exit $status
