#!/usr/bin/env python3
"""examples/attention's kernel (one head, f16 q, k, v, head dimension 64, f32 output) next to
torch's scaled_dot_product_attention (f16, the flash backend where torch picks it) in one run:
median of RUNS device times after a warm-up (dpk's from event profiling, torch's from CUDA
events), TFLOP/s = 4 S^2 D / time, the ratio dpk / torch. Each dpk result is checked against a
reference: torch's attention in f32 of the same inputs, or without torch numpy's in float64
(then the sizes should be small: the check is O(S^2 D) on the host).

    DPK_BUILD_DIR=build-gpu-python python3 bench/attention.py [DEVICE] [RUNS] [S ...]

Defaults: cuda:gpu:0, 10 runs, S = 1024 4096.
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.environ.get("DPK_BUILD_DIR", "build"), "python"))
import numpy as np  # noqa: E402
import dpk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
D = 64  # the kernel's head dimension
SIGNATURE = "void(f16[:, ::1], f16[::1, :], f16[:, ::1], f32[:, ::1], f32)"


def reference(hq, hk, hv, scale):
    s = hq.astype(np.float64) @ hk.astype(np.float64).T * scale
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ hv.astype(np.float64)


def main():
    device_filter = sys.argv[1] if len(sys.argv) > 1 else "cuda:gpu:0"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    sizes = [int(s) for s in sys.argv[3:]] or [1024, 4096]
    device = dpk.select_device(device_filter)
    q = dpk.Queue(device)
    program = dpk.Program.from_file(os.path.join(ROOT, "examples", "attention", "attention.dpk"))
    kernel = program.kernel("attention").specialize(SIGNATURE, device)
    torch = None
    if device.backend == "cuda":
        try:
            import torch
        except ImportError:
            print("torch: not installed, its attention skipped")
    scale = 1.0 / np.sqrt(D)
    print(f"device {device.name}; {runs} runs, median; one head, D = {D}, f16 in; "
          f"TFLOP/s = 4 S^2 D / time")
    for s in sizes:
        flop = 4.0 * s * s * D
        rng = np.random.default_rng(s)
        hq, hk, hv = ((rng.integers(-16, 16, (s, D)) / 16).astype(np.float16) for _ in range(3))
        qd, kd, vd = (dpk.asarray(h, q) for h in (hq, hk, hv))
        o = dpk.empty((s, D), "float32", q)
        args = [qd, kd.T, vd, o, np.float32(scale)]
        kernel.launch(q, s // 16 * 32, args, local_size=32).wait()
        got = o.to_numpy()
        if torch is not None:
            tq, tk, tv = (torch.from_numpy(h).cuda() for h in (hq, hk, hv))
            want = torch.nn.functional.scaled_dot_product_attention(
                tq.float()[None], tk.float()[None], tv.float()[None])[0].cpu().numpy()
        else:
            want = reference(hq, hk, hv, scale)
        err = float(np.max(np.abs(got - want)))
        us = statistics.median(
            kernel.launch(q, s // 16 * 32, args, local_size=32).duration_ns
            for _ in range(runs)) / 1e3
        line = (f"S={s:<5} dpk attention {us:10.1f} us {flop / us / 1e6:8.2f} TFLOP/s "
                f"max abs err {err:.1e} {'ok' if err < 2e-3 else 'WRONG'}")
        if torch is not None:
            th = [t.half()[None] for t in (tq, tk, tv)]
            sdpa = torch.nn.functional.scaled_dot_product_attention
            for _ in range(3):
                sdpa(*th)
            times = []
            for _ in range(runs):
                start = torch.cuda.Event(enable_timing=True)
                end = torch.cuda.Event(enable_timing=True)
                start.record()
                sdpa(*th)
                end.record()
                end.synchronize()
                times.append(start.elapsed_time(end) * 1e3)
            tus = statistics.median(times)
            line += (f"; torch sdpa {tus:.1f} us {flop / tus / 1e6:.2f} TFLOP/s; "
                     f"ratio {tus / us:.3f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
