// Launching a loaded kernel: the checked, asynchronous launch (its vocabulary, ranges and
// arguments, is dpk/runtime/launch_args.h).
#pragma once

#include <initializer_list>
#include <span>

#include "dpk/runtime/event.h"
#include "dpk/runtime/launch_args.h"
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/queue.h"

namespace dpk::runtime {

/// Launches `kernel` over `global` with a driver-chosen work-group size. Checks the arguments
/// against the kernel's signature (SignatureMismatchError, InvalidArgumentError) and the range
/// against the device and kernel (InvalidRangeError) on the host, then enqueues after `deps` and
/// returns at once with the launch's event.
Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
             std::span<const KernelArg> args, std::span<const Event> deps = {});
/// As above with an explicit work-group size `local` (same dims as `global`, dividing it).
Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
             const Range& local, std::span<const KernelArg> args, std::span<const Event> deps = {});

inline Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
                    std::initializer_list<KernelArg> args, std::initializer_list<Event> deps = {}) {
    return launch(queue, kernel, global, std::span(args.begin(), args.size()),
                  std::span(deps.begin(), deps.size()));
}
inline Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
                    const Range& local, std::initializer_list<KernelArg> args,
                    std::initializer_list<Event> deps = {}) {
    return launch(queue, kernel, global, local, std::span(args.begin(), args.size()),
                  std::span(deps.begin(), deps.size()));
}

}  // namespace dpk::runtime
