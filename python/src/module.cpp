// The extension module dpk._dpk: its parts, and dpk's errors as one Python exception hierarchy.
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "dpk/core/file_io.h"
#include "dpk/core/version.h"
#ifdef DPK_PYTHON_JIT
#include "dpk/jit/compile_error.h"
#endif

namespace dpk::python {

void register_errors(nb::module_& m) {
    // Translators are tried newest first: the base class is registered before its subclasses.
    nb::object base = nb::exception<dpk::error>(m, "Error");
    base.attr("__doc__") = "Base class of every dpk error; the message is the C++ runtime's.";
    auto sub = [&](auto tag, const char* name, const char* doc) {
        using T = typename decltype(tag)::type;
        nb::object cls = nb::exception<T>(m, name, base.ptr());
        cls.attr("__doc__") = doc;
    };
    sub(std::type_identity<SignatureMismatchError>{}, "SignatureMismatchError",
        "Launch arguments do not match the kernel's signature (names the parameter, the expected "
        "and the actual type).");
    sub(std::type_identity<UnsupportedDeviceFeatureError>{}, "UnsupportedDeviceFeatureError",
        "The device lacks what was asked (a usm_type, a feature, a way to take SPIR-V).");
    sub(std::type_identity<InvalidRangeError>{}, "InvalidRangeError",
        "A global or local range the device or kernel cannot run.");
    sub(std::type_identity<InvalidArgumentError>{}, "InvalidArgumentError",
        "A bad argument to a dpk call.");
    sub(std::type_identity<UsmError>{}, "UsmError",
        "USM arrays: sizes, bounds, host access, external memory that is not the device's.");
    sub(std::type_identity<DeviceNotFoundError>{}, "DeviceNotFoundError",
        "No device matches a filter (lists the devices found).");
    sub(std::type_identity<BoundsError>{}, "BoundsError",
        "A bounds-checked launch indexed an array outside its shape.");
    sub(std::type_identity<BackendError>{}, "BackendError",
        "A driver call failed (names the call and the driver's code).");
    sub(std::type_identity<BuildError>{}, "BuildError",
        "The driver (or validator, or translator) refused a program; the message has its log.");
    sub(std::type_identity<FormatError>{}, "FormatError",
        "A damaged or foreign dpk binary file (AOT bundle, cache entry).");
    sub(std::type_identity<FileError>{}, "FileError", "A file that cannot be read.");
#ifdef DPK_PYTHON_JIT
    sub(std::type_identity<CompileError>{}, "CompileError",
        "A kernel does not compile; the message has the rendered diagnostics.");
#endif
}

}  // namespace dpk::python

// dpk._dpk (the JIT: compiler and runtime) or, built without DPK_PYTHON_JIT, dpk._dpk_runtime
// (the runtime alone: AOT bundles, no compiler).
#ifdef DPK_PYTHON_JIT
NB_MODULE(_dpk, m) {
    m.doc() = "dpk's C++ JIT and runtime (the dpk package re-exports what users need).";
#else
NB_MODULE(_dpk_runtime, m) {
    m.doc() = "dpk's C++ runtime alone: devices, queues, arrays, AOT bundles (no compiler).";
#endif
    dpk::python::register_errors(m);
    dpk::python::register_devices(m);
    dpk::python::register_arrays(m);
    dpk::python::register_bundles(m);
#ifdef DPK_PYTHON_JIT
    dpk::python::register_kernels(m);
#endif
    m.def(
        "version", [] { return std::string(dpk::version()); }, "dpk's version, \"0.1.0\".");
}
