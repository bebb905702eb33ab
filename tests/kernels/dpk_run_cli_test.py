#!/usr/bin/env python3
"""`dpk run` end to end: .npy inputs written with numpy, kernels compiled from .dpk source by the
`dpk` binary, outputs read back and checked with numpy, on every SPIR-V-capable device that
`dpk devices` lists. Also the error paths: compile errors, -s mismatches, bad arguments.

usage: dpk_run_cli_test.py DPK_BINARY SOURCE_DIR WORK_DIR
Exit status: 0 pass, 1 fail, 77 skipped (no numpy, or no device takes SPIR-V).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dpk_devices import spirv_devices  # noqa: E402
from fractions import Fraction

SKIP = 77

try:
    import numpy as np
except ImportError:
    print("SKIPPED: this python (%s) has no numpy" % sys.executable)
    sys.exit(SKIP)

DPK, SRC, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
failures = []
checks = {}


def path(name):
    return os.path.join(WORK, name)


def src(rel):
    return os.path.join(SRC, rel)


def run(args, device=None):
    cmd = [DPK, "run"] + args + (["--device", device] if device else [])
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr, " ".join(cmd)


def check(device, name, ok, detail=""):
    checks.setdefault(device, [0, 0])
    checks[device][0 if ok else 1] += 1
    if not ok:
        failures.append("%s: %s %s" % (device, name, detail))
        print("FAIL %s: %s\n%s" % (device, name, detail))


def run_ok(device, name, args):
    rc, out, err, cmd = run(args, device)
    check(device, name + " exits 0", rc == 0, "exit %d\n%s\n%s" % (rc, cmd, err))
    return rc == 0, out




def test_vecadd(dev):
    rng = np.random.default_rng(1)
    for dtype, sig in [(np.float32, None), (np.float64, "void(f64[::1], f64[::1], f64[::1])"),
                       (np.int32, None), (np.int64, "void(i64[::1], i64[::1], i64[::1])")]:
        n = 1000
        a = (rng.random(n) * 1000 - 500).astype(dtype)
        b = (rng.random(n) * 1000 - 500).astype(dtype)
        np.save(path("a.npy"), a)
        np.save(path("b.npy"), b)
        name = np.dtype(dtype).name
        t = {"float32": "f32", "float64": "f64", "int32": "i32", "int64": "i64"}[name]
        args = [src("examples/vecadd/vecadd.dpk"), "-k", "vecadd", "--global", str(n),
                "a=@" + path("a.npy"), "b=@" + path("b.npy"), "c=zeros:%s[%d]" % (t, n),
                "--out", "c=" + path("c.npy")]
        if sig:
            args += ["-s", sig]
        ok, _ = run_ok(dev, "vecadd " + t, args)
        if ok:
            c = np.load(path("c.npy"))
            check(dev, "vecadd %s dtype" % t, c.dtype == dtype, str(c.dtype))
            check(dev, "vecadd %s values" % t, np.array_equal(c, a + b))


def fused_f32(a, b, c):
    """a * b + c rounded once to float32 (to nearest, ties to even), elementwise: what a fused
    multiply-add gives. Exact in fractions; float64 would round twice."""
    out = np.empty(len(a), dtype=np.float32)
    for i, (ai, bi, ci) in enumerate(zip(a, b, c)):
        exact = Fraction(float(ai)) * Fraction(float(bi)) + Fraction(float(ci))
        near = np.float32(float(exact))  # within one float32 step of the nearest
        candidates = [np.nextafter(near, np.float32(-np.inf)), near,
                      np.nextafter(near, np.float32(np.inf))]
        out[i] = min(candidates, key=lambda f: (abs(Fraction(float(f)) - exact),
                                                int(np.array(f).view(np.uint32)) & 1))
    return out


def test_saxpy(dev):
    n = 1000
    x = np.linspace(-3, 3, n, dtype=np.float32)
    y = np.linspace(1, -1, n, dtype=np.float32)  # near the products: fused sums often differ
    np.save(path("x.npy"), x)
    np.save(path("y.npy"), y)
    alpha = np.full(n, 2.5, dtype=np.float32)
    separate = alpha * x + y  # numpy rounds the product and the sum each
    fused = fused_f32(alpha, x, y)
    check(dev, "saxpy inputs tell fused and separate rounding apart",
          np.count_nonzero(fused != separate) > n // 10)
    # `alpha * x[i] + y[i]` may be fused by default (the driver picks), so each value is one of
    # the two roundings; --no-fp-contract rounds each operation. The global range is not a
    # multiple of the array size: the kernel's bounds check guards it.
    for flags, name in [([], "saxpy"), (["--no-fp-contract"], "saxpy --no-fp-contract")]:
        ok, _ = run_ok(dev, name, [src("examples/saxpy/saxpy.dpk"), "-k", "saxpy",
                                   "--global", "1024", "--local", "64", "alpha=2.5",
                                   "x=@" + path("x.npy"), "y=@" + path("y.npy"),
                                   "--out", "y=" + path("y_out.npy")] + flags)
        if not ok:
            continue
        got = np.load(path("y_out.npy"))
        if flags:
            check(dev, name + " values", np.array_equal(got, separate),
                  "%d differ" % np.count_nonzero(got != separate))
        else:
            either = (got == fused) | (got == separate)
            check(dev, name + " values are the fused or the separate rounding", either.all(),
                  "%d are neither" % np.count_nonzero(~either))


def test_matmul(dev):
    rng = np.random.default_rng(2)
    A = rng.random((64, 48), dtype=np.float32) - 0.5
    B = rng.random((48, 32), dtype=np.float32) - 0.5
    np.save(path("A.npy"), A)
    np.save(path("B.npy"), B)
    ok, _ = run_ok(dev, "matmul", [src("examples/matmul/matmul.dpk"), "-k", "matmul",
                                   "--global", "32,64", "--local", "16,16",
                                   "A=@" + path("A.npy"), "B=@" + path("B.npy"),
                                   "C=zeros:f32[64,32]", "--out", "C=" + path("C.npy")])
    if ok:
        C = np.load(path("C.npy"))
        ref = A.astype(np.float64) @ B.astype(np.float64)
        check(dev, "matmul shape", C.shape == (64, 32), str(C.shape))
        check(dev, "matmul values", np.allclose(C, ref, rtol=1e-5, atol=1e-5),
              "max error %g" % np.max(np.abs(C - ref)))


def test_fortran_order(dev):
    a = np.asfortranarray(np.arange(24 * 10, dtype=np.float32).reshape(24, 10) * 0.5)
    np.save(path("af.npy"), a)
    np.save(path("outf.npy"), np.asfortranarray(np.zeros((24, 10), dtype=np.float32)))
    ok, _ = run_ok(dev, "Fortran-ordered .npy", [
        src("tests/kernels/dpk/layouts.dpk"), "-k", "scale_f", "--global", "24,10",
        "a=@" + path("af.npy"), "out=@" + path("outf.npy"), "--out", "out=" + path("outf2.npy")])
    if ok:
        got = np.load(path("outf2.npy"))
        r, c = np.indices((24, 10))
        check(dev, "Fortran output order", got.flags.f_contiguous)
        check(dev, "Fortran values", np.array_equal(got, 2 * a + (100 * r + c).astype(np.float32)))


def test_block_sum_repeat(dev):
    x = np.ones(1 << 16, dtype=np.float32) * 0.25
    np.save(path("ones.npy"), x)
    ok, out = run_ok(dev, "block_sum --repeat", [
        src("examples/reduction/block_sum.dpk"), "-k", "block_sum", "--global", str(1 << 16),
        "--local", "256", "--repeat", "3", "x=@" + path("ones.npy"), "out=zeros:f32[1]",
        "scratch=local:f32[256]", "--out", "out=" + path("sum.npy")])
    if ok:
        m = re.fullmatch(r"kernel_time_us median=(\d+\.\d+) min=(\d+\.\d+) max=(\d+\.\d+) "
                         r"runs=3 warmup=1\n", out)
        check(dev, "--repeat prints one timing line", m is not None, repr(out))
        if m:
            lo, med, hi = float(m.group(2)), float(m.group(1)), float(m.group(3))
            check(dev, "timing min <= median <= max", 0 < lo <= med <= hi, out)
        # Every launch (one warm-up, three timed) starts from out = 0: the result is one sum.
        got = np.load(path("sum.npy"))
        check(dev, "block_sum sum", got.shape == (1,) and got[0] == 0.25 * (1 << 16), str(got))
    # --no-restore: each launch adds into what the last left; --warmup 2 runs two more.
    ok, out = run_ok(dev, "block_sum --no-restore", [
        src("examples/reduction/block_sum.dpk"), "-k", "block_sum", "--global", str(1 << 16),
        "--local", "256", "--repeat", "3", "--warmup", "2", "--no-restore",
        "x=@" + path("ones.npy"), "out=zeros:f32[1]", "scratch=local:f32[256]",
        "--out", "out=" + path("sum5.npy")])
    if ok:
        check(dev, "--warmup 2 in the timing line", "runs=3 warmup=2" in out, out)
        got = np.load(path("sum5.npy"))
        check(dev, "block_sum sum without restore", got[0] == 5 * 0.25 * (1 << 16), str(got))


def test_chosen_local_size(dev):
    a = np.arange(1000, dtype=np.float32)
    np.save(path("a1000.npy"), a)
    rc, out, err, cmd = run([src("examples/vecadd/vecadd.dpk"), "-k", "vecadd", "--global", "1000",
                             "a=@" + path("a1000.npy"), "b=@" + path("a1000.npy"),
                             "c=zeros:f32[1000]", "--out", "c=" + path("c1000.npy")], dev)
    check(dev, "vecadd without --local exits 0", rc == 0, err)
    m = re.search(r"dpk run: note: local size \((\d+)\) for global size \(1000\) \(chosen", err)
    check(dev, "the chosen local size is printed", m is not None, err)
    if m:
        n = int(m.group(1))
        check(dev, "it divides the global size, within 256", 1000 % n == 0 and 0 < n <= 256, err)
    if rc == 0:
        check(dev, "vecadd values with the chosen size", np.array_equal(np.load(path("c1000.npy")),
                                                                        2 * a))
    rc, out, err, cmd = run([src("examples/vecadd/vecadd.dpk"), "-k", "vecadd", "--global", "1000",
                             "--local", "10", "a=@" + path("a1000.npy"), "b=@" + path("a1000.npy"),
                             "c=zeros:f32[1000]"], dev)
    check(dev, "no note with --local", rc == 0 and "local size" not in err, err)


def test_errors(dev):
    vec = src("examples/vecadd/vecadd.dpk")
    np.save(path("a.npy"), np.zeros(10, dtype=np.float32))

    bad = path("bad.dpk")
    with open(bad, "w") as f:
        f.write("kernel bad(a: f32[::1]) {\n    a[global_id(0)] = undefined_name;\n}\n")
    rc, _, err, cmd = run([bad, "-k", "bad", "--global", "4", "a=zeros:f32[4]"], dev)
    check(dev, "compile error exit", 0 < rc < 128, "exit %d" % rc)
    check(dev, "compile error rendered",
          "bad.dpk:2:23: error: unknown name 'undefined_name'" in err and
          "    a[global_id(0)] = undefined_name;" in err and "^~~~" in err, err)

    rc, _, err, _ = run([vec, "-k", "vecadd", "-s", "void(f32[::1], f32[::1], f32[::1])",
                         "--global", "10", "a=@" + path("a.npy"), "b=zeros:f64[10]",
                         "c=zeros:f32[10]"], dev)
    check(dev, "-s mismatch exit", 0 < rc < 128, "exit %d" % rc)
    check(dev, "-s mismatch names parameter, expected and actual",
          "parameter 1 'b'" in err and "expected f32[::1]" in err and "f64" in err, err)

    rc, _, err, _ = run([vec, "-k", "vecadd", "-s", "void(f32[::1], f32[::1])", "--global", "10",
                         "a=@" + path("a.npy"), "b=@" + path("a.npy"), "c=zeros:f32[10]"], dev)
    check(dev, "-s arity exit", 0 < rc < 128, "exit %d" % rc)
    check(dev, "-s arity message", "has 2 parameters" in err, err)

    rc, _, err, _ = run([vec, "-k", "vecadd", "-s", "void(f32[::1], f32[::1], f33[::1])",
                         "--global", "10", "a=@" + path("a.npy"), "b=@" + path("a.npy"),
                         "c=zeros:f32[10]"], dev)
    check(dev, "bad signature exit", 0 < rc < 128, "exit %d" % rc)
    check(dev, "bad signature message", "f33" in err, err)

    rc, _, err, _ = run([vec, "-k", "vecadd", "--global", "10", "a=@" + path("a.npy"),
                         "b=zeros:f64[10]", "c=zeros:f32[10]"], dev)
    check(dev, "type error for the argument types exit", 0 < rc < 128, "exit %d" % rc)
    check(dev, "type error rendered", "vecadd.dpk:4:12: error:" in err, err)

    rc, _, err, _ = run([src("examples/saxpy/saxpy.dpk"), "-k", "saxpy", "--global", "10",
                         "alpha=2:f64", "x=@" + path("a.npy"), "y=@" + path("a.npy")], dev)
    check(dev, "declared scalar type mismatch", 0 < rc < 128 and "parameter 0 'alpha'" in err
          and "expected f32" in err, err)

    others = [d for d in DEVICES if d != dev]
    if others:  # a signature that names another device than the one the run is on
        rc, _, err, _ = run([vec, "-k", "vecadd", "-s",
                             'void(usm_ndarray(f32, device="%s"), f32[::1], f32[::1])' % others[0],
                             "--global", "10", "a=@" + path("a.npy"), "b=@" + path("a.npy"),
                             "c=zeros:f32[10]"], dev)
        check(dev, "-s device mismatch", 0 < rc < 128 and "parameter 0 'a'" in err and
              "device=" + others[0] in err, err)

    rc, _, err, _ = run([vec, "-k", "vecadd", "--global", "10", "a=@" + path("a.npy"),
                         "b=@" + path("a.npy")], dev)
    check(dev, "missing argument", 0 < rc < 128 and "parameter 2 'c' has no value" in err, err)

    rc, _, err, _ = run([vec, "-k", "nope", "--global", "10"], dev)
    check(dev, "unknown kernel", 0 < rc < 128 and "has no kernel 'nope'" in err, err)

    rc, _, err, _ = run([vec, "-k", "vecadd", "--global", "10", "a=@" + path("missing.npy"),
                         "b=@" + path("a.npy"), "c=zeros:f32[10]"], dev)
    check(dev, "missing .npy", 0 < rc < 128 and "missing.npy" in err, err)


DEVICES = []


def main():
    devices = spirv_devices(DPK)
    DEVICES.extend(devices)
    if not devices:
        print("SKIPPED: `dpk devices` lists no device that takes SPIR-V")
        return SKIP
    for dev in devices:
        for test in (test_vecadd, test_saxpy, test_matmul, test_fortran_order,
                     test_block_sum_repeat, test_chosen_local_size, test_errors):
            test(dev)
    for dev in devices:
        passed, failed = checks.get(dev, [0, 0])
        print("%s: %d checks passed, %d failed" % (dev, passed, failed))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
