// AOT bundles (dpk-aot): kernels compiled ahead of time, loaded and launched by the runtime
// alone. Part of both modules: dpk._dpk and the runtime-only dpk._dpk_runtime.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "dpk/runtime/kernel_bundle.h"
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/specialization_set.h"
#include "launch_call.h"

namespace dpk::python {

using runtime::Device;
using runtime::Queue;
using runtime::Range;

runtime::Range range_from_python(nb::handle value, const char* what) {
    std::vector<std::size_t> e;
    if (PyLong_Check(value.ptr())) {
        e.push_back(nb::cast<std::size_t>(value));
    } else {
        try {
            for (nb::handle x : value) e.push_back(nb::cast<std::size_t>(x));
        } catch (const nb::cast_error&) {
            e.clear();
        } catch (const nb::python_error&) {
            e.clear();
        }
    }
    switch (e.size()) {
        case 1: return Range(e[0]);
        case 2: return Range(e[0], e[1]);
        case 3: return Range(e[0], e[1], e[2]);
        default:
            throw InvalidRangeError(std::string(what) +
                                    ": expected an int or a tuple of 1 to 3 non-negative ints, "
                                    "got " +
                                    py_str(value));
    }
}

namespace {

/// A kernel of an AOT bundle, built for one device.
struct BundleKernel {
    std::string name;
    std::shared_ptr<runtime::SpecializationSet> set;
};

}  // namespace

void register_bundles(nb::module_& m) {
    nb::class_<BundleKernel>(m, "BundleKernel",
                             "A kernel of an AOT bundle built for one device: its "
                             "specializations, chosen per launch by the argument types.")
        .def_ro("name", &BundleKernel::name)
        .def_prop_ro("signatures",
                     [](const BundleKernel& k) { return k.set->describe_signatures(); })
        .def(
            "launch",
            [](const BundleKernel& k, const Queue& queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle depends_on) {
                // Name and type of a parameter: what every specialization in the bundle says.
                ParamLookup lookup{k.name, [&k](std::size_t i) {
                                       std::pair<std::string, std::optional<ParamType>> out;
                                       for (const runtime::LoadedKernel& d : k.set->all()) {
                                           if (i >= d.signature().params.size())
                                               return decltype(out){};
                                           const ParamType& t = d.signature().params[i];
                                           if (out.second && !(*out.second == t))
                                               return decltype(out){};
                                           out.second = t;
                                           if (i < d.image().param_names.size())
                                               out.first = d.image().param_names[i];
                                       }
                                       return out;
                                   }};
                return launch_from_python(
                    lookup, queue, global, args, local, depends_on,
                    [&](const Range& g, const std::optional<Range>& l, auto a, auto d) {
                        return l ? k.set->launch(queue, g, *l, a, d)
                                 : k.set->launch(queue, g, a, d);
                    });
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::kw_only(),
            nb::arg("local_size") = nb::none(), nb::arg("depends_on") = nb::none(),
            "Launches the specialization the arguments fit (SignatureMismatchError otherwise).");

    nb::class_<runtime::KernelBundle>(m, "KernelBundle",
                                      "An AOT bundle (dpk-aot): kernels compiled ahead of time, "
                                      "loaded by the runtime alone.")
        .def_static("read", &runtime::KernelBundle::read, nb::arg("path"),
                    "Reads and checks a .dpkb file (FormatError if damaged).")
        .def_static(
            "from_bytes",
            [](nb::bytes data, const std::string& what) {
                return runtime::KernelBundle::decode(std::string_view(data.c_str(), data.size()),
                                                     what);
            },
            nb::arg("data"), nb::arg("what") = "<bytes>")
        .def_prop_ro("kernel_names", &runtime::KernelBundle::kernel_names)
        .def(
            "load",
            [](const runtime::KernelBundle& b, const std::string& kernel,
               std::optional<Device> device) {
                const Device d = device ? *device : runtime::default_device();
                std::shared_ptr<runtime::SpecializationSet> set;
                {
                    nb::gil_scoped_release release;
                    set = b.load(kernel, d);
                }
                return BundleKernel{kernel, std::move(set)};
            },
            nb::arg("kernel"), nb::arg("device") = nb::none(),
            "Builds every specialization of `kernel` in the bundle for `device`.");
}

}  // namespace dpk::python
