// What the parts of the extension module dpk._dpk share: the array type, dtype conversions, the
// registration functions of each part.
#pragma once

#include <nanobind/nanobind.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dpk/core/error.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/event.h"
#include "dpk/runtime/launch_args.h"
#include "dpk/runtime/queue.h"
#include "dpk/runtime/usm_array.h"

namespace dpk::python {

namespace nb = nanobind;

/// str(x), as Python spells it.
inline std::string py_str(nb::handle x) {
    return nb::str(x).c_str();
}
template <typename Accessor>
std::string py_str(const Accessor& x) {
    nb::object o = x;
    return py_str(nb::handle(o));
}

/// The element type of a numpy dtype (anything numpy.dtype() accepts, or a typestr "<f4");
/// InvalidArgumentError naming `what` and the dtype otherwise.
DType dtype_from_python(nb::handle dtype, const char* what);
/// numpy's typestr of a dpk dtype ("<f4", "|b1"); InvalidArgumentError for bf16 (numpy has no
/// bfloat16).
std::string typestr(DType t);
/// The typestr of the numpy array a host copy of `t` is: typestr(t), and "<u2" (the bits) for
/// bf16.
std::string numpy_typestr(DType t);
/// What Array.dtype gives: a numpy dtype, the string "bfloat16" for bf16.
nb::object dtype_object(DType t);
/// The dtype a typestr ("<f4") names; InvalidArgumentError otherwise.
DType dtype_from_typestr(std::string_view typestr, const char* what);
/// "device" / "shared" / "host" -> UsmType; InvalidArgumentError otherwise.
UsmType usm_type_from_string(std::string_view name);
/// A range from an int or a tuple of 1-3 ints.
runtime::Range range_from_python(nb::handle value, const char* what);

/// Host memory of another library as a launch argument: kernel `kernel`'s argument `index` is
/// `arg`, which is not a dpk array. Throws the runtime's SignatureMismatchError when `arg` is a
/// host array (numpy); returns false for anything else.
struct ParamLookup {
    std::string_view kernel;
    /// Name and type of parameter `index`, when known (null type: generic).
    std::function<std::pair<std::string, std::optional<ParamType>>(std::size_t)> param;
};

/// Turns Python launch arguments into KernelArgs. Arrays of other libraries (objects with
/// __sycl_usm_array_interface__, __cuda_array_interface__ or __dlpack__) become zero-copy views
/// on `queue`'s device, kept in `views` for the launch; numpy arrays are refused with the
/// runtime's host-memory error (names from `lookup`). With `usm_type_of` (a launch that a dpctl
/// queue submits; `queue` is dpk's queue of the same device, for the checks), arrays with
/// __sycl_usm_array_interface__ are described in place (UsmArray::describe_foreign) with the
/// usm_type `usm_type_of(array, pointer)` returns ("device", "shared", "host"; any other string
/// is why the array is not the dpctl queue's, raised as InvalidArgumentError naming the
/// parameter), and dpk arrays and other libraries' device arrays are refused.
void launch_arguments(nb::handle args, const runtime::Queue& queue, const ParamLookup& lookup,
                      std::vector<runtime::UsmArray>& views, std::vector<runtime::KernelArg>& out,
                      nb::handle usm_type_of = nb::handle());
/// Events from a Python iterable of dpk.Event (None: none).
std::vector<runtime::Event> events_from_python(nb::handle deps);

void register_errors(nb::module_& m);
void register_devices(nb::module_& m);
void register_arrays(nb::module_& m);
void register_bundles(nb::module_& m);
/// Programs and kernels: the JIT (dpk._dpk only).
void register_kernels(nb::module_& m);

}  // namespace dpk::python
