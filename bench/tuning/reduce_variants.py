#!/usr/bin/env python3
"""Times the streaming-sum variants of reduce_variants.dpk on one device (the first pass of a
device-wide reduction; out gets one partial sum per work-group) against the device copy rate, to
choose the shape of std.algorithms' reduce_chunks. Median of RUNS device times (event profiling).

    DPK_BUILD_DIR=build-gpu-python python3 bench/tuning/reduce_variants.py [DEVICE] [N] [RUNS]
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.environ.get("DPK_BUILD_DIR", "build"), "python"))
import numpy as np  # noqa: E402
import dpk  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    device = dpk.select_device(sys.argv[1] if len(sys.argv) > 1 else "cuda:gpu:0")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 28
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    q = dpk.Queue(device, profiling=True)
    program = dpk.Program.from_file(os.path.join(HERE, "reduce_variants.dpk"))
    host = (np.arange(n, dtype=np.int64) % 7).astype(np.float32)
    x = dpk.asarray(host, q)
    expected = float(host.astype(np.float64).sum())
    units = device.compute_units
    print("device %s, %d compute units, n=%d f32 (%.0f MiB)" % (device, units, n, n * 4 / 2**20))

    def timed(kernel, groups, wg, chunk):
        out = dpk.zeros(groups, "float32", q)
        args = [x, out, chunk]
        kernel.launch(q, groups * wg, args, local_size=wg).wait()
        got = float(out.to_numpy().astype(np.float64).sum())
        times = [kernel.launch(q, groups * wg, args, local_size=wg).duration_ns
                 for _ in range(runs)]
        return statistics.median(times) / 1e3, abs(got - expected) <= 1e-6 * expected

    copy_y = dpk.empty(n, "float32", q)
    copy_times = []
    for _ in range(runs):
        copy_times.append(copy_y.copy_from(x).duration_ns / 1e3)
    if copy_times:
        us = statistics.median(copy_times)
        print("%-14s %6s %5s %10.1f us %8.1f GB/s (read + write)" % (
            "device copy", "-", "-", us, 2 * n * 4 / us / 1e3))
    for name in ("chunked4", "chunked8", "strided4", "strided4_i32"):
        k = program.kernel(name).specialize("void(f32[::1], f32[::1], i64)", device)
        for per_cu in (4, 8, 16, 32):
            for wg in (256, 512):
                groups = units * per_cu * 256 // wg
                chunk = -(-n // groups)
                us, ok = timed(k, groups, wg, chunk)
                print("%-14s %6d %5d %10.1f us %8.1f GB/s %s" % (
                    name, groups, wg, us, n * 4 / us / 1e3, "" if ok else "WRONG"), flush=True)
    k = program.kernel("flat").specialize("void(f32[::1], f32[::1], i64)", device)
    for wg in (256, 512, 1024):
        us, ok = timed(k, n // wg, wg, 0)
        print("%-14s %6d %5d %10.1f us %8.1f GB/s %s" % (
            "flat", n // wg, wg, us, n * 4 / us / 1e3, "" if ok else "WRONG"), flush=True)


if __name__ == "__main__":
    main()
