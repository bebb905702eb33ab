// Events: completion of an asynchronous command, and its device-side timing.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "core/device_info.h"

namespace dpk::backends {
class Event;
}  // namespace dpk::backends

namespace dpk::runtime {

/// The completion handle of a launch, copy or fill. Cheap to copy; an empty Event is complete.
class Event {
public:
    Event() = default;
    explicit Event(std::shared_ptr<backends::Event> impl) : impl_(std::move(impl)) {}

    /// Blocks until the command finished; throws BackendError if it failed.
    void wait() const;
    bool is_complete() const;
    /// Device timestamps (ns) of the command; waits first. Throws BackendError if the queue was
    /// created without profiling.
    ProfilingTimes profiling() const;
    /// Device-side execution time in nanoseconds (end - start).
    std::uint64_t duration_ns() const;

    /// Waits for every event.
    static void wait_all(std::span<const Event> events);

    backends::Event* backend() const { return impl_.get(); }
    explicit operator bool() const { return impl_ != nullptr; }

private:
    std::shared_ptr<backends::Event> impl_;
};

}  // namespace dpk::runtime
