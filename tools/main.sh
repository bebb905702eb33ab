#!/usr/bin/env bash
# The main job: set-up, build, then compile the example kernels and run one on the default device.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ -d "$root/.gpu-deps" ]] && ! grep -q '^VERSION_CODENAME=bookworm' /etc/os-release; then
    # Not Debian 12 but the build's Debian packages were carried (tools/gpu/fetch_deps.sh): a
    # GPU machine without network. Unpack them and build against them (README, "The GPU suite").
    prefix="$(bash "$root/tools/gpu/setup_prefix.sh" | tail -n1)"
    export PATH="$PATH:$prefix/usr/bin"
    DPK_CMAKE_ARGS="-DCMAKE_PREFIX_PATH=$prefix/usr -DDPK_WERROR=OFF" bash "$root/tools/build.sh"
else
    bash "$root/tools/setup.sh"
    bash "$root/tools/build.sh"
fi
exec bash "$root/tools/demo.sh" "$root/build"
