// The backend objects behind the runtime's public handles (Device, Queue, Event), for dpk's own
// code: the runtime, the JIT, tests and benchmarks. Not installed: the public headers name no
// backend type, and a consumer reaches the driver only through the native handles
// (Device::native_context, Queue::native_handle).
#pragma once

#include <memory>
#include <utility>

#include "dpk/runtime/device.h"
#include "dpk/runtime/event.h"
#include "dpk/runtime/queue.h"

namespace dpk::backends {
class Context;
class Device;
class Event;
class Queue;
}  // namespace dpk::backends

namespace dpk::runtime::detail {

/// The one friend of the public handles that hands out what they hold.
struct BackendAccess {
    static const DeviceEntry* entry(const Device& d) { return d.entry_; }
    static backends::Queue* queue(const Queue& q) {
        return static_cast<backends::Queue*>(q.impl_.get());
    }
    static backends::Event* event(const Event& e) {
        return static_cast<backends::Event*>(e.impl_.get());
    }
    static Event make_event(std::shared_ptr<backends::Event> impl,
                            std::shared_ptr<BoundsRecord> bounds, bool prints) {
        return Event(std::shared_ptr<void>(std::move(impl)), std::move(bounds), prints);
    }
};

/// The device's default context, shared by every queue, array and kernel on it (made on first
/// use). Throws DeviceNotFoundError for an empty handle.
const std::shared_ptr<backends::Context>& context_of(const Device& device);
/// The backend's device object. Throws DeviceNotFoundError for an empty handle.
backends::Device& backend_device(const Device& device);

/// The backend queue behind `queue` (not a queue moved from).
inline backends::Queue& backend_of(const Queue& queue) {
    return *BackendAccess::queue(queue);
}
/// The backend event behind `event`; null for an empty (complete) event.
inline backends::Event* backend_of(const Event& event) {
    return BackendAccess::event(event);
}
/// The Event of a backend event: of a launch with a bounds record (bounds checks, asserts; may be
/// null) or whose kernel prints, or (the defaults) of a plain command.
inline Event make_event(std::shared_ptr<backends::Event> impl,
                        std::shared_ptr<BoundsRecord> bounds = nullptr, bool prints = false) {
    return BackendAccess::make_event(std::move(impl), std::move(bounds), prints);
}

}  // namespace dpk::runtime::detail
