"""dpk's errors as one Python hierarchy with the C++ messages; AOT bundles loaded by the runtime."""

import os
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

import dpk
from conftest import EXAMPLES

ERRORS = ["SignatureMismatchError", "UnsupportedDeviceFeatureError", "InvalidRangeError",
          "InvalidArgumentError", "UsmError", "DeviceNotFoundError", "BoundsError",
          "BackendError", "BuildError", "FormatError", "FileError", "CompileError"]


def test_every_error_derives_from_dpk_error():
    assert issubclass(dpk.Error, Exception)
    for name in ERRORS:
        assert issubclass(getattr(dpk, name), dpk.Error), name
        assert getattr(dpk, name).__doc__


def test_device_not_found_lists_the_devices():
    with pytest.raises(dpk.DeviceNotFoundError) as err:
        dpk.select_device("opencl:cpu:99")
    for d in dpk.devices():
        assert d.filter_string in str(err.value)
    with pytest.raises(dpk.InvalidArgumentError):
        dpk.select_device("no such backend::")


def test_devices_and_filters():
    found = dpk.devices()
    assert found
    for d in found:
        assert dpk.select_device(d.filter_string) == d
        assert d.backend in ("opencl", "level_zero", "cuda")
        assert d.kind in ("cpu", "gpu", "accelerator", "custom")
    assert dpk.default_device().takes_spirv


def test_compile_error_carries_the_diagnostics(device):
    k = dpk.Program.from_string("kernel bad(x: f32[::1]) { x[0] = y; }", "bad.dpk").kernel("bad")
    with pytest.raises(dpk.CompileError) as err:
        k.specialize("void(f32[::1])", device)
    assert "bad.dpk:1:" in str(err.value) and "error:" in str(err.value)


def test_missing_file_and_kernel():
    with pytest.raises(dpk.FileError, match="no_such.dpk"):
        dpk.Program.from_file("no_such.dpk")
    prog = dpk.Program.from_file(str(EXAMPLES / "vecadd" / "vecadd.dpk"))
    with pytest.raises(dpk.InvalidArgumentError, match="vecadd"):
        prog.kernel("nope")


def test_bounds_error_from_a_checked_launch(queue):
    k = dpk.Program.from_string("kernel past(o) { o[global_id(0) + 1] = 1.0; }", "past.dpk",
                                check_bounds=True).kernel("past")
    o = dpk.zeros(4, "float32", queue)
    e = k.launch(queue, 4, [o])
    with pytest.raises(dpk.BoundsError, match="index 4 in dimension 0 of parameter 0 'o', shape "
                                               r"\(4,\)"):
        e.wait()


def test_declared_local_size(device, queue):
    """@local_size: the compiled kernel says it; a launch without local_size gets it, one with
    another size is refused before anything runs."""
    k = dpk.Program.from_string(
        "@local_size(4, 2)\nkernel ids(o: i64[:, ::1]) {\n"
        "    o[global_id(1), global_id(0)] = local_id(0) + 10 * local_id(1);\n}", "ids.dpk"
    ).kernel("ids")
    ck = k.specialize("void(i64[:, ::1])", device)
    assert ck.local_size == (4, 2, 1)
    o = dpk.zeros((2, 8), "int64", queue)
    ck.launch(queue, (8, 2), [o]).wait()
    assert o.to_numpy().tolist() == [[0, 1, 2, 3, 0, 1, 2, 3], [10, 11, 12, 13, 10, 11, 12, 13]]
    with pytest.raises(dpk.InvalidRangeError,
                       match=r"local range \(8, 2\) is not the kernel's @local_size \(4, 2, 1\)"):
        ck.launch(queue, (8, 2), [o], local_size=(8, 2))
    free = dpk.Program.from_string("kernel f(o: i64[::1]) { o[global_id(0)] = 1; }", "f.dpk")
    assert free.kernel("f").specialize("void(i64[::1])", device).local_size is None


def aot_tool():
    tool = os.environ.get("DPK_AOT") or shutil.which("dpk-aot")
    if not tool:
        pytest.skip("dpk-aot not found (set DPK_AOT; ctest does)")
    return tool


def test_aot_bundle_runs_with_the_runtime_and_enforces_signatures(tmp_path, queue):
    bundle_path = tmp_path / "vecadd.dpkb"
    subprocess.run([aot_tool(), "-o", str(bundle_path), str(EXAMPLES / "vecadd" / "vecadd.dpk"),
                    "-k", "vecadd", "-s", "void(f32[::1], f32[::1], f32[::1])",
                    "-s", "void(i32[::1], i32[::1], i32[::1])"], check=True)
    bundle = dpk.KernelBundle.read(str(bundle_path))
    assert bundle.kernel_names == ["vecadd"]
    k = bundle.load("vecadd", queue.device)
    for dtype in ("float32", "int32"):
        a = dpk.asarray(np.arange(16).astype(dtype), queue)
        c = dpk.empty(16, dtype, queue)
        k.launch(queue, 16, [a, a, c]).wait()
        np.testing.assert_array_equal(c.to_numpy(), 2 * np.arange(16).astype(dtype))
    f64 = dpk.zeros(16, "float64", queue)
    with pytest.raises(dpk.SignatureMismatchError, match="kernel 'vecadd'"):
        k.launch(queue, 16, [f64, f64, f64])
    with pytest.raises(dpk.FormatError):
        dpk.KernelBundle.from_bytes(bundle_path.read_bytes()[:-3], "truncated.dpkb")


RUNTIME_ONLY = """
import sys
import numpy as np
import dpk
assert not dpk.has_compiler and not hasattr(dpk, "Program"), "the compiler is loaded"
q = dpk.Queue(dpk.select_device(sys.argv[2]))
k = dpk.KernelBundle.read(sys.argv[1]).load("vecadd", q.device)
a = dpk.asarray(np.arange(8, dtype=np.float32), q)
c = dpk.empty(8, "float32", q)
k.launch(q, 8, [a, a, c]).wait()
try:
    k.launch(q, 8, [a, np.zeros(8, np.float32), c])
except dpk.SignatureMismatchError as e:
    print(e)
print(" ".join(str(x) for x in c.to_numpy()))
"""


def test_aot_bundle_from_the_runtime_alone(tmp_path, device):
    """A program with only dpk._dpk_runtime (no compiler, no ANTLR) runs a bundle."""
    import sys

    import conftest

    bundle_path = tmp_path / "vecadd.dpkb"
    subprocess.run([aot_tool(), "-o", str(bundle_path), str(EXAMPLES / "vecadd" / "vecadd.dpk"),
                    "-k", "vecadd", "-s", "void(f32[::1], f32[::1], f32[::1])"], check=True)
    env = dict(os.environ, DPK_PYTHON_RUNTIME_ONLY="1",
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    r = subprocess.run([sys.executable, "-c", RUNTIME_ONLY, str(bundle_path),
                        device.filter_string], env=env, capture_output=True, text=True,
                       cwd=conftest.ROOT)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0].startswith("kernel 'vecadd': parameter 1 'b': expected f32[::1], got "
                             "numpy.ndarray(float32, shape=(8,)); host memory is never a kernel "
                             "argument")
    assert out[1] == "0.0 2.0 4.0 6.0 8.0 10.0 12.0 14.0"
    runtime_module = next(pathlib.Path(dpk.__file__).parent.glob("_dpk_runtime*.so"))
    linked = subprocess.run(["ldd", str(runtime_module)], capture_output=True, text=True).stdout
    assert "antlr" not in linked
