#!/usr/bin/env bash
# Configures (once) and builds dpk into build/ with CMake + Ninja: the Release build of the whole
# tree (-O3, no debug info) and the Python extension module, warnings as errors, as CI runs it. A
# consumer's build of dpk keeps warnings as warnings (DPK_WERROR is OFF by default).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
# The Python extension module too, where tools/setup.sh made the environment it builds with.
python_args=()
venv_python=/opt/dpk/python/bin/python
if "$venv_python" -c "import nanobind" 2>/dev/null; then
    python_args=(-DDPK_BUILD_PYTHON=ON "-DPython_EXECUTABLE=$venv_python")
fi
if [[ ! -f "$build/build.ninja" ]] ||
    { ((${#python_args[@]})) && ! grep -q '^DPK_BUILD_PYTHON:BOOL=ON' "$build/CMakeCache.txt"; }; then
    # DPK_CMAKE_ARGS: more configure arguments (tools/main.sh passes a dependency prefix).
    # shellcheck disable=SC2086
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPK_WERROR=ON \
        "${python_args[@]}" ${DPK_CMAKE_ARGS:-} >/dev/null
fi
cmake --build "$build" -j "$(nproc)"
