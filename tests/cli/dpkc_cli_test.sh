#!/usr/bin/env bash
# End-to-end checks of dpkc's command line: exit codes, outputs, diagnostics, and that no input
# (including mutated programs) makes it crash. usage: dpkc_cli_test.sh DPKC SOURCE_DIR
set -uo pipefail
dpkc="$1"
src="$2"
source "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

vecadd="$src/examples/vecadd/vecadd.dpk"
saxpy="$src/examples/saxpy/saxpy.dpk"

"$dpkc" --help >"$tmp/out" 2>&1; check "--help" 0 $?
contains "--help text" "$tmp/out" "usage: dpkc FILE.dpk"
"$dpkc" >"$tmp/out" 2>&1; check "no input" 2 $?
contains "no input message" "$tmp/out" "no input file"
"$dpkc" "$tmp/missing.dpk" >"$tmp/out" 2>&1; check "missing file" 2 $?
"$dpkc" --bogus "$saxpy" >"$tmp/out" 2>&1; check "unknown option" 2 $?
"$dpkc" "$saxpy" --emit elf >"$tmp/out" 2>&1; check "bad --emit" 2 $?
"$dpkc" "$saxpy" -k nope >"$tmp/out" 2>&1; check "unknown kernel" 2 $?
contains "unknown kernel lists kernels" "$tmp/out" "kernels: saxpy"
"$dpkc" "$saxpy" -s >"$tmp/out" 2>&1; check "-s without value" 2 $?

"$dpkc" "$saxpy" -o "$tmp/saxpy.spv" 2>"$tmp/err"; check "annotated kernel" 0 $?
spirv-val --target-env opencl1.2 "$tmp/saxpy.spv"; check "saxpy validates" 0 $?
"$dpkc" "$vecadd" -s "void(f64[::1], f64[::1], f64[::1])" --emit spvasm -o "$tmp/v.spvasm"
check "generic kernel with -s" 0 $?
contains "f64 used" "$tmp/v.spvasm" "OpCapability Float64"
"$dpkc" "$vecadd" -s "void(f32[::1], f32[::1], f32[::1])" --emit abi -o - >"$tmp/abi"
check "--emit abi" 0 $?
contains "abi lists shape" "$tmp/abi" "shape[0] of param 0"

# `alpha * x[i] + y[i]` is one OpenCL.std mad by default; --no-fp-contract keeps the multiply and
# the add apart.
"$dpkc" "$saxpy" --emit spvasm -o "$tmp/contract.spvasm"; check "saxpy spvasm" 0 $?
contains "contracted by default" "$tmp/contract.spvasm" " mad %alpha "
lacks "no separate multiply by default" "$tmp/contract.spvasm" "OpFMul"
"$dpkc" "$saxpy" --no-fp-contract --emit spvasm -o "$tmp/separate.spvasm"
check "--no-fp-contract" 0 $?
lacks "--no-fp-contract: no mad" "$tmp/separate.spvasm" " mad "
contains "--no-fp-contract: multiply" "$tmp/separate.spvasm" "OpFMul %float %alpha"
contains "--no-fp-contract: add" "$tmp/separate.spvasm" "OpFAdd %float"

"$dpkc" "$vecadd" >"$tmp/out" 2>&1; check "generic kernel without -s" 1 $?
contains "generic kernel message" "$tmp/out" "vecadd"
"$dpkc" "$vecadd" -s "void(flot32[:], f32[:], f32[:])" >"$tmp/out" 2>&1
check "unknown type in signature" 1 $?
contains "unknown type message" "$tmp/out" "flot32"
printf 'kernel k(a: f32[::1]) {\n    let i = global_id(0)\n    a[i] = 1.0;\n}\n' >"$tmp/bad.dpk"
"$dpkc" "$tmp/bad.dpk" >"$tmp/out" 2>&1; check "syntax error" 1 $?
contains "diagnostic location" "$tmp/out" "bad.dpk:2:"
contains "caret" "$tmp/out" "^"

# --target: the default has no sub-groups; a target that names them compiles sub-group kernels.
sg="$src/tests/golden/in/work_sub_group_items.dpk"
"$dpkc" "$sg" -o "$tmp/sg.spv" >"$tmp/out" 2>&1; check "sub-groups on the default target" 1 $?
contains "sub-groups missing" "$tmp/out" "has no sub-groups (cl_khr_subgroups), needed for sub_group_size"
"$dpkc" "$sg" --target opencl+sub_groups -o "$tmp/sg.spv" 2>"$tmp/err"; check "--target opencl+sub_groups" 0 $?
spirv-val --target-env opencl2.0 "$tmp/sg.spv"; check "sub-group module validates (OpenCL 2.0)" 0 $?
"$dpkc" "$sg" --target opencl+subgroups >"$tmp/out" 2>&1; check "unknown target feature" 2 $?
contains "unknown feature named" "$tmp/out" "unknown target feature 'subgroups'"
"$dpkc" "$sg" --target >"$tmp/out" 2>&1; check "--target without value" 2 $?
"$dpkc" "$saxpy" --target level-zero-fp64 -o "$tmp/s.spv" 2>"$tmp/err"; check "level-zero target" 0 $?

# --emit ptx: what the CUDA backend would load, with no GPU or driver.
"$dpkc" "$saxpy" --emit ptx --target cuda:sm_90 >"$tmp/s.ptx" 2>"$tmp/err"; check "--emit ptx" 0 $?
contains "PTX header" "$tmp/s.ptx" ".target sm_90"
contains "PTX entry point" "$tmp/s.ptx" ".visible .entry saxpy("
"$dpkc" "$saxpy" --emit ptx >"$tmp/s2.ptx" 2>"$tmp/err"; check "--emit ptx defaults to sm_90" 0 $?
cmp -s "$tmp/s.ptx" "$tmp/s2.ptx"; check "--emit ptx alone is cuda:sm_90" 0 $?
"$dpkc" "$saxpy" --emit ptx --target cuda:sm_80 >"$tmp/s80.ptx" 2>"$tmp/err"; check "cuda:sm_80" 0 $?
contains "sm_80 header" "$tmp/s80.ptx" ".target sm_80"
"$dpkc" "$saxpy" --emit ptx --target cuda:gfx90a >"$tmp/out" 2>&1; check "bad CUDA architecture" 1 $?
contains "bad architecture named" "$tmp/out" "unknown CUDA target 'gfx90a'"
"$dpkc" "$saxpy" --emit ptx --target opencl >"$tmp/out" 2>&1; check "--emit ptx for opencl" 2 $?
contains "ptx needs cuda" "$tmp/out" "needs a --target of the backend that emits it"
"$dpkc" "$saxpy" --target hip:gfx90a >"$tmp/out" 2>&1; check "unknown translating backend" 2 $?
contains "no such backend" "$tmp/out" "no backend 'hip' translates SPIR-V"
if command -v ptxas >/dev/null || [[ -x /usr/local/cuda/bin/ptxas ]]; then
    ptxas_bin=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
    "$ptxas_bin" -arch=sm_90 -o /dev/null "$tmp/s.ptx"; check "ptxas takes dpkc's PTX" 0 $?
else
    echo "SKIPPED: ptxas not found; dpkc's PTX not assembled here"
fi

# An integer quotient stored into a float array: a warning on stderr (exit 0); -Werror: exit 1.
cat >"$tmp/ratio.dpk" <<'DPK'
kernel ratio(x: f32[::1], n: i64) {
    let i = global_id(0);
    x[i] = i / n;
}
DPK
"$dpkc" "$tmp/ratio.dpk" -o "$tmp/ratio.spv" 2>"$tmp/out"; check "warning compiles" 0 $?
contains "warning printed" "$tmp/out" "ratio.dpk:3:14: warning: integer division 'i / n'"
"$dpkc" "$tmp/ratio.dpk" -Werror -o "$tmp/ratio.spv" 2>"$tmp/out"; check "-Werror fails" 1 $?
contains "-Werror error" "$tmp/out" "ratio.dpk:3:14: error: integer division 'i / n'"
"$dpkc" "$saxpy" -Werror -o "$tmp/s.spv" 2>"$tmp/out"; check "-Werror without warnings" 0 $?

# Literals typed by their uses: f32 code with float literals holds no f64.
cat >"$tmp/gauss.dpk" <<'DPK'
const TWO_PI = 6.283185;
kernel gauss(x, y) {
    let i = global_id(0);
    let half = 0.5;
    var acc = 0.0;
    acc += x[i];
    y[i] = exp(-half * acc * x[i]) / sqrt(TWO_PI) + sqrt(2) * x[i];
}
DPK
"$dpkc" "$tmp/gauss.dpk" -s "void(f32[::1], f32[::1])" --emit spvasm -o "$tmp/g.spvasm"
check "f32 literal inference" 0 $?
lacks "no Float64" "$tmp/g.spvasm" "Float64"

# Mutations of real programs: every run ends in 0 or 1, never a crash (exit >= 3 or a signal).
crashes=0
runs=0
for f in "$src"/examples/*/*.dpk "$src"/tests/golden/in/design_*.dpk; do
    size=$(stat -c %s "$f")
    for seed in 1 2 3 4 5 6 7 8; do
        # cut the file short, drop a byte, or flip a byte at a position from the seed
        pos=$(( (seed * 7919 + size) % (size > 0 ? size : 1) ))
        case $((seed % 3)) in
            0) head -c "$pos" "$f" >"$tmp/m.dpk" ;;
            1) { head -c "$pos" "$f"; tail -c +"$((pos + 2))" "$f"; } >"$tmp/m.dpk" ;;
            2) byte=$(printf '%02x' $(( (seed * 37) % 94 + 33 )))
               { head -c "$pos" "$f"; printf "\\x$byte"; tail -c +"$((pos + 2))" "$f"; } >"$tmp/m.dpk" ;;
        esac
        "$dpkc" "$tmp/m.dpk" -s "void(f32[::1], f32[::1], f32[::1])" -o "$tmp/m.spv" >/dev/null 2>&1
        code=$?
        runs=$((runs + 1))
        if ((code >= 2)); then
            # 2 is fine only for "several kernels" / "no kernels" usage errors
            if ((code != 2)); then
                crashes=$((crashes + 1))
                echo "CRASH (exit $code) on a mutation of $f (seed $seed):"; cat "$tmp/m.dpk"
            fi
        fi
    done
done
check "no crash on $runs mutated programs" 0 "$crashes"

finish
