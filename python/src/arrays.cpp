// dpk.Array (a runtime::UsmArray), copies to and from numpy, and the array interchange protocols:
// DLPack and __cuda_array_interface__ out; __sycl_usm_array_interface__,
// __cuda_array_interface__ and __dlpack__ in, as zero-copy views checked by the driver.
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstring>

#include "bindings.h"
#include "runtime/argument_check.h"

namespace dpk::python {

using runtime::KernelArg;
using runtime::Queue;
using runtime::UsmArray;

namespace {

/// DLPack device types (dlpack.h, DLDeviceType).
enum DLDeviceType : std::int32_t {
    kDLCPU = 1,
    kDLCUDA = 2,
    kDLCUDAHost = 3,
    kDLCUDAManaged = 13,
    kDLOneAPI = 14,
};

/// numpy, imported on first use and held for the process (never released: a static nb::object
/// would be released after the interpreter is gone).
nb::handle numpy() {
    static nb::handle np = nb::module_::import_("numpy").release();
    return np;
}

/// "numpy.ndarray": the type's module and name.
std::string type_name_of(nb::handle h) {
    nb::handle t = h.type();
    std::string module = py_str(t.attr("__module__"));
    std::string name = py_str(t.attr("__qualname__"));
    return module == "builtins" ? name : module + "." + name;
}

/// A Python reference held by C++ (an external array's owner); released under the GIL.
std::shared_ptr<const void> keep_alive(nb::handle owner) {
    PyObject* ref = owner.ptr();
    Py_INCREF(ref);
    return std::shared_ptr<const void>(ref, [](const void* p) {
        if (!Py_IsInitialized()) return;  // the interpreter is gone, and the object with it
        nb::gil_scoped_acquire gil;
        Py_DECREF(static_cast<PyObject*>(const_cast<void*>(p)));
    });
}

DType dtype_from_dlpack(nb::dlpack::dtype t, const char* what) {
    using nb::dlpack::dtype_code;
    if (t.lanes == 1) {
        switch (static_cast<dtype_code>(t.code)) {
            case dtype_code::Bool:
                if (t.bits == 8) return DType::Bool;
                break;
            case dtype_code::Int:
                if (t.bits == 8) return DType::I8;
                if (t.bits == 16) return DType::I16;
                if (t.bits == 32) return DType::I32;
                if (t.bits == 64) return DType::I64;
                break;
            case dtype_code::UInt:
                if (t.bits == 8) return DType::U8;
                if (t.bits == 16) return DType::U16;
                if (t.bits == 32) return DType::U32;
                if (t.bits == 64) return DType::U64;
                break;
            case dtype_code::Bfloat:  // kDLBfloat: torch.bfloat16
                if (t.bits == 16) return DType::BF16;
                break;
            case dtype_code::Float:
                if (t.bits == 16) return DType::F16;
                if (t.bits == 32) return DType::F32;
                if (t.bits == 64) return DType::F64;
                break;
            default: break;
        }
    }
    throw InvalidArgumentError(std::string(what) + ": DLPack dtype (code " +
                               std::to_string(t.code) + ", " + std::to_string(t.bits) + " bits, " +
                               std::to_string(t.lanes) + " lanes) has no dpk element type");
}

nb::dlpack::dtype dlpack_dtype(DType t) {
    using nb::dlpack::dtype_code;
    dtype_code code = t == DType::Bool   ? dtype_code::Bool
                      : t == DType::BF16 ? dtype_code::Bfloat
                      : is_float(t)      ? dtype_code::Float
                      : is_signed(t)     ? dtype_code::Int
                                         : dtype_code::UInt;
    return {static_cast<std::uint8_t>(code), static_cast<std::uint8_t>(dtype_bits(t)), 1};
}

/// The DLPack device of an array: CUDA memory as kDLCUDA / kDLCUDAManaged / kDLCUDAHost; on
/// other backends, memory the host can read (shared and host USM, and every usm_type of a device
/// whose memory is host memory) as kDLCPU. Other memory has no DLPack device a consumer could
/// use: BufferError.
std::pair<std::int32_t, std::int32_t> dlpack_device(const UsmArray& a) {
    const runtime::Device& d = a.device();
    if (d.backend() == "cuda") {
        // DLPack's id of a CUDA device is its ordinal: its place among the CUDA devices.
        const std::vector<runtime::Device> all = runtime::select_devices("cuda");
        const auto ordinal =
            static_cast<std::int32_t>(std::find(all.begin(), all.end(), d) - all.begin());
        switch (a.usm_type()) {
            case UsmType::Device: return {kDLCUDA, ordinal};
            case UsmType::Shared: return {kDLCUDAManaged, ordinal};
            case UsmType::Host: return {kDLCUDAHost, 0};
        }
    }
    if (a.usm_type() != UsmType::Device || d.info().host_unified_memory) return {kDLCPU, 0};
    PyErr_SetString(PyExc_BufferError,
                    ("dpk array " + a.describe() +
                     ": device USM of a device whose memory is not host memory has no DLPack "
                     "device another library could use; copy it with to_numpy()")
                        .c_str());
    throw nb::python_error();
}

nb::tuple int_tuple(const std::vector<std::int64_t>& v) {
    nb::list l;
    for (std::int64_t x : v) l.append(x);
    return nb::tuple(l);
}

std::vector<std::int64_t> int_vector(nb::handle seq, const char* what) {
    std::vector<std::int64_t> out;
    if (seq.is_none()) return out;
    try {
        for (nb::handle x : seq) out.push_back(nb::cast<std::int64_t>(x));
    } catch (const nb::cast_error&) {
        throw InvalidArgumentError(std::string(what) + ": expected a tuple of ints, got " +
                                   py_str(seq));
    }
    return out;
}

/// A contiguous host copy of any array-like (numpy, a CPU tensor): into a new dpk array. A
/// contiguous DLPack array is read as it is (numpy cannot hold some of them: bfloat16).
UsmArray from_host_object(nb::handle obj, const Queue& queue, UsmType usm_type) {
    using HostArray = nb::ndarray<nb::ro, nb::c_contig, nb::device::cpu>;
    HostArray host;
    nb::object contiguous;
    if (nb::isinstance(obj, numpy().attr("ndarray")) || !nb::hasattr(obj, "__dlpack__") ||
        !nb::try_cast(obj, host, false)) {
        contiguous = numpy().attr("ascontiguousarray")(obj);
        host = nb::cast<HostArray>(contiguous);
    }
    std::vector<std::int64_t> shape(host.ndim());
    for (std::size_t d = 0; d < host.ndim(); ++d)
        shape[d] = static_cast<std::int64_t>(host.shape(d));
    const DType dtype = dtype_from_dlpack(host.dtype(), "dpk.asarray");
    nb::gil_scoped_release release;
    return UsmArray::from_host(queue, dtype, std::move(shape), host.data(), host.nbytes(),
                               usm_type);
}

/// What an array interface dict says of an array: its first element, dtype, shape and strides
/// in elements.
struct InterfaceLayout {
    char* first = nullptr;
    DType dtype{};
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;
};

/// The layout an array interface dict describes (__sycl_usm_array_interface__: strides in
/// elements, an `offset` in elements from `data`; __cuda_array_interface__: strides in bytes).
InterfaceLayout interface_layout(nb::dict iface, bool byte_strides, const char* protocol) {
    InterfaceLayout out;
    nb::tuple data = nb::cast<nb::tuple>(iface["data"]);
    out.first = reinterpret_cast<char*>(nb::cast<std::uintptr_t>(data[0]));
    out.dtype = dtype_from_typestr(nb::cast<std::string>(iface["typestr"]), protocol);
    out.shape = int_vector(iface["shape"], protocol);
    nb::object strides_obj = iface.contains("strides") ? nb::borrow(iface["strides"]) : nb::none();
    out.strides = int_vector(strides_obj, protocol);
    const auto item = static_cast<std::int64_t>(dtype_size(out.dtype));
    if (byte_strides) {
        for (std::int64_t& s : out.strides) {
            if (s % item != 0)
                throw UsmError(std::string(protocol) + ": stride of " + std::to_string(s) +
                               " bytes is not a multiple of the element size " +
                               std::to_string(item));
            s /= item;
        }
    }
    if (iface.contains("offset")) out.first += nb::cast<std::int64_t>(iface["offset"]) * item;
    return out;
}

/// A zero-copy view of another library's device memory described by an array interface dict
/// (__sycl_usm_array_interface__, strides in elements; __cuda_array_interface__, in bytes).
UsmArray from_interface(nb::handle owner, nb::dict iface, const Queue& queue, bool byte_strides,
                        const char* protocol) {
    InterfaceLayout l = interface_layout(iface, byte_strides, protocol);
    UsmArray view = UsmArray::from_external(queue, l.first, l.dtype, std::move(l.shape),
                                            std::move(l.strides), keep_alive(owner));
    // __cuda_array_interface__ v3: the producer's work is ordered on `stream`; the queue's later
    // commands wait for it on the device.
    if (byte_strides && iface.contains("stream") && !iface["stream"].is_none())
        queue.wait_for_native(reinterpret_cast<void*>(nb::cast<std::uintptr_t>(iface["stream"])));
    return view;
}

/// The DLPack capsule of `obj` for `queue`: on a CUDA queue, CUDA memory is asked for with the
/// queue's stream (1 for the legacy default stream), so that the producer orders its pending work
/// before the queue's, as the protocol asks of producers; a producer that takes no `stream` is
/// asked without one.
nb::object dlpack_capsule(nb::handle obj, const Queue& queue) {
    if (queue.device().backend() != "cuda" || !nb::hasattr(obj, "__dlpack_device__"))
        return nb::borrow(obj);
    nb::tuple dev = nb::cast<nb::tuple>(obj.attr("__dlpack_device__")());
    const auto type = nb::cast<std::int32_t>(dev[0]);
    if (type != kDLCUDA && type != kDLCUDAManaged) return nb::borrow(obj);
    const auto stream = reinterpret_cast<std::uintptr_t>(queue.native_handle());
    try {
        return obj.attr("__dlpack__")(nb::arg("stream") = stream == 0 ? 1 : stream);
    } catch (nb::python_error& e) {
        if (!e.matches(PyExc_TypeError)) throw;
        return obj.attr("__dlpack__")();
    }
}

/// A zero-copy view through DLPack (nanobind imports the capsule; the view holds the tensor).
UsmArray from_dlpack(nb::handle obj, const Queue& queue) {
    auto view = nb::cast<nb::ndarray<>>(dlpack_capsule(obj, queue));
    std::vector<std::int64_t> shape(view.ndim()), strides(view.ndim());
    for (std::size_t d = 0; d < view.ndim(); ++d) {
        shape[d] = static_cast<std::int64_t>(view.shape(d));
        strides[d] = view.stride(d);
    }
    const DType dtype = dtype_from_dlpack(view.dtype(), "__dlpack__");
    // The nb::ndarray holds the DLPack tensor (and through it the producer) alive; it is let go
    // with the GIL held, as the producer's deleter may run Python.
    std::shared_ptr<const void> holder(new nb::ndarray<>(view), [](const void* p) {
        if (!Py_IsInitialized()) return;  // the interpreter is gone, and the producer with it
        nb::gil_scoped_acquire gil;
        delete static_cast<const nb::ndarray<>*>(p);
    });
    return UsmArray::from_external(queue, view.data(), dtype, std::move(shape), std::move(strides),
                                   std::move(holder));
}

/// One queue per process on the default device, made on first use and kept until exit.
Queue default_queue() {
    static const Queue* queue = new Queue(runtime::default_device());
    return *queue;
}

/// Whether `obj` is host memory (a numpy array, or an object whose DLPack device is the CPU).
bool is_host_array(nb::handle obj) {
    if (nb::isinstance(obj, numpy().attr("ndarray"))) return true;
    if (nb::hasattr(obj, "__dlpack_device__")) {
        nb::tuple dev = nb::cast<nb::tuple>(obj.attr("__dlpack_device__")());
        return nb::cast<std::int32_t>(dev[0]) == kDLCPU;
    }
    return false;
}

/// Another library's array in place, or nullopt when `obj` speaks no array protocol.
std::optional<UsmArray> foreign_view(nb::handle obj, const Queue& queue) {
    if (nb::hasattr(obj, "__sycl_usm_array_interface__"))
        return from_interface(obj, nb::cast<nb::dict>(obj.attr("__sycl_usm_array_interface__")),
                              queue, false, "__sycl_usm_array_interface__");
    if (nb::hasattr(obj, "__cuda_array_interface__")) {
        auto iface = nb::cast<nb::dict>(obj.attr("__cuda_array_interface__"));
        // PyTorch describes bfloat16 as raw bytes ("<V2"); its DLPack names the type.
        const bool raw_bytes =
            nb::cast<std::string>(iface["typestr"]).find('V') != std::string::npos;
        if (!raw_bytes || !nb::hasattr(obj, "__dlpack__"))
            return from_interface(obj, iface, queue, true, "__cuda_array_interface__");
    }
    if (nb::hasattr(obj, "__dlpack__") && !is_host_array(obj)) return from_dlpack(obj, queue);
    return std::nullopt;
}

UsmArray asarray(nb::handle obj, std::optional<Queue> queue, const std::string& usm_type) {
    if (nb::isinstance<UsmArray>(obj)) return nb::cast<UsmArray>(obj);
    const Queue q = queue ? *queue : default_queue();
    if (!is_host_array(obj))
        if (std::optional<UsmArray> view = foreign_view(obj, q)) return *view;
    return from_host_object(obj, q, usm_type_from_string(usm_type));
}

nb::object to_numpy(const UsmArray& a) {
    nb::object out = numpy().attr("empty")(int_tuple(a.shape()), numpy_typestr(a.dtype()));
    auto host = nb::cast<nb::ndarray<nb::c_contig, nb::device::cpu>>(out);
    {
        nb::gil_scoped_release release;
        a.copy_to_host(host.data(), host.nbytes());
    }
    return out;
}

nb::dict cuda_array_interface(const UsmArray& a) {
    if (a.device().backend() != "cuda")
        throw nb::attribute_error(("__cuda_array_interface__: the array is on " +
                                   a.device().filter_string() + ", not a CUDA device")
                                      .c_str());
    if (a.dtype() == DType::BF16)
        throw nb::attribute_error(
            "__cuda_array_interface__: a bf16 array has none (the protocol has no typestr for "
            "bfloat16); use __dlpack__ (kDLBfloat)");
    nb::dict d;
    d["shape"] = int_tuple(a.shape());
    d["typestr"] = typestr(a.dtype());
    d["data"] = nb::make_tuple(reinterpret_cast<std::uintptr_t>(a.data()), false);
    d["version"] = 3;
    if (a.is_c_contiguous()) {
        d["strides"] = nb::none();
    } else {
        std::vector<std::int64_t> bytes = a.strides();
        for (std::int64_t& s : bytes) s *= static_cast<std::int64_t>(dtype_size(a.dtype()));
        d["strides"] = int_tuple(bytes);
    }
    // Work on the array is ordered on its queue's stream: consumers synchronize with it.
    d["stream"] = reinterpret_cast<std::uintptr_t>(a.queue().native_handle());
    return d;
}

nb::object dlpack(const UsmArray& a, nb::handle stream) {
    auto [type, id] = dlpack_device(a);
    // The consumer reads once this returns (or on `stream`): the array's commands finish first,
    // unless the consumer works on the array's own stream.
    const auto own = reinterpret_cast<std::uintptr_t>(a.queue().native_handle());
    if (stream.is_none() || nb::cast<std::uintptr_t>(stream) != own) {
        nb::gil_scoped_release release;
        a.queue().wait();
    }
    std::vector<std::size_t> shape(a.shape().begin(), a.shape().end());
    auto* owner = new UsmArray(a);
    nb::capsule keep(owner, [](void* p) noexcept { delete static_cast<UsmArray*>(p); });
    nb::ndarray<> view(a.data(), shape.size(), shape.data(), keep, a.strides().data(),
                       dlpack_dtype(a.dtype()), type, id);
    return nb::cast(view);  // with no framework named, nanobind gives the "dltensor" capsule
}

}  // namespace

std::string numpy_typestr(DType t) {
    return t == DType::BF16 ? "<u2" : typestr(t);
}

nb::object dtype_object(DType t) {
    if (t == DType::BF16) return nb::str("bfloat16");
    return numpy().attr("dtype")(typestr(t));
}

std::string typestr(DType t) {
    if (t == DType::BF16)
        throw InvalidArgumentError("bf16 has no numpy typestr: numpy has no bfloat16 dtype");
    const char* kind = t == DType::Bool ? "b" : is_float(t) ? "f" : is_signed(t) ? "i" : "u";
    return std::string(dtype_size(t) == 1 ? "|" : "<") + kind + std::to_string(dtype_size(t));
}

DType dtype_from_typestr(std::string_view s, const char* what) {
    for (DType t : {DType::Bool, DType::I8, DType::I16, DType::I32, DType::I64, DType::U8,
                    DType::U16, DType::U32, DType::U64, DType::F16, DType::F32, DType::F64}) {
        std::string mine = typestr(t);
        // '=' is native order (little-endian here); one-byte types may say '<' or '|'.
        if (s == mine || (s.size() == mine.size() && (s[0] == '=' || s[0] == '<' || s[0] == '|') &&
                          s.substr(1) == std::string_view(mine).substr(1)))
            return t;
    }
    throw InvalidArgumentError(std::string(what) + ": typestr '" + std::string(s) +
                               "' has no dpk element type (bool, int8-64, uint8-64, "
                               "float16/32/64 in native order)");
}

DType dtype_from_python(nb::handle dtype, const char* what) {
    // bfloat16, which numpy has not: the strings "bf16" / "bfloat16", or torch.bfloat16.
    if (nb::isinstance<nb::str>(dtype) || nb::hasattr(dtype, "is_floating_point")) {
        std::string name = py_str(dtype);
        if (name.rfind("torch.", 0) == 0) name.erase(0, 6);
        if (parse_dtype(name) == DType::BF16) return DType::BF16;
    }
    nb::object d = numpy().attr("dtype")(dtype);
    return dtype_from_typestr(nb::cast<std::string>(d.attr("str")), what);
}

UsmType usm_type_from_string(std::string_view name) {
    for (UsmType t : {UsmType::Device, UsmType::Shared, UsmType::Host})
        if (name == usm_type_name(t)) return t;
    throw InvalidArgumentError("usm_type: expected \"device\", \"shared\" or \"host\", got \"" +
                               std::string(name) + "\"");
}

namespace {

/// A dpctl/dpnp array as an argument of a launch on a dpctl queue: described in place
/// (UsmArray::describe_foreign) with the usm_type `usm_type_of(obj, pointer)` reports; any other
/// answer is why the array is not the queue's, raised naming the parameter.
UsmArray foreign_description(nb::handle obj, const Queue& queue, const ParamLookup& lookup,
                             std::size_t index, nb::handle usm_type_of) {
    const char* protocol = "__sycl_usm_array_interface__";
    InterfaceLayout l = interface_layout(nb::cast<nb::dict>(obj.attr(protocol)), false, protocol);
    const std::string answer =
        nb::cast<std::string>(usm_type_of(obj, reinterpret_cast<std::uintptr_t>(l.first)));
    if (answer != "device" && answer != "shared" && answer != "host")
        throw InvalidArgumentError(
            "kernel '" + std::string(lookup.kernel) +
            "': " + runtime::parameter_label(index, lookup.param(index).first) + ": " + answer);
    return UsmArray::describe_foreign(queue, l.first, l.dtype, std::move(l.shape),
                                      std::move(l.strides), usm_type_from_string(answer));
}

/// Why memory dpk or another library holds is not an argument of a launch on a dpctl queue.
[[noreturn]] void throw_not_dpctl_memory(const ParamLookup& lookup, std::size_t index,
                                         const std::string& what) {
    throw InvalidArgumentError(
        "kernel '" + std::string(lookup.kernel) +
        "': " + runtime::parameter_label(index, lookup.param(index).first) + ": " + what +
        "; a launch on a dpctl queue takes arrays of that queue's SYCL context "
        "(__sycl_usm_array_interface__: dpctl.memory, dpnp) and scalars");
}

}  // namespace

void launch_arguments(nb::handle args, const Queue& queue, const ParamLookup& lookup,
                      std::vector<UsmArray>& views, std::vector<KernelArg>& out,
                      nb::handle usm_type_of) {
    static nb::handle generic = numpy().attr("generic");
    static nb::handle local_type = nb::type<runtime::LocalMemory>();
    static nb::handle array_type = nb::type<UsmArray>();
    // A list or tuple is read in place; any other sequence through a tuple made of it.
    nb::object sequence = nb::steal(PySequence_Fast(args.ptr(), "args must be a sequence"));
    if (!sequence.is_valid()) throw nb::python_error();
    const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(sequence.ptr()));
    PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
    out.reserve(n);
    for (std::size_t index = 0; index < n; ++index) {
        PyObject* p = items[index];
        nb::handle h(p);
        auto dpk_array = [&] {
            if (usm_type_of.is_valid())
                throw_not_dpctl_memory(
                    lookup, index,
                    "a dpk.Array on " + nb::inst_ptr<UsmArray>(h)->device().filter_string() +
                        " is memory of dpk's own context, which the dpctl queue's kernels "
                        "cannot use");
            out.emplace_back(*nb::inst_ptr<UsmArray>(h));
        };
        if (Py_TYPE(p) == reinterpret_cast<PyTypeObject*>(array_type.ptr())) {  // dpk.Array
            dpk_array();
        } else if (PyBool_Check(p)) {
            out.emplace_back(p == Py_True);
        } else if (PyLong_CheckExact(p)) {
            int overflow = 0;
            long long v = PyLong_AsLongLongAndOverflow(p, &overflow);
            if (overflow > 0)
                out.emplace_back(static_cast<std::uint64_t>(PyLong_AsUnsignedLongLong(p)));
            else
                out.emplace_back(static_cast<std::int64_t>(v));
            if (PyErr_Occurred()) throw nb::python_error();
        } else if (PyFloat_CheckExact(p)) {
            out.emplace_back(PyFloat_AS_DOUBLE(p));
        } else if (h.type().is(local_type)) {
            out.emplace_back(nb::cast<runtime::LocalMemory>(h));
        } else if (nb::isinstance(h, generic)) {  // a numpy scalar keeps its dtype
            const DType t = dtype_from_python(h.attr("dtype"), "argument");
            nb::object v = h.attr("item")();
            out.emplace_back(is_float(t) ? runtime::Scalar::from_double(t, nb::cast<double>(v))
                             : t == DType::Bool || is_signed(t)
                                 ? runtime::Scalar::from_int(t, nb::cast<std::int64_t>(v))
                                 : runtime::Scalar::from_uint(t, nb::cast<std::uint64_t>(v)));
        } else if (nb::isinstance<UsmArray>(h)) {  // a subclass of dpk.Array
            dpk_array();
        } else if (usm_type_of.is_valid() && !is_host_array(h) &&
                   nb::hasattr(h, "__sycl_usm_array_interface__")) {
            if (views.empty()) views.reserve(n);  // KernelArgs point into `views`
            views.push_back(foreign_description(h, queue, lookup, index, usm_type_of));
            out.emplace_back(views.back());
        } else if (usm_type_of.is_valid() && !is_host_array(h) &&
                   (nb::hasattr(h, "__cuda_array_interface__") || nb::hasattr(h, "__dlpack__"))) {
            throw_not_dpctl_memory(lookup, index,
                                   type_name_of(h) + " is not memory of a SYCL context");
        } else if (!is_host_array(h) && [&] {
                       std::optional<UsmArray> view = foreign_view(h, queue);
                       // KernelArgs point into `views`: room for all before the first goes in.
                       if (views.empty()) views.reserve(n);
                       if (view) views.push_back(std::move(*view));
                       return view.has_value();
                   }()) {
            out.emplace_back(views.back());
        } else {
            auto [name, type] = lookup.param(index);
            std::string what = nb::hasattr(h, "dtype") && nb::hasattr(h, "shape")
                                   ? type_name_of(h) + "(" + py_str(h.attr("dtype")) +
                                         ", shape=" + py_str(h.attr("shape")) + ")"
                                   : "an object of type " + type_name_of(h);
            runtime::throw_host_memory_argument(
                lookup.kernel, index, name, type ? &*type : nullptr, what,
                is_host_array(h) ? "move it with dpk.asarray(x, queue) and pass that "
                                   "(compute follows data)"
                                 : "pass a dpk.Array, an array with __sycl_usm_array_interface__, "
                                   "__cuda_array_interface__ or __dlpack__, or a scalar");
        }
    }
}

void register_arrays(nb::module_& m) {
    nb::class_<runtime::LocalMemory>(m, "LocalMemory",
                                     "Work-group memory for a `local T[:]` parameter, sized at "
                                     "launch: `count` elements of `dtype`.")
        .def(
            "__init__",
            [](runtime::LocalMemory* self, nb::handle dtype, std::size_t count) {
                new (self) runtime::LocalMemory{dtype_from_python(dtype, "LocalMemory"), count};
            },
            nb::arg("dtype"), nb::arg("count"))
        .def_prop_ro("dtype", [](const runtime::LocalMemory& l) { return dtype_object(l.dtype); })
        .def_ro("count", &runtime::LocalMemory::count);

    nb::class_<UsmArray>(m, "Array",
                         "An n-d array in USM memory on one device (dpk's UsmArray). Strides are "
                         "in elements, as dpctl's usm_ndarray has them.")
        .def_prop_ro("shape", [](const UsmArray& a) { return int_tuple(a.shape()); })
        .def_prop_ro(
            "strides", [](const UsmArray& a) { return int_tuple(a.strides()); },
            "Strides in elements.")
        .def_prop_ro(
            "dtype", [](const UsmArray& a) { return dtype_object(a.dtype()); },
            "A numpy dtype; the string \"bfloat16\" for bf16 (numpy has none).")
        .def_prop_ro("ndim", &UsmArray::ndim)
        .def_prop_ro("size", &UsmArray::size)
        .def_prop_ro("nbytes", &UsmArray::nbytes)
        .def_prop_ro(
            "layout", [](const UsmArray& a) { return std::string(layout_name(a.layout())); },
            "\"C\", \"F\" or \"A\" (neither).")
        .def_prop_ro("usm_type",
                     [](const UsmArray& a) { return std::string(usm_type_name(a.usm_type())); })
        .def_prop_ro("device", &UsmArray::device)
        .def_prop_ro("queue", &UsmArray::queue)
        .def_prop_ro(
            "is_external",
            [](const UsmArray& a) { return a.allocation() && a.allocation()->external(); },
            "True for a view of memory another library allocated.")
        .def_prop_ro(
            "data_ptr",
            [](const UsmArray& a) { return reinterpret_cast<std::uintptr_t>(a.data()); },
            "The USM address of the first element.")
        .def_prop_ro("T", &UsmArray::transpose,
                     "The array with its dimensions reversed: a view, no copy (numpy's `T`).")
        .def("transpose", &UsmArray::transpose,
             "The array with its dimensions reversed: a view, no copy.")
        .def("to_numpy", &to_numpy,
             "A numpy copy (blocks until the array's commands finished). bf16: its bits, as "
             "uint16 (numpy has no bfloat16).")
        .def(
            "copy_from",
            [](UsmArray& a, nb::handle src) {
                if (nb::isinstance<UsmArray>(src))
                    return a.copy_from(nb::cast<const UsmArray&>(src));
                if (a.dtype() == DType::BF16 &&
                    dtype_from_python(nb::getattr(src, "dtype", nb::none()), "copy_from") !=
                        DType::U16)
                    throw InvalidArgumentError(
                        "copy_from: a bf16 array takes host data as its bits, a uint16 array "
                        "(numpy has no bfloat16)");
                nb::object contiguous =
                    numpy().attr("ascontiguousarray")(src, numpy_typestr(a.dtype()));
                auto host =
                    nb::cast<nb::ndarray<nb::ro, nb::c_contig, nb::device::cpu>>(contiguous);
                nb::gil_scoped_release release;
                a.copy_from_host(host.data(), host.nbytes());
                return runtime::Event();
            },
            nb::arg("src"),
            "Copies a dpk array (same dtype, shape and device; asynchronous, returns its event) "
            "or host data (converted to the dtype; blocks) into this array. A bf16 array takes "
            "host data as bits: a uint16 numpy array.")
        .def(
            "fill",
            [](UsmArray& a, double v) {
                return a.fill(runtime::Scalar::from_double(DType::F64, v));
            },
            nb::arg("value"), "Sets every element (asynchronous; returns the event).")
        .def(
            "fill", [](UsmArray& a, std::int64_t v) { return a.fill(v); }, nb::arg("value"))
        .def_prop_ro("__cuda_array_interface__", &cuda_array_interface,
                     "CUDA arrays only (version 3; `stream` is the array's queue's CUstream).")
        .def(
            "__dlpack__",
            [](const UsmArray& a, nb::handle stream, nb::handle, nb::handle, nb::handle) {
                return dlpack(a, stream);
            },
            nb::arg("stream") = nb::none(), nb::kw_only(), nb::arg("max_version") = nb::none(),
            nb::arg("dl_device") = nb::none(), nb::arg("copy") = nb::none(),
            "A DLPack capsule of the array in place (waits for the array's queue unless "
            "`stream` is the queue's own).")
        .def("__dlpack_device__",
             [](const UsmArray& a) {
                 auto [type, id] = dlpack_device(a);
                 return nb::make_tuple(type, id);
             })
        .def("__len__",
             [](const UsmArray& a) {
                 if (a.ndim() == 0) throw nb::type_error("len() of a 0-d dpk array");
                 return a.shape()[0];
             })
        .def("__repr__", [](const UsmArray& a) { return "dpk.Array(" + a.describe() + ")"; });

    m.def(
        "empty",
        [](nb::handle shape, nb::handle dtype, std::optional<Queue> queue,
           const std::string& usm_type, const std::string& order) {
            std::vector<std::int64_t> s =
                nb::isinstance<nb::int_>(shape)
                    ? std::vector<std::int64_t>{nb::cast<std::int64_t>(shape)}
                    : int_vector(shape, "shape");
            if (order != "C" && order != "F")
                throw InvalidArgumentError("order: expected \"C\" or \"F\", got \"" + order + "\"");
            return UsmArray::empty(
                queue ? *queue : default_queue(), dtype_from_python(dtype, "dtype"), std::move(s),
                usm_type_from_string(usm_type), order == "C" ? Layout::C : Layout::F);
        },
        nb::arg("shape"), nb::arg("dtype") = "float32", nb::arg("queue") = nb::none(),
        nb::arg("usm_type") = "device", nb::arg("order") = "C",
        "An uninitialized array on `queue`'s device (the default queue when None).");
    m.def("asarray", &asarray, nb::arg("obj"), nb::arg("queue") = nb::none(),
          nb::arg("usm_type") = "device",
          "A dpk array of `obj`: a dpk.Array as is; another library's device array "
          "(__sycl_usm_array_interface__, __cuda_array_interface__, __dlpack__) as a zero-copy "
          "view, after the driver confirmed the memory belongs to the queue's device context "
          "(UsmError otherwise); host data (numpy) copied into a new array of `usm_type`.");
    m.def("default_queue", &default_queue,
          "The process's queue on default_device(), used where no queue is given.");
}

}  // namespace dpk::python
