"""dpk arrays from Python: copies to and from numpy, properties, DLPack out, zero-copy views of
other libraries' memory in (checked by the driver)."""

import numpy as np
import pytest

import dpk
from conftest import UsmInterface

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64"]


@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_round_trip(queue, dtype):
    host = (np.arange(24) % 7).astype(dtype).reshape(2, 3, 4)
    a = dpk.asarray(host, queue)
    assert a.shape == (2, 3, 4)
    assert a.strides == (12, 4, 1)  # elements
    assert a.dtype == np.dtype(dtype)
    assert a.ndim == 3 and a.size == 24 and a.nbytes == 24 * np.dtype(dtype).itemsize
    assert a.usm_type == "device" and a.layout == "C"
    assert a.device == queue.device and a.queue == queue
    assert not a.is_external
    out = a.to_numpy()
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(out, host)


def test_non_contiguous_numpy_is_copied_in_c_order(queue):
    host = np.arange(20, dtype=np.float32).reshape(4, 5)[:, ::2]
    a = dpk.asarray(host, queue, usm_type="shared")
    assert a.usm_type == "shared" and a.shape == (4, 3)
    np.testing.assert_array_equal(a.to_numpy(), host)


def test_empty_zeros_fill_copy(queue):
    z = dpk.zeros((3, 2), "int32", queue, order="F")
    assert z.layout == "F" and z.strides == (1, 3)
    np.testing.assert_array_equal(z.to_numpy(), np.zeros((3, 2), np.int32))
    z.fill(5).wait()
    np.testing.assert_array_equal(z.to_numpy(), np.full((3, 2), 5, np.int32))
    y = dpk.empty((3, 2), "int32", queue, order="F")
    y.copy_from(z).wait()
    np.testing.assert_array_equal(y.to_numpy(), np.full((3, 2), 5, np.int32))
    y.copy_from(np.arange(6).reshape(3, 2))
    np.testing.assert_array_equal(y.to_numpy(), np.arange(6, dtype=np.int32).reshape(3, 2))
    assert repr(y).startswith("dpk.Array(usm_ndarray(i32, shape=(3, 2), strides=(1, 3), layout=F")


def test_bad_arguments_name_themselves(queue):
    with pytest.raises(dpk.InvalidArgumentError, match='usm_type: expected "device", "shared" or "host", got "pinned"'):
        dpk.empty(4, "float32", queue, usm_type="pinned")
    with pytest.raises(dpk.InvalidArgumentError, match="typestr '<c8' has no dpk element type"):
        dpk.empty(4, "complex64", queue)
    with pytest.raises(dpk.UsmError, match="negative extent"):
        dpk.empty((2, -1), "float32", queue)


def test_dlpack_export_to_numpy_shares_host_accessible_memory(queue):
    a = dpk.asarray(np.arange(6, dtype=np.float64).reshape(2, 3), queue, usm_type="shared")
    if queue.device.backend == "cuda":  # numpy's consumers of CUDA memory are in test_cuda.py
        ordinal = [d for d in dpk.devices() if d.backend == "cuda"].index(queue.device)
        assert a.__dlpack_device__() == (13, ordinal)  # kDLCUDAManaged, the CUDA ordinal
        return
    assert a.__dlpack_device__() == (1, 0)  # kDLCPU: the host reads shared USM
    view = np.from_dlpack(a)
    np.testing.assert_array_equal(view, np.arange(6).reshape(2, 3))
    a.fill(2.0).wait()
    np.testing.assert_array_equal(view, np.full((2, 3), 2.0))  # the same memory


def test_no_cuda_array_interface_off_cuda(queue):
    if queue.device.backend == "cuda":
        pytest.skip("the CUDA case is in test_cuda.py")
    a = dpk.zeros(2, "float32", queue)
    assert not hasattr(a, "__cuda_array_interface__")


def test_usm_interface_view_is_zero_copy(checking_queue):
    q = checking_queue
    owner = dpk.asarray(np.arange(12, dtype=np.float32), q, usm_type="shared")
    # A 3x2 strided view of the first 6... elements 0, 2, 4, 6, 8, 10 (strides in elements).
    lent = UsmInterface(owner.data_ptr, (3, 2), "<f4", strides=(4, 2), owner=owner)
    view = dpk.asarray(lent, q)
    assert view.is_external
    assert view.usm_type == "shared"  # the driver's answer
    assert view.shape == (3, 2) and view.strides == (4, 2) and view.layout == "A"
    np.testing.assert_array_equal(view.to_numpy(), np.array([[0, 2], [4, 6], [8, 10]], np.float32))
    view.fill(-1.0).wait()
    np.testing.assert_array_equal(owner.to_numpy()[[0, 2, 4, 6, 8, 10]], -np.ones(6, np.float32))
    np.testing.assert_array_equal(owner.to_numpy()[[1, 3]], [1, 3])


def test_foreign_array_passed_to_a_launch_is_used_in_place(checking_queue, vecadd):
    q = checking_queue
    a = dpk.asarray(np.arange(5, dtype=np.float32), q)
    c_owner = dpk.zeros(5, "float32", q)
    c = UsmInterface(c_owner.data_ptr, (5,), "<f4", owner=c_owner)
    vecadd.launch(q, 5, [a, a, c]).wait()
    np.testing.assert_array_equal(c_owner.to_numpy(), 2 * np.arange(5, dtype=np.float32))


def test_host_memory_behind_an_interface_is_refused(checking_queue):
    q = checking_queue
    host = np.zeros(8, dtype=np.float32)
    lent = UsmInterface(host.ctypes.data, (8,), "<f4", owner=host)
    with pytest.raises(dpk.UsmError) as err:
        dpk.asarray(lent, q)
    assert str(err.value).endswith(
        f"(32 bytes) is not USM of device '{q.device.name}' ({q.device.filter_string}): it is "
        "host memory, memory of another device or context, or runs past its allocation; copy "
        "it into a dpk array instead")


def test_view_past_the_allocation_is_refused(checking_queue):
    q = checking_queue
    owner = dpk.zeros(4, "float32", q)
    with pytest.raises(dpk.UsmError, match=r"\(20 bytes\) is not USM of device"):
        dpk.asarray(UsmInterface(owner.data_ptr, (5,), "<f4", owner=owner), q)


def test_keep_alive_holds_the_owner(checking_queue):
    import gc
    import weakref

    q = checking_queue

    class Owner:
        pass

    holder = Owner()
    holder.array = dpk.zeros(4, "float32", q)
    lent = UsmInterface(holder.array.data_ptr, (4,), "<f4", owner=holder)
    ref = weakref.ref(holder)
    view = dpk.asarray(lent, q)
    del holder, lent
    gc.collect()
    assert ref() is not None  # the view keeps its owner
    del view
    gc.collect()
    assert ref() is None


def test_transpose_is_a_view_in_the_other_order(queue):
    host = np.arange(12, dtype=np.float32).reshape(3, 4)
    a = dpk.asarray(host, queue)
    t = a.T
    assert t.shape == (4, 3) and t.strides == (1, 4) and t.layout == "F"
    assert t.data_ptr == a.data_ptr and a.transpose().shape == (4, 3)
    np.testing.assert_array_equal(t.to_numpy(), host.T)
    # A kernel that takes column-major arrays reads the view in place.
    k = dpk.Program.from_string("""
kernel first_column(x: f32[::1, :], out: f32[::1]) {
    let i = global_id(0);
    out[i] = x[i, 0];
}
""").kernel("first_column")
    out = dpk.zeros(4, "float32", queue)
    k.launch(queue, 4, [t, out]).wait()
    np.testing.assert_array_equal(out.to_numpy(), host[0])
