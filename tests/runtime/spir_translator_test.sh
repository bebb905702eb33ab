#!/usr/bin/env bash
# The SPIR 1.2 translator plugin (libdpk-spir.so): a runtime-only binary does not link LLVM; a
# SPIR 1.2 device (PoCL) gets a clear error naming what was looked for when the plugin is missing
# or is not ours, and works with it. Usage: spir_translator_test.sh DPK RUNTIME_ONLY_BINARY VECADD.dpk
set -u
dpk=$1 runtime_only=$2 vecadd=$3
fail() { echo "FAIL: $*"; exit 1; }

# 1. No LLVM in what a runtime-only program (an AOT program) needs to start.
needed=$(readelf -d "$runtime_only" | grep NEEDED) || fail "readelf failed on $runtime_only"
if echo "$needed" | grep -qi llvm; then fail "$runtime_only needs LLVM: $needed"; fi
echo "ok: $(basename "$runtime_only") needs no LLVM library"
if ldd "$dpk" | grep -qi llvm; then fail "dpk links LLVM"; fi
echo "ok: dpk links no LLVM library"

# 2. The plugin on a SPIR 1.2 device.
spir=$("$dpk" devices | awk '/^  opencl:/ {d=$1} /SPIR-V: yes, as SPIR 1.2/ {print d; exit}')
if [[ -z "$spir" ]]; then echo "SKIPPED: no device takes SPIR-V as SPIR 1.2"; exit 0; fi
run() {  # a cold build (no disk cache), so the translation must run
    env DPK_CACHE=0 "$@" "$dpk" run "$vecadd" -k vecadd --device "$spir" --global 4 --repeat 1 \
        a=zeros:f32[4] b=zeros:f32[4] c=zeros:f32[4] 2>&1
}
out=$(run DPK_SPIR_TRANSLATOR=/nonexistent/libdpk-spir.so); status=$?
[[ $status -ne 0 ]] || fail "a missing plugin did not fail: $out"
echo "$out" | grep -q "the SPIR 1.2 translator (LLVMSPIRVLib plugin) is not available" ||
    fail "no headline for a missing plugin: $out"
echo "$out" | grep -q "/nonexistent/libdpk-spir.so (not there)" || fail "path not named: $out"
echo "$out" | grep -q "set DPK_SPIR_TRANSLATOR" || fail "no remedy named: $out"
echo "ok: missing plugin -> exit $status with the path looked at"

not_ours=$(ldd "$dpk" | awk '/libOpenCL\.so/ {print $3; exit}')  # a library, not the plugin
[[ -n "$not_ours" ]] || fail "dpk does not link libOpenCL"
out=$(run DPK_SPIR_TRANSLATOR="$not_ours"); status=$?
[[ $status -ne 0 ]] || fail "a foreign library was taken as the plugin: $out"
echo "$out" | grep -q "$not_ours (not a dpk SPIR translator)" || fail "foreign library not named: $out"
echo "ok: foreign library -> exit $status, named"

out=$(run); status=$?
[[ $status -eq 0 ]] || fail "the built plugin did not work: $out"
echo "$out" | grep -q "^kernel_time_us" || fail "no kernel time printed: $out"
echo "ok: $spir runs vecadd through the plugin"
