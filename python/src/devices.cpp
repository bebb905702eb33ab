// Devices, queues and events.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"

namespace dpk::python {

using runtime::Device;
using runtime::Event;
using runtime::Queue;

std::vector<Event> events_from_python(nb::handle deps) {
    std::vector<Event> out;
    if (deps.is_none()) return out;
    for (nb::handle e : deps) {
        if (!nb::isinstance<Event>(e))
            throw InvalidArgumentError("depends_on: expected dpk.Event values, got " +
                                       py_str(e.type().attr("__name__")));
        out.push_back(nb::cast<const Event&>(e));
    }
    return out;
}

void register_devices(nb::module_& m) {
    nb::class_<Device>(m, "Device",
                       "A device the runtime found (dpctl-style filter: \"opencl:cpu:0\").")
        .def_prop_ro("filter_string", &Device::filter_string,
                     "The canonical filter that selects exactly this device.")
        .def_prop_ro("name", &Device::name)
        .def_prop_ro("backend", &Device::backend, "\"opencl\", \"level_zero\" or \"cuda\".")
        .def_prop_ro(
            "kind", [](const Device& d) { return std::string(device_kind_name(d.info().kind)); },
            "\"cpu\", \"gpu\" or \"accelerator\".")
        .def_prop_ro("vendor", [](const Device& d) { return d.info().vendor; })
        .def_prop_ro("driver_version", [](const Device& d) { return d.info().driver_version; })
        .def_prop_ro("takes_spirv", &Device::takes_spirv,
                     "Whether the device can run dpk's kernels (directly or translated).")
        .def_prop_ro("max_work_group_size",
                     [](const Device& d) { return d.info().max_work_group_size; })
        .def_prop_ro("local_mem_size", [](const Device& d) { return d.info().local_mem_size; })
        .def_prop_ro("global_mem_size", [](const Device& d) { return d.info().global_mem_size; })
        .def_prop_ro("compute_units", [](const Device& d) { return d.info().compute_units; })
        .def_prop_ro(
            "features",
            [](const Device& d) {
                std::vector<std::string> out;
                for (DeviceFeature f : kDeviceFeatures)
                    if (d.info().has(f)) out.emplace_back(feature_name(f));
                return out;
            },
            "Optional features the device has (\"fp64\", \"sub_groups\", ...).")
        .def_prop_ro(
            "usm_types",
            [](const Device& d) {
                std::vector<std::string> out;
                for (UsmType t : {UsmType::Device, UsmType::Shared, UsmType::Host})
                    if (d.info().supports(t)) out.emplace_back(usm_type_name(t));
                return out;
            },
            "The usm_types arrays on this device can have.")
        .def_prop_ro(
            "native_context",
            [](const Device& d) { return reinterpret_cast<std::uintptr_t>(d.native_context()); },
            "The driver's context as an int: cl_context, CUcontext (the primary "
            "context) or ze_context_handle_t.")
        .def("__eq__", [](const Device& a, const Device& b) { return a == b; })
        .def("__hash__",
             [](const Device& d) { return std::hash<std::string>()(d.filter_string()); })
        .def("__repr__", [](const Device& d) {
            return "<dpk.Device " + d.filter_string() + " '" + d.name() + "'>";
        });

    m.def("devices", &runtime::all_devices, "Every device of every backend.");
    m.def("select_device", &runtime::select_device, nb::arg("filter"),
          "The device a filter names (\"opencl:cpu:1\", \"cuda:gpu:0\", \"gpu\"); "
          "DeviceNotFoundError lists the devices found otherwise.");
    m.def("default_device", &runtime::default_device,
          "$DPK_DEVICE if set, else the best device that takes SPIR-V (a GPU first).");

    nb::class_<Event>(m, "Event", "The completion of a launch, copy or fill.")
        .def("wait", &Event::wait, nb::call_guard<nb::gil_scoped_release>(),
             "Blocks until the command finished; raises BackendError or BoundsError if it failed.")
        .def_prop_ro("is_complete", &Event::is_complete)
        .def_prop_ro(
            "profiling",
            [](const Event& e) {
                ProfilingTimes t;
                {
                    nb::gil_scoped_release release;
                    t = e.profiling();
                }
                nb::dict d;
                d["queued"] = t.queued;
                d["submit"] = t.submit;
                d["start"] = t.start;
                d["end"] = t.end;
                return d;
            },
            "Device timestamps in ns (queued, submit, start, end); waits first.")
        .def_prop_ro("duration_ns", &Event::duration_ns, "end - start of the command, in ns.")
        .def_static(
            "wait_all",
            [](nb::handle events) {
                std::vector<Event> all = events_from_python(events);
                nb::gil_scoped_release release;
                Event::wait_all(all);
            },
            nb::arg("events"), "Waits for every event.");

    nb::class_<Queue>(m, "Queue", "An in-order queue on one device.")
        .def(
            "__init__",
            [](Queue* self, std::optional<Device> device, bool profiling) {
                new (self) Queue(device ? *device : runtime::default_device(),
                                 runtime::QueueOptions{profiling});
            },
            nb::arg("device") = nb::none(), nb::arg("profiling") = true,
            "A new queue on `device` (default_device() when None).")
        .def_static(
            "adopt",
            [](const Device& device, std::uintptr_t handle, bool owned) {
                return Queue::adopt(device, reinterpret_cast<void*>(handle), owned);
            },
            nb::arg("device"), nb::arg("native_queue"), nb::arg("owned") = false,
            "A dpk queue over another library's driver queue, given as an int: a "
            "cl_command_queue on the device's context, or a CUstream of the device's primary "
            "context (torch.cuda.current_stream().cuda_stream, cupy.cuda.Stream().ptr; 0 is the "
            "legacy default stream). "
            "Not "
            "released with the dpk queue unless `owned`; keep it alive as long as this queue.")
        .def_prop_ro("device", &Queue::device)
        .def_prop_ro("profiling", &Queue::profiling)
        .def_prop_ro(
            "native_handle",
            [](const Queue& q) { return reinterpret_cast<std::uintptr_t>(q.native_handle()); },
            "The driver's queue as an int: cl_command_queue, CUstream or "
            "ze_command_list_handle_t. It stays dpk's.")
        .def("wait", &Queue::wait, nb::call_guard<nb::gil_scoped_release>(),
             "Blocks until every command submitted so far finished.")
        .def("__eq__", [](const Queue& a, const Queue& b) { return a == b; })
        .def("__repr__",
             [](const Queue& q) { return "<dpk.Queue on " + q.device().filter_string() + ">"; });
}

}  // namespace dpk::python
