"""dpk kernels launched on dpctl queues (Kernel.launch / CompiledKernel.launch with a
dpctl.SyclQueue): dpk checks and lays out the launch, dpctl submits it on its queue, and dpctl's
USM (Intel's OpenCL CPU runtime here) is used in place. dpk's own queues cannot use that memory:
dpctl's SYCL runtime makes its own cl_context (the last test pins that down)."""

import ctypes

import numpy as np
import pytest

import dpk
from conftest import EXAMPLES

dpctl = pytest.importorskip("dpctl", reason="dpctl is not installed (pip install dpctl)")
dpm = pytest.importorskip("dpctl.memory")


def intel_pair():
    for d in dpk.devices():
        if d.backend != "opencl" or not d.takes_spirv:
            continue
        try:
            q = dpctl.SyclQueue(d.filter_string)
        except Exception:  # noqa: BLE001 - dpctl raises its own types per failure
            continue
        if q.sycl_device.name == d.name and d.driver_version == q.sycl_device.driver_version:
            try:
                return d, q, dpm.MemoryUSMShared(64, queue=q)
            except Exception:  # noqa: BLE001 - PoCL: dpctl cannot allocate USM there
                continue
    pytest.skip("no OpenCL device where dpctl allocates USM")


class UsmView:
    """An n-d view of dpctl USM through __sycl_usm_array_interface__, as dpnp arrays lend theirs
    (dpctl 0.22 has no array type of its own): strides in elements, an offset in elements."""

    def __init__(self, memory, dtype, shape, strides=None, offset=0):
        self.memory = memory
        self.dtype = np.dtype(dtype)
        self.__sycl_usm_array_interface__ = {
            "data": (memory._pointer, False), "shape": tuple(shape),
            "strides": None if strides is None else tuple(strides),
            "typestr": self.dtype.str, "offset": offset, "version": 1,
            "syclobj": memory.sycl_queue}


def usm(queue, values, usm_type="shared"):
    """A 1-d UsmView holding `values` (USM of `queue`'s context)."""
    values = np.ascontiguousarray(values)
    cls = {"shared": dpm.MemoryUSMShared, "device": dpm.MemoryUSMDevice}[usm_type]
    memory = cls(max(values.nbytes, 1), queue=queue)
    memory.copy_from_host(values.view(np.uint8).reshape(-1))
    return UsmView(memory, values.dtype, values.shape)


def host(memory, dtype):
    return np.frombuffer(memory.copy_to_host(), dtype)


@pytest.fixture(scope="module")
def pair():
    device, queue, _ = intel_pair()
    return device, queue


VECADD = str(EXAMPLES / "vecadd" / "vecadd.dpk")
AXPY2D = """
kernel axpy2d(alpha: f32, x: f32[:, :], y: f32[:, :]) {
    let i = global_id(0);
    let j = global_id(1);
    y[i, j] = alpha * x[i, j] + y[i, j];
}
"""


def test_vecadd_in_place_on_a_dpctl_queue(pair):
    device, q = pair
    k = dpk.Program.from_file(VECADD).kernel("vecadd")
    n = 1000
    a, b = usm(q, np.arange(n, dtype=np.float32)), usm(q, np.full(n, 0.5, np.float32))
    c = usm(q, np.zeros(n, np.float32))
    event = k.launch(q, n, [a, b, c])
    assert isinstance(event, dpctl.SyclEvent)
    event.wait()
    np.testing.assert_array_equal(host(c.memory, np.float32), np.arange(n) + 0.5)
    # Specialized on first use like a launch on a dpk queue, for the dpk device that is the
    # queue's; a second launch reuses it.
    assert k.compile_count == 1
    (definition,) = k.definitions
    assert definition.device == device
    assert definition.signature == ("void(f32[::1] (usm_type=shared), f32[::1] (usm_type=shared), "
                                    "f32[::1] (usm_type=shared))")
    k.launch(q, n, [c, b, c]).wait()
    np.testing.assert_array_equal(host(c.memory, np.float32), np.arange(n) + 1.0)
    assert k.compile_count == 1
    # The same definition serves dpk's own queues (dpk arrays there).
    dq = dpk.Queue(device)
    x = dpk.asarray(np.ones(4, np.float32), dq, usm_type="shared")
    k.launch(dq, 4, [x, x, x]).wait()
    assert k.compile_count == 1 and x.to_numpy().tolist() == [2.0] * 4


def test_eager_specialization_is_reused_and_device_usm_works(pair):
    device, q = pair
    k = dpk.Program.from_file(VECADD).kernel("vecadd")
    ck = k.specialize("void(f32[::1], f32[::1], f32[::1])", device)
    a, b, c = (usm(q, np.full(64, v, np.float32), "device") for v in (1.0, 2.0, 0.0))
    k.launch(q, 64, [a, b, c], local_size=16).wait()
    ck.launch(q, 64, [c, b, c]).wait()
    assert k.compile_count == 1
    np.testing.assert_array_equal(host(c.memory, np.float32), np.full(64, 5.0))


def test_dpctl_memory_objects_are_arrays_of_bytes(pair):
    _, q = pair
    k = dpk.Program.from_string(
        "kernel inc(x: u8[::1]) { let i = global_id(0); x[i] = x[i] + u8(1); }").kernel("inc")
    memory = dpm.MemoryUSMDevice(32, queue=q)
    memory.copy_from_host(np.arange(32, dtype=np.uint8))
    k.launch(q, 32, [memory]).wait()
    np.testing.assert_array_equal(host(memory, np.uint8), np.arange(1, 33))


def test_strided_f_ordered_array_and_a_scalar(pair):
    _, q = pair
    k = dpk.Program.from_string(AXPY2D, "axpy2d.dpk").kernel("axpy2d")
    rows, cols = 5, 3
    x_host = np.asfortranarray(np.arange(rows * cols, dtype=np.float32).reshape(rows, cols))
    xf = usm(q, x_host.ravel(order="K"), "device")  # F order: strides (1, rows)
    x = UsmView(xf.memory, np.float32, (rows, cols), strides=(1, rows))
    # y: every other row of a (2 * rows, cols) C array, starting at row 1 (offset, stride).
    y_full = np.zeros((2 * rows, cols), np.float32)
    yc = usm(q, y_full.ravel(), "device")
    y = UsmView(yc.memory, np.float32, (rows, cols), strides=(2 * cols, 1), offset=cols)
    k.launch(q, (rows, cols), [np.float32(2.0), x, y], local_size=(rows, 1)).wait()
    got = host(yc.memory, np.float32).reshape(2 * rows, cols)
    np.testing.assert_array_equal(got[1::2], 2.0 * x_host)
    np.testing.assert_array_equal(got[0::2], 0.0)
    # A Python float converts exactly to the f32 parameter, as on dpk queues.
    k.launch(q, (rows, cols), [0.5, x, y]).wait()
    got = host(yc.memory, np.float32).reshape(2 * rows, cols)
    np.testing.assert_array_equal(got[1::2], 2.5 * x_host)


def test_local_memory_parameter(pair):
    _, q = pair
    k = dpk.Program.from_file(str(EXAMPLES / "reduction" / "block_sum.dpk")).kernel("block_sum")
    x = usm(q, np.arange(512, dtype=np.float32))
    out = usm(q, np.zeros(8, np.float32))
    k.launch(q, 512, [x, out, dpk.LocalMemory("float32", 64)], local_size=64).wait()
    sums = host(out.memory, np.float32)
    expected = np.arange(512, dtype=np.float32).reshape(8, 64).sum(axis=1)
    # block_sum adds each group's sum to out[0] or writes one per group: either way the total.
    assert sums.sum() == expected.sum()


def test_declared_local_size_on_a_dpctl_queue(pair):
    """A launch without local_size runs with the kernel's @local_size; another size is refused."""
    _, q = pair
    k = dpk.Program.from_string(
        "@local_size(4)\nkernel ids(o: i64[::1]) { o[global_id(0)] = local_id(0); }",
        "ids.dpk").kernel("ids")
    out = usm(q, np.zeros(8, np.int64), "device")
    k.launch(q, 8, [out]).wait()
    assert host(out.memory, np.int64).tolist() == [0, 1, 2, 3, 0, 1, 2, 3]
    with pytest.raises(dpk.InvalidRangeError, match=r"is not the kernel's @local_size \(4, 1, 1\)"):
        k.launch(q, 8, [out], local_size=8)


def test_depends_on_orders_launches(pair):
    device, q = pair
    src = """
    kernel add1(x) { let i = global_id(0); x[i] = x[i] + 1.0; }
    kernel dbl(x) { let i = global_id(0); x[i] = x[i] * 2.0; }
    """
    prog = dpk.Program.from_string(src, "chain.dpk")
    add1, dbl = prog.kernel("add1"), prog.kernel("dbl")
    other = dpctl.SyclQueue(q.sycl_context, q.sycl_device)  # same context, another queue
    x = usm(q, np.zeros(4096, np.float32))
    e1 = add1.launch(q, 4096, [x])
    e2 = dbl.launch(other, 4096, [x], depends_on=[e1])
    e3 = add1.launch(q, 4096, [x], depends_on=[e2])
    e3.wait()
    np.testing.assert_array_equal(host(x.memory, np.float32), np.full(4096, 3.0))
    with pytest.raises(TypeError, match="depends_on of a launch on a dpctl queue takes "
                                        "dpctl.SyclEvent, got dpk._dpk.Event"):
        add1.launch(q, 4096, [x], depends_on=[dpk.empty(4, "float32", dpk.Queue(device)).fill(0)])
    # An empty range runs nothing; its event completes with the dependencies.
    add1.launch(q, 0, [x], depends_on=[e3]).wait()


def test_signature_mismatch_messages_are_dpk_launch_messages(pair):
    device, q = pair
    k = dpk.Program.from_file(VECADD).kernel("vecadd")
    ck = k.specialize("void(f32[::1], f32[::1], f32[::1])", device)
    a = usm(q, np.zeros(8, np.float32), "device")
    ints = usm(q, np.zeros(8, np.int32), "device")
    shared = usm(q, np.zeros(8, np.float32), "shared")
    dq = dpk.Queue(device)
    dpk_ints = dpk.zeros(8, "int32", dq)
    dpk_shared = dpk.zeros(8, "float32", dq, usm_type="shared")
    a_dpk = dpk.zeros(8, "float32", dq)
    for launchable in (k, ck):
        for foreign, own in ((ints, dpk_ints), (shared, dpk_shared)):
            with pytest.raises(dpk.SignatureMismatchError) as on_dpctl:
                launchable.launch(q, 8, [a, a, foreign])
            with pytest.raises(dpk.SignatureMismatchError) as on_dpk:
                launchable.launch(dq, 8, [a_dpk, a_dpk, own])
            assert str(on_dpctl.value) == str(on_dpk.value)
    with pytest.raises(dpk.SignatureMismatchError) as err:
        ck.launch(q, 8, [a, a, ints])
    assert str(err.value) == (
        "kernel 'vecadd': parameter 2 'c': expected f32[::1], got usm_ndarray(i32, shape=(8,), "
        f"strides=(1,), layout=C, usm_type=device, device={device.filter_string}) "
        "(signature void(f32[::1], f32[::1], f32[::1]))")
    # numpy arrays: the message of dpk's launches.
    with pytest.raises(dpk.SignatureMismatchError) as err:
        ck.launch(q, 8, [a, a, np.zeros(8, np.float32)])
    assert str(err.value) == (
        "kernel 'vecadd': parameter 2 'c': expected f32[::1], got numpy.ndarray(float32, "
        "shape=(8,)); host memory is never a kernel argument — move it with dpk.asarray(x, "
        "queue) and pass that (compute follows data)")
    with pytest.raises(dpk.InvalidArgumentError, match="takes 3 arguments"):
        ck.launch(q, 8, [a, a])
    with pytest.raises(dpk.InvalidRangeError, match="not a multiple of local range"):
        ck.launch(q, 8, [a, a, a], local_size=3)


def test_dpk_arrays_and_other_contexts_are_refused(pair):
    device, q = pair
    k = dpk.Program.from_file(VECADD).kernel("vecadd")
    ck = k.specialize("void(f32[::1], f32[::1], f32[::1])", device)
    a = usm(q, np.zeros(8, np.float32), "device")
    dq = dpk.Queue(device)
    with pytest.raises(dpk.InvalidArgumentError) as err:
        ck.launch(q, 8, [a, dpk.zeros(8, "float32", dq), a])
    assert str(err.value) == (
        f"kernel 'vecadd': parameter 1 'b': a dpk.Array on {device.filter_string} is memory of "
        "dpk's own context, which the dpctl queue's kernels cannot use; a launch on a dpctl "
        "queue takes arrays of that queue's SYCL context (__sycl_usm_array_interface__: "
        "dpctl.memory, dpnp) and scalars")
    # An array whose interface names a queue of another context.
    other = next((dpctl.SyclQueue(d) for d in dpctl.get_devices()
                  if dpctl.SyclQueue(d).sycl_context != q.sycl_context), None)
    if other is not None:
        stranger = UsmView(a.memory, np.float32, (8,))
        stranger.__sycl_usm_array_interface__["syclobj"] = other
        with pytest.raises(dpk.InvalidArgumentError,
                           match=r"^kernel 'vecadd': parameter 0 'a': the array is memory of "
                                 r"another SYCL context"):
            ck.launch(q, 8, [stranger, a, a])
    # A kernel built for another device: the runtime's message.
    others = [d for d in dpk.devices() if d.takes_spirv and d != device]
    if others:
        elsewhere = k.specialize("void(f32[::1], f32[::1], f32[::1])", others[0])
        with pytest.raises(dpk.InvalidArgumentError,
                           match=f"kernel 'vecadd' was built for {others[0].filter_string}, "
                                 f"the queue is on {device.filter_string}"):
            elsewhere.launch(q, 8, [a, a, a])
    with pytest.raises(TypeError, match="queue must be a dpk.Queue or a dpctl.SyclQueue, "
                                        "got builtins.str"):
        ck.launch("opencl:cpu:1", 8, [a, a, a])


def test_bounds_checked_kernels_are_refused(pair):
    _, q = pair
    k = dpk.Program.from_file(VECADD, check_bounds=True).kernel("vecadd")
    a = usm(q, np.zeros(8, np.float32))
    with pytest.raises(dpk.InvalidArgumentError,
                       match="kernel 'vecadd' takes a bounds record .* launch it on a dpk queue"):
        k.launch(q, 8, [a, a, a])


def test_the_dpctl_program_is_built_once_per_context(pair):
    from dpk import _dpctl

    device, q = pair
    k = dpk.Program.from_file(VECADD).kernel("vecadd")
    ck = k.specialize("void(f32[::1], f32[::1], f32[::1])", device)
    a = usm(q, np.zeros(8, np.float32), "device")
    before = len(_dpctl._programs)
    ck.launch(q, 8, [a, a, a]).wait()
    ck.launch(q, 8, [a, a, a]).wait()
    k.launch(q, 8, [a, a, a]).wait()  # the same specialization through the kernel
    assert len(_dpctl._programs) == before + 1


def test_dpnp_arrays(pair):
    dpnp = pytest.importorskip("dpnp", reason="dpnp is not installed (pip install dpnp)")
    _, q = pair
    # The arrays are made without dpnp's own kernels (dpnp.empty, dpnp.ndarray over dpctl USM,
    # views, dpnp.asnumpy): dpnp 0.20's kernels (dpnp.arange, dpnp.asarray from numpy, ...)
    # end the process on Intel's OpenCL CPU runtime here, before dpk is involved.

    def dp(values):
        values = np.ascontiguousarray(values)
        memory = dpm.MemoryUSMDevice(values.nbytes, queue=q)
        memory.copy_from_host(values.view(np.uint8).reshape(-1))
        return dpnp.ndarray(values.shape, dtype=values.dtype, buffer=memory)

    k = dpk.Program.from_file(VECADD).kernel("vecadd")
    a, b = dp(np.arange(16, dtype=np.float32)), dp(np.full(16, 0.25, np.float32))
    c = dpnp.empty(16, dtype=dpnp.float32, sycl_queue=q)
    k.launch(q, 16, [a, b, c]).wait()
    np.testing.assert_array_equal(dpnp.asnumpy(c), np.arange(16) + 0.25)

    # A transposed view (strides (1, 4) in elements) and a view with an offset and a row step.
    k2 = dpk.Program.from_string(AXPY2D, "axpy2d.dpk").kernel("axpy2d")
    x_host = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = dp(x_host).T  # (4, 3), F order
    y = dp(np.zeros((9, 3), np.float32))
    view = y[1::2]  # rows 1, 3, 5, 7: offset 3 elements, row stride 6
    assert view.__sycl_usm_array_interface__["offset"] == 3
    k2.launch(q, (4, 3), [np.float32(2.0), x, view]).wait()
    got = dpnp.asnumpy(y)
    np.testing.assert_array_equal(got[1::2], 2.0 * x_host.T)
    np.testing.assert_array_equal(got[0::2], 0.0)
    # A C-ordered y and a transposed x again: the same specialization (strided both).
    k2.launch(q, (4, 3), [np.float32(1.0), x, dp(np.zeros((4, 3), np.float32))]).wait()
    assert k2.compile_count == 1


def test_dpk_queues_refuse_dpctl_memory_with_the_reason():
    # dpctl's SYCL runtime makes its own cl_context: dpk's driver check on dpk's context says
    # the memory is not its USM, so dpk.asarray (and a launch on a dpk queue) refuse it.
    device, _, memory = intel_pair()
    iface = memory.__sycl_usm_array_interface__
    q = dpk.Queue(device)
    with pytest.raises(dpk.UsmError) as err:
        dpk.asarray(memory, q)
    assert str(err.value) == (
        f"external memory at {hex(iface['data'][0])} (64 bytes) is not USM of device "
        f"'{device.name}' ({device.filter_string}): it is host memory, memory of another device "
        "or context, or runs past its allocation; copy it into a dpk array instead")


def test_import_dpk_does_not_import_dpctl():
    import subprocess
    import sys

    code = ("import sys; import dpk; dpk.devices(); "
            "print('dpctl' in sys.modules, 'dpk._dpctl' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ,
                              "PYTHONPATH": ":".join(p for p in sys.path if p)})
    assert out.stdout.split() == ["False", "False"]


def test_a_program_that_launches_on_dpctl_exits_cleanly(pair):
    import os
    import subprocess
    import sys

    # dpctl's host tasks that hold a launch's arguments take the GIL when they finish; one still
    # pending at interpreter shutdown ended the process (SIGABRT, "exception not rethrown"), and
    # dpk objects left in the caches were reported as leaks.
    _, q = pair
    code = (
        "import numpy, dpctl, dpctl.memory as dm, dpk\n"
        f"q = dpctl.SyclQueue('{q.sycl_device.filter_string}', property='in_order')\n"
        "m = dm.MemoryUSMDevice(256, queue=q)\n"
        "m.memset(0)\n"
        "k = dpk.Program.from_string('kernel inc(x: u8[::1]) { let i = global_id(0); "
        "x[i] = x[i] + u8(1); }').kernel('inc')\n"
        "for _ in range(20):\n"
        "    e = k.launch(q, 256, [m])\n"
        "e.wait()\n"
        "print(int(numpy.frombuffer(m.copy_to_host(), 'u1').min()))\n"
        "k.launch(q, 256, [m]).wait()\n")  # and the process ends at once
    env = {**os.environ, "PYTHONPATH": ":".join(p for p in sys.path if p)}
    for _ in range(4):  # the failure depended on timing: most runs showed it
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, timeout=120)
        assert (out.returncode, out.stdout.strip()) == (0, "20"), out.stderr[-2000:]
        assert "leaked" not in out.stderr, out.stderr[-2000:]


def test_ctypes_is_what_dpctl_takes_for_values():
    # Entry-point values go to dpctl as unsigned ctypes of their size (bits copied).
    from dpk import _dpctl

    assert _dpctl._VALUE_TYPES[4].from_buffer_copy(np.float32(1.5).tobytes()).value == \
        ctypes.c_uint32.from_buffer_copy(np.float32(1.5).tobytes()).value
