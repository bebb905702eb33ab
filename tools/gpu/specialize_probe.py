"""Which conditions make Kernel.specialize crash on a CUDA device (seen on an H100: a segmentation
fault in pytest and in a script that imported numpy first, not in one that did not). Each variant
runs in a process of its own; one line per variant: ok, or how the process ended.

    DPK_BUILD_DIR=build-gpu-python python3 tools/gpu/specialize_probe.py
"""
import itertools
import os
import subprocess
import sys

PROGRAMS = {
    "one": "kernel add1(x) { let i = global_id(0); x[i] = x[i] + 1.0; }",
    "two": "kernel add1(x) { let i = global_id(0); x[i] = x[i] + 1.0; }\n"
           "kernel dbl(x) { let i = global_id(0); x[i] = x[i] * 2.0; }",
    "store": "kernel add1(x) { x[global_id(0)] = 1.0; }\nkernel b(x) { x[global_id(0)] = 2.0; }",
}
FIRST = {"nothing": "", "numpy": "import numpy", "cupy": "import cupy", "torch": "import torch"}

CHILD = """
import os, sys
{first}
sys.path.insert(0, os.path.join(os.environ.get("DPK_BUILD_DIR", "build-gpu-python"), "python"))
import dpk
q = dpk.Queue(dpk.select_device("cuda:gpu:0"))
k = dpk.Program.from_string({text!r}, "probe.dpk").kernel("add1")
k.specialize("void(f32[::1])", q.device)
print("ok")
"""


def main():
    env = dict(os.environ, DPK_CACHE="off")
    for (first, imp), (name, text) in itertools.product(FIRST.items(), PROGRAMS.items()):
        r = subprocess.run([sys.executable, "-c", CHILD.format(first=imp, text=text)], env=env,
                           capture_output=True, text=True, timeout=120)
        how = "ok" if r.returncode == 0 and "ok" in r.stdout else (
            "signal %d" % -r.returncode if r.returncode < 0 else
            "exit %d: %s" % (r.returncode, (r.stderr.strip().splitlines() or [""])[-1][:100]))
        print("specialize_probe first=%-8s program=%-6s %s" % (first, name, how), flush=True)


if __name__ == "__main__":
    main()
