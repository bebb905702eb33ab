#!/usr/bin/env bash
# Builds dpk under the sanitizers and runs the test suite there.
# usage: tools/sanitize.sh [address|thread] [CTEST ARGS...]
#   address (default): ASan + UBSan in build-asan/, driver leaks suppressed (tools/sanitizers/)
#   thread: TSan in build-tsan/
# Exit status: ctest's (0 when every test passed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kind="${1:-address}"
shift || true
supp="$root/tools/sanitizers"
case "$kind" in
    address)
        build="$root/build-asan"
        sanitize="address;undefined"
        # A sanitizer-instrumented driver is not available: its leaks are suppressed by library.
        # jit_concurrent_specialize's threads use deep stacks: no alternate signal stack.
        export ASAN_OPTIONS="detect_leaks=1:use_sigaltstack=0:detect_stack_use_after_return=0:${ASAN_OPTIONS:-}"
        export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0:${LSAN_OPTIONS:-}"
        export UBSAN_OPTIONS="suppressions=$supp/ubsan.supp:print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
        ;;
    thread)
        build="$root/build-tsan"
        sanitize="thread"
        # The drivers are not instrumented: what their threads (and the kernels Intel's runtime
        # compiles into anonymous memory) do through libc's intercepted calls (memcpy of a
        # host array that dpk's thread wrote before it enqueued the copy) is ordered by their
        # own synchronization, which TSan cannot see. Those calls are not checked; every access
        # of dpk's own code is.
        export TSAN_OPTIONS="suppressions=$supp/tsan.supp:halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:${TSAN_OPTIONS:-}"
        ;;
    *)
        echo "usage: tools/sanitize.sh [address|thread] [CTEST ARGS...]" >&2
        exit 2
        ;;
esac
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# DPK_CMAKE_ARGS: more configure arguments (tools/gpu/sanitize.sh passes its dependency prefix).
# shellcheck disable=SC2086
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DDPK_SANITIZE=$sanitize" -DDPK_WERROR=ON "${launcher[@]}" ${DPK_CMAKE_ARGS:-}
cmake --build "$build" -j "${DPK_JOBS:-$(nproc)}"
cd "$build"
exec ctest --output-on-failure --timeout 1200 "$@"
