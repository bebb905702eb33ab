#!/usr/bin/env bash
# One device call that measures what a GPU session needs, in phases that each fit its time
# (tools/gpu/run.sh builds; the rest reuse that build). From the repository root, with
# .gpu-deps carried:
#
#   bash tools/gpu/session.sh [PHASES]     PHASES: a comma list, default
#                                          build,cases,python,bench,difftest
#
#   build      tools/gpu/run.sh: configure, build, every ctest on cuda:gpu:0 (no sanitizer, no
#              benchmark); DPK_CTEST_ARGS passes ctest arguments (-R none: only the build)
#   cases      ptx_experiment.py on every reduced case of tests/difftest/cases/cuda (which ptxas
#              levels give the expected arrays)
#   bench      bench_kernel_quality, bench_algorithms + algorithms_peers.py (same sizes)
#   python     the Python module (RelWithDebInfo) and its tests; tools/gpu/specialize_probe.py
#              (which imports make specialize crash); a crash is run again alone under
#              tools/gpu/native_backtrace.sh so that its native frames are named
#   tuning     bench/tuning/{reduce,scan,sort}_variants.py (DPK_TUNING picks; needs the python
#              phase's module)
#   pymodule   the python phase's module alone, without its tests (for matrix and tuning)
#   pip        tools/gpu/pip_install_test.sh: `pip install .` of a fresh copy into a new virtual
#              environment, and the Python tests against the installed package
#   matrix     bench/matmul_tensor.py: the cooperative-matrix GEMMs next to cuBLAS (needs the
#              python phase's module), the PTX of bench/kernels/gemm_f16.dpk, and
#              bench/attention.py: examples/attention next to torch's scaled_dot_product_attention
#   matrixptx  bench/matmul_tensor.py --ptx-only, no Python module: cuBLAS, the CUDA C twin and
#              PTX launched through CuPy: that of DPK_PTX_DIR (tools/gpu/ptx_variants.sh; then
#              no phase needs a build), else the build phase's dpkc's of gemm_tiles64(_pf)
#   profile    tools/gpu/profile.sh: Nsight Compute on dpk's radix sorts and GEMM next to CUB's and
#              cuBLAS's (the GEMM needs the python phase's module)
#   difftest   the differential tester for whatever time is left of DPK_SESSION_SECONDS
#              (14 jobs of DPK_DIFFTEST_SEEDS_PER_JOB seeds, default 4, from DPK_DIFFTEST_SEED,
#              default 40000)
#
# Everything goes to $OUT/session.tgz (one file: the device tool brings back a limited number)
# and the summary lines to stdout. DPK_SESSION_SECONDS (default 560) bounds the whole call.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
start=$SECONDS
budget="${DPK_SESSION_SECONDS:-560}"
phases=",${1:-build,cases,python,bench,difftest},"
logs="$(mktemp -d)/session"
mkdir -p "$logs"
left() { echo $((budget - (SECONDS - start))); }
has() { [[ "$phases" == *",$1,"* ]]; }
say() { echo "== $* ($((SECONDS - start))s)" | tee -a "$logs/summary.txt"; }
python=python3
python3 -c "import numpy" 2>/dev/null || python=/usr/bin/python3

if has build; then
    say "build + ctest"
    OUT="$logs/run" DPK_SANITIZE=none DPK_TIME_BUDGET=$(( $(left) < 300 ? $(left) : 300 )) \
        bash tools/gpu/run.sh ${DPK_CTEST_ARGS:-} > "$logs/run.log" 2>&1
    sed -n '/^phase /,/^RESULT/p' "$logs/run.log" | tee -a "$logs/summary.txt"
fi

if has cases && (( $(left) > 60 )); then
    say "reduced CUDA cases through ptxas -O0..-O3"
    for c in tests/difftest/cases/cuda/*/; do
        timeout 60 "$python" tools/gpu/ptx_experiment.py "$c" "$logs/cases/$(basename "$c")" \
            --dpkc build-gpu/tools/dpkc/dpkc > "$logs/case-$(basename "$c").log" 2>&1
        # One line per variant: whether every array came out as expected (no "!").
        awk -v c="$(basename "$c")" '$4 == "OK" { v[$2] = v[$2] (index($0, "!") ? "wrong " : "right ") }
             $4 != "OK" && NF > 2 { v[$2] = v[$2] "fail " }
             END { for (k in v) printf "  %s %-12s %s\n", c, k, v[k] }' "$logs/case-$(basename "$c").log" |
            sort | tee -a "$logs/summary.txt"
    done
fi

if has bench && (( $(left) > 90 )); then
    say "benchmarks"
    timeout 120 build-gpu/bench/bench_kernel_quality > "$logs/kernel_quality.log" 2>&1
    awk '/ratio=|GB\/s=/ { line = "  " $1; for (i = 2; i <= NF; ++i) if ($i ~ /^(ratio|paired|GB\/s)=/) line = line " " $i; print line }' \
        "$logs/kernel_quality.log" | tee -a "$logs/summary.txt"
    timeout 120 build-gpu/bench/bench_algorithms 10 268435456 67108864 > "$logs/algorithms.log" 2>&1
    timeout 120 "$python" bench/algorithms_peers.py 10 268435456 67108864 >> "$logs/algorithms.log" 2>&1
    grep -E " us " "$logs/algorithms.log" | tee -a "$logs/summary.txt"
fi

if has pip && (( $(left) > 120 )); then
    say "pip install . and pytest"
    timeout $(( $(left) - 30 )) bash tools/gpu/pip_install_test.sh > "$logs/pip.log" 2>&1
    grep -E "^pip_install_test|passed|failed|error" "$logs/pip.log" | tail -8 |
        tee -a "$logs/summary.txt"
fi

if has pymodule && ! has python && (( $(left) > 90 )); then
    say "python module"
    DPK_PYTHON_BUILD_TYPE=RelWithDebInfo DPK_PYTHON_TESTS=0 \
        timeout $(( $(left) - 30 )) bash tools/gpu/python_test.sh > "$logs/python.log" 2>&1 ||
        tail -20 "$logs/python.log" | tee -a "$logs/summary.txt"
fi

if has python && (( $(left) > 90 )); then
    say "python"
    DPK_PYTHON_BUILD_TYPE=RelWithDebInfo DPK_LAUNCHES=20000 DPK_PYTEST_ARGS='-v -rs' \
        timeout $(( $(left) - 30 )) bash tools/gpu/python_test.sh > "$logs/python.log" 2>&1
    grep -E "passed|failed|Fatal Python error|^python_launch|^peer_launch|^zero_copy" \
        "$logs/python.log" | tee -a "$logs/summary.txt"
    DPK_BUILD_DIR="$root/build-gpu-python" timeout 300 python3 tools/gpu/specialize_probe.py \
        2>&1 | tee -a "$logs/summary.txt"
    # The first variant that crashed, again with native frames.
    variant="$(grep -m1 "^specialize_probe.*signal" "$logs/summary.txt" | sed -E 's/.*first=([a-z]+) +program=([a-z]+).*/\1 \2/' || true)"
    if [[ -n "$variant" ]]; then
        b="$root/build-gpu-python"
        python3 tools/gpu/specialize_probe.py --child $variant > "$logs/probe_child.py"
        DPK_BUILD_DIR="$b" DPK_CACHE=off timeout 120 bash tools/gpu/native_backtrace.sh \
            "$(ls "$b"/python/dpk/_dpk*.so | head -1)" python3 "$logs/probe_child.py" \
            > "$logs/probe_backtrace.log" 2>&1
        grep -E "^step|^  |native_backtrace|\(.*\+0x" "$logs/probe_backtrace.log" | head -80 |
            tee -a "$logs/summary.txt"
        # The same without OpenCL platforms (the loader's vendors folder pointed nowhere).
        DPK_BUILD_DIR="$b" DPK_CACHE=off OCL_ICD_VENDORS=/nonexistent timeout 120 \
            python3 "$logs/probe_child.py" > "$logs/probe_no_opencl.log" 2>&1
        echo "probe without OpenCL: exit $? after $(grep '^step' "$logs/probe_no_opencl.log" | tail -1)" |
            tee -a "$logs/summary.txt"
    fi
    # A crash ends pytest: name the test, run it again alone with native frames.
    crashed="$(grep -m1 'Fatal Python error' "$logs/python.log" | grep -o 'python/tests/[^ ]*' || true)"
    if [[ -n "$crashed" ]]; then
        b="$root/build-gpu-python"
        DPK_BUILD_DIR="$b" DPK_AOT="$b/tools/dpk_aot/dpk-aot" PYTHONPATH="$b/python-tools" \
            timeout 120 bash tools/gpu/native_backtrace.sh \
            "$(ls "$b"/python/dpk/_dpk*.so | head -1)" \
            python3 -m pytest -x -q -p no:cacheprovider -p no:faulthandler "$crashed" \
            > "$logs/backtrace.log" 2>&1
        grep -A40 "native_backtrace: fatal" "$logs/backtrace.log" | grep -E "^  " |
            tee -a "$logs/summary.txt"
    fi
fi

if has matrix && (( $(left) > 60 )); then
    say "matrix (bench/matmul_tensor.py)"
    for k in gemm_simple gemm_2x2 gemm_tiled gemm_tiled128 gemm_async gemm_async64 gemm_async_wide gemm_async3 gemm_tiles64 gemm_tiles64_3 gemm_tiles_wide gemm_tiles64_4 gemm_wide3 gemm_wide4 gemm_tiles32 gemm_tiles64_pf; do
        build-gpu/tools/dpkc/dpkc bench/kernels/gemm_f16.dpk -k "$k" --emit ptx \
            -o "$logs/$k.ptx" 2>&1 | tee -a "$logs/summary.txt"
    done
    for k in gemm_tf32_tiles64 gemm_i8_tiles64; do
        build-gpu/tools/dpkc/dpkc bench/kernels/gemm_tf32_i8.dpk -k "$k" --emit ptx \
            -o "$logs/$k.ptx" 2>&1 | tee -a "$logs/summary.txt"
    done
    DPK_BUILD_DIR="$root/build-gpu-python" timeout $(( $(left) - 30 )) \
        python3 bench/matmul_tensor.py cuda:gpu:0 10 ${DPK_MATRIX_SIZES:-2048 4096 8192} 2>&1 |
        tee "$logs/matmul_tensor.log" | tee -a "$logs/summary.txt"
    DPK_BUILD_DIR="$root/build-gpu-python" timeout $(( $(left) > 40 ? $(left) - 30 : 10 )) \
        python3 bench/attention.py cuda:gpu:0 10 1024 4096 2>&1 |
        tee "$logs/attention.log" | tee -a "$logs/summary.txt"
fi

if has matrixptx && (( $(left) > 40 )); then
    say "matrixptx (bench/matmul_tensor.py --ptx-only)"
    timeout $(( $(left) - 20 )) python3 bench/matmul_tensor.py --ptx-only cuda:gpu:0 10 \
        ${DPK_MATRIX_SIZES:-4096} 2>&1 | tee "$logs/matmul_ptx.log" | tee -a "$logs/summary.txt"
fi

if has tuning && (( $(left) > 60 )); then
    say "tuning (bench/tuning)"
    for t in ${DPK_TUNING:-reduce scan}; do
        DPK_BUILD_DIR="$root/build-gpu-python" timeout $(( $(left) - 30 )) \
            python3 "bench/tuning/${t}_variants.py" cuda:gpu:0 2>&1 | tee "$logs/${t}_variants.log" |
            tee -a "$logs/summary.txt"
    done
fi

if has profile && (( $(left) > 120 )); then
    say "profile (Nsight Compute: sorts and GEMM, dpk's next to CUB's and cuBLAS's)"
    timeout 400 bash tools/gpu/profile.sh "$logs/profile" 2>&1 | tee -a "$logs/summary.txt"
fi

if has difftest && (( $(left) > 60 )); then
    say "difftest"
    OUT="$logs/dt" timeout $(( $(left) - 10 )) bash tools/gpu/difftest.sh "${DPK_DIFFTEST_SEED:-40000}" "${DPK_DIFFTEST_SEEDS_PER_JOB:-4}" 14 $(( $(left) - 25 )) \
        2>&1 | tail -3 | tee -a "$logs/summary.txt"
fi

say "done"
tar czf "${OUT:-/tmp}/session.tgz" -C "$(dirname "$logs")" session
