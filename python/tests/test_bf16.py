"""bf16 arrays from Python: the dtype's spellings, a kernel with bf16 arrays and a bf16 scalar,
to_numpy() as uint16 bits (numpy has no bfloat16), DLPack in and out as kDLBfloat, and no
__cuda_array_interface__."""

import numpy as np
import pytest

import dpk

SOURCE = """
kernel axpy(x: bf16[::1], y: bf16[::1], a: bf16) {
    let i = global_id(0);
    y[i] = a * x[i] + y[i];
}
"""


def bits(values):
    """bf16 bits of float32 values that bf16 holds exactly (their top halves)."""
    return (np.asarray(values, np.float32).view(np.uint32) >> 16).astype(np.uint16)


class DlpackOnly:
    """Another library's array that offers only DLPack (as a torch tensor does)."""

    def __init__(self, inner):
        self.inner = inner

    def __dlpack__(self, stream=None, **kwargs):
        return self.inner.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.inner.__dlpack_device__()


@pytest.mark.parametrize("spelling", ["bf16", "bfloat16"])
def test_dtype_spellings_and_to_numpy_bits(queue, spelling):
    a = dpk.zeros(4, spelling, queue, usm_type="shared")
    assert a.dtype == "bfloat16"
    assert a.nbytes == 8
    a.copy_from(bits([1.0, -2.5, 0.0, 3.0]))
    out = a.to_numpy()
    assert out.dtype == np.uint16
    np.testing.assert_array_equal(out, [0x3F80, 0xC020, 0x0000, 0x4040])
    with pytest.raises(dpk.InvalidArgumentError, match="a bf16 array takes host data as its bits"):
        a.copy_from(np.ones(4, np.float32))


def test_kernel_with_bf16_arrays_and_scalar(queue):
    k = dpk.Program.from_string(SOURCE).kernel("axpy")
    x = dpk.zeros(3, "bfloat16", queue)
    y = dpk.zeros(3, "bfloat16", queue)
    x.copy_from(bits([1.0, 2.0, 3.0]))
    y.copy_from(bits([0.5, 0.25, 1.0]))
    # a = 0x3eab (0.333984375, a scalar converts exactly or not at all); each product and sum
    # rounded to bf16 in the kernel: 0.8359375, 0.919921875, 2.0.
    k.launch(queue, 3, [x, y, 0.333984375]).wait()
    np.testing.assert_array_equal(y.to_numpy(), [0x3F56, 0x3F6B, 0x4000])


def test_dlpack_round_trip_is_kdlbfloat(queue):
    a = dpk.zeros(4, "bf16", queue, usm_type="shared")
    a.copy_from(bits([1.0, 2.0, 4.0, 8.0]))
    # Memory the host reads (kDLCPU) is copied, device memory viewed in place: either way the
    # DLPack dtype (kDLBfloat, 16 bits) comes back as bf16.
    b = dpk.asarray(DlpackOnly(a), queue)
    assert b.dtype == "bfloat16"
    assert b.is_external == (a.__dlpack_device__()[0] != 1)
    np.testing.assert_array_equal(b.to_numpy(), bits([1.0, 2.0, 4.0, 8.0]))
    # numpy reads DLPack but has no bfloat16: it refuses the kDLBfloat dtype.
    if queue.device.backend != "cuda":
        with pytest.raises(Exception):
            np.from_dlpack(a)


def test_no_cuda_array_interface_for_bf16(queue):
    a = dpk.zeros(2, "bf16", queue)
    if queue.device.backend != "cuda":
        assert not hasattr(a, "__cuda_array_interface__")
        return
    with pytest.raises(AttributeError, match="bf16 array has none"):
        a.__cuda_array_interface__


ROUNDING = """
kernel to_bf16(x: f32[::1], y: bf16[::1]) {
    let i = global_id(0);
    y[i] = bf16(x[i]);
}
"""


def test_f32_to_bf16_rounds_to_nearest_even_and_a_nan_keeps_its_sign(queue):
    # f32 bits -> the bf16 bits they round to: ties to even, the tie above the largest bf16 to
    # infinity, a subnormal tie, and NaNs (quiet, signalling, negative) -> 0x7fc0 with the sign.
    cases = {0x3F808000: 0x3F80, 0x3F818000: 0x3F82, 0x7F7F8000: 0x7F80, 0x00018000: 0x0002,
             0x7FC00000: 0x7FC0, 0x7F800001: 0x7FC0, 0xFFC00001: 0xFFC0, 0xFFFFFFFF: 0xFFC0}
    x = dpk.asarray(np.array(list(cases), np.uint32).view(np.float32), queue)
    y = dpk.empty(len(cases), "bfloat16", queue)
    dpk.Program.from_string(ROUNDING).kernel("to_bf16").launch(queue, len(cases), [x, y]).wait()
    np.testing.assert_array_equal(y.to_numpy(), list(cases.values()))
