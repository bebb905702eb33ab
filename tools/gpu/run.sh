#!/usr/bin/env bash
# The one command for the GPU machine (Ubuntu 24.04, gcc 13, CMake 4, CUDA 13, NVIDIA driver; no
# network, none of dpk's Debian packages). From the repository root:
#
#   bash tools/gpu/run.sh [CTEST_ARGS...]   set up the carried dependencies, configure, build, list
#                                           the devices, run ctest, compute-sanitizer, benchmarks
#   bash tools/gpu/run.sh --probe           only print what the machine has (a few seconds)
#
# Needs .gpu-deps/ in the tree (made here by tools/gpu/fetch_deps.sh; carry it: [".gpu-deps"]).
# Every phase runs even when an earlier one failed (as far as it can), the summary at the end says
# what passed, and the exit status is non-zero when anything failed.
#
# Settings (environment):
#   OUT                  where logs go (build.log, ctest.log, sanitizer.log, bench.log,
#                        summary.txt); default <build>/gpu-logs
#   DPK_DEVICE           device for the tests (default cuda:gpu:0)
#   DPK_BUILD_DIR        build folder (default build-gpu; reused, so a second run is incremental)
#   DPK_DEPS_PREFIX      where the .debs are unpacked (default /opt/dpk-deps, see setup_prefix.sh)
#   DPK_JOBS             parallel jobs for build and ctest (default: all cores)
#   DPK_WITH_LLVM        AUTO (default) | ON | OFF (no LLVM there: the SPIR 1.2 plugin is not built)
#   DPK_BUILD_TARGETS    targets to build (shell words; default: all): a short call builds what
#                        its tests need (ctest then reports the others' binaries missing)
#   DPK_TIME_BUDGET      seconds for the whole run (default 540); later phases shrink or are
#                        skipped to fit, ctest is stopped at the budget
#   DPK_SANITIZE         ';'-separated "binary [args]" (paths relative to the build folder) for
#                        compute-sanitizer memcheck + racecheck; "none" skips. Default below.
#   DPK_SANITIZER_TIMEOUT  seconds per sanitizer run (default 60)
#   DPK_SANITIZER_RESERVE  seconds of the budget kept from ctest for the sanitizer (default 150)
#   DPK_BENCHMARKS       ';'-separated "binary [args]" to run at the end (default: none), e.g.
#                        "bench/bench_launch;bench/bench_vecadd"
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
start_time=$SECONDS

# --- probe: what is on this machine, nothing else --------------------------------------------
probe() {
    echo "== dpk GPU machine probe ($(date -u '+%Y-%m-%d %H:%M:%S UTC'))"
    echo "-- host: $(uname -srm); cores: $(nproc); $(grep -m1 PRETTY_NAME /etc/os-release 2>/dev/null || true)"
    echo "-- nvidia-smi:"
    if command -v nvidia-smi >/dev/null; then
        timeout 20 nvidia-smi --query-gpu=index,name,driver_version,memory.total,compute_cap \
            --format=csv 2>&1 || timeout 20 nvidia-smi 2>&1 | head -n 15 || true
    else
        echo "   (nvidia-smi not on PATH)"
    fi
    echo "-- tools:"
    local t
    for t in gcc g++ cmake ninja nvcc compute-sanitizer python3 dpkg-deb ar tar xz zstd sha256sum \
             realpath readelf nm ldd; do
        local p
        p="$(command -v "$t" 2>/dev/null || true)"
        if [[ -z "$p" && -x "/usr/local/cuda/bin/$t" ]]; then p="/usr/local/cuda/bin/$t (not on PATH)"; fi
        printf '   %-18s %s\n' "$t" "${p:-MISSING}"
    done
    echo "-- versions:"
    gcc --version 2>/dev/null | head -n1 | sed 's/^/   /' || true
    cmake --version 2>/dev/null | head -n1 | sed 's/^/   /' || true
    echo "   ninja $(ninja --version 2>/dev/null || echo MISSING)"
    python3 --version 2>&1 | sed 's/^/   /' || true
    python3 -c 'import numpy; print("   numpy", numpy.__version__)' 2>/dev/null || echo "   numpy: not installed"
    { command -v nvcc >/dev/null && nvcc --version || /usr/local/cuda/bin/nvcc --version; } 2>/dev/null |
        tail -n1 | sed 's/^/   nvcc: /' || true
    echo "-- libcuda / OpenCL:"
    { ldconfig -p 2>/dev/null | grep -E 'libcuda\.so|libnvidia-opencl|libOpenCL' || true; } | sed 's/^/  /'
    ls -l /usr/lib/x86_64-linux-gnu/libcuda.so* 2>/dev/null | sed 's/^/   /' || true
    ls -l /etc/OpenCL/vendors 2>/dev/null | sed 's/^/   /' || echo "   /etc/OpenCL/vendors: none"
    echo "-- carried: $(ls .gpu-deps/*.deb 2>/dev/null | wc -l) .debs in .gpu-deps ($(du -sh .gpu-deps 2>/dev/null | cut -f1 || echo none))"
    echo "-- disk: $(df -h . | tail -n1)"
}

if [[ "${1:-}" == "--probe" ]]; then
    if [[ -n "${OUT:-}" ]]; then mkdir -p "$OUT"; probe 2>&1 | tee "$OUT/probe.txt"; else probe; fi
    exit 0
fi

# --- settings ---------------------------------------------------------------------------------
build="${DPK_BUILD_DIR:-build-gpu}"
[[ "$build" = /* ]] || build="$root/$build"
jobs="${DPK_JOBS:-$(nproc)}"
budget="${DPK_TIME_BUDGET:-540}"
export DPK_DEVICE="${DPK_DEVICE:-cuda:gpu:0}"
logs="${OUT:-$build/gpu-logs}"
mkdir -p "$logs" "$build"
summary="$logs/summary.txt"
: > "$summary"
for f in build.log ctest.log sanitizer.log bench.log; do : > "$logs/$f"; done
default_sanitize="tests/kernels/test_kernels --test-suite=vecadd,saxpy,reduction,histogram,matmul,sub_groups"
default_sanitize+=";tests/seed/test_seed_scenarios;tests/runtime/test_runtime_launch"
sanitize="${DPK_SANITIZE:-$default_sanitize}"
sanitizer_timeout="${DPK_SANITIZER_TIMEOUT:-60}"
sanitizer_reserve="${DPK_SANITIZER_RESERVE:-150}"
benchmarks="${DPK_BENCHMARKS:-}"

# The CUDA toolkit is often installed without being on PATH (nvcc, compute-sanitizer).
if ! command -v nvcc >/dev/null && [[ -d /usr/local/cuda/bin ]]; then
    export PATH="$PATH:/usr/local/cuda/bin"
fi
sanitizer_bin="$(command -v compute-sanitizer || true)"
# Time kept back from ctest so that the sanitizer still runs within the budget.
if [[ "$sanitize" == none || -z "$sanitizer_bin" ]]; then sanitizer_reserve=0; fi

# --- bookkeeping: each phase's status and time, for the summary -----------------------------
phase_lines=()
failed=0
banner() { printf '\n==== %s (%ds into the run) ====\n' "$1" "$((SECONDS - start_time))"; }
remaining() { echo $((budget - (SECONDS - start_time))); }
# record NAME STATUS SECONDS [DETAIL]; STATUS is ok, FAILED or SKIPPED
record() {
    phase_lines+=("$(printf '%-12s %-8s %4ss  %s' "$1" "$2" "$3" "${4:-}")")
    if [[ "$2" == FAILED ]]; then failed=1; fi
}

# --- 1. dependencies: unpack the carried .debs into a prefix --------------------------------
banner "dependencies"
t0=$SECONDS
prefix=""
if prefix="$(bash "$root/tools/gpu/setup_prefix.sh" ${DPK_DEPS_PREFIX:+"$DPK_DEPS_PREFIX"} \
        2> >(tee -a "$logs/build.log" >&2) | tail -n1)" && [[ -n "$prefix" ]]; then
    record deps ok $((SECONDS - t0)) "$prefix"
    # The carried tools (spirv-val, spirv-dis) for the tests that call them.
    export PATH="$PATH:$prefix/usr/bin"
else
    record deps FAILED $((SECONDS - t0)) "tools/gpu/setup_prefix.sh failed (is .gpu-deps carried?)"
fi

# The OpenCL ICD loader reads /etc/OpenCL/vendors; containers often have NVIDIA's OpenCL library
# but no .icd file for it. Then point the loader at one written in the build folder.
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 && [[ -z "${OCL_ICD_VENDORS:-}" ]]; then
    if grep -q 'libnvidia-opencl\.so\.1' <<< "$(ldconfig -p 2>/dev/null || true)"; then
        mkdir -p "$build/opencl-vendors"
        echo libnvidia-opencl.so.1 > "$build/opencl-vendors/nvidia.icd"
        export OCL_ICD_VENDORS="$build/opencl-vendors"
        echo "no /etc/OpenCL/vendors/*.icd: OCL_ICD_VENDORS=$OCL_ICD_VENDORS (libnvidia-opencl.so.1)" |
            tee -a "$logs/build.log"
    fi
fi

# --- 2. configure -----------------------------------------------------------------------------
banner "configure"
t0=$SECONDS
configured=0
if [[ -n "$prefix" ]]; then
    if cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDPK_WERROR=OFF \
            -DCMAKE_PREFIX_PATH="$prefix/usr" -DDPK_WITH_LLVM="${DPK_WITH_LLVM:-AUTO}" \
            2>&1 | tee -a "$logs/build.log"; then
        configured=1
        record configure ok $((SECONDS - t0))
    else
        record configure FAILED $((SECONDS - t0)) "see build.log"
    fi
else
    record configure SKIPPED 0 "no dependency prefix"
fi

# --- 3. build (ninja -k 0: build all that can be built, so the tests that can run still do) --
banner "build ($jobs jobs)"
t0=$SECONDS
if ((configured)); then
    # shellcheck disable=SC2086  # DPK_BUILD_TARGETS: shell words
    if cmake --build "$build" -j "$jobs" ${DPK_BUILD_TARGETS:+--target $DPK_BUILD_TARGETS} \
        -- -k 0 2>&1 | tee -a "$logs/build.log"; then
        record build ok $((SECONDS - t0))
    else
        record build FAILED $((SECONDS - t0)) \
            "$(grep -c 'FAILED: ' "$logs/build.log" || true) targets failed; see build.log"
    fi
else
    record build SKIPPED 0 "not configured"
fi

# --- 4. the devices dpk sees --------------------------------------------------------------------
banner "devices"
t0=$SECONDS
dpk="$build/tools/dpk/dpk"
if [[ -x "$dpk" ]]; then
    if "$dpk" devices 2>&1 | tee -a "$logs/ctest.log"; then
        record devices ok $((SECONDS - t0))
    else
        record devices FAILED $((SECONDS - t0)) "dpk devices failed"
    fi
else
    record devices SKIPPED 0 "$dpk not built"
fi

# --- 5. ctest (all tests, device tests on $DPK_DEVICE), stopped at the time budget -----------
banner "ctest (DPK_DEVICE=$DPK_DEVICE, -j$jobs)"
t0=$SECONDS
ctest_counts="not run"
if ((configured)); then
    left=$(($(remaining) - sanitizer_reserve))
    ((left > 60)) || left=60
    set +e
    (cd "$build" && timeout --kill-after=10 "$left" \
        ctest --output-on-failure -j "$jobs" "$@") 2>&1 | tee -a "$logs/ctest.log"
    ctest_rc=${PIPESTATUS[0]}
    set -e
    ctest_counts="$(grep -E 'tests passed(, [0-9]+ tests? failed)? out of' "$logs/ctest.log" | tail -n1 || true)"
    if ((ctest_rc == 124 || ctest_rc == 137)); then
        record ctest FAILED $((SECONDS - t0)) "stopped at the time budget (${left}s)"
        ctest_counts="${ctest_counts:-stopped at the time budget}"
    elif ((ctest_rc != 0)); then
        record ctest FAILED $((SECONDS - t0)) "$ctest_counts"
    else
        record ctest ok $((SECONDS - t0)) "$ctest_counts"
    fi
else
    record ctest SKIPPED 0 "not configured"
fi

# --- 6. compute-sanitizer memcheck + racecheck over the kernel test binaries ----------------
banner "compute-sanitizer"
t0=$SECONDS
sanitizer_lines=()
if [[ "$sanitize" == none ]]; then
    record sanitizer SKIPPED 0 "DPK_SANITIZE=none"
elif [[ -z "$sanitizer_bin" ]]; then
    record sanitizer SKIPPED 0 "compute-sanitizer not found"
else
    sanitizer_failed=0
    IFS=';' read -r -a runs <<< "$sanitize"
    for tool in memcheck racecheck; do
        for run in "${runs[@]}"; do
            read -r -a argv <<< "$run"
            ((${#argv[@]})) || continue
            exe="${argv[0]}"
            [[ "$exe" = /* ]] || exe="$build/$exe"
            label="$tool $(basename "$exe")"
            left=$(($(remaining) - 15))
            if [[ ! -x "$exe" ]]; then
                sanitizer_lines+=("$label: not built"); sanitizer_failed=1; continue
            fi
            if ((left < 20)); then
                sanitizer_lines+=("$label: skipped (time budget)"); continue
            fi
            limit=$((left < sanitizer_timeout ? left : sanitizer_timeout))
            echo "---- $label (limit ${limit}s): ${argv[*]}" | tee -a "$logs/sanitizer.log"
            part="$(mktemp)"
            set +e
            timeout --kill-after=10 "$limit" "$sanitizer_bin" --tool "$tool" \
                --target-processes all --print-limit 20 "$exe" "${argv[@]:1}" > "$part" 2>&1
            rc=$?
            set -e
            cat "$part" >> "$logs/sanitizer.log"
            tail -n 4 "$part"
            # "ERROR SUMMARY: N errors" per process (racecheck also: "RACECHECK SUMMARY: ...").
            # A run stopped by the time limit prints no summary: count its error reports instead.
            if grep -q 'ERROR SUMMARY:' "$part"; then
                errors="$(grep -Eo 'ERROR SUMMARY: [0-9]+' "$part" | awk '{s += $3} END {print s + 0}')"
            else
                errors="$(grep -Ec '^========= +(Invalid|Error|Program hit|.*[Rr]ace reported)' "$part" || true)"
            fi
            hazards="$({ grep -Eo 'RACECHECK SUMMARY: [0-9]+ hazard' "$part" || true; } |
                awk '{s += $3} END {print s + 0}')"
            rm -f "$part"
            what="$errors errors"
            [[ "$tool" == racecheck ]] && what+=", $hazards hazards"
            if ((rc == 124 || rc == 137)); then
                what+=" (stopped after ${limit}s; partial)"
            elif ((rc != 0)); then
                what+=" (exit $rc)"; sanitizer_failed=1
            fi
            ((errors == 0)) || sanitizer_failed=1
            sanitizer_lines+=("$label: $what")
        done
    done
    if ((sanitizer_failed)); then
        record sanitizer FAILED $((SECONDS - t0)) "see sanitizer.log"
    else
        record sanitizer ok $((SECONDS - t0))
    fi
fi

# --- 7. benchmarks (only those asked for) ----------------------------------------------------
banner "benchmarks"
t0=$SECONDS
if [[ -z "$benchmarks" ]]; then
    record bench SKIPPED 0 "none asked for (DPK_BENCHMARKS)"
else
    bench_failed=0
    IFS=';' read -r -a runs <<< "$benchmarks"
    for run in "${runs[@]}"; do
        read -r -a argv <<< "$run"
        ((${#argv[@]})) || continue
        exe="${argv[0]}"
        [[ "$exe" = /* ]] || exe="$build/$exe"
        left=$(($(remaining) - 5))
        if ((left < 10)); then echo "skipped $run (time budget)" | tee -a "$logs/bench.log"; continue; fi
        echo "---- $run" | tee -a "$logs/bench.log"
        if ! timeout --kill-after=5 "$left" "$exe" "${argv[@]:1}" 2>&1 | tee -a "$logs/bench.log"; then
            bench_failed=1
        fi
    done
    if ((bench_failed)); then record bench FAILED $((SECONDS - t0)) "see bench.log"
    else record bench ok $((SECONDS - t0)); fi
fi

# --- summary ------------------------------------------------------------------------------------
banner "summary"
{
    echo "dpk GPU run: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(uname -n), DPK_DEVICE=$DPK_DEVICE"
    if head="$(git -C "$root" rev-parse --short HEAD 2>/dev/null)"; then
        git -C "$root" diff --quiet HEAD 2>/dev/null || head+=" + local changes"
        echo "git: $head"
    fi
    echo "phase        status    time  detail"
    printf '%s\n' "${phase_lines[@]}"
    echo "ctest: ${ctest_counts:-no summary line}"
    if grep -q 'The following tests FAILED' "$logs/ctest.log" 2>/dev/null; then
        sed -n '/The following tests FAILED/,/^Errors while running/p' "$logs/ctest.log" | head -n 40
    fi
    if ((${#sanitizer_lines[@]})); then
        echo "compute-sanitizer:"
        printf '  %s\n' "${sanitizer_lines[@]}"
    fi
    echo "total: $((SECONDS - start_time))s of a ${budget}s budget; logs in $logs"
    if ((failed)); then echo "RESULT: FAILED"; else echo "RESULT: ok"; fi
} | tee -a "$summary"
exit "$failed"
