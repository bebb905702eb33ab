// Bounds records: what a bounds-checked launch writes its first out-of-bounds access to, and the
// BoundsError that the waits for the launch raise from it (runtime-internal).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "dpk/runtime/launch_args.h"
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/usm_allocation.h"

namespace dpk::backends {
class Event;
}  // namespace dpk::backends

namespace dpk::runtime {

/// The record of one launch of a bounds-checked kernel (KernelAbi::checks_bounds): a zeroed
/// buffer of BoundsRecordLayout::kWords u64 words in host-readable USM, plus what the message
/// needs (the kernel, the launch's array shapes and range).
class BoundsRecord {
public:
    /// Allocates and zeroes the record. Throws UnsupportedDeviceFeatureError when the device
    /// has neither host nor shared USM.
    BoundsRecord(const LoadedKernel& kernel, const Range& global, std::span<const KernelArg> args);

    void* data() const { return memory_.data(); }
    /// The launch's event, once enqueued.
    void set_event(std::shared_ptr<backends::Event> event) { event_ = std::move(event); }
    bool is_complete() const;
    /// For a completed launch: throws BoundsError if it recorded a violation that no wait has
    /// raised yet (each is raised once).
    void raise_violation();
    /// For a completed launch: whether it recorded a violation.
    bool recorded() const;
    /// True once the record was read: nothing left to raise.
    bool settled() const { return settled_.load(std::memory_order_acquire); }

private:
    std::string message() const;

    LoadedKernel kernel_;
    UsmAllocation memory_;
    std::uint32_t dims_;
    /// Shapes of the array arguments at launch, by parameter (empty for other parameters).
    std::vector<std::vector<std::int64_t>> shapes_;
    std::shared_ptr<backends::Event> event_;
    std::atomic<bool> settled_{false};
};

/// The bounds records of a queue's launches that no wait has settled yet.
class PendingBoundsRecords {
public:
    /// Drops the records of settled launches and of completed ones that recorded nothing. A
    /// launch calls it before it enqueues: freeing USM may wait for the device's queues.
    void prune();
    /// Adds a launch's record.
    void add(std::shared_ptr<BoundsRecord> record);
    /// Raises (BoundsError, AssertionError) the first violation among the completed launches not
    /// yet raised; settles the clean ones. Flushes stdout first when a launch printed.
    void raise_violations();
    /// A launch on the queue calls print: the next wait flushes stdout.
    void note_print() { prints_.store(true, std::memory_order_relaxed); }

private:
    std::atomic<bool> prints_{false};
    std::mutex mutex_;
    std::vector<std::shared_ptr<BoundsRecord>> records_;
};

}  // namespace dpk::runtime
