#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from a build folder, installed with dpkg (as root, when no
# dpk package is installed already; it is removed again at the end) or else unpacked into a
# folder (dpkg-deb -x: the same files, moved), then used: the tools print their version, dpkc
# compiles an example that imports the stdlib, `dpk run` runs one, and the JIT consumer project
# (tests/consumer/jit) builds against the package and checks its numbers.
#
#   tools/package_test.sh [BUILD_DIR]     (default: build/; run by tools/test.sh)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/dpk-package.XXXXXX")"
installed=0
cleanup() {
    if ((installed)); then dpkg -r dpk > /dev/null || echo "package_test: dpkg -r dpk failed" >&2; fi
    rm -rf "$work"
}
trap cleanup EXIT
start=$SECONDS
export DPK_CACHE_DIR="$work/cache"

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg") > "$work/cpack.log" ||
    { cat "$work/cpack.log" >&2; exit 1; }
deb="$(ls "$work"/pkg/dpk_*.deb)"
echo "package_test: $(basename "$deb"), $(du -h "$deb" | cut -f1) ($((SECONDS - start))s)"
dpkg-deb -c "$deb" > "$work/contents"
for f in ./usr/bin/dpkc ./usr/bin/dpk ./usr/bin/dpk-aot ./usr/include/dpk/dpk.h \
         ./usr/lib/cmake/dpk/dpk-config.cmake ./usr/share/dpk/stdlib/reduce.dpk \
         ./usr/lib/pkgconfig/dpk.pc ./usr/share/doc/dpk/LICENSE; do
    grep -q " $f\$" "$work/contents" || { echo "package_test: $f is not in the package" >&2; exit 1; }
done

if [[ $(id -u) == 0 ]] && ! dpkg -s dpk > /dev/null 2>&1; then
    dpkg -i "$deb" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; dpkg -r dpk || true; exit 1; }
    installed=1
    usr=/usr
    echo "package_test: installed with dpkg -i"
else
    dpkg-deb -x "$deb" "$work/root"
    usr="$work/root/usr"
    echo "package_test: unpacked into $usr (not root, or a dpk package is installed already)"
fi

"$usr/bin/dpkc" --version
"$usr/bin/dpkc" "$root/examples/reduction/reduction.dpk" -k partial_sums \
    -s "void(f32[::1], f32[::1], local f32[:])" -o "$work/partial_sums.spv"
"$usr/bin/dpk" run "$root/examples/saxpy/saxpy.dpk" -k saxpy --global 64 \
    alpha=2:f32 x=zeros:f32[64] y=zeros:f32[64] > /dev/null

cmake -S "$root/tests/consumer/jit" -B "$work/jit" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$usr" > "$work/jit.log" 2>&1 && cmake --build "$work/jit" >> "$work/jit.log" 2>&1 ||
    { cat "$work/jit.log" >&2; exit 1; }
grep -q "dpk_DIR:PATH=$usr/lib/cmake/dpk" "$work/jit/CMakeCache.txt" ||
    { echo "package_test: the consumer did not find the package's dpk" >&2; exit 1; }
"$work/jit/saxpy_jit"
echo "package_test: the package installs and runs ($((SECONDS - start))s)"
