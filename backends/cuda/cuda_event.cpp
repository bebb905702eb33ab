#include "backends/cuda/cuda_event.h"

#include <cmath>

#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_error.h"
#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

std::uint64_t to_ns(float ms) {
    return ms <= 0 ? 0 : static_cast<std::uint64_t>(std::llround(double{ms} * 1e6));
}

}  // namespace

CudaEvent::CudaEvent(std::shared_ptr<CudaContext> context, CUstream stream, CUevent end,
                     CUevent start)
    : context_(std::move(context)), stream_(stream), end_(end), start_(start) {}

CudaEvent::~CudaEvent() {
    const bool timing = start_ != nullptr;
    context_->release_event(end_, timing);
    if (start_) context_->release_event(start_, true);
}

void CudaEvent::wait() {
    const DriverApi& cu = context_->api();
    CUresult r = context_->with_current([&] { return cu.cuEventSynchronize(end_); });
    if (r != CUDA_SUCCESS) [[unlikely]]
        fail(r, "cuEventSynchronize", "the command this event stands for (or earlier work) failed");
}

bool CudaEvent::is_complete() {
    const DriverApi& cu = context_->api();
    CUresult r = context_->with_current([&] { return cu.cuEventQuery(end_); });
    if (r == CUDA_ERROR_NOT_READY) return false;
    check(r, "cuEventQuery", "the command this event stands for (or earlier work) failed");
    return true;
}

ProfilingTimes CudaEvent::profiling() {
    wait();
    if (!start_)
        throw BackendError("cuEventElapsedTime", CUDA_ERROR_INVALID_HANDLE,
                           cu_result_name(CUDA_ERROR_INVALID_HANDLE),
                           "the queue was not created with profiling enabled");
    const DriverApi& cu = context_->api();
    float since_base = 0, duration = 0;
    check(context_->with_current(
              [&] { return cu.cuEventElapsedTime(&since_base, context_->base_event(), start_); }),
          "cuEventElapsedTime", "context base to command start");
    check(cu.cuEventElapsedTime(&duration, start_, end_), "cuEventElapsedTime",
          "command start to end");
    ProfilingTimes t;
    t.start = to_ns(since_base);
    t.end = t.start + to_ns(duration);
    t.queued = t.submit = t.start;
    return t;
}

const void* CudaEvent::context_id() const {
    return context_->id();
}

}  // namespace dpk::backends::cuda
