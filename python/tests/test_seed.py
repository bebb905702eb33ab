"""The seed scenarios from Python: eager specialization with attributes before any launch, one
definition reused, enforcement with the runtime's messages, compute follows data, lazy
specialization, asynchronous launches with dependencies."""

import numpy as np
import pytest

import dpk

USM_SIG = ('void(usm_ndarray(f32, ndim=1, layout="C", usm_type="device"), '
           'usm_ndarray(f32, ndim=1, layout="C", usm_type="device"), '
           'usm_ndarray(f32, ndim=1, layout="C", usm_type="device"))')


def test_eager_specialization_reuse_and_async_launch(vecadd, queue):
    ck = vecadd.specialize(USM_SIG, queue.device)
    attrs = ck.attributes  # before any launch
    assert attrs.max_work_group_size >= 1
    assert attrs.preferred_work_group_size_multiple >= 1
    assert ck.signature == "void(f32[::1], f32[::1], f32[::1])"
    assert ck.param_names == ["a", "b", "c"]
    assert ck.device == queue.device
    assert vecadd.compile_count == 1

    n = 1000
    a = dpk.asarray(np.arange(n, dtype=np.float32), queue)
    b = dpk.asarray(np.full(n, 0.5, dtype=np.float32), queue)
    c = dpk.empty(n, "float32", queue)
    e = vecadd.launch(queue, n, [a, b, c])
    assert isinstance(e, dpk.Event)
    e.wait()
    np.testing.assert_array_equal(c.to_numpy(), np.arange(n, dtype=np.float32) + 0.5)

    # The launch used that specialization: one definition, nothing compiled again.
    assert len(vecadd.definitions) == 1
    assert vecadd.definitions[0].signature == ck.signature
    assert vecadd.compile_count == 1
    assert vecadd.launch_count == 1
    # The short notation is the same key: returned as is.
    vecadd.specialize("void(f32[::1], f32[::1], f32[::1])", queue.device)
    assert vecadd.compile_count == 1


def test_mismatch_names_parameter_and_both_types(vecadd, queue):
    vecadd.specialize(USM_SIG, queue.device)
    a = dpk.zeros(8, "float32", queue)
    b64 = dpk.zeros(8, "float64", queue)
    c = dpk.zeros(8, "float32", queue)
    with pytest.raises(dpk.SignatureMismatchError) as err:
        vecadd.launch(queue, 8, [a, b64, c])
    msg = str(err.value)
    assert msg.startswith("kernel 'vecadd': parameter 1 'b': expected f32[::1], got "
                          "usm_ndarray(f64, shape=(8,), strides=(1,), layout=C, usm_type=device, "
                          f"device={queue.device.filter_string})")
    assert "void(f32[::1], f32[::1], f32[::1])" in msg
    assert vecadd.compile_count == 1  # nothing compiled
    assert vecadd.launch_count == 0  # nothing launched


def test_numpy_array_is_refused_with_how_to_move_it(vecadd, queue):
    ck = vecadd.specialize("void(f32[::1], f32[::1], f32[::1])", queue.device)
    a = dpk.zeros(4, "float32", queue)
    host = np.zeros(4, dtype=np.float32)
    expected = ("kernel 'vecadd': parameter 1 'b': expected f32[::1], got "
                "numpy.ndarray(float32, shape=(4,)); host memory is never a kernel argument — "
                "move it with dpk.asarray(x, queue) and pass that (compute follows data)")
    for launcher in (vecadd, ck):
        with pytest.raises(dpk.SignatureMismatchError) as err:
            launcher.launch(queue, 4, [a, host, a])
        assert str(err.value) == expected
    assert vecadd.launch_count == 0


def test_numpy_array_to_a_generic_kernel_is_refused(queue):
    k = dpk.Program.from_string("kernel twice(x) { x[global_id(0)] *= 2.0; }").kernel("twice")
    with pytest.raises(dpk.SignatureMismatchError) as err:
        k.launch(queue, 3, [np.ones(3)])
    assert str(err.value).startswith(
        "kernel 'twice': parameter 0 'x': expected a USM array, got numpy.ndarray(float64, "
        "shape=(3,)); host memory is never a kernel argument")
    assert k.compile_count == 0


def test_other_objects_are_refused_with_what_to_pass(vecadd, queue):
    vecadd.specialize("void(f32[::1], f32[::1], f32[::1])", queue.device)
    a = dpk.zeros(2, "float32", queue)
    with pytest.raises(dpk.SignatureMismatchError) as err:
        vecadd.launch(queue, 2, [a, a, [1.0, 2.0]])
    assert str(err.value) == (
        "kernel 'vecadd': parameter 2 'c': expected f32[::1], got an object of type list; host "
        "memory is never a kernel argument — pass a dpk.Array, an array with "
        "__sycl_usm_array_interface__, __cuda_array_interface__ or __dlpack__, or a scalar")


def test_lazy_specialization_on_first_launch(queue):
    k = dpk.Program.from_string(
        "kernel scale(x, s) { let i = global_id(0); x[i] = x[i] * s; }", "scale.dpk").kernel("scale")
    assert k.definitions == []
    x = dpk.asarray(np.arange(6, dtype=np.float64), queue)
    k.launch(queue, 6, [x, 3.0]).wait()  # a Python float is f64
    assert k.compile_count == 1
    k.launch(queue, 6, [x, 0.5]).wait()
    assert k.compile_count == 1  # the same types: the same definition
    np.testing.assert_array_equal(x.to_numpy(), np.arange(6) * 1.5)
    assert [d.signature for d in k.definitions] == ["void(f64[::1], f64)"]
    xi = dpk.asarray(np.arange(4, dtype=np.int32), queue)
    k.launch(queue, 4, [xi, np.int32(3)]).wait()  # numpy scalars keep their dtype
    assert k.compile_count == 2
    np.testing.assert_array_equal(xi.to_numpy(), np.arange(4, dtype=np.int32) * 3)


def test_dependent_launches_and_profiling(queue):
    src = """
    kernel add1(x) { let i = global_id(0); x[i] = x[i] + 1.0; }
    kernel dbl(x) { let i = global_id(0); x[i] = x[i] * 2.0; }
    """
    prog = dpk.Program.from_string(src, "chain.dpk")
    add1 = prog.kernel("add1").specialize("void(f32[::1])", queue.device)
    dbl = prog.kernel("dbl").specialize("void(f32[::1])", queue.device)
    other = dpk.Queue(queue.device)
    x = dpk.zeros(256, "float32", queue)
    e1 = add1.launch(queue, 256, [x], local_size=64)
    e2 = dbl.launch(other, 256, [x], depends_on=[e1])
    e3 = add1.launch(queue, 256, [x], depends_on=[e2])
    dpk.Event.wait_all([e3])
    np.testing.assert_array_equal(x.to_numpy(), np.full(256, 3.0, dtype=np.float32))
    t = e1.profiling
    assert t["queued"] <= t["submit"] <= t["start"] <= t["end"]
    assert e1.duration_ns == t["end"] - t["start"]
    assert e3.is_complete


def test_local_memory(queue):
    from conftest import EXAMPLES

    k = dpk.Program.from_file(str(EXAMPLES / "reduction" / "block_sum.dpk")).kernel("block_sum")
    assert k.parameters == [("x", None), ("out", None), ("scratch", "local f32[:]")]
    x = dpk.asarray(np.ones(512, dtype=np.float32), queue)
    out = dpk.zeros(1, "float32", queue)
    k.launch(queue, 512, [x, out, dpk.LocalMemory("float32", 64)], local_size=64).wait()
    assert out.to_numpy()[0] == 512.0


def test_bad_ranges(vecadd, queue):
    a = dpk.zeros(8, "float32", queue)
    with pytest.raises(dpk.InvalidRangeError, match="local"):
        vecadd.launch(queue, 8, [a, a, a], local_size=3)
    with pytest.raises(dpk.InvalidRangeError, match="global_size: expected an int or a tuple"):
        vecadd.launch(queue, (1, 2, 3, 4), [a, a, a])
