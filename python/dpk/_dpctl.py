"""Launches on dpctl queues: `Kernel.launch(q, ...)` / `CompiledKernel.launch(q, ...)` with a
`dpctl.SyclQueue`. dpk checks and lays out the launch (the runtime's prepare_launch, on dpk's
queue of the same device) and dpctl submits it on its own queue, so dpctl and dpnp arrays are
used in place. Imported only when a launch gets a queue that is not a dpk.Queue (`import dpk`
does not import dpctl).

What is cached: per dpctl device, the dpk device that is the same device (same name and driver
version) and a dpk queue on it (for the checks); per (specialization, SYCL context), the dpctl
program built from the specialization's SPIR-V and its kernels by entry point.
"""

import atexit
import ctypes

from . import _native

#: dpctl.SyclDevice -> (dpk.Device, dpk.Queue)
_devices = {}
#: (specialization identity, dpctl.SyclContext) -> (specialization, program, {entry: SyclKernel})
_programs = {}
#: The events of the host tasks that keep launches' arguments alive, not yet seen complete.
_keep_alive = []


@atexit.register
def _forget():
    """Before the interpreter shuts down: waits for the host tasks that hold launches' arguments
    (each takes the GIL to let them go, which ends the process once shutdown has begun), then
    drops the caches (dpk objects still alive when modules are freed are reported as leaks)."""
    for event in _keep_alive:
        event.wait()
    _keep_alive.clear()
    _programs.clear()
    _devices.clear()


#: How many host-task events accumulate before the completed ones are dropped.
_KEEP_ALIVE_SWEEP = 256

_VALUE_TYPES = {1: ctypes.c_uint8, 2: ctypes.c_uint16, 4: ctypes.c_uint32, 8: ctypes.c_uint64}


def _is_dpctl_queue(queue):
    t = type(queue)
    return t.__module__.split(".")[0] == "dpctl" and t.__name__ == "SyclQueue"


def _dpk_side(queue):
    """The dpk device that is the dpctl queue's device, and a dpk queue on it."""
    sycl_device = queue.sycl_device
    found = _devices.get(sycl_device)
    if found is not None:
        return found
    backend = sycl_device.backend.name  # "opencl", "level_zero", "cuda", ...
    for d in _native.devices():
        if (d.backend == backend and d.takes_spirv and d.name == sycl_device.name
                and d.driver_version == sycl_device.driver_version):
            found = (d, _native.Queue(d))
            _devices[sycl_device] = found
            return found
    listed = ", ".join(f"{d.filter_string} '{d.name}' (driver {d.driver_version})"
                       for d in _native.devices())
    raise _native.UnsupportedDeviceFeatureError(
        f"dpctl queue on {sycl_device.filter_string} '{sycl_device.name}' (driver "
        f"{sycl_device.driver_version}): dpk lists no {backend} device taking SPIR-V with that "
        f"name and driver version, so dpk cannot check and lay out launches for it (dpk's "
        f"devices: {listed or 'none'})")


class _Pointer:
    """One byte at a USM pointer of a dpctl queue's context, as dpctl.memory reads it."""

    __slots__ = ("__sycl_usm_array_interface__",)

    def __init__(self, pointer, queue):
        self.__sycl_usm_array_interface__ = {
            "data": (pointer, False), "shape": (1,), "strides": None, "typestr": "|u1",
            "version": 1, "syclobj": queue}


def _usm_memory(pointer, queue):
    """A dpctl memory object at `pointer` (USM of `queue`'s context): what dpctl's submit takes
    for a pointer argument."""
    import dpctl.memory

    return dpctl.memory.as_usm_memory(_Pointer(pointer, queue))


def _context_of(syclobj):
    import dpctl

    if isinstance(syclobj, dpctl.SyclContext):
        return syclobj
    if isinstance(syclobj, dpctl.SyclQueue):
        return syclobj.sycl_context
    return None


def _usm_type_check(queue, memories):
    """usm_type_of for _prepare_dpctl: the array's usm_type in the queue's SYCL context, or why it
    is not memory of that context. Keeps the dpctl memory object made for each pointer."""
    context = queue.sycl_context

    def usm_type_of(array, pointer):
        syclobj = array.__sycl_usm_array_interface__.get("syclobj")
        ctx = _context_of(syclobj)
        if ctx is None:
            return (f"{type(array).__name__}'s __sycl_usm_array_interface__ names no dpctl queue "
                    f"or context (syclobj {syclobj!r})")
        if ctx != context:
            return (f"the array is memory of another SYCL context (its queue or context: "
                    f"{syclobj!r} on {ctx.get_devices()[0].filter_string}) than the dpctl "
                    f"queue's; make it on the launch queue or one of the same context")
        if pointer not in memories:
            try:
                memory = _usm_memory(pointer, queue)
                usm_type = memory.get_usm_type()
            except Exception:  # noqa: BLE001 - dpctl raises its own types for foreign pointers
                usm_type = "unknown"
            if usm_type not in ("device", "shared", "host"):
                return (f"the memory at {hex(pointer)} is not USM of the dpctl queue's context "
                        f"(dpctl says usm_type '{usm_type}')")
            memories[pointer] = memory
        return memories[pointer].get_usm_type()

    return usm_type_of


def _sycl_kernel(compiled, entry_point, queue):
    """The dpctl kernel `entry_point` of `compiled`'s SPIR-V, built once per SYCL context."""
    key = (compiled._identity, queue.sycl_context)
    entry = _programs.get(key)
    if entry is None:
        import dpctl.program

        create = getattr(dpctl.program, "create_kernel_bundle_from_spirv", None) or \
            dpctl.program.create_program_from_spirv
        program = create(queue, compiled.spirv, compiled.build_options)
        entry = (compiled, program, {})  # holds the specialization: its identity stays its own
        _programs[key] = entry
    kernels = entry[2]
    kernel = kernels.get(entry_point)
    if kernel is None:
        kernel = kernels[entry_point] = entry[1].get_sycl_kernel(entry_point)
    return kernel


def _sycl_range(size):
    """dpk's range (dimension 0 is global_id(0)) as SYCL's: SYCL's last dimension is the one
    that varies fastest, OpenCL's dimension 0, so the extents go in reverse order. The runtime
    checked the range already."""
    return [size] if isinstance(size, int) else list(reversed(size))


def launch(kernel, queue, global_size, args, local_size=None, depends_on=None):
    """Kernel.launch / CompiledKernel.launch on a queue that is not a dpk.Queue."""
    if not _is_dpctl_queue(queue):
        raise TypeError(f"queue must be a dpk.Queue or a dpctl.SyclQueue, got "
                        f"{type(queue).__module__}.{type(queue).__qualname__}")
    import dpctl

    events = list(depends_on) if depends_on is not None else []
    for e in events:
        if not isinstance(e, dpctl.SyclEvent):
            raise TypeError(f"depends_on of a launch on a dpctl queue takes dpctl.SyclEvent, got "
                            f"{type(e).__module__}.{type(e).__qualname__}")
    _, dpk_queue = _dpk_side(queue)
    memories = {}
    compiled, entry_point, slots, empty, local_size = kernel._prepare_dpctl(
        dpk_queue, global_size, args, local_size, _usm_type_check(queue, memories))
    if empty:  # nothing runs: the event completes with the dependencies
        return queue.submit_barrier(events)
    sycl_kernel = _sycl_kernel(compiled, entry_point, queue)
    kernel_args = []
    for kind, value in slots:
        if kind == "pointer":
            memory = memories.get(value)
            kernel_args.append(memory if memory is not None else _usm_memory(value, queue))
        elif kind == "value":
            kernel_args.append(_VALUE_TYPES[len(value)].from_buffer_copy(value))
        else:  # "local": bytes of work-group memory
            kernel_args.append(dpctl.LocalAccessor("u1", (value,)))
    # The local range given, or the kernel's @local_size (the runtime says which).
    local = None if local_size is None else _sycl_range(local_size)
    event = queue.submit_async(sycl_kernel, kernel_args, _sycl_range(global_size), local, events)
    # The arrays (and the memory objects over them) stay alive until the kernel is done.
    _keep_alive.append(queue._submit_keep_args_alive((args, kernel_args), [event]))
    if len(_keep_alive) >= _KEEP_ALIVE_SWEEP:
        done = dpctl.event_status_type.complete
        _keep_alive[:] = [e for e in _keep_alive if e.execution_status != done]
    return event
