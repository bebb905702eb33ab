"""Where the tests find dpk: the package a development build assembled in $DPK_BUILD_DIR/python
(tools/test.sh sets it), else the installed one (pip install .)."""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = os.environ.get("DPK_BUILD_DIR")
if BUILD:
    sys.path.insert(0, str(pathlib.Path(BUILD) / "python"))

import dpk  # noqa: E402

EXAMPLES = ROOT / "examples"


def spirv_devices():
    """The devices the tests run kernels on: $DPK_DEVICE's, else every one that takes SPIR-V."""
    if os.environ.get("DPK_DEVICE"):
        return [dpk.default_device()]
    return [d for d in dpk.devices() if d.takes_spirv]


@pytest.fixture(params=spirv_devices() or [None], ids=lambda d: d.filter_string if d else "none")
def device(request):
    if request.param is None:
        pytest.skip("no device that takes SPIR-V was found")
    return request.param


@pytest.fixture
def queue(device):
    return dpk.Queue(device)


class UsmInterface:
    """An object that lends memory through __sycl_usm_array_interface__ (as dpctl's arrays do),
    without owning it: what another library's array looks like to dpk."""

    def __init__(self, ptr, shape, typestr, strides=None, owner=None):
        self.owner = owner
        self.__sycl_usm_array_interface__ = {
            "data": (ptr, False),
            "shape": tuple(shape),
            "strides": strides,
            "typestr": typestr,
            "version": 1,
            "syclobj": None,
        }


def checks_pointers(device):
    """Whether the device's driver can tell whose a pointer is (Intel's USM extension, CUDA)."""
    q = dpk.Queue(device)
    own = dpk.zeros(1, "float32", q)
    try:
        dpk.asarray(UsmInterface(own.data_ptr, (1,), "<f4", owner=own), q)
        return True
    except dpk.UnsupportedDeviceFeatureError:
        return False


@pytest.fixture
def checking_queue():
    for d in spirv_devices():
        if checks_pointers(d):
            return dpk.Queue(d)
    pytest.skip("no device whose driver can check external pointers (Intel USM or CUDA)")


@pytest.fixture
def vecadd():
    return dpk.Program.from_file(str(EXAMPLES / "vecadd" / "vecadd.dpk")).kernel("vecadd")
