// What a Program and its Kernels share (jit-internal).
#pragma once

#include <atomic>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "compiler/program.h"
#include "dpk/jit/kernel.h"
#include "dpk/jit/kernel_cache.h"
#include "dpk/jit/program.h"
#include "dpk/runtime/specialization_set.h"
#include "runtime/content_hash.h"

namespace dpk::jit {

/// Serializes every use of the compiler front end (parse, sema, SPIR-V, signature parsing) in
/// the process: it is a millisecond's work and its parser runtime keeps shared state. Driver
/// builds, the slow part, run in parallel.
std::mutex& front_end_mutex();

/// A kernel's parameters as the source declares them.
struct DeclaredParams {
    std::vector<std::string> names;
    std::vector<std::optional<ParamType>> types;  // nullopt: generic
};

/// The type an argument has as a parameter (an array's layout from its contiguity).
ParamType type_of(const runtime::KernelArg& a);

/// A program's source, its digest, its (lazily built) front end and its kernels.
struct ProgramState {
    std::string name;  // file path or the name given with the text
    std::string text;
    std::filesystem::path stdlib;
    ProgramOptions options;
    std::shared_ptr<KernelCache> cache;
    std::shared_ptr<compiler::ProgramSources> sources;  // text + imports, read once
    runtime::ContentKey digest;                         // of `sources`
    std::vector<std::string> scanned_names;             // kernels found without parsing

    /// The options the front end compiles with (from `options`).
    compiler::CompileOptions compile_options() const;

    /// The kernel image of `kernel` for `signature` (device strings cleared) compiled for
    /// `target` (a device's, jit/device_target.h): from the disk cache, else compiled (and
    /// stored). The target's features are part of the key: an image that uses sub-groups is
    /// never served to a target without them. Throws CompileError / InvalidArgumentError.
    KernelImage image(const std::string& kernel, const Signature& signature,
                      const compiler::spirv::TargetProfile& target);
    /// The warnings of the compilation of `kernel` for `signature` in this process (rendered
    /// diagnostics, each with its notes); empty when it did not warn.
    std::vector<std::string> warnings(const std::string& kernel, const Signature& signature);
    /// Kernel::infer_number_types.
    Signature infer_number_types(const std::string& kernel, const Signature& partial,
                                 const std::vector<std::optional<bool>>& untyped);
    /// The kernel's declared parameters (runs the front end). Throws if there is no such kernel.
    DeclaredParams declared_params(const std::string& kernel);
    /// Parses and checks the program if not done yet; throws CompileError.
    void check();
    /// Kernel names: the parsed program's if parsed, else the scan's.
    std::vector<std::string> kernel_names();
    /// Program::integer_constant (runs the front end).
    std::optional<std::int64_t> integer_constant(std::string_view name);
    /// The shared state of kernel `name` (created on first request).
    KernelState& kernel_state(const std::string& name);

    /// What an image request depends on (compiler, sources, the options that change the code,
    /// kernel, `what`): its cache key.
    std::string image_request(const std::string& kernel, const std::string& what) const;
    /// The image stored for `request`: in memory, else on disk (then kept in memory).
    std::optional<KernelImage> lookup_image(const std::string& request);
    /// Keeps an image for `request` in memory and on disk.
    void remember_image(const std::string& request, const KernelImage& image);

private:
    compiler::Program& front_end();  // front_end_mutex() held
    const compiler::ast::Function& find_kernel(const std::string& kernel);  // same

    compiler::source::Diagnostics diags_;  // outlives front_end_
    std::unique_ptr<compiler::Program> front_end_;
    std::optional<std::string> front_end_error_;

    std::mutex images_mutex_;
    std::map<std::string, KernelImage> images_;                 // by request
    std::map<std::string, std::vector<std::string>> warnings_;  // by warnings_key
    static std::string warnings_key(const std::string& kernel, const Signature& signature);

    std::mutex kernels_mutex_;
    std::map<std::string, std::unique_ptr<KernelState>, std::less<>> kernels_;
};

/// One kernel's definitions and policy, shared by every handle of it.
struct KernelState {
    KernelState(ProgramState& p, std::string n) : program(p), name(std::move(n)), set(name) {}

    ProgramState& program;
    const std::string name;
    runtime::SpecializationSet set;
    std::atomic<CompileOnLaunch> policy{CompileOnLaunch::UntilSpecialized};
    std::atomic<bool> specialized{false};  // `specialize` was called
    std::atomic<std::uint64_t> compiles{0};
    std::atomic<std::uint64_t> launches{0};

    /// The definition for `signature` on `device`, made once (concurrent callers wait for the
    /// one compile). `image`, when given, is used instead of asking the program.
    const runtime::LoadedKernel& specialize(const Signature& signature,
                                            const runtime::Device& device,
                                            const std::optional<KernelImage>& image = {});
    /// For a launch that fits no definition: compiles one keyed by the arguments' types if the
    /// policy allows, else throws the mismatch.
    const runtime::LoadedKernel& compile_for_launch(const runtime::Device& device,
                                                    std::span<const runtime::KernelArg> args);
    /// Hands the warnings of the specialization for `signature` (if any) to the program's
    /// warning handler, or prints them to stderr.
    void report_warnings(const Signature& signature);
    /// `signature` with device strings checked against `device` and cleared.
    Signature normalize(const Signature& signature, const runtime::Device& device) const;
    /// Parses a signature string (cached per text).
    Signature parse(std::string_view text);

private:
    std::mutex inflight_mutex_;
    std::map<std::string, std::shared_future<const runtime::LoadedKernel*>> inflight_;
    std::mutex parsed_mutex_;
    std::map<std::string, Signature, std::less<>> parsed_;
};

}  // namespace dpk::jit
