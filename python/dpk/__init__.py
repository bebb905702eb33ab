"""dpk from Python: kernels written in dpk's language, compiled to SPIR-V (PTX on NVIDIA GPUs) and
launched on USM arrays, with the C++ runtime's checks and messages.

    import numpy as np, dpk
    q = dpk.Queue(dpk.select_device("opencl:cpu:1"))
    k = dpk.Program.from_file("vecadd.dpk").kernel("vecadd")
    ck = k.specialize("void(f32[::1], f32[::1], f32[::1])", q.device)
    a, b = dpk.asarray(np.ones(8, np.float32), q), dpk.asarray(np.arange(8, dtype=np.float32), q)
    c = dpk.empty(8, "float32", q)
    k.launch(q, 8, [a, b, c]).wait()
    c.to_numpy()

See docs/python.md.
"""

from pathlib import Path as _Path

import os as _os

# numpy (a dependency) before the native module: on a machine whose OpenCL platforms include
# PoCL 5.0 (LLVM 16), a process that listed them before numpy was loaded died inside LLVM's
# std::call_once (pthread_once through a null pointer); after numpy the same listing ran. The
# build imports the module without its dependencies (nanobind's stub generator, in pip's isolated
# build environment): there numpy may be missing, and nothing lists devices.
try:
    import numpy as _numpy  # noqa: F401
except ImportError:
    pass

# The JIT module, or the runtime alone (AOT bundles only) where it is all there is or asked for.
if _os.environ.get("DPK_PYTHON_RUNTIME_ONLY") == "1":
    from . import _dpk_runtime as _native
else:
    try:
        from . import _dpk as _native
    except ImportError:
        from . import _dpk_runtime as _native

#: True when kernels can be compiled here (Program, Kernel); False with the runtime alone.
has_compiler = hasattr(_native, "Program")

# The native module's public names: Device, Queue, Event, Array, the errors, ... (and Program,
# Kernel, CompiledKernel with the compiler). Their stubs: _dpk.pyi, _dpk_runtime.pyi.
globals().update({k: v for k, v in vars(_native).items() if not k.startswith("_")})

__version__ = _native.version()

# An installed package carries the stdlib modules (`import std.reduce;`) beside itself; a build
# tree's module finds them in the source tree.
_packaged_stdlib = _Path(__file__).with_name("stdlib")
if _packaged_stdlib.is_dir() and has_compiler:
    _native._set_packaged_stdlib(str(_packaged_stdlib))


def zeros(shape, dtype="float32", queue=None, usm_type="device", order="C"):
    """A zero-filled array on `queue`'s device (the default queue when None)."""
    a = empty(shape, dtype, queue, usm_type, order)
    a.fill(0).wait()
    return a


__all__ = [name for name in dir() if not name.startswith("_")]
