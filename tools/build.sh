#!/usr/bin/env bash
# Configures (once) and builds dpk into build/ with CMake + Ninja.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
if [[ ! -f "$build/build.ninja" ]]; then
    # DPK_CMAKE_ARGS: more configure arguments (tools/main.sh passes a dependency prefix).
    # shellcheck disable=SC2086
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${DPK_CMAKE_ARGS:-} \
        >/dev/null
fi
cmake --build "$build" -j "$(nproc)"
