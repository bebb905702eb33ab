// The CUDA implementation of backends::Event: a pooled CUevent recorded after the command, and
// for profiling queues a second one recorded before it.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/cuda/cuda_driver_api.h"

namespace dpk::backends::cuda {

class CudaContext;

/// Completion of one command on one stream. The CUevents return to the context's pool when the
/// object goes (they may then be re-recorded at once: waits already enqueued are not affected).
class CudaEvent final : public Event {
public:
    /// `end` was recorded after the command on `stream`; `start` (profiling queues only, else
    /// null) before it. Both timing-enabled when `start` is given.
    CudaEvent(std::shared_ptr<CudaContext> context, CUstream stream, CUevent end, CUevent start);
    ~CudaEvent() override;
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;

    /// cuEventSynchronize; an asynchronous failure of the command (or of any earlier work in the
    /// context: CUDA reports them sticky) surfaces here as BackendError.
    void wait() override;
    /// cuEventQuery: false while CUDA_ERROR_NOT_READY; BackendError on failures.
    bool is_complete() override;
    /// Waits, then converts with cuEventElapsedTime: start is measured from the context's base
    /// event (float milliseconds: absolute values lose precision as the process ages, about a
    /// microsecond per ten seconds of uptime), end = start + the start-to-end interval (as exact
    /// as CUDA's ~0.5 us timer). CUDA cannot tell when a command was queued or submitted:
    /// queued = submit = start. BackendError when the queue does not profile.
    ProfilingTimes profiling() override;
    const void* context_id() const override;

    CUevent handle() const { return end_; }
    CUstream stream() const { return stream_; }

private:
    std::shared_ptr<CudaContext> context_;
    CUstream stream_;
    CUevent end_;
    CUevent start_;
};

}  // namespace dpk::backends::cuda
