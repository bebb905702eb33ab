#!/usr/bin/env python3
"""Times std.algorithms' scans to choose jit/algorithms.cpp's constants. Median of RUNS device
times (event profiling) of each configuration, against the device copy.

First (`tiles` or `all`): the last launch of the f32 reduce-then-scan (each chunk's scan from its
offset: n reads, n writes) with the work-group scan of std.scan (scan_chunks) and of sub-group
scans (scan_chunks_sg), for several elements per work item and work-groups per compute unit.

Then (`methods` or `all`), where the device has sub-group ballots: a whole inclusive scan by each
ScanMethod for several work-group sizes and elements per work item: ReduceThenScan's three
launches (reduce_chunks, the scan of the chunks' totals, scan_chunks_sg; 32 groups per compute
unit, as jit/algorithms.cpp) summed, and the look-back's one launch (scan_lookback_sg, flag and
sum apart; for i32 also scan_lookback_packed_sg, both in one u64; the fills of its flags and
ticket counter before each launch are not counted). Each result is checked against numpy's
cumsum (f32: relatively, the sums are grouped differently).

    DPK_BUILD_DIR=build-gpu-python python3 bench/tuning/scan_variants.py [DEVICE] [N] [RUNS] [WHAT]
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
# What jit/algorithms.cpp launches, by sum dtype T.
SCAN_SG = ("void({t}[::1], {t}[::1], {t}[::1], i64, i64, i32, i32, i32, local {t}[:], "
           "local {t}[:], {t}[::1], {t}[::1])")
REDUCE = "void({t}[::1], {t}[::1], i32, i32, {t}, i64, local {t}[:])"
LOOKBACK = ("void({t}[::1], {t}[::1], u32[::1], u32[::1], {t}[::1], {t}[::1], i64, i32, i32, "
            "local {t}[:], local {t}[:], {t}[::1], {t}[::1])")
LOOKBACK_PACKED = ("void({t}[::1], {t}[::1], u64[::1], u32[::1], i64, i32, i32, local {t}[:], "
                   "local {t}[:], {t}[::1], {t}[::1])")
GROUPS_PER_CU = 32
NUMPY = {"f32": np.float32, "i32": np.int32}
DTYPE = {"f32": "float32", "i32": "int32"}


def ceil_div(a, b):
    return -(-a // b)


def tile_scans(program, device, q, x, y, n, runs, copy):
    """The last launch of reduce-then-scan, by work-group scan, per_item and groups per CU."""
    units, wg = device.compute_units, 256
    names = ["scan_chunks"] + (["scan_chunks_sg"] if "sub_groups" in device.features else [])
    for name in names:
        k = program.kernel(name).specialize(SIGNATURE, device)
        for per_item in (4, 8, 16):
            tile = wg * per_item
            for per_cu in (8, 16, 32):
                tiles = ceil_div(n, tile)
                chunk = ceil_div(tiles, min(tiles, units * per_cu)) * tile
                groups = ceil_div(n, chunk)
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


def check(y, want, t):
    got = y.to_numpy()
    if t == "i32":
        return bool(np.array_equal(got, want))
    return bool(np.allclose(got, want, rtol=1e-4, atol=1.0))


def methods(program, device, q, n, runs, copy):
    """Whole inclusive scans: ReduceThenScan against the look-back, by wg and per_item."""
    units = device.compute_units
    host = np.arange(n, dtype=np.int64) % 7
    for t in ("f32", "i32"):
        x = dpk.asarray(host.astype(NUMPY[t]), q)
        y = dpk.empty(n, DTYPE[t], q)
        want = np.cumsum(host) if t == "i32" else np.cumsum(host.astype(np.float64))
        want = want.astype(NUMPY[t]) if t == "i32" else want
        scan_sg = program.kernel("scan_chunks_sg").specialize(SCAN_SG.format(t=t), device)
        reduce = program.kernel("reduce_chunks").specialize(REDUCE.format(t=t), device)
        lookback = program.kernel("scan_lookback_sg").specialize(LOOKBACK.format(t=t), device)
        packed = None
        if t == "i32" and "int64_atomics" in device.features:
            packed = program.kernel("scan_lookback_packed_sg").specialize(
                LOOKBACK_PACKED.format(t=t), device)
        zero = NUMPY[t](0)
        i32 = np.int32
        for wg in (128, 256):
            for per_item in (4, 8, 12, 16, 32):
                tile = wg * per_item
                tiles = ceil_div(n, tile)
                tile_mem = dpk.LocalMemory(DTYPE[t], tile + tile // 32 + 1)
                # ReduceThenScan: as scan_into.
                chunk = ceil_div(tiles, min(tiles, units * GROUPS_PER_CU)) * tile
                groups = ceil_div(n, chunk)
                partials = dpk.empty(groups, DTYPE[t], q)
                offsets = dpk.empty(groups, DTYPE[t], q)
                sums = dpk.LocalMemory(DTYPE[t], wg + 1)

                def reduce_then_scan():
                    e1 = reduce.launch(q, groups * wg, [x, partials, i32(0), i32(0), zero, chunk,
                                                        dpk.LocalMemory(DTYPE[t], wg)],
                                       local_size=wg)
                    e2 = scan_sg.launch(q, wg, [partials, offsets, partials, groups, per_item,
                                                i32(1), i32(0), i32(0), tile_mem, sums, partials,
                                                offsets], local_size=wg)
                    e3 = scan_sg.launch(q, groups * wg, [x, y, offsets, chunk, per_item, i32(0),
                                                         i32(1), i32(0), tile_mem, sums, y, y],
                                        local_size=wg)
                    e3.wait()
                    return e1.duration_ns + e2.duration_ns + e3.duration_ns

                # The look-back: flags apart, then (i32) packed.
                flags = dpk.empty(tiles, "uint32", q)
                counter = dpk.empty(1, "uint32", q)
                aggregates = dpk.empty(tiles, DTYPE[t], q)
                inclusive = dpk.empty(tiles, DTYPE[t], q)
                states = dpk.empty(tiles, "uint64", q)
                lb_sums = dpk.LocalMemory(DTYPE[t], wg + 2)

                def look_back():
                    flags.fill(0).wait()
                    counter.fill(0).wait()
                    e = lookback.launch(q, tiles * wg, [x, y, flags, counter, aggregates,
                                                        inclusive, per_item, i32(0), i32(0),
                                                        tile_mem, lb_sums, y, y], local_size=wg)
                    e.wait()
                    return e.duration_ns

                def look_back_packed():
                    states.fill(0).wait()
                    counter.fill(0).wait()
                    e = packed.launch(q, tiles * wg, [x, y, states, counter, per_item, i32(0),
                                                      i32(0), tile_mem, lb_sums, y, y],
                                      local_size=wg)
                    e.wait()
                    return e.duration_ns

                variants = [("reduce-then-scan", reduce_then_scan), ("look-back", look_back)]
                if packed is not None:
                    variants.append(("look-back packed", look_back_packed))
                for name, run in variants:
                    run()
                    ok = check(y, want, t)
                    us = statistics.median(run() for _ in range(runs)) / 1e3
                    print("%s %-17s wg %3d per_item %2d tiles %7d %9.1f us %7.0f GB/s %.3f of "
                          "copy %s" % (t, name, wg, per_item, tiles, us, 2 * n * 4 / us / 1e3,
                                       copy / us, "" if ok else "WRONG"), flush=True)


def main():
    device = dpk.select_device(sys.argv[1] if len(sys.argv) > 1 else "cuda:gpu:0")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 28
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    what = sys.argv[4] if len(sys.argv) > 4 else "all"
    q = dpk.Queue(device, profiling=True)
    program = dpk.Program.from_file(os.path.join(ROOT, "stdlib", "algorithms.dpk"))
    x = dpk.asarray((np.arange(n, dtype=np.int64) % 7).astype(np.float32), q)
    y = dpk.empty(n, "float32", q)
    copy = statistics.median(y.copy_from(x).duration_ns for _ in range(runs)) / 1e3
    print("device %s, n=%d f32; device copy %.1f us (%.0f GB/s)" % (
        device, n, copy, 2 * n * 4 / copy / 1e3))
    if what in ("all", "tiles"):
        tile_scans(program, device, q, x, y, n, runs, copy)
    if what in ("all", "methods"):
        if "sub_group_ballot" in device.features:
            methods(program, device, q, n, runs, copy)
        else:
            print("no look-back here: device %s has no sub-group ballots" % device)


if __name__ == "__main__":
    main()
