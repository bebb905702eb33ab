#!/usr/bin/env python3
"""print and assert end to end: kernels of tests/kernels/dpk/print_assert.dpk run by the `dpk`
binary as a child process on every device that `dpk devices` says takes SPIR-V; its stdout (what
the driver printed) and its stderr (the assert's error) are compared exactly.

usage: print_assert_test.py DPK_BINARY SOURCE_DIR
Exit status: 0 pass, 1 fail, 77 skipped (no device takes SPIR-V).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dpk_devices import spirv_devices  # noqa: E402

SKIP = 77
DPK, SRC = sys.argv[1], sys.argv[2]
FILE = os.path.join(SRC, "tests", "kernels", "dpk", "print_assert.dpk")
failures = []
passed = 0


def run(device, args):
    cmd = [DPK, "run", FILE, "--device", device] + args
    env = dict(os.environ, DPK_CACHE="0")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr, " ".join(cmd)


def check(device, name, ok, detail=""):
    global passed
    if ok:
        passed += 1
        return
    failures.append("%s: %s" % (device, name))
    print("FAIL %s: %s\n%s" % (device, name, detail))




TYPES_OUT = (
    "i8 -128 u8 255 i16 -32768 u16 65535\n"
    "i32 -2147483648 u32 4294967295 i64 -9223372036854775808 u64 18446744073709551615\n"
    "f32 0.1 f64 -1e+30 bool true false\n"
    "{} 100% \"quoted\"\ttab\n"
    "  7 -> -1e+30\n")


def test(device):
    # Every scalar type, one work-item: the output exactly.
    rc, out, err, cmd = run(device, [
        "-k", "types", "--global", "1", "a=-128:i8", "b=255:u8", "c=-32768:i16", "d=65535:u16",
        "e=-2147483648:i32", "f=4294967295:u32", "g=-9223372036854775808:i64",
        "h=18446744073709551615:u64", "p=0.1:f32", "q=-1e30:f64"])
    check(device, "types exits 0", rc == 0, "%s\n%s" % (cmd, err))
    check(device, "types prints every scalar type", out == TYPES_OUT,
          "expected:\n%r\nactual:\n%r" % (TYPES_OUT, out))

    # One line per work-item, whole; the order between work-items is the device's.
    rc, out, err, cmd = run(device, ["-k", "per_item", "--global", "8", "--local", "4",
                                     "out=zeros:i64[8]"])
    expected = ["work-item %d of 8" % i for i in range(8)]
    check(device, "per_item exits 0", rc == 0, "%s\n%s" % (cmd, err))
    check(device, "per_item prints one line per work-item", sorted(out.splitlines()) == expected,
          repr(out))

    # Asserts that hold: no error, nothing printed.
    rc, out, err, cmd = run(device, ["-k", "checked", "--global", "8", "out=zeros:i64[8]",
                                     "limit=8", "odd=0"])
    check(device, "asserts that hold", rc == 0 and out == "" and "error" not in err,
          "%s\nexit %d\n%s%s" % (cmd, rc, out, err))

    # A failing assert in the kernel (work-item 7 only) and one in a device function (5 only).
    rc, out, err, cmd = run(device, ["-k", "checked", "--global", "7", "out=zeros:i64[7]",
                                     "limit=6", "odd=0"])
    msg = ("dpk run: error: kernel 'checked': assert(i < limit) failed at %s:28:5: i must stay "
           "below the limit, by work-item (6)\n" % FILE)
    check(device, "failing assert exits 1", rc == 1, "%s\nexit %d" % (cmd, rc))
    check(device, "failing assert message", err.endswith(msg), "expected:\n%s\nactual:\n%s" % (msg, err))

    rc, out, err, cmd = run(device, ["-k", "checked", "--global", "6", "out=zeros:i64[6]",
                                     "limit=6", "odd=5"])
    msg = ("dpk run: error: kernel 'checked': assert(x % 2 == 0) failed at " + FILE +
           ":22:5 in function 'must_be_even': x must be even, by work-item (5)\n")
    check(device, "assert in a function exits 1", rc == 1, "%s\nexit %d" % (cmd, rc))
    check(device, "assert in a function message", err.endswith(msg),
          "expected:\n%s\nactual:\n%s" % (msg, err))

    # Compiled out: the same launch gives no error.
    rc, out, err, cmd = run(device, ["-k", "checked", "--no-asserts", "--global", "7",
                                     "out=zeros:i64[7]", "limit=6", "odd=5"])
    check(device, "--no-asserts: no error", rc == 0 and "error" not in err,
          "%s\nexit %d\n%s" % (cmd, rc, err))


def main():
    devices = spirv_devices(DPK)
    if not devices:
        print("SKIPPED: no device takes SPIR-V (`dpk devices`)")
        return SKIP
    for device in devices:
        test(device)
        print("%s: print and assert checked" % device)
    print("%d checks passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
