#include "dpk/runtime/queue.h"

#include <mutex>
#include <unordered_map>

#include "backends/backend.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"
#include "runtime/bounds_record.h"

namespace dpk::runtime {

namespace detail {
/// What Queue::attachment stores, shared by a queue's copies.
struct QueueAttachments {
    std::mutex mutex;
    std::unordered_map<const void*, std::shared_ptr<void>> objects;
};
}  // namespace detail

Queue::Queue() : Queue(default_device()) {}

Queue::Queue(const Device& device, QueueOptions options)
    : device_(device),
      impl_(detail::context_of(device)->create_queue(options.profiling)),
      bounds_records_(std::make_shared<PendingBoundsRecords>()),
      attachments_(std::make_shared<detail::QueueAttachments>()) {}

Queue::Queue(const Device& device, std::shared_ptr<void> impl)
    : device_(device),
      impl_(std::move(impl)),
      bounds_records_(std::make_shared<PendingBoundsRecords>()),
      attachments_(std::make_shared<detail::QueueAttachments>()) {}

Queue Queue::adopt(const Device& device, void* native_queue, bool owned) {
    if (!device) throw InvalidArgumentError("Queue::adopt: empty device");
    return Queue(device, detail::context_of(device)->adopt_queue(native_queue, owned));
}

namespace {
void check_live(const Queue& q, const char* what) {
    if (!q) throw InvalidArgumentError(std::string(what) + " on a queue that was moved from");
}
}  // namespace

bool Queue::profiling() const {
    check_live(*this, "profiling()");
    return detail::backend_of(*this).profiling_enabled();
}

void* Queue::native_handle() const {
    check_live(*this, "native_handle()");
    return detail::backend_of(*this).native_handle();
}

void Queue::wait_for_native(void* native_queue) const {
    check_live(*this, "wait_for_native()");
    detail::backend_of(*this).wait_for_native(native_queue);
}

std::shared_ptr<void> Queue::attachment(const void* key,
                                        const std::function<std::shared_ptr<void>()>& make) const {
    check_live(*this, "attachment()");
    std::lock_guard lock(attachments_->mutex);
    auto it = attachments_->objects.find(key);
    if (it != attachments_->objects.end()) return it->second;
    if (!make) return nullptr;
    std::shared_ptr<void> made = make();
    if (made) attachments_->objects.emplace(key, made);
    return made;
}

void Queue::wait() const {
    check_live(*this, "wait()");
    detail::backend_of(*this).finish();
    bounds_records_->raise_violations();
}

}  // namespace dpk::runtime
