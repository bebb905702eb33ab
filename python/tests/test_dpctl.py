"""dpctl's USM (its queue on Intel's OpenCL CPU runtime allocates USM and lends it through
__sycl_usm_array_interface__). dpctl's SYCL runtime makes its own cl_context and offers no way to
share one with dpk, so dpk's driver check refuses the memory: this test pins that down."""

import pytest

import dpk

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


def test_dpctl_usm_is_refused_with_the_reason():
    device, _, memory = intel_pair()
    iface = memory.__sycl_usm_array_interface__
    q = dpk.Queue(device)
    with pytest.raises(dpk.UsmError) as err:
        dpk.asarray(memory, q)
    assert str(err.value) == (
        f"external memory at {hex(iface['data'][0])} (64 bytes) is not USM of device "
        f"'{device.name}' ({device.filter_string}): it is host memory, memory of another device "
        "or context, or runs past its allocation; copy it into a dpk array instead")
