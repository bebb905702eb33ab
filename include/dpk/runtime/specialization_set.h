// The compiled specializations of one kernel, chosen per launch by the arguments' types.
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "dpk/runtime/event.h"
#include "dpk/runtime/launch_args.h"
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/queue.h"

namespace dpk::runtime {

/// Every specialization of one kernel (LoadedKernels, on one or several devices). `find` picks
/// the one a launch's arguments fit, without allocating or hashing strings; readers never block
/// and run concurrently with `add`. Used by the JIT's kernels and by AOT bundles alike, so both
/// enforce signatures the same way.
class SpecializationSet {
public:
    explicit SpecializationSet(std::string kernel_name);
    ~SpecializationSet();
    SpecializationSet(const SpecializationSet&) = delete;
    SpecializationSet& operator=(const SpecializationSet&) = delete;

    const std::string& kernel_name() const { return name_; }

    /// Adds a specialization; returns the stored copy.
    const LoadedKernel& add(LoadedKernel kernel);
    /// The specialization for exactly this signature (normalized: device strings cleared) on
    /// `device`, or null.
    const LoadedKernel* find_signature(const Device& device, const Signature& signature) const;
    /// The specialization the arguments fit on `device` (runtime/argument_check.h): every scalar
    /// of the parameter's dtype — or, failing such an exact fit, one whose value converts
    /// exactly. Null if none fits.
    const LoadedKernel* find(const Device& device, std::span<const KernelArg> args) const;
    /// Throws SignatureMismatchError: the kernel, the closest specialization's first parameter
    /// that does not fit (index, name, expected and actual type), and every signature there is.
    [[noreturn]] void throw_mismatch(const Device& device, std::span<const KernelArg> args) const;

    /// Finds the specialization (or throws the mismatch) and launches it.
    Event launch(const Queue& queue, const Range& global, std::span<const KernelArg> args,
                 std::span<const Event> deps = {}) const;
    Event launch(const Queue& queue, const Range& global, const Range& local,
                 std::span<const KernelArg> args, std::span<const Event> deps = {}) const;
    Event launch(const Queue& queue, const Range& global, std::initializer_list<KernelArg> args,
                 std::initializer_list<Event> deps = {}) const {
        return launch(queue, global, std::span(args.begin(), args.size()),
                      std::span(deps.begin(), deps.size()));
    }
    Event launch(const Queue& queue, const Range& global, const Range& local,
                 std::initializer_list<KernelArg> args,
                 std::initializer_list<Event> deps = {}) const {
        return launch(queue, global, local, std::span(args.begin(), args.size()),
                      std::span(deps.begin(), deps.size()));
    }

    /// A snapshot of every specialization, in the order they were added.
    std::vector<LoadedKernel> all() const;
    std::size_t size() const { return size_.load(std::memory_order_acquire); }
    /// "void(f32, f32[::1], f32[::1]) on opencl:cpu:0; ..." (or "none").
    std::string describe_signatures() const;

private:
    struct Node;
    const Node* match(const Device& device, std::span<const KernelArg> args, bool exact) const;

    std::string name_;
    std::atomic<Node*> head_{nullptr};
    Node* tail_ = nullptr;  // guarded by add_mutex_
    std::atomic<std::size_t> size_{0};
    mutable std::atomic<const Node*> last_hit_{nullptr};
    std::mutex add_mutex_;
};

/// `signature` with every parameter's device string cleared (the key a specialization is stored
/// under; the device is kept beside it).
Signature without_devices(Signature signature);

}  // namespace dpk::runtime
