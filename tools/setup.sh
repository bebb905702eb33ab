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
    python3-numpy python3-pip
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
