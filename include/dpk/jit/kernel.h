// A kernel of a program: eager specialization, its definitions, and launches that dispatch on
// the arguments' types (compiling on demand where allowed).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/kernel_abi.h"
#include "dpk/core/target.h"
#include "dpk/jit/compiled_kernel.h"
#include "dpk/runtime/launch.h"

namespace dpk {

namespace jit {
struct ProgramState;
struct KernelState;
}  // namespace jit

/// Whether a launch whose arguments fit no definition compiles a new one.
enum class CompileOnLaunch : std::uint8_t {
    /// Compile on demand until the kernel is specialized eagerly; after `specialize`, the kernel
    /// is specialized-only (a non-matching launch throws SignatureMismatchError). The default.
    UntilSpecialized,
    /// Always compile on demand (lazy JIT), even next to eager definitions.
    Always,
    /// Never: launches must fit a definition made by `specialize`.
    Never,
};

/// A kernel parameter as the source declares it.
struct KernelParameter {
    std::string name;
    /// The annotated type; nullopt for a generic parameter (typed by a signature or arguments).
    std::optional<ParamType> declared;
};

/// A kernel of a Program. Cheap to copy: every handle of one kernel shares its definitions.
/// Thread-safe: concurrent specializations of one signature compile once; launches never block
/// on each other except on the same driver kernel object.
class Kernel {
public:
    const std::string& name() const;
    /// The parameters in source order, with their declared types. Runs the front end (once per
    /// program); throws CompileError if the program does not compile.
    std::vector<KernelParameter> parameters() const;

    /// Compiles now — parse, types, SPIR-V (or the kernel image from the disk cache), driver
    /// build (or the driver binary from the disk cache), kernel object — for `signature` on
    /// `device`, and returns it. Launches whose arguments match it use exactly this
    /// specialization. A signature already specialized on that device is returned as is,
    /// without compiling. Throws CompileError, InvalidArgumentError (a device named in the
    /// signature is not `device`), BuildError, UnsupportedDeviceFeatureError.
    CompiledKernel specialize(std::string_view signature, const runtime::Device& device) const;
    /// Same for a signature built in C++; both spellings of one signature are one definition.
    CompiledKernel specialize(const Signature& signature, const runtime::Device& device) const;

    /// The specialization a launch with `args` on `device` uses, compiled now if there is none
    /// yet (keyed by the argument types, as such a launch would under the compile-on-launch
    /// policy): its attributes are readable before that launch, e.g. to choose a local size.
    /// Throws what `launch` throws for arguments no specialization fits.
    CompiledKernel definition_for(std::span<const runtime::KernelArg> args,
                                  const runtime::Device& device) const;

    /// The signature for arguments some of which are untyped numbers, as `dpk run` reads
    /// `alpha=2.5`: `untyped[i]` set means parameter i is generic and given a number whose type
    /// its uses in the kernel decide, as for a `let` without a type (an integer if false, a
    /// float if true; docs/language.md, "Literals take their type from their uses"); `args[i]`
    /// gives every other parameter's type. Runs the front end; throws CompileError when the
    /// uses disagree.
    Signature infer_number_types(std::span<const runtime::KernelArg> args,
                                 const std::vector<std::optional<bool>>& untyped) const;

    /// Every specialization, one per (signature, device), in the order they were made.
    std::vector<CompiledKernel> definitions() const;

    /// The device-independent kernel image for `signature` (front end only, disk-cached): what
    /// AOT bundles hold. Compiled for dpkc's default target (compiler::CompileOptions::target:
    /// OpenCL with fp64 and 64-bit atomics, no fp16, no sub-groups).
    KernelImage image(const Signature& signature) const;
    KernelImage image(std::string_view signature) const;
    /// Same for `target` (dpk/core/target.h), e.g. Target::parse("opencl+fp16") or a device's own,
    /// runtime::Device::target().
    KernelImage image(const Signature& signature, const Target& target) const;
    KernelImage image(std::string_view signature, const Target& target) const;

    CompileOnLaunch compile_on_launch() const;
    void set_compile_on_launch(CompileOnLaunch policy) const;

    /// Launches on `queue` over `global` (driver-chosen work-group size) with the definition the
    /// arguments fit — an exact type match first — or compiles one keyed by the argument types
    /// when the policy allows, else throws SignatureMismatchError (naming the kernel, the
    /// parameter, the expected and actual types and every signature it has; nothing is
    /// compiled or launched). The match is the argument check (a definition compiled for the
    /// launch is checked against the arguments once made); then the runtime's launch checks what
    /// no match covers (local memory, ranges) and returns the event at once.
    runtime::Event launch(const runtime::Queue& queue, const runtime::Range& global,
                          std::span<const runtime::KernelArg> args,
                          std::span<const runtime::Event> deps = {}) const;
    /// Same with an explicit work-group size.
    runtime::Event launch(const runtime::Queue& queue, const runtime::Range& global,
                          const runtime::Range& local, std::span<const runtime::KernelArg> args,
                          std::span<const runtime::Event> deps = {}) const;
    runtime::Event launch(const runtime::Queue& queue, const runtime::Range& global,
                          std::initializer_list<runtime::KernelArg> args,
                          std::initializer_list<runtime::Event> deps = {}) const {
        return launch(queue, global, std::span(args.begin(), args.size()),
                      std::span(deps.begin(), deps.size()));
    }
    runtime::Event launch(const runtime::Queue& queue, const runtime::Range& global,
                          const runtime::Range& local,
                          std::initializer_list<runtime::KernelArg> args,
                          std::initializer_list<runtime::Event> deps = {}) const {
        return launch(queue, global, local, std::span(args.begin(), args.size()),
                      std::span(deps.begin(), deps.size()));
    }

    /// Specializations this kernel has made (eager or on launch); reusing one does not count.
    std::uint64_t compile_count() const;
    /// Launches enqueued through this kernel.
    std::uint64_t launch_count() const;

private:
    friend class Program;
    explicit Kernel(std::shared_ptr<jit::KernelState> state) : state_(std::move(state)) {}
    std::shared_ptr<jit::KernelState> state_;
};

}  // namespace dpk
