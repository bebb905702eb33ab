#include "dpk/runtime/loaded_kernel.h"

#include <algorithm>

#include "backends/backend.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"
#include "runtime/kernel_image_check.h"
#include "runtime/loaded_kernel_state.h"
#include "runtime/program_cache.h"
#include "runtime/spirv_requirements.h"

namespace dpk::runtime {

namespace {

/// Checks that every ABI argument refers to a parameter of the right kind (catches images whose
/// metadata and signature disagree before anything is launched).
void check_abi(const KernelImage& image) {
    const auto& params = image.signature.params;
    auto bad = [&](std::size_t i, const std::string& why) {
        return InvalidArgumentError("kernel image '" + image.kernel_name + "': ABI argument " +
                                    std::to_string(i) + " " + why + " (signature " +
                                    image.signature.pretty() + ")");
    };
    if (!image.abi.bounds_sites.empty() && !image.abi.checks_bounds())
        throw bad(image.abi.args.size(), "is missing: the image lists bounds-checked accesses");
    for (std::size_t i = 0; i < image.abi.args.size(); ++i) {
        const AbiArg& a = image.abi.args[i];
        if (a.kind == AbiArg::Kind::BoundsRecord) {
            if (i + 1 != image.abi.args.size()) throw bad(i, "is a bounds record but not the last");
            continue;
        }
        if (a.param >= params.size()) throw bad(i, "refers to a parameter that does not exist");
        const ParamType& p = params[a.param];
        switch (a.kind) {
            case AbiArg::Kind::GlobalPointer:
            case AbiArg::Kind::Shape:
            case AbiArg::Kind::Stride:
                if (!p.is_array()) throw bad(i, "expects an array parameter");
                if (a.kind != AbiArg::Kind::GlobalPointer &&
                    a.dim >= static_cast<std::uint32_t>(p.ndim))
                    throw bad(i, "names dimension " + std::to_string(a.dim) + " of a " +
                                     std::to_string(p.ndim) + "-d array");
                break;
            case AbiArg::Kind::LocalPointer:
            case AbiArg::Kind::LocalLength:
                if (!p.is_local_array()) throw bad(i, "expects a local array parameter");
                break;
            case AbiArg::Kind::Scalar:
                if (!p.is_scalar() || p.dtype != a.dtype)
                    throw bad(i, "expects a scalar of the parameter's dtype");
                break;
            case AbiArg::Kind::BoundsRecord: break;  // handled above
        }
    }
}

/// A signature may name the device a parameter's array lives on (`usm_ndarray(...,
/// device="opencl:cpu:0")`): such an image is loaded on that device only.
void check_declared_devices(const KernelImage& image, const Device& device) {
    for (std::size_t i = 0; i < image.signature.params.size(); ++i) {
        const std::string& declared = image.signature.params[i].device;
        if (declared.empty()) continue;
        const Device named = select_device(declared);  // DeviceNotFoundError if none matches
        if (named == device) continue;
        const std::string param =
            "parameter " + std::to_string(i) +
            (i < image.param_names.size() ? " '" + image.param_names[i] + "'" : "");
        throw InvalidArgumentError(
            "kernel '" + image.kernel_name + "': " + param + " is declared on device \"" +
            declared + "\" (" + named.filter_string() + ", " + named.name() +
            "); it cannot be loaded on " + device.filter_string() + " (" + device.name() + ")");
    }
}

}  // namespace

LoadedKernel::LoadedKernel(const Device& device, KernelImage image, const LoadOptions& options)
    : state_(std::make_shared<State>()) {
    check_abi(image);
    check_declared_devices(image, device);
    const std::string what =
        "kernel '" + image.kernel_name + "' (" + image.signature.pretty() + ")";
    if (!device.info().loads(image.format))
        throw UnsupportedDeviceFeatureError(
            what + " is a " + payload_format_name(image.format) + " image; device '" +
            device.filter_string() + "' (" + device.name() +
            ") cannot load it: " + device.info().why_not_loaded(image.format));
    // The compiler's images and those read from bundles or caches were checked where they were
    // made or read; one built by hand is checked here, once. The backends take it as valid.
    if (!image.requirements) check_kernel_image(image, what);
    check_requirements(*image.requirements, device.info(), what);
    State& s = *state_;
    s.device = device;
    s.build_options = options.build_options;
    if (options.program_cache)
        s.program = options.program_cache->program(device, image.spirv, options.build_options);
    else
        s.program = detail::context_of(device)->create_program(image.spirv, options.build_options);
    s.kernel = s.program->create_kernel(image.kernel_name);
    if (s.kernel->num_args() != image.abi.args.size())
        throw InvalidArgumentError("kernel '" + image.kernel_name + "': its ABI lists " +
                                   std::to_string(image.abi.args.size()) +
                                   " entry-point arguments, the driver reports " +
                                   std::to_string(s.kernel->num_args()));
    for (const KernelVariant& v : image.variants) {
        LoadedVariant loaded{v.facts, s.program->create_kernel(v.entry_point)};
        if (loaded.kernel->num_args() != image.abi.args.size())
            throw InvalidArgumentError(
                "kernel '" + image.kernel_name + "': its variant '" + v.entry_point + "' takes " +
                std::to_string(loaded.kernel->num_args()) +
                " entry-point arguments, the ABI lists " + std::to_string(image.abi.args.size()));
        s.variant_facts = LaunchFacts::from_bits(s.variant_facts.bits() | v.facts.bits());
        s.variants.push_back(std::move(loaded));
    }
    s.static_local_bytes = std::max<std::uint64_t>(image.abi.static_local_bytes,
                                                   s.kernel->attributes().local_mem_size);
    for (const ParamType& p : image.signature.params) s.param_checks.emplace_back(p);
    s.image = std::move(image);
}

const std::string& LoadedKernel::entry_point_for(const Range& global,
                                                 std::span<const KernelArg> args,
                                                 const Range* local) const {
    const State& s = *state_;
    if (s.variants.empty()) return s.image.kernel_name;
    const LaunchFacts facts = launch_facts(s.image.abi, args, global, s.variant_facts);
    const LoadedVariant* v =
        choose_variant(s.variants, facts, local ? local->total() : std::uint64_t{0});
    if (!v) return s.image.kernel_name;
    return s.image.variants[static_cast<std::size_t>(v - s.variants.data())].entry_point;
}

const std::string& LoadedKernel::build_options() const {
    return state_->build_options;
}
const KernelImage& LoadedKernel::image() const {
    return state_->image;
}
const Device& LoadedKernel::device() const {
    return state_->device;
}
const backends::KernelAttributes& LoadedKernel::attributes() const {
    return state_->kernel->attributes();
}
backends::SpirvIngest LoadedKernel::ingest() const {
    return state_->program->ingest();
}
std::string LoadedKernel::build_log() const {
    return state_->program->build_log();
}

}  // namespace dpk::runtime
