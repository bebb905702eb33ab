#include "runtime/queue.h"

#include "backends/backend.h"
#include "core/error.h"
#include "runtime/bounds_record.h"

namespace dpk::runtime {

Queue::Queue() : Queue(default_device()) {}

Queue::Queue(const Device& device, QueueOptions options)
    : device_(device),
      impl_(device.context()->create_queue(options.profiling)),
      bounds_records_(std::make_shared<PendingBoundsRecords>()) {}

namespace {
void check_live(const Queue& q, const char* what) {
    if (!q) throw InvalidArgumentError(std::string(what) + " on a queue that was moved from");
}
}  // namespace

bool Queue::profiling() const {
    check_live(*this, "profiling()");
    return impl_->profiling_enabled();
}

void Queue::wait() const {
    check_live(*this, "wait()");
    impl_->finish();
    bounds_records_->raise_violations();
}

}  // namespace dpk::runtime
