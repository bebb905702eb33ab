// The OpenCL implementation of backends::Queue and backends::Event.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

class ClContext;

/// A cl_event; released with the object.
class ClEvent final : public Event {
public:
    ClEvent(cl_event event, const void* context_id) : event_(event), context_id_(context_id) {}
    ~ClEvent() override;
    ClEvent(const ClEvent&) = delete;
    ClEvent& operator=(const ClEvent&) = delete;

    void wait() override;
    bool is_complete() override;
    ProfilingTimes profiling() override;
    const void* context_id() const override { return context_id_; }
    cl_event handle() const { return event_; }

private:
    cl_event event_;
    const void* context_id_;
};

/// An in-order cl_command_queue.
class ClQueue final : public Queue {
public:
    ClQueue(std::shared_ptr<ClContext> context, bool profiling);
    /// Takes over one reference to `queue` (checked by ClContext::adopt_queue).
    ClQueue(std::shared_ptr<ClContext> context, cl_command_queue queue, bool profiling);
    ~ClQueue() override;
    ClQueue(const ClQueue&) = delete;
    ClQueue& operator=(const ClQueue&) = delete;

    std::shared_ptr<Event> launch(Kernel& kernel, const NdRange& range, Deps deps) override;
    std::shared_ptr<Event> copy(void* dst, const void* src, std::size_t bytes, Deps deps) override;
    std::shared_ptr<Event> fill(void* dst, const void* pattern, std::size_t pattern_size,
                                std::size_t bytes, Deps deps) override;
    void finish() override;
    bool profiling_enabled() const override { return profiling_; }
    void* native_handle() const override { return queue_; }
    /// clEnqueueMarkerWithWaitList there, clEnqueueBarrierWithWaitList on its event here.
    void wait_for_native(void* native_queue) override;
    cl_command_queue handle() const { return queue_; }

private:
    std::shared_ptr<Event> wrap(cl_event e) const;

    std::shared_ptr<ClContext> context_;
    cl_command_queue queue_ = nullptr;
    bool profiling_;
};

}  // namespace dpk::backends::opencl
