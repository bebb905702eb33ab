// One launch from Python, as every launchable object (Kernel, CompiledKernel, BundleKernel)
// does it.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "bindings.h"

namespace dpk::python {

/// Whether a launch may compile (Kernel::launch): the GIL is released for it. A launch of a
/// built specialization (CompiledKernel, a bundle's) only checks and enqueues, in about a
/// microsecond: it keeps the GIL, which costs less than handing it over and back.
enum class MayCompile : bool { No, Yes };

/// One launch from Python: arguments converted (views of foreign arrays kept for the call), then
/// the runtime's checked launch.
template <MayCompile compiles = MayCompile::No, typename Launch>
runtime::Event launch_from_python(const ParamLookup& lookup, const runtime::Queue& queue,
                                  nb::handle global, nb::handle args, nb::handle local,
                                  nb::handle depends_on, Launch&& launch) {
    std::vector<runtime::UsmArray> views;
    std::vector<runtime::KernelArg> kernel_args;
    launch_arguments(args, queue, lookup, views, kernel_args);
    std::vector<runtime::Event> deps = events_from_python(depends_on);
    const runtime::Range g = range_from_python(global, "global_size");
    std::optional<runtime::Range> l;
    if (!local.is_none()) l = range_from_python(local, "local_size");
    if constexpr (compiles == MayCompile::Yes) {
        nb::gil_scoped_release release;
        return launch(g, l, std::span<const runtime::KernelArg>(kernel_args),
                      std::span<const runtime::Event>(deps));
    }
    return launch(g, l, std::span<const runtime::KernelArg>(kernel_args),
                  std::span<const runtime::Event>(deps));
}

}  // namespace dpk::python
