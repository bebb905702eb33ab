"""Launch overhead from Python: host time per launch of a 3-array vecadd (64 elements), asynchronous
(batches of launches, one untimed wait after each batch) and synchronous (launch + wait), through
dpk's Python module (Kernel.launch: signature dispatch; CompiledKernel.launch: one definition),
next to dpk's own C++ launch measured in the same run (build/bench/bench_launch, run as a child
process) and, on CUDA devices, CuPy RawKernel, Triton and numba-cuda where they are importable
(each is skipped with a printed reason otherwise). Goal: within 1 us of dpk's C++ launch.

    DPK_BUILD_DIR=build /opt/dpk/python/bin/python bench/python_launch.py [LAUNCHES] [ROUNDS]
"""

import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = pathlib.Path(os.environ.get("DPK_BUILD_DIR", ROOT / "build"))
if (BUILD / "python" / "dpk").is_dir():
    sys.path.insert(0, str(BUILD / "python"))

import numpy as np  # noqa: E402

import dpk  # noqa: E402

N = 64
BATCH = 500
SOURCE = """
kernel vecadd(a, b, c) {
    let i = global_id(0);
    c[i] = a[i] + b[i];
}
"""


def per_launch_us_side_by_side(launches_by_name, finish, launches, rounds):
    """For each launch function, the median over rounds of (time of BATCH launches) / BATCH,
    `finish` (untimed) after each batch; the functions' batches taken in turn (one batch of each,
    then the next round), so that each sees the same machine: {name: median us}."""
    samples = {name: [] for name in launches_by_name}
    for _ in range(rounds * max(1, launches // BATCH)):
        for name, launch in launches_by_name.items():
            t0 = time.perf_counter_ns()
            for _ in range(BATCH):
                launch()
            samples[name].append((time.perf_counter_ns() - t0) / BATCH / 1000.0)
            finish()
    return {name: statistics.median(s) for name, s in samples.items()}


def per_launch_us(launch, finish, launches, rounds):
    """Median over rounds of (time of BATCH launches) / BATCH; `finish` (untimed) after each."""
    return per_launch_us_side_by_side({"launch": launch}, finish, launches, rounds)["launch"]


def sync_us(launch_and_wait, launches):
    """Median of single launch + wait times."""
    samples = []
    for _ in range(max(200, launches // 10)):
        t0 = time.perf_counter_ns()
        launch_and_wait()
        samples.append((time.perf_counter_ns() - t0) / 1000.0)
    return statistics.median(samples)


def cpp_figures(launches, rounds):
    """dpk's C++ launch per device from bench_launch: {filter: (async_us, sync_us)}."""
    tool = BUILD / "bench" / "bench_launch"
    if not tool.exists():
        print(f"# dpk C++ launch: skipped ({tool} not built)")
        return {}
    out = subprocess.run([str(tool), str(launches), str(rounds)], check=True, capture_output=True,
                         text=True).stdout
    figures = {}
    for kind in ("launch_async", "launch_sync"):
        for m in re.finditer(rf"^{kind} device=(\S+) dpk_us=([\d.]+) (\w+)=([\d.]+)", out, re.M):
            figures.setdefault(m.group(1), {})[kind] = (float(m.group(2)), m.group(3),
                                                          float(m.group(4)))
    return figures


def bench_dpk(device, launches, rounds, cpp):
    q = dpk.Queue(device, profiling=False)
    kernel = dpk.Program.from_string(SOURCE, "python_launch.dpk").kernel("vecadd")
    ck = kernel.specialize("void(f32[::1], f32[::1], f32[::1])", device)
    a, b, c = (dpk.zeros(N, "float32", q) for _ in range(3))
    args = [a, b, c]
    for _ in range(200):  # warm-up (PoCL compiles the work-group function at the first run)
        kernel.launch(q, N, args).wait()
    timed = per_launch_us_side_by_side(
        {"kernel": lambda: kernel.launch(q, N, args), "compiled": lambda: ck.launch(q, N, args)},
        q.wait, launches, rounds)
    k_async, ck_async = timed["kernel"], timed["compiled"]
    k_sync = sync_us(lambda: kernel.launch(q, N, args).wait(), launches)
    f = device.filter_string
    line = (f"python_launch_async device={f} dpk_python_us={k_async:.2f} "
            f"compiled_kernel_us={ck_async:.2f}")
    if "launch_async" in cpp.get(f, {}):
        cpp_us, raw_name, raw_us = cpp[f]["launch_async"]
        verdict = "MET" if k_async - cpp_us <= 1.0 else "MISSED"
        line += (f" dpk_cpp_us={cpp_us:.2f} {raw_name}={raw_us:.2f} diff_us={k_async - cpp_us:+.2f}"
                 f" goal_diff<=1us {verdict}")
    print(line)
    line = f"python_launch_sync device={f} dpk_python_us={k_sync:.2f}"
    if "launch_sync" in cpp.get(f, {}):
        cpp_us, raw_name, raw_us = cpp[f]["launch_sync"]
        line += f" dpk_cpp_us={cpp_us:.2f} {raw_name}={raw_us:.2f} diff_us={k_sync - cpp_us:+.2f}"
    print(line)
    assert np.array_equal(c.to_numpy(), np.zeros(N, np.float32))


def report_peer(name, launch, synchronize, launches, rounds):
    """Warms a peer's launch up, then prints its asynchronous and synchronous time per launch."""
    def launch_wait():
        launch()
        synchronize()

    for _ in range(200):
        launch_wait()
    print(f"peer_launch {name} async_us={per_launch_us(launch, synchronize, launches, rounds):.2f} "
          f"sync_us={sync_us(launch_wait, launches):.2f}")


def bench_cupy(launches, rounds):
    try:
        import cupy as cp
    except ImportError as e:
        print(f"# cupy RawKernel: skipped ({e})")
        return
    code = r"""extern "C" __global__ void vecadd(const float* a, const float* b, float* c,
                                                long long n) {
        long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) c[i] = a[i] + b[i];
    }"""
    k = cp.RawKernel(code, "vecadd")
    a, b, c = (cp.zeros(N, dtype=cp.float32) for _ in range(3))
    n = np.int64(N)
    stream = cp.cuda.get_current_stream()

    def launch():
        k((1,), (N,), (a, b, c, n))

    report_peer("cupy_rawkernel", launch, stream.synchronize, launches, rounds)


def bench_triton(launches, rounds):
    try:
        import torch
        import triton
        import triton.language as tl
    except ImportError as e:
        print(f"# triton: skipped ({e})")
        return

    @triton.jit
    def vecadd(a, b, c, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(c + offs, tl.load(a + offs, mask=m) + tl.load(b + offs, mask=m), mask=m)

    a, b, c = (torch.zeros(N, dtype=torch.float32, device="cuda") for _ in range(3))

    def launch():
        vecadd[(1,)](a, b, c, N, BLOCK=N)

    report_peer("triton", launch, torch.cuda.synchronize, launches, rounds)


def bench_numba(launches, rounds):
    try:
        from numba import cuda
    except ImportError as e:
        print(f"# numba-cuda: skipped ({e})")
        return

    def vecadd(a, b, c):
        i = cuda.grid(1)
        if i < c.size:
            c[i] = a[i] + b[i]

    try:  # numba-cuda's compiler may not work with the numpy installed beside it
        vecadd = cuda.jit("void(float32[::1], float32[::1], float32[::1])")(vecadd)
    except Exception as e:  # noqa: BLE001 - any failure of the peer skips it, with the reason
        print(f"# numba-cuda: skipped (its compiler failed: {type(e).__name__}: {e})")
        return

    a, b, c = (cuda.to_device(np.zeros(N, np.float32)) for _ in range(3))

    def launch():
        vecadd[1, N](a, b, c)

    report_peer("numba_cuda", launch, cuda.synchronize, launches, rounds)


def bench_zero_copy(device, launches, rounds):
    """A launch on views of a 1 KiB and a 1 GiB PyTorch tensor: the same time (nothing moves)."""
    try:
        import torch
    except ImportError as e:
        print(f"# zero-copy launch on torch tensors: skipped ({e})")
        return
    q = dpk.Queue(device, profiling=False)
    kernel = dpk.Program.from_string(SOURCE, "python_launch.dpk").kernel("vecadd")
    kernel.specialize("void(f32[::1], f32[::1], f32[::1])", device)
    figures = []
    for elements in (256, 1 << 28):  # 1 KiB and 1 GiB of f32
        t = torch.zeros(elements, dtype=torch.float32, device="cuda")
        torch.cuda.synchronize()
        t0 = time.perf_counter_ns()
        view = dpk.asarray(t, q)  # the driver's pointer check, no copy
        wrap_us = (time.perf_counter_ns() - t0) / 1000.0
        args = [view, view, view]
        kernel.launch(q, N, args).wait()
        figures.append((elements * 4, wrap_us,
                        per_launch_us(lambda: kernel.launch(q, N, args), q.wait, launches, rounds)))
        del view, args, t
    print("zero_copy_launch device=" + device.filter_string + " " + " ".join(
        f"bytes={b} asarray_us={w:.1f} launch_us={l:.2f}" for b, w, l in figures))


def main():
    launches = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print(f"# python launch overhead, 3 arrays of {N} f32, {launches} launches x {rounds} rounds "
          f"(async: batches of {BATCH}); dpk {dpk.__version__}, Python {sys.version.split()[0]}")
    cpp = cpp_figures(launches, rounds)
    devices = [d for d in dpk.devices() if d.takes_spirv]
    if os.environ.get("DPK_DEVICE"):
        devices = [dpk.default_device()]
    for d in devices:
        bench_dpk(d, launches, rounds, cpp)
    if any(d.backend == "cuda" for d in devices):
        bench_zero_copy(next(d for d in devices if d.backend == "cuda"), launches, rounds)
        bench_cupy(launches, rounds)
        bench_triton(launches, rounds)
        bench_numba(launches, rounds)
    else:
        print("# cupy RawKernel, triton, numba-cuda: skipped (no CUDA device)")


if __name__ == "__main__":
    main()
