#!/usr/bin/env python3
"""dpk's f16 GEMMs on cooperative matrices (bench/kernels/gemm_f16.dpk) next to cuBLAS (through
torch.matmul, f16 inputs, f32 accumulation) in one run, in TFLOP/s (2 M N K / time), median of
RUNS device times after a warm-up: dpk's from event profiling, torch's from CUDA events. Each dpk
result is checked against torch's f32 product of the same f16 inputs (relative error of the
largest element). With torch, then the same for bf16: the kernels of BF16_KERNELS are
gemm_f16.dpk's with every f16 replaced by bf16 (the program text is made here, not kept twice),
on torch.bfloat16 inputs used in place, next to torch.matmul in bf16. Then the tf32 and i8
GEMMs of bench/kernels/gemm_tf32_i8.dpk: tf32 next to torch.matmul of f32 tensors with TF32
allowed (cuBLAS's tf32 GEMM), i8 -> i32 next to torch._int_mm (cuBLAS's int8 GEMM), each result
checked exactly (inputs small multiples of 1/4, or small integers: every product and sum exact).
Last the register-tiled f32 SGEMM of bench/kernels/sgemm.dpk (no tensor cores) next to cuBLAS's
f32 GEMM with TF32 off. With CuPy, gemm_tiles64's CUDA C twin (bench/kernels/gemm_tiles64.cu,
compiled by NVRTC) runs last for each size: the same algorithm through CUDA's compiler; then
bench/kernels/gemm_wgmma.cu (built by nvcc for sm_90a, NVCC overrides the path): dpk's shared
layout and copies with B read by wgmma through descriptors, the warpgroup path's probe.

    DPK_BUILD_DIR=build-gpu-python python3 bench/matmul_tensor.py [DEVICE] [RUNS] [SIZE ...]
    python3 bench/matmul_tensor.py --ptx-only [DEVICE] [RUNS] [SIZE ...]

(--ptx-only: no dpk module; cuBLAS, the CUDA C twin, the wgmma probe and PTX launched through
CuPy: the files
of DPK_PTX_DIR, made by tools/gpu/ptx_variants.sh, else dpkc's (DPK_DPKC, default
build-gpu/tools/dpkc/dpkc).)

Defaults: cuda:gpu:0, 10 runs, sizes 2048 4096 8192 (square). Without torch the cuBLAS column is
left out and the check uses numpy on a 512 x 512 corner.
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.environ.get("DPK_BUILD_DIR", "build"), "python"))
import numpy as np  # noqa: E402

PTX_ONLY = "--ptx-only" in sys.argv  # no dpk module: dpkc's PTX through CuPy (ptx_only below)
if not PTX_ONLY:
    import dpk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIGNATURE = "void(f16[:, ::1], f16[:, ::1], f32[:, ::1])"
# kernel: (block rows, block cols, work-group size); global = (N / cols * wg, M / rows).
KERNELS = {"gemm_simple": (16, 64, 128), "gemm_2x2": (32, 128, 128),
           "gemm_tiled": (64, 64, 128), "gemm_tiled128": (128, 128, 256),
           "gemm_async": (128, 128, 256), "gemm_async64": (128, 128, 128),
           "gemm_async_wide": (128, 256, 256), "gemm_async3": (128, 128, 128),
           "gemm_tiles64": (128, 128, 128), "gemm_tiles64_3": (128, 128, 128),
           "gemm_tiles_wide": (128, 256, 256), "gemm_tiles64_4": (128, 128, 128),
           "gemm_wide3": (128, 256, 256), "gemm_wide4": (128, 256, 256),
           "gemm_tiles32": (128, 128, 256), "gemm_tiles64_pf": (128, 128, 128),
           "gemm_group": (128, 128, 128), "gemm_group3": (128, 128, 128)}
BF16_KERNELS = ("gemm_2x2", "gemm_async64", "gemm_tiles64", "gemm_group")
UNSIZED = "gemm_async64 (no @local_size)"
# Dense tensor-core peaks, TFLOP/s (TOPS for i8), by a part of the device's name: NVIDIA's data
# sheets (SXM H100 and H200 share the GH100's tensor cores and clocks).
PEAKS = (("H100 PCIe", {"f16": 756.0, "bf16": 756.0, "tf32": 378.0, "i8": 1513.0, "f32": 51.2}),
         ("H100", {"f16": 989.4, "bf16": 989.4, "tf32": 494.7, "i8": 1978.9, "f32": 66.9}),
         ("H200", {"f16": 989.4, "bf16": 989.4, "tf32": 494.7, "i8": 1978.9, "f32": 66.9}))


def summary(device, n, dtype, best, anchor_tflops):
    """One line: dpk's fastest kernel of `dtype` (name, TFLOP/s), its ratio to cuBLAS's and the
    fraction of the device's dense peak."""
    name, tflops = max(best.items(), key=lambda kv: kv[1])
    peak = next((p[dtype] for part, p in PEAKS if part in device.name), None)
    line = f"n={n:<5} {dtype}: best dpk {name} {tflops:.1f} TFLOP/s"
    if anchor_tflops:
        line += f" = {tflops / anchor_tflops:.2f} of cuBLAS"
    if peak and anchor_tflops:
        line += (f", {tflops / peak:.2f} of the device's peak ({peak:g}; cuBLAS "
                 f"{anchor_tflops / peak:.2f})")
    elif peak:
        line += f", {tflops / peak:.2f} of peak"
    print(line, flush=True)


def ptx_only(runs, sizes):
    """Without the Python module (`--ptx-only`): cuBLAS, the CUDA C twin and ptx_variants()
    launched through CuPy, each checked against torch."""
    import torch
    print(f"device {torch.cuda.get_device_name()}; {runs} runs, median; PTX through CuPy")
    for n in sizes:
        flop = 2.0 * n * n * n
        rng = np.random.default_rng(n)
        ta = torch.from_numpy((rng.integers(-4, 5, (n, n)) / 4).astype(np.float16)).cuda()
        tb = torch.from_numpy((rng.integers(-4, 5, (n, n)) / 4).astype(np.float16)).cuda()
        want = (ta.float() @ tb.float()).cpu().numpy()
        for dtype, (x, y) in (("f16", (ta, tb)),
                              ("bf16", (ta.to(torch.bfloat16), tb.to(torch.bfloat16)))):
            us = torch_us(torch, lambda x=x, y=y: torch.matmul(x, y), runs)
            print(f"n={n:<5} cuBLAS (torch {dtype}) {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s",
                  flush=True)
        cuda_c_twin(torch, ta, tb, want, runs, n, flop)
        ptx_through_cupy(torch, ta, tb, want, runs, n, flop)
        wgmma_probe(ta, tb, want, runs, n, flop)


def main():
    if PTX_ONLY:
        args = [a for a in sys.argv[1:] if a != "--ptx-only"]
        ptx_only(int(args[1]) if len(args) > 1 else 10, [int(x) for x in args[2:]] or [4096])
        return
    device_filter = sys.argv[1] if len(sys.argv) > 1 else "cuda:gpu:0"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    sizes = [int(s) for s in sys.argv[3:]] or [2048, 4096, 8192]
    device = dpk.select_device(device_filter)
    q = dpk.Queue(device)
    program = dpk.Program.from_file(os.path.join(ROOT, "bench", "kernels", "gemm_f16.dpk"))
    kernels = {name: program.kernel(name).specialize(SIGNATURE, device) for name in KERNELS}
    # gemm_async64 without its @local_size, beside it: what knowing the work-group's size gives.
    with open(os.path.join(ROOT, "bench", "kernels", "gemm_f16.dpk")) as f:
        unsized = f.read().replace("@local_size(128)\nkernel gemm_async64(", "kernel gemm_async64(")
    kernels[UNSIZED] = dpk.Program.from_string(unsized, "gemm_unsized.dpk").kernel(
        "gemm_async64").specialize(SIGNATURE, device)
    try:
        import torch
    except ImportError:
        torch = None
        print("torch: not installed, cuBLAS skipped")
    print(f"device {device.name}; {runs} runs, median; TFLOP/s = 2 M N K / time")
    for n in sizes:
        flop = 2.0 * n * n * n
        rng = np.random.default_rng(n)
        ha = (rng.integers(-4, 5, (n, n)) / 4).astype(np.float16)
        hb = (rng.integers(-4, 5, (n, n)) / 4).astype(np.float16)
        a, b = dpk.asarray(ha, q), dpk.asarray(hb, q)
        poison = np.full((n, n), np.nan, np.float32)  # each kernel's check starts from NaN
        want = None
        if torch is not None:
            ta = torch.from_numpy(ha).cuda()
            tb = torch.from_numpy(hb).cuda()
            want = (ta.float() @ tb.float()).cpu().numpy()
        best = {}
        for name, (rows, cols, wg) in [*KERNELS.items(), (UNSIZED, KERNELS["gemm_async64"])]:
            k = kernels[name]
            c = dpk.asarray(poison, q)
            args = [a, b, c]
            grid = (n // cols * wg, n // rows)
            k.launch(q, grid, args, local_size=(wg, 1)).wait()
            got = c.to_numpy()
            if want is not None:
                err = float(np.max(np.abs(got - want)) / max(1.0, float(np.max(np.abs(want)))))
            else:
                corner = ha[:512].astype(np.float32) @ hb[:, :512].astype(np.float32)
                err = float(np.max(np.abs(got[:512, :512] - corner)))
            us = statistics.median(
                k.launch(q, grid, args, local_size=(wg, 1)).duration_ns for _ in range(runs)) / 1e3
            print(f"n={n:<5} dpk {name:<12} {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s "
                  f"max rel err {err:.1e} {'ok' if err < 1e-3 else 'WRONG'}", flush=True)
            if err < 1e-3:
                best[name] = flop / us / 1e6
        anchor = None
        if torch is not None:
            us = torch_us(torch, lambda: torch.matmul(ta, tb), runs)
            anchor = flop / us / 1e6
            print(f"n={n:<5} cuBLAS (torch f16) {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s",
                  flush=True)
        if best:
            summary(device, n, "f16", best, anchor)
        if torch is not None:
            bf16(device, q, torch, ta, tb, want, runs, n, flop)
            tf32_i8(device, q, torch, ta, tb, want, runs, n, flop)
            sgemm(device, q, torch, ta, tb, want, runs, n, flop)
            # Last: kernels not yet run anywhere, whose fault would end the process's context.
            cuda_c_twin(torch, ta, tb, want, runs, n, flop)
            ptx_through_cupy(torch, ta, tb, want, runs, n, flop)
            wgmma_probe(ta, tb, want, runs, n, flop)


def torch_us(torch, fn, runs):
    """Median of RUNS CUDA-event times of fn() in microseconds, after one untimed call."""
    fn()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1e3)
    return statistics.median(times)


def bf16(device, q, torch, ta, tb, want, runs, n, flop):
    """gemm_f16.dpk's BF16_KERNELS with bf16 elements next to torch.matmul in bf16."""
    with open(os.path.join(ROOT, "bench", "kernels", "gemm_f16.dpk")) as f:
        text = f.read().replace("f16", "bf16")
    program = dpk.Program.from_string(text, "gemm_bf16.dpk")
    signature = SIGNATURE.replace("f16", "bf16")
    # The f16 inputs are small multiples of 1/4: exact in bf16, so the f32 products agree.
    xa, xb = ta.to(torch.bfloat16), tb.to(torch.bfloat16)
    a, b = dpk.asarray(xa, q), dpk.asarray(xb, q)
    c = dpk.empty((n, n), "float32", q)
    best = {}
    for name in BF16_KERNELS:
        rows, cols, wg = KERNELS[name]
        k = program.kernel(name).specialize(signature, device)
        grid = (n // cols * wg, n // rows)
        k.launch(q, grid, [a, b, c], local_size=(wg, 1)).wait()
        got = c.to_numpy()
        err = float(np.max(np.abs(got - want)) / max(1.0, float(np.max(np.abs(want)))))
        us = statistics.median(
            k.launch(q, grid, [a, b, c], local_size=(wg, 1)).duration_ns for _ in range(runs)) / 1e3
        print(f"n={n:<5} dpk {name + '_bf16':<17} {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s "
              f"max rel err {err:.1e} {'ok' if err < 1e-3 else 'WRONG'}", flush=True)
        if err < 1e-3:
            best[name + "_bf16"] = flop / us / 1e6
    us = torch_us(torch, lambda: torch.matmul(xa, xb), runs)
    print(f"n={n:<5} cuBLAS (torch bf16) {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s", flush=True)
    if best:
        summary(device, n, "bf16", best, flop / us / 1e6)


def tf32_i8(device, q, torch, ta, tb, want, runs, n, flop):
    """gemm_tf32_i8.dpk's kernels next to cuBLAS's tf32 and int8 GEMMs (through torch)."""
    program = dpk.Program.from_file(os.path.join(ROOT, "bench", "kernels", "gemm_tf32_i8.dpk"))
    rows, cols, wg = KERNELS["gemm_tiles64"]
    grid = (n // cols * wg, n // rows)
    # f32 inputs: the f16 ones (multiples of 1/4, exact in tf32); i8: four times them (-4 .. 4).
    xa, xb = ta.float(), tb.float()
    ia, ib = (ta.float() * 4).to(torch.int8), (tb.float() * 4).to(torch.int8)
    want_i = want * 16  # exact: integers below 2^24
    cases = [("gemm_tf32_tiles64", "void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", xa, xb,
              "float32", want, "cuBLAS (torch f32, TF32 allowed)", lambda: torch.matmul(xa, xb)),
             ("gemm_i8_tiles64", "void(i8[:, ::1], i8[:, ::1], i32[:, ::1])", ia, ib, "int32",
              want_i, "cuBLAS (torch._int_mm i8 -> i32)", lambda: torch._int_mm(ia, ib))]
    for (name, signature, x, y, out, expected, anchor, fn), dtype in zip(cases, ("tf32", "i8")):
        k = program.kernel(name).specialize(signature, device)
        a, b = dpk.asarray(x, q), dpk.asarray(y, q)
        c = dpk.empty((n, n), out, q)
        k.launch(q, grid, [a, b, c], local_size=(wg, 1)).wait()
        err = float(np.max(np.abs(c.to_numpy().astype(np.float64) - expected)))
        us = statistics.median(
            k.launch(q, grid, [a, b, c], local_size=(wg, 1)).duration_ns for _ in range(runs)) / 1e3
        print(f"n={n:<5} dpk {name:<17} {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s "
              f"max abs err {err:.1e} {'ok' if err == 0 else 'WRONG'}", flush=True)
        mine = flop / us / 1e6
        allow = torch.backends.cuda.matmul.allow_tf32
        torch.backends.cuda.matmul.allow_tf32 = True
        theirs = None
        try:
            us = torch_us(torch, fn, runs)
            theirs = flop / us / 1e6
            print(f"n={n:<5} {anchor} {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s", flush=True)
        except RuntimeError as e:  # an anchor torch cannot run here: say so, go on
            print(f"n={n:<5} {anchor}: not run ({str(e).splitlines()[0]})", flush=True)
        finally:
            torch.backends.cuda.matmul.allow_tf32 = allow
        if err == 0:
            summary(device, n, dtype, {name: mine}, theirs)


def cuda_c_twin(torch, ta, tb, want, runs, n, flop):
    """bench/kernels/gemm_tiles64.cu (gemm_tiles64's algorithm by hand, inline PTX), compiled
    here by CuPy's NVRTC, on the same inputs: what CUDA's compiler makes of dpk's algorithm, as
    nvcc chooses its registers and held to dpk's three blocks a multiprocessor."""
    try:
        import cupy
    except ImportError:
        print(f"n={n:<5} CUDA C twin gemm_tiles64: not run (no CuPy)", flush=True)
        return
    with open(os.path.join(ROOT, "bench", "kernels", "gemm_tiles64.cu")) as f:
        code = f.read()
    a, b = cupy.asarray(ta), cupy.asarray(tb)
    for blocks in (1, 3):
        label = f"CUDA C twin gemm_tiles64 (>= {blocks} blocks/SM)"
        try:  # a failure to build is reported, and the run goes on
            module = cupy.RawModule(
                code=code, options=("--std=c++17", f"-DTWIN_MIN_BLOCKS={blocks}",
                                    "-I" + os.path.join(ROOT, "bench", "kernels")))
            fn = module.get_function("gemm_tiles64")
        except Exception as e:  # noqa: BLE001 (CuPy's compile errors have several types)
            why = (str(e).splitlines() or [repr(e)])[0]
            print(f"n={n:<5} {label}: not run ({why})", flush=True)
            continue
        c = cupy.full((n, n), cupy.nan, dtype=cupy.float32)
        args = (a, b, c, np.int32(n), np.int32(n), np.int32(n))
        cupy_report(cupy, label, fn, ((n // 128, n // 128), (128,), args), c, want, runs, n,
                    flop)


# (WG_N, STAGES, WG_WAIT) of bench/kernels/gemm_wgmma.cu to build: the products of one wgmma
# (both halves of b, or one), the stages, and the wgmma groups left in flight at a step's end.
WGMMA_VARIANTS = ((128, 3, 0), (128, 4, 0), (64, 3, 0), (128, 3, 1))
_PROBES = {}  # (WG_N, STAGES, WG_WAIT) -> the built kernel


def wgmma_probe(ta, tb, want, runs, n, flop):
    """bench/kernels/gemm_wgmma.cu (dpk's shared layout read by wgmma; sm_90a) built by nvcc
    and launched by CuPy on the same inputs: what the warpgroup path gives on this layout."""
    try:
        import cupy
    except ImportError:
        print(f"n={n:<5} wgmma probe: not run (no CuPy)", flush=True)
        return
    import subprocess
    import tempfile
    source = os.path.join(ROOT, "bench", "kernels", "gemm_wgmma.cu")
    nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
    a, b = cupy.asarray(ta), cupy.asarray(tb)
    for wg_n, stages, wait in WGMMA_VARIANTS:
        label = f"wgmma probe (m64n{wg_n}k16, {stages} stages, {wait} in flight)"
        try:
            fn = _PROBES.get((wg_n, stages, wait))
            if fn is None:  # built once for every size
                with tempfile.TemporaryDirectory() as folder:
                    cubin = os.path.join(folder, "probe.cubin")
                    subprocess.run([nvcc, "-arch=sm_90a", "-cubin", "-O3", f"-DWG_N={wg_n}",
                                    f"-DSTAGES={stages}", f"-DWG_WAIT={wait}", "-o", cubin,
                                    source], check=True, capture_output=True, text=True)
                    fn = cupy.RawModule(path=cubin).get_function("gemm_wgmma")
                _PROBES[(wg_n, stages, wait)] = fn
            smem = stages * 16384 + 1024
            fn.max_dynamic_shared_size_bytes = smem
        except Exception as e:  # noqa: BLE001 (nvcc's and CuPy's errors have several types)
            why = (getattr(e, "stderr", "") or str(e) or repr(e)).strip().splitlines()
            print(f"n={n:<5} {label}: not run ({why[0] if why else repr(e)})", flush=True)
            continue
        c = cupy.full((n, n), cupy.nan, dtype=cupy.float32)
        args = (a, b, c, np.int32(n), np.int32(n), np.int32(n))
        cupy_report(cupy, label, fn, ((n // 128, n // 128), (128,), args), c, want, runs, n,
                    flop, shared_mem=smem)


def cupy_report(cupy, label, fn, launch, c, want, runs, n, flop, shared_mem=0):
    """Launches CuPy kernel fn(*launch) once, then RUNS times between CUDA events; prints the
    median time, TFLOP/s, c's largest error against `want` and fn's registers."""
    fn(*launch, shared_mem=shared_mem)
    times = []
    for _ in range(runs):
        start, end = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        fn(*launch, shared_mem=shared_mem)
        end.record()
        end.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, end) * 1e3)
    us = statistics.median(times)
    err = float(cupy.max(cupy.abs(c - cupy.asarray(want)))) / max(
        1.0, float(np.max(np.abs(want))))
    print(f"n={n:<5} {label} {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s "
          f"max rel err {err:.1e} {'ok' if err < 1e-3 else 'WRONG'} "
          f"({getattr(fn, 'num_regs', '?')} registers)", flush=True)


def ptx_variants():
    """(label, kernel, PTX text) of the PTX to launch through CuPy: every KERNEL[+TAG].ptx of
    $DPK_PTX_DIR (made elsewhere, tools/gpu/ptx_variants.sh: another translator's, say; a tag
    "+bf16" marks a kernel of bf16 inputs), else
    dpkc's (DPK_DPKC, default build-gpu/tools/dpkc/dpkc) PTX of gemm_tiles64 and
    gemm_tiles64_pf, each as it is and with `.minnctapersm 3` after `.reqntid` (what holding
    ptxas to three groups a multiprocessor, 168 registers, gives the same code)."""
    folder = os.environ.get("DPK_PTX_DIR")
    if folder:
        for file in sorted(os.listdir(folder)):
            if file.endswith(".ptx"):
                with open(os.path.join(folder, file)) as f:
                    yield file[:-4], file[:-4].split("+")[0], f.read()
        return
    import subprocess
    dpkc = os.environ.get("DPK_DPKC", os.path.join(ROOT, "build-gpu", "tools", "dpkc", "dpkc"))
    for name in ("gemm_tiles64", "gemm_tiles64_pf"):
        try:
            ptx = subprocess.run(
                [dpkc, os.path.join(ROOT, "bench", "kernels", "gemm_f16.dpk"), "-k", name,
                 "--emit", "ptx", "-o", "-"], check=True, capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:
            yield name, name, e
            continue
        yield name, name, ptx
        yield name + "+minnctapersm3", name, ptx.replace(
            ".reqntid 128, 1, 1\n", ".reqntid 128, 1, 1\n.minnctapersm 3\n")


def ptx_through_cupy(torch, ta, tb, want, runs, n, flop):
    """ptx_variants() loaded and launched through CuPy (each kernel's index32 + noalias entry
    point, the one a launch of these inputs runs), each result checked."""
    try:
        import cupy
    except ImportError:
        return
    import tempfile
    # The inputs by the address in each element type (CuPy has no bf16; torch keeps them): the
    # f16 inputs are small multiples of 1/4, exact in bf16, so both products are `want`.
    inputs = {"f16": (ta, tb), "bf16": (ta.to(torch.bfloat16), tb.to(torch.bfloat16))}
    for label, name, ptx in ptx_variants():
        a, b = inputs["bf16" if "+bf16" in label else "f16"]
        label = "dpk PTX " + label
        try:
            if isinstance(ptx, Exception):
                raise ptx
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "kernel.ptx")
                with open(path, "w") as f:
                    f.write(ptx)
                fn = cupy.RawModule(path=path).get_function(name + "__index32__noalias")
        except Exception as e:  # noqa: BLE001 (CuPy's load errors have several types)
            why = (str(e).splitlines() or [repr(e)])[0]
            print(f"n={n:<5} {label}: not run ({why})", flush=True)
            continue
        if name not in KERNELS:
            print(f"n={n:<5} {label}: not run (no launch shape for {name})", flush=True)
            continue
        rows, cols, wg = KERNELS[name]
        c = cupy.full((n, n), cupy.nan, dtype=cupy.float32)
        big = np.int64(n)
        args = (np.uint64(a.data_ptr()), big, big, np.uint64(b.data_ptr()), big, big, c, big, big)
        cupy_report(cupy, label, fn, ((n // cols, n // rows), (wg,), args), c, want, runs, n,
                    flop)


def sgemm(device, q, torch, ta, tb, want, runs, n, flop):
    """bench/kernels/sgemm.dpk (f32, no tensor cores) next to cuBLAS's f32 GEMM without TF32."""
    program = dpk.Program.from_file(os.path.join(ROOT, "bench", "kernels", "sgemm.dpk"))
    k = program.kernel("sgemm").specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", device)
    xa, xb = ta.float(), tb.float()  # multiples of 1/4: every product and sum exact in f32
    a, b = dpk.asarray(xa, q), dpk.asarray(xb, q)
    c = dpk.asarray(np.full((n, n), np.nan, np.float32), q)
    grid = (n // 128 * 256, n // 128)
    k.launch(q, grid, [a, b, c], local_size=(256, 1)).wait()
    err = float(np.max(np.abs(c.to_numpy() - want)))
    us = statistics.median(
        k.launch(q, grid, [a, b, c], local_size=(256, 1)).duration_ns for _ in range(runs)) / 1e3
    mine = flop / us / 1e6
    print(f"n={n:<5} dpk sgemm             {us:10.1f} us {mine:8.1f} TFLOP/s "
          f"max abs err {err:.1e} {'ok' if err == 0 else 'WRONG'}", flush=True)
    allow = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        us = torch_us(torch, lambda: torch.matmul(xa, xb), runs)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = allow
    print(f"n={n:<5} cuBLAS (torch f32, no TF32) {us:10.1f} us {flop / us / 1e6:8.1f} TFLOP/s",
          flush=True)
    if err == 0:
        summary(device, n, "f32", {"sgemm": mine}, flop / us / 1e6)


if __name__ == "__main__":
    main()
