// A launch whose queue and arguments were checked against its specialization, and the launch of
// one (runtime-internal: runtime::launch, SpecializationSet and the JIT's Kernel launch through
// it). Each launch checks each fact once: the checks below, or a SpecializationSet match, make
// the CheckedLaunch, and launch_checked takes it without checking any of that again.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "dpk/runtime/event.h"
#include "dpk/runtime/launch_args.h"
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/queue.h"

namespace dpk::runtime {

class SpecializationSet;

/// What a launch's checks established: the queue is live (not moved from) and on the kernel's
/// device, there is one argument per parameter and each fits its parameter (the kernel's
/// ParamChecks: an array on the kernel's device, a scalar that converts exactly). Only the checks
/// make one (the constructor is theirs): check_launch, check_arguments, match_launch. Refers to
/// the queue, the kernel and the arguments, which must outlive it.
class CheckedLaunch {
public:
    const Queue& queue() const { return *queue_; }
    const LoadedKernel& kernel() const { return *kernel_; }
    std::span<const KernelArg> args() const { return args_; }

private:
    CheckedLaunch(const Queue& queue, const LoadedKernel& kernel, std::span<const KernelArg> args)
        : queue_(&queue), kernel_(&kernel), args_(args) {}
    friend CheckedLaunch check_arguments(const Queue& live_queue, const LoadedKernel& kernel,
                                         std::span<const KernelArg> args);
    friend std::optional<CheckedLaunch> match_launch(const SpecializationSet& set,
                                                     const Queue& live_queue,
                                                     std::span<const KernelArg> args);

    const Queue* queue_;
    const LoadedKernel* kernel_;
    std::span<const KernelArg> args_;
};

/// Throws InvalidArgumentError "kernel 'KERNEL': launched on a queue that was moved from; launch
/// on a queue made for MADE_FOR" for a queue moved from. Every launch checks it first.
void check_queue_live(const Queue& queue, std::string_view kernel, std::string_view made_for);

/// For a live queue (check_queue_live): one argument per parameter (InvalidArgumentError), the
/// queue on the kernel's device (InvalidArgumentError), each argument fitting its parameter
/// (SignatureMismatchError, noting the signature), in that order.
CheckedLaunch check_arguments(const Queue& live_queue, const LoadedKernel& kernel,
                              std::span<const KernelArg> args);

/// runtime::launch's checks: check_queue_live (launch on "the kernel's device"), then
/// check_arguments.
CheckedLaunch check_launch(const Queue& queue, const LoadedKernel& kernel,
                           std::span<const KernelArg> args);

/// For a live queue: the specialization of `set` the arguments fit on the queue's device
/// (SpecializationSet::find, whose match is the check), or nullopt when none fits.
std::optional<CheckedLaunch> match_launch(const SpecializationSet& set, const Queue& live_queue,
                                          std::span<const KernelArg> args);

/// Launches a checked launch over `global` (work-groups of `local`, if not null) after `deps`:
/// the local-memory arguments and the range checked (InvalidArgumentError, InvalidRangeError),
/// scalars converted, the arguments set and the kernel enqueued; returns at once with its event.
Event launch_checked(const CheckedLaunch& launch, const Range& global, const Range* local,
                     std::span<const Event> deps);

}  // namespace dpk::runtime
