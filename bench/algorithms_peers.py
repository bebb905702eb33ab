#!/usr/bin/env python3
"""The GPU anchors of bench_algorithms: CUB through CuPy, and torch, on the same sizes and in the
same units (us, GB/s, Gkeys/s), timed with CUDA events (median of RUNS after one warm-up call).

Each peer is skipped with a printed line when its package is not installed.

usage: algorithms_peers.py [RUNS] [N] [N_SORT]   (defaults: 10, 2^28, 2^26 — bench_algorithms'
       GPU defaults). Run it right after `bench_algorithms` on the same GPU (docs/algorithms.md).
"""
import statistics
import sys


def row(algorithm, dtype, n, amount, keys, seconds, peer):
    unit = "Gkeys/s" if keys else "GB/s"
    print(f"{algorithm:<16} {dtype:<4} n={n:<10} {peer:<6} {seconds * 1e6:10.1f} us "
          f"{amount / seconds / 1e9:8.3f} {unit}")


def median_seconds(runs, f, sync_event, elapsed_ms=lambda start, end: start.elapsed_time(end)):
    """The median time of `runs` calls of f, between two recorded events each (elapsed_ms: the
    milliseconds between two of them; torch's events know it, CuPy asks a function)."""
    f()
    times = []
    for _ in range(runs):
        start, end = sync_event(), sync_event()
        start.record()
        f()
        end.record()
        end.synchronize()
        times.append(elapsed_ms(start, end) / 1e3)
    return statistics.median(times)


def run_cupy(runs, n, n_sort):
    try:
        import cupy as cp
    except ImportError:
        print("cupy: not installed, skipped")
        return

    def median(f):
        return median_seconds(runs, f, cp.cuda.Event, cp.cuda.get_elapsed_time)

    rng = cp.random.default_rng(1)
    x = (rng.integers(0, 16, n, dtype=cp.int32) - 8).astype(cp.float32)
    flags = rng.integers(0, 2, n, dtype=cp.uint8).astype(cp.bool_)
    b = rng.integers(0, 256, n, dtype=cp.uint32)
    keys = rng.integers(0, 2**32, n_sort, dtype=cp.uint64).astype(cp.uint32)
    fb = 4.0 * n
    row("reduce sum", "f32", n, fb, False, median(lambda: cp.sum(x)), "cupy")
    row("reduce max", "f32", n, fb, False, median(lambda: cp.max(x)), "cupy")
    row("inclusive_scan", "f32", n, 2 * fb, False, median(lambda: cp.cumsum(x)), "cupy")
    row("copy_if (1/2)", "f32", n, 7.0 * n, False, median(lambda: x[flags]), "cupy")
    row("histogram 256", "u32", n, fb, False,
        median(lambda: cp.bincount(b, minlength=256)), "cupy")
    row("sort", "u32", n_sort, float(n_sort), True, median(lambda: cp.sort(keys)), "cupy")
    row("sort_by_key", "u32", n_sort, float(n_sort), True, median(lambda: cp.argsort(keys)),
        "cupy")


def run_torch(runs, n, n_sort):
    try:
        import torch
    except ImportError:
        print("torch: not installed, skipped")
        return
    if not torch.cuda.is_available():
        print("torch: no CUDA device, skipped")
        return
    def median(f):
        return median_seconds(runs, f, lambda: torch.cuda.Event(enable_timing=True))

    g = torch.Generator(device="cuda").manual_seed(1)
    x = (torch.randint(0, 16, (n,), device="cuda", generator=g) - 8).float()
    flags = torch.randint(0, 2, (n,), device="cuda", generator=g).bool()
    b = torch.randint(0, 256, (n,), device="cuda", generator=g)
    keys = torch.randint(0, 2**31 - 1, (n_sort,), device="cuda", generator=g, dtype=torch.int64)
    keys = keys.to(torch.int32)  # torch sorts int32 (it has no uint32 sort on every version)
    fb = 4.0 * n
    row("reduce sum", "f32", n, fb, False, median(lambda: torch.sum(x)), "torch")
    row("reduce max", "f32", n, fb, False, median(lambda: torch.max(x)), "torch")
    row("inclusive_scan", "f32", n, 2 * fb, False, median(lambda: torch.cumsum(x, 0)), "torch")
    row("copy_if (1/2)", "f32", n, 7.0 * n, False, median(lambda: x[flags]), "torch")
    row("histogram 256", "i64", n, 8.0 * n, False,
        median(lambda: torch.bincount(b, minlength=256)), "torch")
    row("sort", "i32", n_sort, float(n_sort), True, median(lambda: torch.sort(keys)), "torch")
    row("sort_by_key", "i32", n_sort, float(n_sort), True,
        median(lambda: torch.sort(keys, stable=True)), "torch")


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 28
    n_sort = int(sys.argv[3]) if len(sys.argv) > 3 else 1 << 26
    print(f"peers: {runs} runs, medians of CUDA-event times; n={n}, n_sort={n_sort}")
    run_cupy(runs, n, n_sort)
    run_torch(runs, n, n_sort)


if __name__ == "__main__":
    main()
