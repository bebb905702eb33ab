#!/usr/bin/env bash
# The main job's demo: compiles the example kernels with dpkc (size and validation of each module),
# then runs the tiled matmul and saxpy on the default device with `dpk run` and checks the results
# against numpy.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
dpkc="$build/tools/dpkc/dpkc"
dpk="$build/tools/dpk/dpk"
# A python3 with numpy: Debian's (python3-numpy), or the first on PATH that has it.
python=/usr/bin/python3
for candidate in /usr/bin/python3 "$(command -v python3 || true)"; do
    if [[ -x "$candidate" ]] && "$candidate" -c 'import numpy' 2>/dev/null; then
        python="$candidate"
        break
    fi
done
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

compile() {  # compile NAME FILE [SIGNATURE]
    local name="$1" file="$2" sig="${3:-}"
    local args=("$file" -o "$out/$name.spv")
    [[ -n "$sig" ]] && args+=(-s "$sig")
    "$dpkc" "${args[@]}"
    local size validation
    size=$(stat -c %s "$out/$name.spv")
    if validation=$(spirv-val --target-env opencl1.2 "$out/$name.spv" 2>&1); then
        validation="valid (spirv-val --target-env opencl1.2)"
    fi
    printf '  %-16s %6d bytes  %s\n' "$name" "$size" "$validation"
}

echo "== dpkc: the example kernels to SPIR-V"
compile vecadd_f32 "$root/examples/vecadd/vecadd.dpk" "void(f32[::1], f32[::1], f32[::1])"
compile vecadd_i64 "$root/examples/vecadd/vecadd.dpk" "void(i64[::1], i64[::1], i64[::1])"
compile saxpy "$root/examples/saxpy/saxpy.dpk"
compile matmul "$root/examples/matmul/matmul.dpk"
compile block_sum "$root/examples/reduction/block_sum.dpk" "void(f32[::1], f32[::1], local f32[:])"

echo "== dpk: devices"
"$dpk" devices | grep -E '^([a-z_]+ platform|[a-z_]+:|default)|^  [a-z_]+:'

echo "== dpk run on the default device"
"$python" - "$out" <<'PY'
import sys, numpy as np
out = sys.argv[1]
rng = np.random.default_rng(7)
np.save(f"{out}/a.npy", rng.standard_normal((64, 48), dtype=np.float32))
np.save(f"{out}/b.npy", rng.standard_normal((48, 32), dtype=np.float32))
np.save(f"{out}/x.npy", rng.standard_normal(1000, dtype=np.float32))
np.save(f"{out}/y.npy", rng.standard_normal(1000, dtype=np.float32))
PY
"$dpk" run "$root/examples/matmul/matmul.dpk" -k matmul --global 32,64 --local 16,16 --repeat 5 \
    A=@"$out/a.npy" B=@"$out/b.npy" C=zeros:f32[64,32] --out C="$out/c.npy"
"$dpk" run "$root/examples/saxpy/saxpy.dpk" -k saxpy --global 1024 --local 64 \
    alpha=2.5 x=@"$out/x.npy" y=@"$out/y.npy" --out y="$out/y_out.npy"
"$python" - "$out" <<'PY'
import sys, numpy as np
out = sys.argv[1]
a, b, c = (np.load(f"{out}/{n}.npy") for n in ("a", "b", "c"))
err = float(np.abs(c - a @ b).max())
print(f"  matmul 64x48 @ 48x32 f32: max |C - A@B| = {err:.2e}", "ok" if err < 1e-4 else "WRONG")
x, y, y_out = (np.load(f"{out}/{n}.npy") for n in ("x", "y", "y_out"))
err = float(np.abs(y_out - (np.float32(2.5) * x + y)).max())
print(f"  saxpy n=1000 (global 1024, bounds-checked): max |y - (2.5x + y0)| = {err:.2e}",
      "ok" if err < 1e-5 else "WRONG")
sys.exit(0 if err < 1e-5 else 1)
PY
