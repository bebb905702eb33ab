// Programs, kernels, their specializations and launches; AOT bundles.
#include <nanobind/stl/filesystem.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "dpk/dpk.h"
#include "launch_call.h"

namespace dpk::python {

using runtime::Device;
using runtime::Event;
using runtime::KernelArg;
using runtime::Queue;
using runtime::Range;
using runtime::UsmArray;

namespace {

/// The stdlib an installed package carries (dpk/stdlib), set by dpk/__init__.py.
std::string& packaged_stdlib() {
    static std::string path;
    return path;
}

ProgramOptions program_options(bool check_bounds, bool fp_contract,
                               const std::string& build_options, bool warnings_as_errors,
                               const std::string& stdlib_dir) {
    ProgramOptions o;
    o.check_bounds = check_bounds;
    o.fp_contract = fp_contract;
    o.build_options = build_options;
    o.warnings_as_errors = warnings_as_errors;
    // An explicit folder, else $DPK_STDLIB_PATH (read by the JIT), else the packaged one.
    o.stdlib_dir = stdlib_dir;
    if (o.stdlib_dir.empty() && !std::getenv("DPK_STDLIB_PATH")) o.stdlib_dir = packaged_stdlib();
    return o;
}

/// Used within the launch call only: refers to `k`, copies nothing (the launch path).
ParamLookup compiled_lookup(const CompiledKernel& k) {
    return {
        k.name(), [&k](std::size_t i) -> std::pair<std::string, std::optional<ParamType>> {
            if (i >= k.signature().params.size()) return {"", std::nullopt};
            return {i < k.param_names().size() ? k.param_names()[i] : "", k.signature().params[i]};
        }};
}

/// The declared type of parameter `i`, else the one every specialization gives it.
ParamLookup kernel_lookup(const Kernel& k) {
    return {k.name(), [&k](std::size_t i) {
                std::vector<KernelParameter> ps = k.parameters();
                if (i >= ps.size()) return std::pair<std::string, std::optional<ParamType>>{};
                std::optional<ParamType> type = ps[i].declared;
                for (const CompiledKernel& d : k.definitions()) {
                    if (ps[i].declared) break;
                    const ParamType& t = d.signature().params[i];
                    if (type && !(*type == t))
                        return std::pair{ps[i].name, std::optional<ParamType>()};
                    type = t;
                }
                return std::pair{ps[i].name, type};
            }};
}

/// A launch that a dpctl queue submits (dpk/_dpctl.py), checked and laid out by the runtime on
/// `queue`, dpk's queue of the same device: the arguments converted (dpctl arrays described in
/// place, usm_type from `usm_type_of`), the specialization `pick(args)` chooses, then
/// runtime::prepare_launch. Returns (specialization, entry point, entry-point arguments, empty,
/// local range: the one given or the kernel's @local_size, else None) with each argument
/// ("pointer", address), ("value", bytes) or ("local", bytes of work-group memory).
template <typename Pick>
nb::tuple prepare_dpctl(const ParamLookup& lookup, const Queue& queue, nb::handle global,
                        nb::handle args, nb::handle local, nb::handle usm_type_of, Pick&& pick) {
    std::vector<UsmArray> views;
    std::vector<KernelArg> kernel_args;
    launch_arguments(args, queue, lookup, views, kernel_args, usm_type_of);
    const Range g = range_from_python(global, "global_size");
    std::optional<Range> l;
    if (!local.is_none()) l = range_from_python(local, "local_size");
    const CompiledKernel k = pick(std::span<const KernelArg>(kernel_args));
    const runtime::PreparedLaunch p =
        runtime::prepare_launch(queue, k.loaded(), g, l ? &*l : nullptr, kernel_args);
    nb::list out;
    for (const runtime::EntryPointArg& a : p.args) {
        switch (a.kind) {
            case runtime::EntryPointArg::Kind::Pointer:
                out.append(nb::make_tuple("pointer", reinterpret_cast<std::uintptr_t>(a.pointer)));
                break;
            case runtime::EntryPointArg::Kind::Value:
                out.append(nb::make_tuple(
                    "value", nb::bytes(reinterpret_cast<const char*>(a.value.data()), a.size)));
                break;
            case runtime::EntryPointArg::Kind::Local:
                out.append(nb::make_tuple("local", a.size));
                break;
            case runtime::EntryPointArg::Kind::BoundsRecord:
                throw InvalidArgumentError(
                    "kernel '" + k.name() +
                    "' takes a bounds record (it is bounds-checked or has asserts): dpk's waits "
                    "read it, and a launch on a dpctl queue returns dpctl's event; launch it on "
                    "a dpk queue, or compile it without check_bounds (and asserts)");
        }
    }
    nb::object launch_local = nb::none();
    if (p.local) {
        nb::list extents;
        for (std::uint32_t d = 0; d < p.local->dims(); ++d) extents.append((*p.local)[d]);
        launch_local = nb::tuple(extents);
    }
    return nb::make_tuple(k, p.entry_point, out, p.empty, launch_local);
}

/// A launch on a queue that is not a dpk.Queue: dpk/_dpctl.py takes dpctl queues.
nb::object launch_elsewhere(nb::object kernel, nb::handle queue, nb::handle global, nb::handle args,
                            nb::handle local, nb::handle depends_on) {
    return nb::module_::import_("dpk._dpctl")
        .attr("launch")(kernel, queue, global, args, local, depends_on);
}

}  // namespace

void register_kernels(nb::module_& m) {
    m.def("_set_packaged_stdlib", [](const std::string& path) { packaged_stdlib() = path; });
    nb::class_<KernelAttributes>(m, "KernelAttributes",
                                 "What the driver reports of a built kernel.")
        .def_ro("max_work_group_size", &KernelAttributes::max_work_group_size)
        .def_ro("preferred_work_group_size_multiple",
                &KernelAttributes::preferred_work_group_size_multiple)
        .def_ro("local_mem_size", &KernelAttributes::local_mem_size,
                "Bytes of work-group memory the kernel uses itself.")
        .def_ro("private_mem_size", &KernelAttributes::private_mem_size, "Bytes per work-item.")
        .def_ro("registers", &KernelAttributes::registers,
                "Registers per work-item (CUDA); 0 where the driver does not say.")
        .def("__repr__", [](const KernelAttributes& a) {
            return "KernelAttributes(max_work_group_size=" + std::to_string(a.max_work_group_size) +
                   ", preferred_work_group_size_multiple=" +
                   std::to_string(a.preferred_work_group_size_multiple) +
                   ", local_mem_size=" + std::to_string(a.local_mem_size) +
                   ", private_mem_size=" + std::to_string(a.private_mem_size) + ")";
        });

    nb::class_<CompiledKernel>(m, "CompiledKernel",
                               "A kernel specialized for one signature and built for one device.")
        .def_prop_ro("name", &CompiledKernel::name)
        .def_prop_ro("signature", [](const CompiledKernel& k) { return k.signature().pretty(); })
        .def_prop_ro("device", &CompiledKernel::device)
        .def_prop_ro("attributes", &CompiledKernel::attributes,
                     "Max work-group size, preferred multiple, local and private memory: "
                     "readable before any launch.")
        .def_prop_ro("param_names", &CompiledKernel::param_names)
        .def_prop_ro("warnings", &CompiledKernel::warnings)
        .def_prop_ro("spirv_words", [](const CompiledKernel& k) { return k.spirv().size(); })
        .def("disassembly", &CompiledKernel::disassembly, "The SPIR-V as assembly text.")
        .def_prop_ro(
            "spirv",
            [](const CompiledKernel& k) {
                return nb::bytes(reinterpret_cast<const char*>(k.spirv().data()),
                                 k.spirv().size_bytes());
            },
            "The SPIR-V module (bytes).")
        .def_prop_ro(
            "build_options", [](const CompiledKernel& k) { return k.loaded().build_options(); },
            "The driver build options it was built with.")
        .def_prop_ro(
            "local_size",
            [](const CompiledKernel& k) -> nb::object {
                const KernelAbi& abi = k.loaded().image().abi;
                if (!abi.requires_local_size()) return nb::none();
                const auto& e = abi.required_local_size;
                return nb::make_tuple(e[0], e[1], e[2]);
            },
            "The kernel's @local_size as (x, y, z), or None: every launch runs work-groups of "
            "that size.")
        .def_prop_ro(
            "_identity",
            [](const CompiledKernel& k) {
                return reinterpret_cast<std::uintptr_t>(&k.loaded().state());
            },
            "Equal for copies of one specialization (what its built driver objects are cached "
            "under).")
        .def(
            "_prepare_dpctl",
            [](const CompiledKernel& k, const Queue& queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle usm_type_of) {
                return prepare_dpctl(compiled_lookup(k), queue, global, args, local, usm_type_of,
                                     [&](std::span<const KernelArg>) { return k; });
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::arg("local_size").none(),
            nb::arg("usm_type_of"))
        .def(
            "launch",
            [](const CompiledKernel& k, const Queue& queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle depends_on) {
                return launch_from_python(
                    compiled_lookup(k), queue, global, args, local, depends_on,
                    [&](const Range& g, const std::optional<Range>& l, auto a, auto d) {
                        return l ? k.launch(queue, g, *l, a, d) : k.launch(queue, g, a, d);
                    });
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::kw_only(),
            nb::arg("local_size") = nb::none(), nb::arg("depends_on") = nb::none(),
            "Launches this specialization (arguments checked against its signature); returns "
            "the event at once.")
        .def(
            "launch",
            [](const CompiledKernel& k, nb::handle queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle depends_on) {
                return launch_elsewhere(nb::cast(k), queue, global, args, local, depends_on);
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::kw_only(),
            nb::arg("local_size") = nb::none(), nb::arg("depends_on") = nb::none(),
            "On a dpctl.SyclQueue: the same checks, submitted through dpctl on that queue "
            "(arguments: arrays of its SYCL context with __sycl_usm_array_interface__, scalars; "
            "depends_on: dpctl.SyclEvent); returns dpctl's SyclEvent.")
        .def("__repr__", [](const CompiledKernel& k) {
            return "<dpk.CompiledKernel " + k.name() + " " + k.signature().pretty() + " on " +
                   k.device().filter_string() + ">";
        });

    nb::class_<Kernel>(m, "Kernel", "A kernel of a Program: its definitions and launches.")
        .def_prop_ro("name", &Kernel::name)
        .def_prop_ro(
            "parameters",
            [](const Kernel& k) {
                nb::list out;
                for (const KernelParameter& p : k.parameters())
                    out.append(nb::make_tuple(
                        p.name, p.declared ? nb::cast(p.declared->pretty()) : nb::none()));
                return out;
            },
            "(name, declared type or None) per parameter, in source order.")
        .def(
            "specialize",
            [](const Kernel& k, const std::string& signature, std::optional<Device> device) {
                nb::gil_scoped_release release;
                return k.specialize(signature, device ? *device : runtime::default_device());
            },
            nb::arg("signature"), nb::arg("device") = nb::none(),
            "Compiles now (or returns the existing specialization) for `signature`, e.g. "
            "\"void(f32[::1], f32[::1], f32[::1])\", on `device` (default_device() when None). "
            "From then on a launch that fits no specialization raises SignatureMismatchError.")
        .def_prop_ro("definitions", &Kernel::definitions,
                     "Every specialization, one per (signature, device), in the order made.")
        .def_prop_ro("compile_count", &Kernel::compile_count)
        .def_prop_ro("launch_count", &Kernel::launch_count)
        .def(
            "launch",
            [](const Kernel& k, const Queue& queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle depends_on) {
                const ParamLookup lookup = kernel_lookup(k);
                return launch_from_python<MayCompile::Yes>(
                    lookup, queue, global, args, local, depends_on,
                    [&](const Range& g, const std::optional<Range>& l, auto a, auto d) {
                        return l ? k.launch(queue, g, *l, a, d) : k.launch(queue, g, a, d);
                    });
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::kw_only(),
            nb::arg("local_size") = nb::none(), nb::arg("depends_on") = nb::none(),
            "Launches with the definition the arguments fit, or compiles one keyed by their "
            "types (until the kernel is specialized eagerly); returns the event at once.")
        .def(
            "launch",
            [](const Kernel& k, nb::handle queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle depends_on) {
                return launch_elsewhere(nb::cast(k), queue, global, args, local, depends_on);
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::kw_only(),
            nb::arg("local_size") = nb::none(), nb::arg("depends_on") = nb::none(),
            "On a dpctl.SyclQueue: the definition the arguments fit (compiled on first use as "
            "above) for the dpk device that is the queue's, submitted through dpctl on that "
            "queue; returns dpctl's SyclEvent.")
        .def(
            "_prepare_dpctl",
            [](const Kernel& k, const Queue& queue, nb::handle global, nb::handle args,
               nb::handle local, nb::handle usm_type_of) {
                return prepare_dpctl(kernel_lookup(k), queue, global, args, local, usm_type_of,
                                     [&](std::span<const KernelArg> a) {
                                         nb::gil_scoped_release release;
                                         return k.definition_for(a, queue.device());
                                     });
            },
            nb::arg("queue"), nb::arg("global_size"), nb::arg("args"), nb::arg("local_size").none(),
            nb::arg("usm_type_of"))
        .def("__repr__", [](const Kernel& k) { return "<dpk.Kernel " + k.name() + ">"; });

    nb::class_<Program>(m, "Program", "A dpk program (a .dpk file or text) and its kernels.")
        .def_static(
            "from_file",
            [](const std::filesystem::path& path, bool check_bounds, bool fp_contract,
               const std::string& build_options, bool warnings_as_errors,
               const std::string& stdlib_dir) {
                return Program::from_file(path,
                                          program_options(check_bounds, fp_contract, build_options,
                                                          warnings_as_errors, stdlib_dir));
            },
            nb::arg("path"), nb::kw_only(), nb::arg("check_bounds") = false,
            nb::arg("fp_contract") = true, nb::arg("build_options") = "",
            nb::arg("warnings_as_errors") = false, nb::arg("stdlib_dir") = "",
            "Reads a .dpk file (imports resolve beside it); FileError if it cannot.")
        .def_static(
            "from_string",
            [](const std::string& text, const std::string& name, bool check_bounds,
               bool fp_contract, const std::string& build_options, bool warnings_as_errors,
               const std::string& stdlib_dir) {
                return Program::from_string(
                    name, text,
                    program_options(check_bounds, fp_contract, build_options, warnings_as_errors,
                                    stdlib_dir));
            },
            nb::arg("text"), nb::arg("name") = "<string>", nb::kw_only(),
            nb::arg("check_bounds") = false, nb::arg("fp_contract") = true,
            nb::arg("build_options") = "", nb::arg("warnings_as_errors") = false,
            nb::arg("stdlib_dir") = "", "Program text; `name` is used in diagnostics.")
        .def("kernel", &Program::kernel, nb::arg("name"),
             "The kernel `name`; InvalidArgumentError listing the program's kernels if none.")
        .def_prop_ro("kernel_names", &Program::kernel_names)
        .def("check", &Program::check, "Parses and checks the whole program now (CompileError).")
        .def_prop_ro("name", &Program::name);
}

}  // namespace dpk::python
