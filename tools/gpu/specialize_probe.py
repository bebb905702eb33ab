"""Which conditions make Kernel.specialize crash on a CUDA device (seen on an H100: a segmentation
fault when nothing was imported before dpk, none after numpy, CuPy or torch). Each variant runs in
a process of its own; one line per variant: ok, or how the process ended and the last step it
reached.

    DPK_BUILD_DIR=build-gpu-python python3 tools/gpu/specialize_probe.py
    python3 tools/gpu/specialize_probe.py --child FIRST PROGRAM   (prints one variant's script)
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
def step(name):
    print("step " + name, file=sys.stderr, flush=True)
step("import")
import dpk
step("select")
d = dpk.select_device("cuda:gpu:0")
step("queue")
q = dpk.Queue(d)
step("program")
k = dpk.Program.from_string({text!r}, "probe.dpk").kernel("add1")
step("specialize")
c = k.specialize("void(f32[::1])", q.device)
step("launch")
x = dpk.zeros(64, "float32", q)
c.launch(q, 64, [x]).wait()
step("exit")
print("ok")
"""


def main():
    if sys.argv[1:2] == ["--child"]:
        print(CHILD.format(first=FIRST[sys.argv[2]], text=PROGRAMS[sys.argv[3]]))
        return
    env = dict(os.environ, DPK_CACHE="off")
    for (first, imp), (name, text) in itertools.product(FIRST.items(), PROGRAMS.items()):
        r = subprocess.run([sys.executable, "-c", CHILD.format(first=imp, text=text)], env=env,
                           capture_output=True, text=True, timeout=120)
        steps = [l[5:] for l in r.stderr.splitlines() if l.startswith("step ")]
        how = "ok" if r.returncode == 0 and "ok" in r.stdout else (
            "signal %d after step %s" % (-r.returncode, steps[-1] if steps else "-")
            if r.returncode < 0 else
            "exit %d: %s" % (r.returncode, (r.stderr.strip().splitlines() or [""])[-1][:100]))
        print("specialize_probe first=%-8s program=%-6s %s" % (first, name, how), flush=True)


if __name__ == "__main__":
    main()
