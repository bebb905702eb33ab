#include "dpk/runtime/event.h"

#include <cstdio>
#include <utility>

#include "backends/backend.h"
#include "runtime/backend_access.h"
#include "runtime/bounds_record.h"

namespace dpk::runtime {

void Event::wait() const {
    if (backends::Event* e = detail::backend_of(*this)) e->wait();
    if (prints_) std::fflush(stdout);  // what the driver printed, before anything after the wait
    if (bounds_) bounds_->raise_violation();
}

bool Event::is_complete() const {
    return !impl_ || detail::backend_of(*this)->is_complete();
}

backends::ProfilingTimes Event::profiling() const {
    if (!impl_) return {};
    return detail::backend_of(*this)->profiling();
}

std::uint64_t Event::duration_ns() const {
    backends::ProfilingTimes t = profiling();
    return t.end >= t.start ? t.end - t.start : 0;
}

Event Event::keeping(std::shared_ptr<const void> resources) const {
    Event e = *this;
    if (!resources) return e;
    if (!e.resources_) {
        e.resources_ = std::move(resources);
    } else {
        // What it kept already stays: both, in one owner.
        using Both = std::pair<std::shared_ptr<const void>, std::shared_ptr<const void>>;
        e.resources_ = std::make_shared<const Both>(std::move(e.resources_), std::move(resources));
    }
    return e;
}

void Event::wait_all(std::span<const Event> events) {
    for (const Event& e : events) e.wait();
}

}  // namespace dpk::runtime
