// Events: completion of an asynchronous command, and its device-side timing.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "dpk/core/device_info.h"

namespace dpk::runtime {

class BoundsRecord;
namespace detail {
struct BackendAccess;
}  // namespace detail

/// The completion handle of a launch, copy or fill. Cheap to copy; an empty Event is complete.
class Event {
public:
    Event() = default;

    /// Blocks until the command finished; throws BackendError if it failed, BoundsError if it
    /// is a bounds-checked launch that indexed an array outside its shape, and AssertionError if
    /// an assert of its kernel failed (raised by the first wait that sees it: this one or the
    /// queue's). The wait for a launch whose kernel prints flushes stdout first.
    void wait() const;
    bool is_complete() const;
    /// Device timestamps (ns) of the command; waits first. Throws BackendError if the queue was
    /// created without profiling.
    ProfilingTimes profiling() const;
    /// Device-side execution time in nanoseconds (end - start).
    std::uint64_t duration_ns() const;

    /// Waits for every event.
    static void wait_all(std::span<const Event> events);

    /// This event, also owning `resources` (memory its command uses, e.g. an algorithm's scratch
    /// arrays) until its last copy goes: asynchronous work keeps what it needs without a wait.
    /// What the event kept before stays kept too.
    Event keeping(std::shared_ptr<const void> resources) const;

    explicit operator bool() const { return impl_ != nullptr; }

private:
    friend struct detail::BackendAccess;  // dpk's own code: runtime/backend_access.h
    Event(std::shared_ptr<void> impl, std::shared_ptr<BoundsRecord> bounds, bool prints)
        : impl_(std::move(impl)), bounds_(std::move(bounds)), prints_(prints) {}

    std::shared_ptr<void> impl_;  // the backend's event
    std::shared_ptr<BoundsRecord> bounds_;
    bool prints_ = false;
    std::shared_ptr<const void> resources_;
};

}  // namespace dpk::runtime
