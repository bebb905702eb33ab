"""CUDA interop, on a machine with an NVIDIA GPU (skipped elsewhere, with the reason): CuPy and
PyTorch arrays used in place through __cuda_array_interface__ and DLPack, dpk arrays exported the
same ways, launches on a stream another library made, and pointers the driver must refuse."""

import numpy as np
import pytest

import dpk
from conftest import EXAMPLES

CUDA = [d for d in dpk.devices() if d.backend == "cuda"]
pytestmark = pytest.mark.skipif(not CUDA, reason="no CUDA device (dpk.devices() lists none)")

SIG = "void(f32[::1], f32[::1], f32[::1])"


@pytest.fixture
def cuda_queue():
    return dpk.Queue(CUDA[0])


@pytest.fixture
def vecadd_cuda():
    k = dpk.Program.from_file(str(EXAMPLES / "vecadd" / "vecadd.dpk")).kernel("vecadd")
    k.specialize(SIG, CUDA[0])
    return k


def test_dpk_array_exports_cuda_interfaces(cuda_queue):
    a = dpk.asarray(np.arange(8, dtype=np.float32), cuda_queue)
    iface = a.__cuda_array_interface__
    assert iface["shape"] == (8,) and iface["typestr"] == "<f4" and iface["version"] == 3
    assert iface["data"] == (a.data_ptr, False) and iface["strides"] is None
    assert iface["stream"] == cuda_queue.native_handle
    assert a.__dlpack_device__() == (2, CUDA.index(a.device))


def test_cupy_arrays_in_place(cuda_queue, vecadd_cuda):
    cp = pytest.importorskip("cupy", reason="CuPy is not installed")
    x = cp.arange(1024, dtype=cp.float32)
    out = cp.zeros(1024, dtype=cp.float32)
    cp.cuda.runtime.deviceSynchronize()
    vecadd_cuda.launch(cuda_queue, 1024, [x, x, out]).wait()  # __cuda_array_interface__, no copy
    np.testing.assert_array_equal(cp.asnumpy(out), 2 * np.arange(1024, dtype=np.float32))
    view = dpk.asarray(out, cuda_queue)
    assert view.is_external and view.data_ptr == out.data.ptr and view.usm_type == "device"
    # dpk -> CuPy without a copy.
    a = dpk.asarray(np.ones(16, dtype=np.float32), cuda_queue)
    b = cp.asarray(a)
    assert b.data.ptr == a.data_ptr
    a.fill(3.0).wait()
    assert float(b.sum()) == 48.0
    assert vecadd_cuda.compile_count == 1


def test_torch_tensors_in_place_and_foreign_stream(cuda_queue, vecadd_cuda):
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    if not torch.cuda.is_available():
        pytest.skip("torch sees no CUDA device")
    x = torch.arange(4096, dtype=torch.float32, device="cuda")
    out = torch.empty_like(x)
    stream = torch.cuda.Stream()
    q = dpk.Queue.adopt(CUDA[0], stream.cuda_stream)
    assert q.native_handle == stream.cuda_stream
    torch.cuda.current_stream().synchronize()
    e = vecadd_cuda.launch(q, 4096, [x, x, out])
    stream.synchronize()  # dpk's launch is on torch's stream
    assert e.is_complete
    assert torch.equal(out, 2 * x)
    # DLPack both ways.
    a = dpk.asarray(np.arange(10, dtype=np.float32), cuda_queue)
    t = torch.from_dlpack(a)
    assert t.data_ptr() == a.data_ptr and t.device.type == "cuda"
    v = dpk.asarray(t, cuda_queue)
    assert v.data_ptr == a.data_ptr
    # torch's current stream: by default the legacy default stream (handle 0).
    current = dpk.Queue.adopt(CUDA[0], torch.cuda.current_stream().cuda_stream)
    y = torch.ones(256, dtype=torch.float32, device="cuda")
    vecadd_cuda.launch(current, 256, [y, y, y])
    torch.cuda.current_stream().synchronize()
    assert float(y.sum()) == 512.0


def test_host_memory_and_numpy_are_refused_on_cuda(cuda_queue, vecadd_cuda):
    host = np.zeros(8, dtype=np.float32)
    with pytest.raises(dpk.SignatureMismatchError, match="host memory is never a kernel argument"):
        vecadd_cuda.launch(cuda_queue, 8, [host, host, host])

    class Lent:
        __cuda_array_interface__ = {"data": (host.ctypes.data, False), "shape": (8,),
                                    "typestr": "<f4", "version": 3, "strides": None}

    with pytest.raises(dpk.UsmError, match="is not USM of device"):
        dpk.asarray(Lent(), cuda_queue)


@pytest.mark.skipif(len(CUDA) < 2, reason="one CUDA device: no other device's memory to refuse")
def test_another_devices_memory_is_refused():
    a = dpk.zeros(8, "float32", dpk.Queue(CUDA[1]))

    class Lent:
        __cuda_array_interface__ = a.__cuda_array_interface__

    with pytest.raises(dpk.UsmError, match="is not USM of device"):
        dpk.asarray(Lent(), dpk.Queue(CUDA[0]))


def test_torch_bf16_tensor_in_place_through_dlpack(cuda_queue):
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    if not torch.cuda.is_available():
        pytest.skip("torch sees no CUDA device")
    # torch's __cuda_array_interface__ calls bfloat16 raw bytes ("<V2"): dpk reads its DLPack.
    x = torch.tensor([1.0, -2.5, 3.0, 0.5], dtype=torch.bfloat16, device="cuda")
    y = torch.zeros(4, dtype=torch.bfloat16, device="cuda")
    view = dpk.asarray(x, cuda_queue)
    assert view.dtype == "bfloat16" and view.is_external and view.data_ptr == x.data_ptr()
    k = dpk.Program.from_string("""
kernel twice(x: bf16[::1], y: bf16[::1]) {
    let i = global_id(0);
    y[i] = x[i] + x[i];
}
""").kernel("twice")
    k.launch(cuda_queue, 4, [view, dpk.asarray(y, cuda_queue)]).wait()
    assert y.tolist() == [2.0, -5.0, 6.0, 1.0]
