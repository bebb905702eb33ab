#!/usr/bin/env bash
# The test job: set-up, build, then the whole test suite (ctest).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/tools/setup.sh"
python3 "$root/tools/check_layers.py"
bash "$root/tools/build.sh"
cd "$root/build"
exec ctest --output-on-failure --timeout 600 "$@"
