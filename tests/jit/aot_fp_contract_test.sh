#!/usr/bin/env bash
# dpk-aot --no-fp-contract reaches the compiler. saxpy's `alpha * x[i] + y[i]` is an OpenCL.std
# mad by default, the only thing the kernel imports OpenCL.std for; without contraction the
# bundle's SPIR-V imports nothing. usage: aot_fp_contract_test.sh DPK_AOT KERNELS.dpk WORK_PREFIX
set -euo pipefail
aot="$1"
src="$2"
out="$3"
sig="void(f32, f32[::1], f32[::1])"
"$aot" -o "$out.contract.dpkb" "$src" -k saxpy -s "$sig"
"$aot" --no-fp-contract -o "$out.separate.dpkb" "$src" -k saxpy -s "$sig"
if ! grep -q OpenCL.std "$out.contract.dpkb"; then
    echo "FAIL: no mad in the default bundle"
    exit 1
fi
if grep -q OpenCL.std "$out.separate.dpkb"; then
    echo "FAIL: a mad in the --no-fp-contract bundle"
    exit 1
fi
echo "contracted by default, not with --no-fp-contract"
