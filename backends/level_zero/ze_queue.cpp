#include "backends/level_zero/ze_queue.h"

#include <cstdint>
#include <limits>

#include "backends/level_zero/ze_context.h"
#include "backends/level_zero/ze_error.h"
#include "backends/level_zero/ze_program.h"
#include "dpk/core/error.h"

namespace dpk::backends::level_zero {

namespace {
constexpr std::uint64_t kWaitForever = std::numeric_limits<std::uint64_t>::max();
}

ZeEventPool::ZeEventPool(ze_context_handle_t context, bool timestamps) {
    ze_event_pool_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
    desc.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE;
    if (timestamps) desc.flags |= ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;
    desc.count = kSlots;
    check(zeEventPoolCreate(context, &desc, 0, nullptr, &pool_), "zeEventPoolCreate");
    free_.reserve(kSlots);
    for (std::uint32_t i = kSlots; i > 0; --i) free_.push_back(i - 1);
}

ZeEventPool::~ZeEventPool() {
    zeEventPoolDestroy(pool_);
}

ze_event_handle_t ZeEventPool::acquire(std::uint32_t& slot) {
    std::lock_guard lock(mutex_);
    if (free_.empty()) return nullptr;
    slot = free_.back();
    ze_event_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
    desc.index = slot;
    desc.signal = ZE_EVENT_SCOPE_FLAG_HOST;
    desc.wait = ZE_EVENT_SCOPE_FLAG_HOST;
    ze_event_handle_t event = nullptr;
    check(zeEventCreate(pool_, &desc, &event), "zeEventCreate");
    free_.pop_back();
    return event;
}

void ZeEventPool::release(std::uint32_t slot, ze_event_handle_t event) noexcept {
    zeEventDestroy(event);
    std::lock_guard lock(mutex_);
    free_.push_back(slot);
}

ZeEvent::ZeEvent(std::shared_ptr<ZeContext> context, std::shared_ptr<ZeEventPool> pool,
                 ze_event_handle_t event, std::uint32_t slot)
    : context_(std::move(context)), pool_(std::move(pool)), event_(event), slot_(slot) {}

ZeEvent::~ZeEvent() {
    pool_->release(slot_, event_);
}

void ZeEvent::wait() {
    check(zeEventHostSynchronize(event_, kWaitForever), "zeEventHostSynchronize");
}

bool ZeEvent::is_complete() {
    ze_result_t r = zeEventQueryStatus(event_);
    if (r == ZE_RESULT_NOT_READY) return false;
    check(r, "zeEventQueryStatus");
    return true;
}

ProfilingTimes ZeEvent::profiling() {
    wait();
    ze_kernel_timestamp_result_t ts{};
    check(zeEventQueryKernelTimestamp(event_, &ts), "zeEventQueryKernelTimestamp",
          "was the queue created with profiling enabled?");
    std::uint32_t bits = context_->kernel_timestamp_bits();
    std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << bits) - 1);
    std::uint64_t start = ts.global.kernelStart & mask;
    std::uint64_t end = ts.global.kernelEnd & mask;
    std::uint64_t ticks = end >= start ? end - start : (mask - start) + end + 1;
    // ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES reports timerResolution in nanoseconds per tick.
    ProfilingTimes t;
    t.start = start * context_->timer_resolution();
    t.end = t.start + ticks * context_->timer_resolution();
    t.queued = t.submit = t.start;  // Level Zero events carry kernel timestamps only
    return t;
}

const void* ZeEvent::context_id() const {
    return context_->id();
}

ZeQueue::ZeQueue(std::shared_ptr<ZeContext> context, bool profiling)
    : context_(std::move(context)), profiling_(profiling) {
    ze_command_queue_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
    desc.ordinal = context_->compute_queue_ordinal();
    desc.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
    desc.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
    check(zeCommandListCreateImmediate(context_->handle(), context_->device(), &desc, &list_),
          "zeCommandListCreateImmediate", "device '" + context_->device_info().name + "'");
    context_->register_queue(this);
}

ZeQueue::~ZeQueue() {
    context_->unregister_queue(this);
    try {
        finish();
    } catch (...) {
        // A failed command cannot be reported from a destructor.
    }
    last_.reset();
    zeCommandListDestroy(list_);
}

std::shared_ptr<ZeEvent> ZeQueue::new_event() {
    std::uint32_t slot = 0;
    for (auto& pool : pools_)
        if (ze_event_handle_t e = pool->acquire(slot))
            return std::make_shared<ZeEvent>(context_, pool, e, slot);
    pools_.push_back(std::make_shared<ZeEventPool>(context_->handle(), profiling_));
    ze_event_handle_t e = pools_.back()->acquire(slot);
    return std::make_shared<ZeEvent>(context_, pools_.back(), e, slot);
}

template <typename Append>
std::shared_ptr<Event> ZeQueue::submit(Deps deps, Append&& append) {
    std::lock_guard lock(mutex_);
    std::vector<ze_event_handle_t> wait;
    wait.reserve(deps.size() + 1);
    if (last_) wait.push_back(last_->handle());
    for (Event* e : deps) {
        if (!e) continue;
        if (e->context_id() != context_->id()) {
            e->wait();  // another context's event cannot be in this wait list
            continue;
        }
        wait.push_back(static_cast<ZeEvent*>(e)->handle());
    }
    std::shared_ptr<ZeEvent> event = new_event();
    append(event->handle(), static_cast<std::uint32_t>(wait.size()),
           wait.empty() ? nullptr : wait.data());
    last_ = event;
    return event;
}

std::shared_ptr<Event> ZeQueue::launch(Kernel& kernel, const NdRange& range, Deps deps) {
    auto& k = static_cast<ZeKernel&>(kernel);
    std::uint32_t group[3] = {1, 1, 1};
    std::uint32_t global[3] = {1, 1, 1};
    for (std::uint32_t d = 0; d < range.dims; ++d)
        global[d] = static_cast<std::uint32_t>(range.global[d]);
    if (range.has_local) {
        for (std::uint32_t d = 0; d < range.dims; ++d)
            group[d] = static_cast<std::uint32_t>(range.local[d]);
    } else {
        check(zeKernelSuggestGroupSize(k.handle(), global[0], global[1], global[2], &group[0],
                                       &group[1], &group[2]),
              "zeKernelSuggestGroupSize", k.name());
    }
    ze_result_t r = zeKernelSetGroupSize(k.handle(), group[0], group[1], group[2]);
    if (r != ZE_RESULT_SUCCESS) fail(r, "zeKernelSetGroupSize", "kernel '" + k.name() + "'");
    ze_group_count_t count{global[0] / group[0], global[1] / group[1], global[2] / group[2]};
    return submit(deps, [&](ze_event_handle_t signal, std::uint32_t n, ze_event_handle_t* wait) {
        ze_result_t res =
            zeCommandListAppendLaunchKernel(list_, k.handle(), &count, signal, n, wait);
        if (res != ZE_RESULT_SUCCESS)
            fail(res, "zeCommandListAppendLaunchKernel", "kernel '" + k.name() + "'");
    });
}

std::shared_ptr<Event> ZeQueue::copy(void* dst, const void* src, std::size_t bytes, Deps deps) {
    return submit(deps, [&](ze_event_handle_t signal, std::uint32_t n, ze_event_handle_t* wait) {
        ze_result_t res = zeCommandListAppendMemoryCopy(list_, dst, src, bytes, signal, n, wait);
        if (res != ZE_RESULT_SUCCESS)
            fail(res, "zeCommandListAppendMemoryCopy", std::to_string(bytes) + " bytes");
    });
}

std::shared_ptr<Event> ZeQueue::fill(void* dst, const void* pattern, std::size_t pattern_size,
                                     std::size_t bytes, Deps deps) {
    return submit(deps, [&](ze_event_handle_t signal, std::uint32_t n, ze_event_handle_t* wait) {
        ze_result_t res = zeCommandListAppendMemoryFill(list_, dst, pattern, pattern_size, bytes,
                                                        signal, n, wait);
        if (res != ZE_RESULT_SUCCESS)
            fail(res, "zeCommandListAppendMemoryFill", std::to_string(bytes) + " bytes");
    });
}

void ZeQueue::finish() {
    std::shared_ptr<ZeEvent> last;
    {
        std::lock_guard lock(mutex_);
        last = last_;
    }
    if (last) last->wait();
}

void ZeQueue::wait_for_native(void*) {
    throw UnsupportedDeviceFeatureError(
        "waiting for a Level Zero command list another library owns is not supported");
}

}  // namespace dpk::backends::level_zero
