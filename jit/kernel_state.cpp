// Specialization and compile-on-launch for one kernel.
#include <iostream>
#include <mutex>

#include "compiler/parse/signature_parser.h"
#include "dpk/core/error.h"
#include "dpk/jit/compile_error.h"
#include "jit/device_target.h"
#include "jit/program_state.h"
#include "runtime/argument_check.h"

namespace dpk::jit {

ParamType type_of(const runtime::KernelArg& a) {
    switch (a.kind()) {
        case runtime::KernelArg::Kind::Array: {
            const runtime::UsmArray& arr = a.array();
            Layout layout = arr.is_c_contiguous()   ? Layout::C
                            : arr.is_f_contiguous() ? Layout::F
                                                    : Layout::Any;
            return ParamType::array(arr.dtype(), arr.ndim(), layout, arr.usm_type());
        }
        case runtime::KernelArg::Kind::Scalar: return ParamType::scalar(a.scalar().dtype());
        case runtime::KernelArg::Kind::Local: return ParamType::local_array(a.local().dtype);
    }
    return {};
}

Signature KernelState::parse(std::string_view text) {
    {
        std::lock_guard lock(parsed_mutex_);
        if (auto it = parsed_.find(text); it != parsed_.end()) return it->second;
    }
    compiler::source::Diagnostics diags;
    std::optional<Signature> sig;
    {
        std::lock_guard lock(front_end_mutex());
        sig = compiler::parse::parse_signature(text, diags);
    }
    if (!sig)
        throw InvalidArgumentError("kernel '" + name + "': invalid signature '" +
                                   std::string(text) + "'\n" + diags.render());
    std::lock_guard lock(parsed_mutex_);
    parsed_.emplace(std::string(text), *sig);
    return *sig;
}

Signature KernelState::normalize(const Signature& signature, const runtime::Device& device) const {
    Signature out = signature;
    for (std::size_t i = 0; i < out.params.size(); ++i) {
        ParamType& p = out.params[i];
        if (p.device.empty()) continue;
        runtime::Device named = runtime::select_device(p.device);
        if (named != device)
            throw InvalidArgumentError(
                "kernel '" + name + "': parameter " + std::to_string(i) + " of " +
                signature.pretty() + " names device " + p.device + " (" + named.filter_string() +
                "), but the kernel is being specialized for " + device.filter_string() +
                "; a specialization is for one device");
        p.device.clear();
    }
    return out;
}

const runtime::LoadedKernel& KernelState::specialize(const Signature& signature,
                                                     const runtime::Device& device,
                                                     const std::optional<KernelImage>& image) {
    const std::string key = device.filter_string() + "|" + signature.key();
    std::promise<const runtime::LoadedKernel*> promise;
    std::shared_future<const runtime::LoadedKernel*> pending;
    {
        std::lock_guard lock(inflight_mutex_);
        if (const runtime::LoadedKernel* k = set.find_signature(device, signature)) return *k;
        if (auto it = inflight_.find(key); it != inflight_.end())
            pending = it->second;
        else
            inflight_.emplace(key, promise.get_future().share());
    }
    if (pending.valid()) return *pending.get();  // another thread compiles it: wait for that one

    try {
        KernelImage img = image ? *image : program.image(name, signature, device_target(device));
        runtime::LoadOptions options;
        options.build_options = program.options.build_options;
        options.program_cache = &program.cache->programs();
        const runtime::LoadedKernel& added =
            set.add(runtime::LoadedKernel(device, std::move(img), options));
        compiles.fetch_add(1, std::memory_order_relaxed);
        promise.set_value(&added);
        {
            std::lock_guard lock(inflight_mutex_);
            inflight_.erase(key);
        }
        // Once per specialization: this is the one call that made it.
        report_warnings(added.signature());
        return added;
    } catch (...) {
        promise.set_exception(std::current_exception());
        std::lock_guard lock(inflight_mutex_);
        inflight_.erase(key);
        throw;
    }
}

void KernelState::report_warnings(const Signature& signature) {
    const std::vector<std::string> w = program.warnings(name, signature);
    if (w.empty()) return;
    if (program.options.warning_handler) {
        program.options.warning_handler(name, signature, w);
        return;
    }
    std::string text;
    for (const std::string& line : w) text += line;
    std::cerr << text << std::flush;
}

const runtime::LoadedKernel& KernelState::compile_for_launch(
    const runtime::Device& device, std::span<const runtime::KernelArg> args) {
    const CompileOnLaunch p = policy.load(std::memory_order_relaxed);
    if (p == CompileOnLaunch::Never ||
        (p == CompileOnLaunch::UntilSpecialized && specialized.load(std::memory_order_acquire)))
        set.throw_mismatch(device, args);

    const std::string who = "kernel '" + name + "'";
    Signature from_args;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const runtime::KernelArg& a = args[i];
        if (a.kind() == runtime::KernelArg::Kind::Array) {
            if (!a.array())
                throw InvalidArgumentError(who + ": argument " + std::to_string(i) +
                                           " is an empty UsmArray");
            if (a.array().device() != device)
                throw SignatureMismatchError(
                    who + ": argument " + std::to_string(i) + " lives on " +
                    a.array().device().filter_string() + ", the queue is on " +
                    device.filter_string() +
                    "; compute follows data: launch on a queue of the arrays' device, or copy "
                    "the array there");
        }
        from_args.params.push_back(type_of(a));
    }

    // Warm start: the signature these argument types led to before, without the front end.
    const compiler::spirv::TargetProfile target = device_target(device);
    const std::string request =
        program.image_request(name, "target " + target.name() + "\narguments " + from_args.key());
    if (std::optional<KernelImage> cached = program.lookup_image(request))
        if (cached->kernel_name == name && cached->signature.params.size() == args.size()) {
            Signature sig = runtime::without_devices(cached->signature);
            return specialize(sig, device, std::move(cached));
        }

    // Declared parameters keep their declared type; generic ones take the argument's.
    DeclaredParams declared = program.declared_params(name);
    if (declared.types.size() != args.size())
        throw InvalidArgumentError(who + " takes " + std::to_string(declared.types.size()) +
                                   " arguments, " + std::to_string(args.size()) + " were given");
    Signature sig;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!declared.types[i]) {
            sig.params.push_back(from_args.params[i]);
            continue;
        }
        ParamType d = *declared.types[i];
        d.device.clear();
        if (!runtime::ParamCheck(d).fits(args[i], device, runtime::ScalarFit::ExactValue))
            runtime::throw_argument_mismatch(
                name, i, declared.names[i], d, args[i], device,
                "as declared; specializations: " + set.describe_signatures());
        sig.params.push_back(d);
    }
    KernelImage image = program.image(name, sig, target);
    program.remember_image(request, image);
    return specialize(sig, device, std::move(image));
}

}  // namespace dpk::jit
