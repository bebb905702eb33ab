#!/usr/bin/env bash
# The main job: set-up, build, then compile the example kernels and run one on the default device.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/tools/setup.sh"
bash "$root/tools/build.sh"
exec bash "$root/tools/demo.sh" "$root/build"
