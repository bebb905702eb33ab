#!/usr/bin/env bash
# Runs HERE (Debian 12, with apt): downloads the Debian 12 packages dpk's build needs into the
# ignored folder .gpu-deps/, to be carried with the working tree to a machine that has no network
# and none of these packages (the GPU machine; see tools/gpu/run.sh). There,
# tools/gpu/setup_prefix.sh unpacks them into a prefix that CMake is pointed at.
#
#   bash tools/gpu/fetch_deps.sh        (idempotent: keeps .debs already there, drops stale ones)
#
# What is NOT carried: LLVM 15 / LLVMSPIRVLib (the optional SPIR 1.2 translator, only for PoCL;
# far too big), Java + the ANTLR tool (the parser is checked in under grammar/generated/), PoCL.
# Versions are the ones installed here when installed (what this tree is tested with), else apt's
# candidate. .gpu-deps/MANIFEST lists package, version, architecture, sha256 and file.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dest="$root/.gpu-deps"

# Runtime + development packages; each line says what needs it.
packages=(
    libantlr4-runtime4.9 libantlr4-runtime-dev  # ANTLR4 C++ runtime: headers, libantlr4-runtime.a, CMake config
    uuid-dev                                    # libuuid.a: antlr4_static's CMake config names uuid
    spirv-headers                               # spirv/unified1/spirv.hpp11, OpenCL.std.h
    spirv-tools                                 # libSPIRV-Tools*.a + SPIRV-ToolsConfig.cmake (same package)
    ocl-icd-libopencl1 ocl-icd-opencl-dev       # OpenCL ICD loader: libOpenCL.so.1 + libOpenCL.so
    opencl-c-headers opencl-clhpp-headers       # CL/cl.h, cl_ext.h, cl_icd.h (+ the C++ header)
    libze1 libze-dev                            # Level Zero loader + headers (optional backend)
    doctest-dev                                 # doctest/doctest.h (tests)
)

command -v apt-get >/dev/null || { echo "fetch_deps: apt-get not found (run this on Debian 12)" >&2; exit 1; }
arch="$(dpkg --print-architecture)"
mkdir -p "$dest"
cd "$dest"

manifest_tmp="$(mktemp)"
trap 'rm -f "$manifest_tmp"' EXIT
wanted_files=()
for p in "${packages[@]}"; do
    # The installed version when there is one, else the candidate.
    version="$(dpkg-query -W -f='${Status} ${Version}' "$p" 2>/dev/null |
        awk '/ok installed/ {print $NF}')" || true
    if [[ -z "$version" ]]; then
        version="$(apt-cache policy "$p" | awk '/Candidate:/ {print $2}')"
    fi
    if [[ -z "$version" || "$version" == "(none)" ]]; then
        echo "fetch_deps: no version of $p known to apt (apt-get update?)" >&2
        exit 1
    fi
    # apt-get download names the file NAME_VERSION_ARCH.deb with ':' as %3a; the arch is 'all'
    # for header-only packages.
    existing="$(ls "${p}_${version//:/%3a}_"{"$arch",all}.deb 2>/dev/null | head -n1)" || true
    if [[ -z "$existing" ]]; then
        echo "fetch_deps: downloading $p=$version"
        apt-get download -q "$p=$version" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true
        existing="$(ls "${p}_${version//:/%3a}_"{"$arch",all}.deb 2>/dev/null | head -n1)" || true
        [[ -n "$existing" ]] || { echo "fetch_deps: download of $p=$version failed" >&2; exit 1; }
    fi
    deb_arch="$(dpkg-deb -f "$existing" Architecture)"
    printf '%s %s %s %s %s\n' "$p" "$version" "$deb_arch" \
        "$(sha256sum "$existing" | cut -d' ' -f1)" "$existing" >> "$manifest_tmp"
    wanted_files+=("$existing")
done

# Drop .debs that are not wanted any more (other versions, removed packages).
for f in *.deb; do
    [[ -e "$f" ]] || continue
    keep=0
    for w in "${wanted_files[@]}"; do [[ "$f" == "$w" ]] && keep=1; done
    if ((!keep)); then echo "fetch_deps: removing stale $f"; rm -f -- "$f"; fi
done
cp "$manifest_tmp" MANIFEST
chmod 644 MANIFEST

# The Python package's build and test tools (pure-Python wheels, any Python 3), for building
# the module on the GPU machine (docs/python.md, "GPU tests"): pip install --no-index wheels/*,
# and scikit-build-core for `pip install .` there (tools/gpu/pip_install_test.sh).
python_wheels=(nanobind==2.9.2 pytest==9.2.0 scikit-build-core==1.1.2)
if ! ls wheels/nanobind-2.9.2-*.whl wheels/pytest-9.2.0-*.whl \
        wheels/scikit_build_core-1.1.2-*.whl >/dev/null 2>&1; then
    echo "fetch_deps: downloading ${python_wheels[*]} (and their dependencies) into wheels/"
    /opt/dpk/python/bin/python -m pip download -q --disable-pip-version-check --only-binary=:all: \
        -d wheels "${python_wheels[@]}"
fi

echo "fetch_deps: ${#wanted_files[@]} packages in $dest ($(du -sh . | cut -f1) in all):"
column -t MANIFEST | cut -c1-110
