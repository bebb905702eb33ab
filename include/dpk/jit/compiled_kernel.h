// One specialization of a kernel, built for one device: what `specialize` returns and what
// `definitions()` lists.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dpk/runtime/launch.h"

namespace dpk {

/// A kernel compiled for one signature and built for one device: its signature, the driver's
/// attributes (readable before any launch), its SPIR-V. Cheap to copy; copies share the driver
/// objects. Launching it directly checks the arguments against its signature.
class CompiledKernel {
public:
    explicit CompiledKernel(runtime::LoadedKernel loaded, std::vector<std::string> warnings = {})
        : loaded_(std::move(loaded)), warnings_(std::move(warnings)) {}

    const std::string& name() const { return loaded_.name(); }
    /// The signature it was specialized for (device strings cleared: the device is device()).
    const Signature& signature() const { return loaded_.signature(); }
    const runtime::Device& device() const { return loaded_.device(); }
    /// Max work-group size, preferred work-group size multiple, local and private memory.
    const KernelAttributes& attributes() const { return loaded_.attributes(); }
    /// Validated SPIR-V words.
    std::span<const std::uint32_t> spirv() const { return loaded_.image().spirv; }
    /// SPIR-V assembly of spirv() (SPIRV-Tools, friendly names).
    std::string disassembly() const;
    /// Source parameter names, in order.
    const std::vector<std::string>& param_names() const { return loaded_.image().param_names; }
    /// How the SPIR-V reached the driver (IL, SPIR 1.2).
    SpirvIngest ingest() const { return loaded_.ingest(); }
    const runtime::LoadedKernel& loaded() const { return loaded_; }
    /// The compiler's warnings about this specialization (an integer quotient converted to a
    /// float implicitly, ...), each rendered as `file:line:col: warning: ...` with its source
    /// line; empty when there were none. A specialization that warns is compiled in every
    /// process (never served from the disk cache), so its warnings are always here.
    /// ProgramOptions::warnings_as_errors makes them compile errors instead.
    const std::vector<std::string>& warnings() const { return warnings_; }

    /// Checked, asynchronous launch of this very specialization (see runtime::launch).
    runtime::Event launch(const runtime::Queue& queue, const runtime::Range& global,
                          std::span<const runtime::KernelArg> args,
                          std::span<const runtime::Event> deps = {}) const {
        return runtime::launch(queue, loaded_, global, args, deps);
    }
    runtime::Event launch(const runtime::Queue& queue, const runtime::Range& global,
                          const runtime::Range& local, std::span<const runtime::KernelArg> args,
                          std::span<const runtime::Event> deps = {}) const {
        return runtime::launch(queue, loaded_, global, local, args, deps);
    }
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

private:
    runtime::LoadedKernel loaded_;
    std::vector<std::string> warnings_;
};

}  // namespace dpk
