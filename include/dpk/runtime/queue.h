// Queues: in-order command queues on one device.
#pragma once

#include <functional>
#include <memory>

#include "dpk/runtime/device.h"
#include "dpk/runtime/event.h"

namespace dpk::runtime {

class PendingBoundsRecords;
namespace detail {
struct BackendAccess;
struct QueueAttachments;
}  // namespace detail

/// How a queue is created.
struct QueueOptions {
    /// Record device timestamps for every command (Event::profiling). On by default: it costs
    /// little and makes kernel times available; turn it off for the leanest launch path.
    bool profiling = true;
};

/// An in-order queue on one device (the device's default context). Cheap to copy; copies share
/// the queue. Commands run in submission order; the host does not wait unless asked.
class Queue {
public:
    /// A queue on default_device().
    Queue();
    explicit Queue(const Device& device, QueueOptions options = {});
    /// A dpk queue over a driver queue another library made on `device`'s context — a
    /// cl_command_queue (in order) or a CUstream (of the device's primary context, as PyTorch's
    /// and CuPy's streams are; 0, 1 and 2 are its legacy and per-thread default streams) — so
    /// launches interleave with that library's work. `owned`: the
    /// driver queue is released with the last copy of this queue; otherwise it stays the
    /// caller's, who keeps it alive as long as this queue. Throws InvalidArgumentError for a
    /// driver queue of another context or device, UnsupportedDeviceFeatureError where the backend
    /// cannot adopt (Level Zero).
    static Queue adopt(const Device& device, void* native_queue, bool owned = false);

    const Device& device() const { return device_; }
    /// Whether commands record device timestamps (QueueOptions::profiling).
    bool profiling() const;
    /// Blocks until every command submitted so far finished. Throws BoundsError for the first
    /// bounds-checked launch on it that indexed an array outside its shape and that no wait has
    /// raised yet (the others stay for the next wait).
    void wait() const;

    /// The driver's queue: cl_command_queue, CUstream or ze_command_list_handle_t (an immediate
    /// command list), for use with that driver's API. It stays dpk's.
    void* native_handle() const;
    /// Makes this queue's later commands wait, on the device, for what was submitted so far to
    /// another library's driver queue of the same context (a cl_command_queue, a CUstream
    /// including the legacy 1 and per-thread 2 default streams): what a consumer of
    /// __cuda_array_interface__'s `stream` does. UnsupportedDeviceFeatureError on Level Zero.
    void wait_for_native(void* native_queue) const;

    /// The records of bounds-checked launches on this queue that no wait has raised yet.
    PendingBoundsRecords& bounds_records() const { return *bounds_records_; }
    /// State a layer above the runtime keeps per queue (the device-wide algorithms keep their
    /// cached scratch memory here): the object stored under `key` (an address of that layer's
    /// own), made by `make` and stored on the first call that passes one; null when none is
    /// stored and `make` is empty. Shared by the queue's copies and released with the last of
    /// them, before the driver's queue. Thread-safe; `make` runs under the queue's lock.
    std::shared_ptr<void> attachment(const void* key,
                                     const std::function<std::shared_ptr<void>()>& make = {}) const;

    /// False for a queue moved from: commands on it are InvalidArgumentErrors.
    explicit operator bool() const { return impl_ != nullptr; }
    friend bool operator==(const Queue& a, const Queue& b) { return a.impl_ == b.impl_; }

private:
    friend struct detail::BackendAccess;  // dpk's own code: runtime/backend_access.h
    Queue(const Device& device, std::shared_ptr<void> impl);

    Device device_;
    std::shared_ptr<void> impl_;  // the backend's queue
    std::shared_ptr<PendingBoundsRecords> bounds_records_;
    // Declared last, so destroyed first: what it holds (memory the queue's commands may still
    // use) is freed while the driver's queue is there for the free to wait for.
    std::shared_ptr<detail::QueueAttachments> attachments_;
};

}  // namespace dpk::runtime
