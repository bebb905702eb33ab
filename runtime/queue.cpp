#include "runtime/queue.h"

#include "backends/backend.h"

namespace dpk::runtime {

Queue::Queue() : Queue(default_device()) {}

Queue::Queue(const Device& device, QueueOptions options)
    : device_(device), impl_(device.context()->create_queue(options.profiling)) {}

bool Queue::profiling() const {
    return impl_->profiling_enabled();
}

void Queue::wait() const {
    impl_->finish();
}

}  // namespace dpk::runtime
