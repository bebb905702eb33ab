#!/usr/bin/env bash
# Runs a command with a SIGSEGV/SIGBUS/SIGABRT handler preloaded that prints the native stack
# (glibc backtrace), then names each frame of the given shared objects or executables with
# addr2line. For the GPU machine, which has gcc and binutils but no debugger:
#
#   bash tools/gpu/native_backtrace.sh "OBJ[:OBJ...]" COMMAND [ARGS...]
#
# e.g. bash tools/gpu/native_backtrace.sh build-gpu-python/python/dpk/_dpk.cpython-312-x86_64-linux-gnu.so \
#          python3 crash.py
# Build the objects with debug information (DPK_PYTHON_BUILD_TYPE=RelWithDebInfo for
# tools/gpu/python_test.sh) so that addr2line finds file:line. Python's faulthandler must stay off
# (it would replace the handler). Exit status: the command's.
set -uo pipefail
objects="$1"
shift
work="$(mktemp -d)"
cat > "$work/trace.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
/* "WHAT ADDR OBJECT(+0xOFFSET)": the object holding an address, as backtrace_symbols_fd writes. */
static void name_address(const char* what, void* address) {
    char line[512];
    Dl_info info;
    if (dladdr(address, &info) && info.dli_fname)
        snprintf(line, sizeof line, "native_backtrace: %s %p %s(+0x%lx)[%p]\n", what, address,
                 info.dli_fname, (unsigned long)((char*)address - (char*)info.dli_fbase), address);
    else
        snprintf(line, sizeof line, "native_backtrace: %s %p (in no loaded object)\n", what,
                 address);
    write(2, line, strlen(line));
}
static void on_signal(int sig, siginfo_t* si, void* context) {
    void* frames[128];
    const char* head = "native_backtrace: fatal signal; frames:\n";
    write(2, head, strlen(head));
    backtrace_symbols_fd(frames, backtrace(frames, 128), 2);
    /* A call through a bad pointer leaves no frame to unwind: the faulting address, the
       instruction pointer and the return address on top of the stack name the caller. */
    ucontext_t* uc = (ucontext_t*)context;
    name_address("fault address", si->si_addr);
    name_address("instruction", (void*)uc->uc_mcontext.gregs[REG_RIP]);
    void** sp = (void**)uc->uc_mcontext.gregs[REG_RSP];
    for (int i = 0; i < 4; ++i) name_address("stack word", sp[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}
__attribute__((constructor)) static void install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, 0);
    sigaction(SIGBUS, &sa, 0);
    sigaction(SIGABRT, &sa, 0);
}
C
gcc -shared -fPIC -O1 "$work/trace.c" -o "$work/trace.so"
LD_PRELOAD="$work/trace.so${LD_PRELOAD:+:$LD_PRELOAD}" "$@" 2> >(tee "$work/stderr" >&2)
rc=$?
sleep 0.2  # the tee above finishes writing
IFS=: read -r -a objs <<< "$objects"
# backtrace_symbols_fd prints "PATH(SYMBOL+0xOFF)[0xADDR]" or "PATH(+0xOFF)[0xADDR]".
grep -oE '\S+\([^)]*\+0x[0-9a-f]+\)\[[^]]*\]' "$work/stderr" | while read -r line; do
    path="${line%%(*}"
    for o in "${objs[@]}"; do
        if [[ "$(basename "$path")" == "$(basename "$o")" ]]; then
            inner="${line#*(}"
            inner="${inner%%)*}"
            sym="${inner%+0x*}"
            off="0x${inner##*+0x}"
            if [[ -n "$sym" ]]; then
                # An exported symbol: its address plus the offset.
                base="$(nm -D --defined-only "$o" 2>/dev/null | awk -v s="$sym" '$3 == s {print $1}')"
                [[ -n "$base" ]] && off="$(printf '0x%x' $((16#$base + off)))"
            fi
            echo "  $(basename "$o") $off: $(addr2line -f -C -i -p -e "$o" "$off" | tr '\n' ' ')"
        fi
    done
done
rm -rf "$work"
exit "$rc"
