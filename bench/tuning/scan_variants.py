#!/usr/bin/env python3
"""Times the last launch of std.algorithms' f32 scan (each chunk's scan from its offset: n reads,
n writes) with the work-group scan of std.scan (scan_chunks) and of sub-group scans
(scan_chunks_sg), for several elements per work item and work-groups per compute unit, against
the device copy; to choose jit/algorithms.cpp's constants. Median of RUNS device times.

    DPK_BUILD_DIR=build-gpu-python python3 bench/tuning/scan_variants.py [DEVICE] [N] [RUNS]
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.environ.get("DPK_BUILD_DIR", "build"), "python"))
import numpy as np  # noqa: E402
import dpk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIGNATURE = ("void(f32[::1], f32[::1], f32[::1], i64, i64, i32, i32, i32, local f32[:], "
             "local f32[:], f32[::1], f32[::1])")


def main():
    device = dpk.select_device(sys.argv[1] if len(sys.argv) > 1 else "cuda:gpu:0")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 28
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    q = dpk.Queue(device, profiling=True)
    program = dpk.Program.from_file(os.path.join(ROOT, "stdlib", "algorithms.dpk"))
    x = dpk.asarray((np.arange(n, dtype=np.int64) % 7).astype(np.float32), q)
    y = dpk.empty(n, "float32", q)
    units, wg = device.compute_units, 256
    copy = statistics.median(y.copy_from(x).duration_ns for _ in range(runs)) / 1e3
    print("device %s, n=%d f32; device copy %.1f us (%.0f GB/s)" % (
        device, n, copy, 2 * n * 4 / copy / 1e3))
    names = ["scan_chunks"] + (["scan_chunks_sg"] if "sub_groups" in device.features else [])
    for name in names:
        k = program.kernel(name).specialize(SIGNATURE, device)
        for per_item in (4, 8, 16):
            tile = wg * per_item
            for per_cu in (8, 16, 32):
                tiles = -(-n // tile)
                chunk = -(-tiles // min(tiles, units * per_cu)) * tile
                groups = -(-n // chunk)
                offsets = dpk.zeros(groups, "float32", q)
                args = [x, y, offsets, chunk, per_item, np.int32(0), np.int32(1), np.int32(0),
                        dpk.LocalMemory("float32", tile + tile // 32 + 1),
                        dpk.LocalMemory("float32", wg + 1), y, y]
                k.launch(q, groups * wg, args, local_size=wg).wait()
                us = statistics.median(k.launch(q, groups * wg, args, local_size=wg).duration_ns
                                       for _ in range(runs)) / 1e3
                print("%-15s per_item %2d groups %6d (%2d/CU) %9.1f us %7.0f GB/s %.3f of copy"
                      % (name, per_item, groups, per_cu, us, 2 * n * 4 / us / 1e3, copy / us),
                      flush=True)


if __name__ == "__main__":
    main()
