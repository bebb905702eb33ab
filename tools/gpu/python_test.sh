#!/usr/bin/env bash
# Runs on the GPU machine (no network): builds the Python module against the carried .debs
# (tools/gpu/fetch_deps.sh puts them and the nanobind / pytest wheels in .gpu-deps/), then runs
# the Python tests (CUDA ones included: CuPy, PyTorch, foreign streams) and the Python launch
# benchmark. Needs a python3 with its headers (Python.h) and numpy; CuPy, torch, Triton and
# numba-cuda are used where importable.
#
#   bash tools/gpu/python_test.sh          (build in build-gpu-python/, logs on stdout)
#
# Settings (environment): DPK_PYTEST_ARGS (shell words; default "-q -rs"), DPK_PYTHON_BUILD_TYPE (default
# Release; RelWithDebInfo for a debugger's backtrace), DPK_PYTHON_CMAKE_ARGS (more configure
# arguments, shell words: sanitizer flags), DPK_LAUNCHES (the launch benchmark's count),
# DPK_PYTHON_TESTS=0 (build the module and stop).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${DPK_BUILD_DIR:-$root/build-gpu-python}"
python="${PYTHON:-$(command -v python3)}"
prefix="$(bash "$root/tools/gpu/setup_prefix.sh" | tail -n1)"

# nanobind and pytest from the carried wheels, into a folder of the build (nothing installed).
tools="$build/python-tools"
if ! PYTHONPATH="$tools" "$python" -c "import nanobind, pytest" 2>/dev/null; then
    "$python" -m pip install -q --no-index --find-links "$root/.gpu-deps/wheels" --target "$tools" \
        nanobind==2.9.2 pytest==9.2.0
fi
export PYTHONPATH="$tools${PYTHONPATH:+:$PYTHONPATH}"
export LD_LIBRARY_PATH="$prefix/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$PATH:$prefix/usr/bin"

# Configure and build quietly; a failing step prints its log's tail (the log stays in the build).
log="$build/python-build.log"
mkdir -p "$build"
quiet() {
    if ! "$@" >>"$log" 2>&1; then
        echo "python_test: failed: $*" >&2
        tail -n 60 "$log" >&2
        exit 1
    fi
}
: >"$log"
eval "cmake_args=(${DPK_PYTHON_CMAKE_ARGS:-})"
quiet cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${DPK_PYTHON_BUILD_TYPE:-Release}" \
    -DDPK_WERROR=OFF -DCMAKE_PREFIX_PATH="$prefix/usr" -DDPK_WITH_LLVM=OFF -DDPK_BUILD_PYTHON=ON \
    -DPython_EXECUTABLE="$python" -DDPK_BUILD_EXAMPLES=OFF "${cmake_args[@]}"
quiet cmake --build "$build" --target _dpk_stub _dpk_runtime_stub dpk-aot bench_launch -j "$(nproc)"
[[ "${DPK_PYTHON_TESTS:-1}" == 0 ]] && exit 0  # the module only (session.sh's pymodule phase)

rc=0
eval "pytest_args=(${DPK_PYTEST_ARGS:--q -rs})"  # shell words: -k "not slow" stays one argument
DPK_BUILD_DIR="$build" DPK_AOT="$build/tools/dpk_aot/dpk-aot" \
    "$python" -m pytest "${pytest_args[@]}" -p no:cacheprovider "$root/python/tests" || rc=$?
DPK_BUILD_DIR="$build" "$python" "$root/bench/python_launch.py" "${DPK_LAUNCHES:-20000}" 5 || rc=$?
exit "$rc"
