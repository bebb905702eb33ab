#!/usr/bin/env python3
"""Times one 8-bit LSD pass of SortMethod::OneSweep (std.algorithms' radix_sweep_pass, as
bench/tuning/sort_variants.dpk's sweep_pass) by ranking method and keys per work item, to choose
stdlib/algorithms.dpk's ranking and SWEEP_ITEMS. Median of RUNS device times (event profiling)
of the pass on N random u32 keys (digit at bit 0), against the device copy of the keys; each
result is checked against numpy's stable sort by that digit.

    DPK_BUILD_DIR=build-gpu-python python3 bench/tuning/sort_variants.py [DEVICE] [N] [RUNS]

Look-backs: serial (std's sweep_look_back: one tile's word at a time), window4 (four at once).
Methods: ballots (std's digit_peers: eight sub-group ballots a key), or_u32 / or_u64 (one
atomic_or of the lane's bit into a per-sub-group, per-digit mask in work-group memory; u32
masks hold sub-groups of up to 32 lanes). DPK_SMALLEST_SUB_GROUP (default 32, CUDA's warp) sizes
the per-sub-group tables: on CPU drivers pass the device's smallest sub-group size.
"""
import itertools
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.environ.get("DPK_BUILD_DIR", "build"), "python"))
import numpy as np  # noqa: E402
import dpk  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SIGNATURE = ("void(u32[::1], u32[::1], u32[::1], u32[::1], u32[::1], i64, i64, u32, u32, i64, "
             "i32, i32, local u32[:], local u32[:], local u16[:], local u32[:], local {mask}[:])")
LOOK_BACKS = {"serial": 0, "window4": 1}
DIGITS = 256
WG = 256
METHODS = {"ballots": (0, "u32"), "or_u32": (1, "u32"), "or_u64": (1, "u64")}


def main():
    device = dpk.select_device(sys.argv[1] if len(sys.argv) > 1 else "cuda:gpu:0")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 26
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    q = dpk.Queue(device)
    program = dpk.Program.from_file(os.path.join(HERE, "sort_variants.dpk"))
    host = np.random.default_rng(1).integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    digits = host & 255
    want = host[np.argsort(digits, kind="stable")]
    starts_host = np.concatenate(([0], np.cumsum(np.bincount(digits, minlength=DIGITS))[:-1]))
    keys = dpk.asarray(host, q)
    out = dpk.empty(n, "uint32", q)
    starts = dpk.asarray(starts_host.astype(np.uint32), q)
    counter = dpk.empty(1, "uint32", q)

    def copy_ns():
        e = out.copy_from(keys)
        e.wait()
        return e.duration_ns

    copy = statistics.median(copy_ns() for _ in range(runs)) / 1e3
    print("device copy of the keys: %.1f us" % copy, flush=True)
    # Sub-groups per work-group at most (CUDA: warps of 32).
    groups = WG // int(os.environ.get("DPK_SMALLEST_SUB_GROUP", "32"))
    for (name, (method, mask)), (lb_name, look_back) in itertools.product(
            METHODS.items(), LOOK_BACKS.items()):
        k = program.kernel("sweep_pass").specialize(SIGNATURE.format(mask=mask), device)
        for items in (8, 12, 16, 20, 24):
            tile = WG * items
            if tile * 10 + 16 * DIGITS * 8 > device.local_mem_size:
                continue
            tiles = -(-n // tile)
            states = dpk.empty(tiles * DIGITS, "uint32", q)
            args = [keys, out, starts, states, counter, 0, tiles, np.uint32(0), np.uint32(30),
                    items, np.int32(method), np.int32(look_back), dpk.LocalMemory("uint32", tile),
                    dpk.LocalMemory("uint32", tile), dpk.LocalMemory("uint16", tile),
                    dpk.LocalMemory("uint32", groups * DIGITS),
                    dpk.LocalMemory("uint32" if mask == "u32" else "uint64", groups * DIGITS)]

            def once():
                states.fill(0).wait()
                counter.fill(0).wait()
                e = k.launch(q, tiles * WG, args, local_size=WG)
                e.wait()
                return e.duration_ns

            once()
            ok = bool(np.array_equal(out.to_numpy(), want))
            us = statistics.median(once() for _ in range(runs)) / 1e3
            print("%-8s %-7s items %2d tiles %6d %9.1f us %6.2f Gkeys/s %.3f of copy %s"
                  % (name, lb_name, items, tiles, us, n / us / 1e3, copy / us,
                     "ok" if ok else "WRONG"), flush=True)


if __name__ == "__main__":
    main()
