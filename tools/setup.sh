#!/usr/bin/env bash
# Installs every dependency dpk needs on Debian 12 (idempotent; quiet when all is there).
set -euo pipefail

debian_packages=(
    cmake ninja-build g++ pkg-config
    antlr4 libantlr4-runtime-dev
    spirv-headers spirv-tools
    ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
    libze-dev
    doctest-dev
    llvm-15-dev libllvmspirvlib-15-dev
    python3-numpy python3-pip python3-dev python3-venv
    clang-15 llvm-spirv-15 hyperfine  # benchmarks only: the OpenCL C -> SPIR-V anchor, timing
)

missing=()
for p in "${debian_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing+=("$p")
    fi
done
if ((${#missing[@]})); then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Intel's OpenCL CPU runtime (PyPI), a driver that takes SPIR-V directly, installed under one prefix
# and registered with the OpenCL ICD loader.
intel_prefix=/opt/dpk/intel-opencl-rt
intel_version=2026.2.0
if [[ ! -f "$intel_prefix/lib/libintelocl.so" || ! -f "$intel_prefix/lib/libimf.so" ]]; then
    echo "setup: installing intel-opencl-rt $intel_version from PyPI into $intel_prefix"
    python3 -m pip install -q --disable-pip-version-check --no-warn-script-location \
        --root-user-action=ignore --break-system-packages --prefix "$intel_prefix" \
        "intel-opencl-rt==$intel_version" "intel-cmplr-lib-rt==$intel_version"
fi
icd=/etc/OpenCL/vendors/dpk-intel-cpu.icd
if [[ "$(cat "$icd" 2>/dev/null)" != "$intel_prefix/lib/libintelocl.so" ]]; then
    mkdir -p /etc/OpenCL/vendors
    echo "$intel_prefix/lib/libintelocl.so" > "$icd"
fi

# The Python package's build and test tools from PyPI (nanobind, scikit-build-core, pytest), in a
# virtual environment of dpk's own: Debian 12's pip is externally managed (PEP 668). It sees
# Debian's packages (--system-site-packages) but has a numpy of its own (below). tools/build.sh
# builds the extension module with its Python; `pip install .` works from it (docs/python.md).
# dpctl (with Intel's SYCL runtime wheels) and dpnp are there for python/tests/test_dpctl.py:
# launches on dpctl queues, on dpctl and dpnp arrays. dpnp needs numpy 1.25 or newer (Debian's
# is 1.24): the venv has its own.
venv=/opt/dpk/python
python_tools=(nanobind==2.9.2 scikit-build-core==1.1.2 pytest==9.2.0 dpctl==0.22.1 dpnp==0.20.0
              numpy==2.4.6)
if ! "$venv/bin/python" - "${python_tools[@]}" 2>/dev/null <<'PY'
import sys
from importlib.metadata import version
sys.exit(any(version(n) != v for n, v in (t.split("==") for t in sys.argv[1:])))
PY
then
    echo "setup: installing ${python_tools[*]} from PyPI into $venv"
    /usr/bin/python3 -m venv --system-site-packages "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "${python_tools[@]}"
fi
