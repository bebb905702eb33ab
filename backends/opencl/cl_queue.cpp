#include "backends/opencl/cl_queue.h"

#include <array>
#include <vector>

#include "backends/opencl/cl_context.h"
#include "backends/opencl/cl_dispatch.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_program.h"
#include "dpk/core/error.h"

namespace dpk::backends::opencl {

ClEvent::~ClEvent() {
    if (event_) icd(event_).clReleaseEvent(event_);
}

void ClEvent::wait() {
    cl_int err = icd(event_).clWaitForEvents(1, &event_);
    if (err == CL_SUCCESS) return;
    // A failed command shows as CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST; its own status says
    // why. Asked only then, so a successful wait costs one driver call.
    cl_int status = CL_COMPLETE;
    icd(event_).clGetEventInfo(event_, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                               nullptr);
    if (status < 0) check(status, "command execution", "the command this event stands for failed");
    check(err, "clWaitForEvents");
}

bool ClEvent::is_complete() {
    cl_int status = CL_QUEUED;
    check(icd(event_).clGetEventInfo(event_, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status),
                                     &status, nullptr),
          "clGetEventInfo");
    if (status < 0) check(status, "command execution", "the command this event stands for failed");
    return status == CL_COMPLETE;
}

ProfilingTimes ClEvent::profiling() {
    wait();
    ProfilingTimes t;
    auto get = [&](cl_profiling_info what, std::uint64_t& out) {
        cl_ulong v = 0;
        check(icd(event_).clGetEventProfilingInfo(event_, what, sizeof(v), &v, nullptr),
              "clGetEventProfilingInfo", "was the queue created with profiling enabled?");
        out = v;
    };
    get(CL_PROFILING_COMMAND_QUEUED, t.queued);
    get(CL_PROFILING_COMMAND_SUBMIT, t.submit);
    get(CL_PROFILING_COMMAND_START, t.start);
    get(CL_PROFILING_COMMAND_END, t.end);
    return t;
}

namespace {
/// Dependencies as a cl_event wait list; events of other contexts are waited for on the host,
/// since OpenCL wait lists cannot cross contexts.
class WaitList {
public:
    WaitList(Queue::Deps deps, const void* context_id) {
        for (Event* e : deps) {
            if (!e) continue;
            if (e->context_id() != context_id) {
                e->wait();
                continue;
            }
            cl_event h = static_cast<ClEvent*>(e)->handle();
            if (count_ < small_.size())
                small_[count_] = h;
            else
                spill(h);
            ++count_;
        }
    }
    cl_uint size() const { return static_cast<cl_uint>(count_); }
    const cl_event* data() const {
        return count_ == 0 ? nullptr : (large_.empty() ? small_.data() : large_.data());
    }

private:
    void spill(cl_event h) {
        if (large_.empty()) large_.assign(small_.begin(), small_.end());
        large_.push_back(h);
    }
    std::array<cl_event, 8> small_{};
    std::vector<cl_event> large_;
    std::size_t count_ = 0;
};
}  // namespace

ClQueue::ClQueue(std::shared_ptr<ClContext> context, bool profiling)
    : context_(std::move(context)), profiling_(profiling) {
    cl_queue_properties props[] = {
        CL_QUEUE_PROPERTIES, profiling ? cl_queue_properties{CL_QUEUE_PROFILING_ENABLE} : 0, 0};
    cl_int err = CL_SUCCESS;
    queue_ = icd(context_->handle())
                 .clCreateCommandQueueWithProperties(context_->handle(), context_->device(), props,
                                                     &err);
    check(err, "clCreateCommandQueueWithProperties",
          "device '" + context_->device_info().name + "'");
    context_->register_queue(queue_);
}

ClQueue::ClQueue(std::shared_ptr<ClContext> context, cl_command_queue queue, bool profiling)
    : context_(std::move(context)), queue_(queue), profiling_(profiling) {
    context_->register_queue(queue_);
}

ClQueue::~ClQueue() {
    context_->unregister_queue(queue_);
    icd(queue_).clFinish(queue_);
    icd(queue_).clReleaseCommandQueue(queue_);
}

std::shared_ptr<Event> ClQueue::wrap(cl_event e) const {
    try {
        return std::make_shared<ClEvent>(e, context_->id());
    } catch (...) {
        icd(e).clReleaseEvent(e);
        throw;
    }
}

std::shared_ptr<Event> ClQueue::launch(Kernel& kernel, const NdRange& range, Deps deps) {
    WaitList wait(deps, context_->id());
    cl_event e = nullptr;
    cl_int err = icd(queue_).clEnqueueNDRangeKernel(
        queue_, static_cast<ClKernel&>(kernel).handle(), range.dims, nullptr, range.global.data(),
        range.has_local ? range.local.data() : nullptr, wait.size(), wait.data(), &e);
    if (err != CL_SUCCESS)
        fail(err, "clEnqueueNDRangeKernel",
             "kernel '" + static_cast<ClKernel&>(kernel).name() + "'");
    return wrap(e);
}

std::shared_ptr<Event> ClQueue::copy(void* dst, const void* src, std::size_t bytes, Deps deps) {
    WaitList wait(deps, context_->id());
    cl_event e = nullptr;
    cl_int err;
    if (context_->usm_mechanism() == UsmMechanism::IntelUsm)
        err = context_->intel_usm()->enqueue_memcpy(queue_, CL_FALSE, dst, src, bytes, wait.size(),
                                                    wait.data(), &e);
    else
        err = icd(queue_).clEnqueueSVMMemcpy(queue_, CL_FALSE, dst, src, bytes, wait.size(),
                                             wait.data(), &e);
    if (err != CL_SUCCESS) fail(err, "USM memcpy", std::to_string(bytes) + " bytes");
    return wrap(e);
}

std::shared_ptr<Event> ClQueue::fill(void* dst, const void* pattern, std::size_t pattern_size,
                                     std::size_t bytes, Deps deps) {
    WaitList wait(deps, context_->id());
    cl_event e = nullptr;
    cl_int err;
    if (context_->usm_mechanism() == UsmMechanism::IntelUsm)
        err = context_->intel_usm()->enqueue_fill(queue_, dst, pattern, pattern_size, bytes,
                                                  wait.size(), wait.data(), &e);
    else
        err = icd(queue_).clEnqueueSVMMemFill(queue_, dst, pattern, pattern_size, bytes,
                                              wait.size(), wait.data(), &e);
    if (err != CL_SUCCESS) fail(err, "USM fill", std::to_string(bytes) + " bytes");
    return wrap(e);
}

void ClQueue::wait_for_native(void* native_queue) {
    auto theirs = static_cast<cl_command_queue>(native_queue);
    if (theirs == queue_) return;
    cl_event marker = nullptr;
    check(icd(theirs).clEnqueueMarkerWithWaitList(theirs, 0, nullptr, &marker),
          "clEnqueueMarkerWithWaitList", "the queue to wait for");
    cl_int err = icd(queue_).clEnqueueBarrierWithWaitList(queue_, 1, &marker, nullptr);
    icd(marker).clReleaseEvent(marker);
    check(err, "clEnqueueBarrierWithWaitList");
}

void ClQueue::finish() {
    check(icd(queue_).clFinish(queue_), "clFinish");
}

}  // namespace dpk::backends::opencl
