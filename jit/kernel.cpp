#include "dpk/jit/kernel.h"

#include "compiler/parse/signature_parser.h"
#include "compiler/spirv/validator.h"
#include "dpk/core/error.h"
#include "dpk/jit/compile_error.h"
#include "jit/program_state.h"
#include "runtime/checked_launch.h"

namespace dpk {

const std::string& Kernel::name() const {
    return state_->name;
}

std::vector<KernelParameter> Kernel::parameters() const {
    jit::DeclaredParams declared = state_->program.declared_params(name());
    std::vector<KernelParameter> out;
    for (std::size_t i = 0; i < declared.names.size(); ++i)
        out.push_back({std::move(declared.names[i]), std::move(declared.types[i])});
    return out;
}

CompiledKernel Kernel::specialize(std::string_view signature, const runtime::Device& device) const {
    return specialize(state_->parse(signature), device);
}

CompiledKernel Kernel::specialize(const Signature& signature, const runtime::Device& device) const {
    if (!device) throw InvalidArgumentError("kernel '" + name() + "': specialize needs a device");
    const Signature sig = state_->normalize(signature, device);
    const runtime::LoadedKernel& loaded = state_->specialize(sig, device);
    CompiledKernel k(loaded, state_->program.warnings(name(), sig));
    state_->specialized.store(true, std::memory_order_release);  // from now on: specialized-only
    return k;
}

CompiledKernel Kernel::definition_for(std::span<const runtime::KernelArg> args,
                                      const runtime::Device& device) const {
    if (!device)
        throw InvalidArgumentError("kernel '" + name() + "': definition_for needs a device");
    jit::KernelState& s = *state_;
    const runtime::LoadedKernel* k = s.set.find(device, args);
    if (!k) k = &s.compile_for_launch(device, args);
    return CompiledKernel(*k, s.program.warnings(name(), k->signature()));
}

Signature Kernel::infer_number_types(std::span<const runtime::KernelArg> args,
                                     const std::vector<std::optional<bool>>& untyped) const {
    Signature partial;
    for (const runtime::KernelArg& a : args) partial.params.push_back(jit::type_of(a));
    return state_->program.infer_number_types(name(), partial, untyped);
}

std::vector<CompiledKernel> Kernel::definitions() const {
    std::vector<CompiledKernel> out;
    for (runtime::LoadedKernel& k : state_->set.all()) {
        std::vector<std::string> w = state_->program.warnings(name(), k.signature());
        out.emplace_back(std::move(k), std::move(w));
    }
    return out;
}

KernelImage Kernel::image(const Signature& signature) const {
    return image(signature, Target::opencl());
}

KernelImage Kernel::image(const Signature& signature, const Target& target) const {
    return state_->program.image(name(), runtime::without_devices(signature),
                                 compiler::spirv::TargetProfile(target));
}

KernelImage Kernel::image(std::string_view signature) const {
    return image(state_->parse(signature));
}

KernelImage Kernel::image(std::string_view signature, const Target& target) const {
    return image(state_->parse(signature), target);
}

CompileOnLaunch Kernel::compile_on_launch() const {
    return state_->policy.load(std::memory_order_relaxed);
}

void Kernel::set_compile_on_launch(CompileOnLaunch policy) const {
    state_->policy.store(policy, std::memory_order_relaxed);
}

namespace {
/// The launch's checks: the queue live, then the specialization the arguments fit (the match is
/// their check), else one compiled for them (checked against the arguments once made).
runtime::CheckedLaunch check_launch(jit::KernelState& s, const runtime::Queue& queue,
                                    std::span<const runtime::KernelArg> args) {
    runtime::check_queue_live(queue, s.name, "a device");
    if (std::optional<runtime::CheckedLaunch> checked = runtime::match_launch(s.set, queue, args))
        return *checked;
    return runtime::check_arguments(queue, s.compile_for_launch(queue.device(), args), args);
}
}  // namespace

runtime::Event Kernel::launch(const runtime::Queue& queue, const runtime::Range& global,
                              std::span<const runtime::KernelArg> args,
                              std::span<const runtime::Event> deps) const {
    jit::KernelState& s = *state_;
    runtime::Event e = runtime::launch_checked(check_launch(s, queue, args), global, nullptr, deps);
    s.launches.fetch_add(1, std::memory_order_relaxed);
    return e;
}

runtime::Event Kernel::launch(const runtime::Queue& queue, const runtime::Range& global,
                              const runtime::Range& local, std::span<const runtime::KernelArg> args,
                              std::span<const runtime::Event> deps) const {
    jit::KernelState& s = *state_;
    runtime::Event e = runtime::launch_checked(check_launch(s, queue, args), global, &local, deps);
    s.launches.fetch_add(1, std::memory_order_relaxed);
    return e;
}

std::uint64_t Kernel::compile_count() const {
    return state_->compiles.load(std::memory_order_relaxed);
}

std::uint64_t Kernel::launch_count() const {
    return state_->launches.load(std::memory_order_relaxed);
}

std::string CompiledKernel::disassembly() const {
    return compiler::spirv::disassemble(spirv());
}

}  // namespace dpk
