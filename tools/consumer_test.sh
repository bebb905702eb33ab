#!/usr/bin/env bash
# dpk as its users get it: installs the build into a temporary prefix, moves the prefix (an
# installed dpk must be relocatable), then builds and runs the projects of tests/consumer against
# it, as README's "Use dpk from your CMake project" shows them:
#   jit/           find_package(dpk) + dpk::jit, a kernel given as a string
#   aot/           find_package(dpk COMPONENTS runtime) + dpk_add_kernels: kernels compiled at
#                  build time, the binary holds no compiler (nm), needs no .dpk file at run time
#   subdirectory/  dpk through add_subdirectory (configured, and built with DPK_CONSUMER_FULL=1)
# plus a pkg-config build, a compile error that fails the build with file:line:col, the rebuild
# when an imported stdlib module changes, and the disk caches of `dpk run` and AOT programs.
#
#   tools/consumer_test.sh [BUILD_DIR]     (default: build/; run by tools/test.sh)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/dpk-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
start=$SECONDS
failures=0
step() { printf '\n== consumer: %s (%ds)\n' "$*" "$((SECONDS - start))"; }
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# Configure + build a consumer project quietly; the log is shown when it fails.
build_project() {  # SOURCE_DIR BINARY_DIR [CMAKE ARGS...]
    local src="$1" bin="$2"
    shift 2
    if ! cmake -S "$src" -B "$bin" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" > "$bin.log" 2>&1 ||
        ! cmake --build "$bin" >> "$bin.log" 2>&1; then
        cat "$bin.log" >&2
        return 1
    fi
}
export DPK_CACHE_DIR="$work/cache"

step "README shows the consumer projects CI builds"
for project in jit aot; do
    python3 - "$root/README.md" "$root/tests/consumer/$project/CMakeLists.txt" <<'PY' ||
import sys
readme, project = (open(p).read() for p in sys.argv[1:])
sys.exit(0 if "```cmake\n" + project + "```" in readme else 1)
PY
        fail "README.md's \"Use dpk from your CMake project\" does not show tests/consumer/$project/CMakeLists.txt as it is"
done

# docs/kernels.md tells C++ users what to link: the installed target the jit project links.
grep -q 'target_link_libraries(saxpy_jit PRIVATE dpk::jit)' "$root/tests/consumer/jit/CMakeLists.txt" &&
    grep -q 'target_link_libraries(app PRIVATE dpk::jit)' "$root/docs/kernels.md" ||
    fail "docs/kernels.md does not name the installed target dpk::jit that tests/consumer/jit links"

step "install into a prefix, then move it"
cmake --install "$build" --prefix "$work/staged" > "$work/install.log"
mv "$work/staged" "$work/prefix"
prefix="$work/prefix"
for tool in dpkc dpk dpk-aot; do
    out="$("$prefix/bin/$tool" --version)"
    [[ "$out" == "$tool $(sed -n 's/^project(dpk VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")" ]] ||
        fail "$tool --version printed '$out'"
done
# The headers are include/dpk of the repository, every one and nothing else (no internal header).
installed_headers="$(cd "$prefix/include" && find . -type f | sort)"
public_headers="$(cd "$root/include" && find . -type f -name '*.h' | sort)"
[[ "$installed_headers" == "$public_headers" ]] ||
    fail "the installed headers are not include/dpk: $(diff <(echo "$public_headers") <(echo "$installed_headers") | head -5)"
# The moved tools find the stdlib beside them: the depfile names the module they read.
"$prefix/bin/dpk-aot" -o "$work/reduction.dpkb" --depfile "$work/reduction.d" \
    "$root/examples/reduction/reduction.dpk" -k partial_sums \
    -s "void(f32[::1], f32[::1], local f32[:])" > /dev/null
grep -q "$prefix/share/dpk/stdlib/reduce.dpk" "$work/reduction.d" ||
    fail "the moved dpk-aot did not read std.reduce from $prefix/share/dpk/stdlib: $(cat "$work/reduction.d")"

step "jit: find_package(dpk) + dpk::jit"
build_project "$root/tests/consumer/jit" "$work/jit" -DCMAKE_PREFIX_PATH="$prefix" ||
    fail "the JIT consumer did not build"
"$work/jit/saxpy_jit" || fail "saxpy_jit"

step "aot: dpk_add_kernels + dpk::runtime"
cp -r "$root/tests/consumer/aot" "$work/aot-src"
build_project "$work/aot-src" "$work/aot" -DCMAKE_PREFIX_PATH="$prefix" ||
    fail "the AOT consumer did not build"
# No compiler, ANTLR or jit in the binary; the runtime's bundle reader is there.
symbols="$(nm -C "$work/aot/sum_aot")"
if grep -E 'antlr4::|dpk::compiler::|dpk::jit::|dpk::Program::' <<< "$symbols" | head -n 5; then
    fail "sum_aot links compiler code"
fi
grep -q 'dpk::runtime::KernelBundle::decode' <<< "$symbols" || fail "sum_aot has no bundle reader"
if readelf -d "$work/aot/sum_aot" | grep -E 'NEEDED.*(antlr|LLVM)'; then
    fail "sum_aot needs ANTLR or LLVM"
fi
# Runs with no .dpk file, no stdlib and no compiler around; keeps the driver binary in the cache.
rm -rf "$work/aot-src/sum.dpk" "$DPK_CACHE_DIR"
(cd "$work" && DPK_STDLIB_PATH=/nonexistent "$work/aot/sum_aot") || fail "sum_aot"
ls "$DPK_CACHE_DIR"/programs/*.dpkprog > /dev/null 2>&1 ||
    fail "sum_aot kept no driver binary in $DPK_CACHE_DIR/programs"
cp -p "$root/tests/consumer/aot/sum.dpk" "$work/aot-src/sum.dpk"   # its old time: unchanged
# An imported stdlib module that changes rebuilds the bundle (the depfile names it); nothing
# else does.
cmake --build "$work/aot" > "$work/aot-again.log" 2>&1 || fail "rebuilding sum_aot"
grep 'dpk-aot: kernels' "$work/aot-again.log" && fail "the bundle is rebuilt with nothing changed"
touch "$prefix/share/dpk/stdlib/reduce.dpk"
cmake --build "$work/aot" > "$work/aot-again.log" 2>&1 || fail "rebuilding sum_aot"
grep -q 'dpk-aot: kernels block_sums' "$work/aot-again.log" ||
    fail "touching std.reduce did not rebuild the bundle"
# A compile error fails the build, with the diagnostic's file:line:col.
sed -i 's/let total = group_sum(scratch, x\[global_id(0)\]);/let total = group_sum(scratch, x[global_id(0)]) + undefined_name;/' \
    "$work/aot-src/sum.dpk"
if cmake --build "$work/aot" > "$work/aot-error.log" 2>&1; then
    fail "a kernel with an error built"
elif ! grep -q "sum.dpk:5:[0-9]*: error: .*undefined_name" "$work/aot-error.log"; then
    cat "$work/aot-error.log" >&2
    fail "the failed build did not show sum.dpk:5:COL: error: ... undefined_name"
fi
grep -A2 "sum.dpk:5:[0-9]*: error:" "$work/aot-error.log"

step "pkg-config: dpk (the JIT) and dpk-runtime"
cat > "$work/version.cpp" <<'EOF'
#include <cstdio>
#include <string>
#include <dpk/core/version.h>
#include <dpk/runtime/kernel_bundle.h>
int main() {
    std::printf("%s %zu\n", std::string(dpk::version()).c_str(), dpk::runtime::all_devices().size());
}
EOF
# shellcheck disable=SC2046
if g++ -o "$work/version" "$work/version.cpp" \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs dpk-runtime); then
    "$work/version" | grep -q '^[0-9]*\.[0-9]*\.[0-9]* [1-9]' || fail "pkg-config program: $("$work/version")"
else
    fail "the pkg-config build failed"
fi
# shellcheck disable=SC2046
if g++ -O1 -o "$work/saxpy_jit_pc" "$root/tests/consumer/jit/saxpy_jit.cpp" \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs dpk); then
    "$work/saxpy_jit_pc" || fail "saxpy_jit built with pkg-config"
else
    fail "the pkg-config build of saxpy_jit failed"
fi

step "dpk run keeps compiled kernels in the disk cache"
rm -rf "$DPK_CACHE_DIR"
"$prefix/bin/dpk" run "$root/examples/saxpy/saxpy.dpk" -k saxpy --global 64 \
    alpha=2:f32 x=zeros:f32[64] y=zeros:f32[64] > /dev/null || fail "dpk run"
ls "$DPK_CACHE_DIR"/images/*.dpkimg "$DPK_CACHE_DIR"/programs/*.dpkprog > /dev/null 2>&1 ||
    fail "dpk run left no kernel image and driver binary in $DPK_CACHE_DIR"

step "subdirectory: add_subdirectory(dpk)"
if [[ "${DPK_CONSUMER_FULL:-0}" == 1 ]]; then
    build_project "$root/tests/consumer/subdirectory" "$work/sub" -DDPK_SOURCE_DIR="$root" ||
        fail "the add_subdirectory consumer did not build"
    "$work/sub/saxpy_subdirectory" || fail "saxpy_subdirectory"
else
    # Configured and checked, not built (a second build of dpk's libraries does not fit CI's
    # time): dpk's targets are there under the names above, none of its tests, examples or
    # benchmarks, and what the consumer's binary needs is dpk's libraries and dpk-aot only.
    cmake -S "$root/tests/consumer/subdirectory" -B "$work/sub" -G Ninja \
        -DCMAKE_BUILD_TYPE=Release -DDPK_SOURCE_DIR="$root" > "$work/sub.log" 2>&1 ||
        { cat "$work/sub.log" >&2; fail "the add_subdirectory consumer did not configure"; }
    targets="$(ninja -C "$work/sub" -t targets all 2>/dev/null || true)"
    if grep -E '^(tests|examples|bench)/' <<< "$targets" | head -n 3; then
        fail "add_subdirectory builds dpk's tests, examples or benchmarks"
    fi
    steps="$(ninja -C "$work/sub" -t commands saxpy_subdirectory | wc -l)"
    echo "saxpy_subdirectory: $steps build steps"
    ((steps > 0 && steps < 200)) || fail "saxpy_subdirectory takes $steps build steps"
fi

step "done"
if ((failures)); then
    echo "consumer_test: $failures failure(s)" >&2
    exit 1
fi
echo "consumer_test: every consumer project built and ran ($((SECONDS - start))s)"
