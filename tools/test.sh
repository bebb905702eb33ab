#!/usr/bin/env bash
# The test job: set-up, build, the whole test suite (ctest), then dpk as users get it: installed
# into a prefix, consumer projects built against it (tools/consumer_test.sh) and the Debian
# package installed and run (tools/package_test.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/tools/setup.sh"
python3 "$root/tools/check_layers.py"
bash "$root/tools/build.sh"
(cd "$root/build" && ctest --output-on-failure --timeout 600 "$@")
bash "$root/tools/consumer_test.sh" "$root/build"
bash "$root/tools/package_test.sh" "$root/build"
