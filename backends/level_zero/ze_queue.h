// The Level Zero implementation of backends::Queue and backends::Event: an immediate command
// list made in-order by chaining each command on the previous one's event.
#pragma once

#include <level_zero/ze_api.h>

#include <memory>
#include <mutex>
#include <vector>

#include "backends/backend.h"

namespace dpk::backends::level_zero {

class ZeContext;

/// A slab of events (one ze_event_pool_handle_t) with a free list of slots.
class ZeEventPool {
public:
    ZeEventPool(ze_context_handle_t context, bool timestamps);
    ~ZeEventPool();
    ZeEventPool(const ZeEventPool&) = delete;
    ZeEventPool& operator=(const ZeEventPool&) = delete;

    /// A fresh event, or nullptr when every slot is in use.
    ze_event_handle_t acquire(std::uint32_t& slot);
    void release(std::uint32_t slot, ze_event_handle_t event) noexcept;

    static constexpr std::uint32_t kSlots = 256;

private:
    ze_event_pool_handle_t pool_ = nullptr;
    std::mutex mutex_;
    std::vector<std::uint32_t> free_;
};

/// One event of a pool; returns its slot when destroyed.
class ZeEvent final : public Event {
public:
    ZeEvent(std::shared_ptr<ZeContext> context, std::shared_ptr<ZeEventPool> pool,
            ze_event_handle_t event, std::uint32_t slot);
    ~ZeEvent() override;
    ZeEvent(const ZeEvent&) = delete;
    ZeEvent& operator=(const ZeEvent&) = delete;

    void wait() override;
    bool is_complete() override;
    ProfilingTimes profiling() override;
    const void* context_id() const override;
    ze_event_handle_t handle() const { return event_; }

private:
    std::shared_ptr<ZeContext> context_;
    std::shared_ptr<ZeEventPool> pool_;
    ze_event_handle_t event_;
    std::uint32_t slot_;
};

/// An in-order queue over an immediate command list.
class ZeQueue final : public Queue {
public:
    ZeQueue(std::shared_ptr<ZeContext> context, bool profiling);
    ~ZeQueue() override;
    ZeQueue(const ZeQueue&) = delete;
    ZeQueue& operator=(const ZeQueue&) = delete;

    std::shared_ptr<Event> launch(Kernel& kernel, const NdRange& range, Deps deps) override;
    std::shared_ptr<Event> copy(void* dst, const void* src, std::size_t bytes, Deps deps) override;
    std::shared_ptr<Event> fill(void* dst, const void* pattern, std::size_t pattern_size,
                                std::size_t bytes, Deps deps) override;
    void finish() override;
    bool profiling_enabled() const override { return profiling_; }
    /// The immediate command list.
    void* native_handle() const override { return list_; }
    /// Not available (UnsupportedDeviceFeatureError).
    void wait_for_native(void* native_queue) override;

private:
    /// Calls append(signal, n_wait, wait) under the queue lock with the previous command and
    /// the dependencies as the wait list; returns the new command's event.
    template <typename Append>
    std::shared_ptr<Event> submit(Deps deps, Append&& append);
    std::shared_ptr<ZeEvent> new_event();

    std::shared_ptr<ZeContext> context_;
    bool profiling_;
    ze_command_list_handle_t list_ = nullptr;
    std::mutex mutex_;
    std::vector<std::shared_ptr<ZeEventPool>> pools_;
    std::shared_ptr<ZeEvent> last_;
};

}  // namespace dpk::backends::level_zero
