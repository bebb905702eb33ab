// Launching a loaded kernel: the checked, asynchronous launch (its vocabulary, ranges and
// arguments, is dpk/runtime/launch_args.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

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

/// One argument of a kernel's entry point, as a launch sets it in its slot: what `launch` hands
/// the driver, for a launch that another runtime submits (prepare_launch).
struct EntryPointArg {
    enum class Kind : std::uint8_t {
        Pointer,  // a USM pointer: `pointer` (an array parameter's first element)
        Value,    // `size` bytes at `value`: a scalar converted to its parameter's dtype, or an
                  // i64 shape, stride or local-memory length
        Local,    // `size` bytes of work-group memory (a `local T[:]` parameter)
        BoundsRecord,  // the launch's bounds record (the last slot of a bounds-checked kernel or
                       // one with asserts): the submitter provides it
    };
    Kind kind = Kind::Value;
    const void* pointer = nullptr;
    std::size_t size = 0;
    std::array<unsigned char, 8> value{};
};

/// A launch checked and laid out, not enqueued.
struct PreparedLaunch {
    /// The entry point to run: the image's kernel, or the variant the launch's facts allow.
    std::string entry_point;
    /// One per entry-point argument, in slot order (the kernel's ABI applied to the arguments).
    std::vector<EntryPointArg> args;
    /// The global range is empty: nothing runs (a launch completes with its dependencies).
    bool empty = false;
    /// The local range to launch with: the one given, or the kernel's `@local_size` where none
    /// was given; empty when neither (the submitting runtime picks one).
    std::optional<Range> local;
};

/// Runs the host checks `launch` runs — the queue live and on the kernel's device, the
/// arguments against the signature, local memory, the ranges (`local` may be null) — and
/// returns the entry point and its arguments instead of enqueuing: for a launch that another
/// runtime submits on its own queue of the same device. The arrays may be
/// UsmArray::describe_foreign descriptions; `args` must outlive the result (pointers into them).
PreparedLaunch prepare_launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
                              const Range* local, std::span<const KernelArg> args);

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
