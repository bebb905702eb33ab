#!/usr/bin/env bash
# Configures (once) and builds dpk into build/ with CMake + Ninja: the Release build of the whole
# tree (-O3, no debug info), warnings as errors, as CI runs it. A consumer's build of dpk keeps
# warnings as warnings (DPK_WERROR is OFF by default).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
if [[ ! -f "$build/build.ninja" ]]; then
    # DPK_CMAKE_ARGS: more configure arguments (tools/main.sh passes a dependency prefix).
    # shellcheck disable=SC2086
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDPK_WERROR=ON \
        ${DPK_CMAKE_ARGS:-} >/dev/null
fi
cmake --build "$build" -j "$(nproc)"
