#!/usr/bin/env bash
# Runs on the GPU machine (no network): `pip install .` of a fresh copy of the repository into a
# new virtual environment (build tools from the carried wheels in .gpu-deps/wheels, the C++
# dependencies from the carried .debs through tools/gpu/setup_prefix.sh), then the Python tests
# against the installed package (no DPK_BUILD_DIR: `import dpk` finds the installed one). The
# environment sees the system's site-packages, so numpy, CuPy and PyTorch are there for the tests.
#
#   bash tools/gpu/pip_install_test.sh [WORK]     (WORK: default ${TMPDIR:-/tmp}/dpk-pip)
#
# The copy is a `git clone` where the tree is a git checkout, else the tree's files without its
# build folders (the device tool sends the working tree without .git).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${1:-${TMPDIR:-/tmp}/dpk-pip}"
python="${PYTHON:-$(command -v python3)}"
prefix="$(bash "$root/tools/gpu/setup_prefix.sh" | tail -n1)"

rm -rf "$work"
mkdir -p "$work"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    git clone -q "$root" "$work/src"
else
    mkdir "$work/src"
    tar -C "$root" --exclude='./build*' --exclude='./.gpu-deps' --exclude='./.git' -cf - . |
        tar -C "$work/src" -xf -
fi
echo "pip_install_test: fresh copy in $work/src ($(du -sh "$work/src" | cut -f1))"

"$python" -m venv --system-site-packages "$work/venv"
venv_python="$work/venv/bin/python"
# A virtual environment made from another one's Python sees the system's packages, not that
# one's (numpy, CuPy, PyTorch on the GPU machine live in one): a .pth file adds its folders.
"$python" -c 'import site; print("\n".join(site.getsitepackages()))' > \
    "$("$venv_python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/parent.pth"
export CMAKE_PREFIX_PATH="$prefix/usr"
export LD_LIBRARY_PATH="$prefix/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$PATH:$prefix/usr/bin"
start=$SECONDS
# No network: the build runs in this environment (--no-build-isolation) with the carried
# scikit-build-core and nanobind at pyproject.toml's pins, and CMake and Ninja as the machine has
# them (there, Python packages of the first environment, which an isolated build would ask pip
# for again).
read -r -a build_requires < <("$venv_python" -c 'import sys, tomllib
print(" ".join(tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"]))' \
    "$work/src/pyproject.toml")
"$venv_python" -m pip install -q --no-index --find-links "$root/.gpu-deps/wheels" \
    "${build_requires[@]}"
if ! "$venv_python" -m pip install --no-index --find-links "$root/.gpu-deps/wheels" \
        --no-build-isolation --config-settings=cmake.define.DPK_WITH_LLVM=OFF \
        --config-settings=cmake.define.DPK_WERROR=OFF "$work/src" > "$work/pip.log" 2>&1; then
    echo "pip_install_test: pip install failed; its log's tail:"
    tail -n 60 "$work/pip.log"
    exit 1
fi
echo "pip_install_test: pip install . took $((SECONDS - start)) s"
"$venv_python" -m pip install -q --no-index --find-links "$root/.gpu-deps/wheels" pytest==9.2.0
cd "$work"
"$venv_python" -c "import dpk, sys; print('pip_install_test: dpk from', dpk.__file__); \
print('pip_install_test: default device:', dpk.default_device())"
env -u DPK_BUILD_DIR "$venv_python" -m pytest -q -rs -p no:cacheprovider "$work/src/python/tests"
