// A kernel image built for one device: the unit a launch runs.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "dpk/core/device_info.h"
#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/launch_args.h"

namespace dpk::runtime {

class ProgramCache;

/// Options for building a kernel image on a device.
struct LoadOptions {
    /// Extra driver build options (OpenCL clBuildProgram / Level Zero module flags).
    std::string build_options;
    /// Where the driver program comes from and is kept (memory and disk); null builds it afresh.
    ProgramCache* program_cache = nullptr;
};

/// A KernelImage built by the driver of one device, with its attributes and a precomputed
/// argument plan. Cheap to copy (copies share the driver objects); launches on it are serialized.
class LoadedKernel {
public:
    /// Checks the image against the device (the features its requirements list; an image
    /// without requirements, built by hand, is first validated and scanned: check_kernel_image),
    /// builds it by the device's path (IL or SPIR 1.2) — or takes the program from
    /// options.program_cache — and creates the kernel. Throws BuildError (invalid SPIR-V, or
    /// the driver's log), UnsupportedDeviceFeatureError, or InvalidArgumentError if the image's
    /// ABI does not fit its signature or the driver's kernel.
    LoadedKernel(const Device& device, KernelImage image, const LoadOptions& options = {});

    const KernelImage& image() const;
    const std::string& name() const { return image().kernel_name; }
    const Signature& signature() const { return image().signature; }
    const Device& device() const;
    /// What the driver reports: max and preferred-multiple work-group size, local/private memory.
    const KernelAttributes& attributes() const;
    /// How the SPIR-V reached the driver.
    SpirvIngest ingest() const;
    std::string build_log() const;
    /// The driver build options it was built with (LoadOptions::build_options): what building
    /// the same SPIR-V elsewhere (another runtime's context) takes.
    const std::string& build_options() const;
    /// The entry point a launch over `global` (with work-groups of `local`, if given) with
    /// `args` runs: the image's kernel, or the first of its variants whose launch facts hold.
    /// `args` must fit the signature.
    const std::string& entry_point_for(const Range& global, std::span<const KernelArg> args,
                                       const Range* local = nullptr) const;

    struct State;
    State& state() const { return *state_; }

private:
    std::shared_ptr<State> state_;
};

}  // namespace dpk::runtime
