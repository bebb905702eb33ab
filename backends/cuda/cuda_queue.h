// The CUDA implementation of backends::Queue: one non-blocking CUstream, in order.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/cuda/cuda_driver_api.h"

namespace dpk::backends::cuda {

class CudaContext;

/// An in-order queue over one stream (CU_STREAM_NON_BLOCKING: it does not synchronize with the
/// legacy default stream other CUDA code in the process may use). Each command returns an event
/// recorded after it; dependencies become cuStreamWaitEvent (skipped for events of this same
/// stream, which precede the command anyway); events of other backends are waited for on the
/// host. Errors of asynchronous work surface at an event's wait or at finish as BackendError.
class CudaQueue final : public Queue {
public:
    CudaQueue(std::shared_ptr<CudaContext> context, bool profiling);
    /// A queue over an existing stream of the context (checked by CudaContext::adopt_queue),
    /// destroyed with the queue only when `owned`. Profiling is on.
    CudaQueue(std::shared_ptr<CudaContext> context, CUstream stream, bool owned);
    ~CudaQueue() override;
    CudaQueue(const CudaQueue&) = delete;
    CudaQueue& operator=(const CudaQueue&) = delete;

    /// cuLaunchKernel with the kernel's stored arguments; the block is the local range, or the
    /// backend's choice (cuda_launch_geometry.h).
    std::shared_ptr<Event> launch(Kernel& kernel, const NdRange& range, Deps deps) override;
    /// cuMemcpyAsync between any USM or host addresses (unified addressing). With pageable host
    /// memory on either side the driver may return only after staging (host to device) or after
    /// the copy (device to host); the event is right either way.
    std::shared_ptr<Event> copy(void* dst, const void* src, std::size_t bytes, Deps deps) override;
    /// cuMemsetD8/D16/D32Async for 1-, 2- and 4-byte patterns (when dst and bytes are aligned to
    /// the pattern), dpk's fill kernels for the rest (8 to 128 bytes, or misaligned).
    std::shared_ptr<Event> fill(void* dst, const void* pattern, std::size_t pattern_size,
                                std::size_t bytes, Deps deps) override;
    /// cuStreamSynchronize.
    void finish() override;
    bool profiling_enabled() const override { return profiling_; }

    void* native_handle() const override { return stream_; }
    /// An event recorded on that stream (CU_STREAM_LEGACY and CU_STREAM_PER_THREAD included),
    /// cuStreamWaitEvent here.
    void wait_for_native(void* native_queue) override;
    CUstream handle() const { return stream_; }
    /// finish() without errors (for frees and destruction).
    void drain() noexcept;

private:
    void wait_for(Deps deps);
    /// The profiling start event, recorded on the stream (null when not profiling).
    CUevent begin_command();
    /// Records the completion event (and takes over `start`).
    std::shared_ptr<Event> end_command(CUevent start);
    /// A failed enqueue: returns `start` to the pool and throws.
    [[noreturn]] void enqueue_failed(CUevent start, CUresult r, const char* call,
                                     const std::string& what);
    void fill_with_kernel(void* dst, const void* pattern, std::size_t pattern_size,
                          std::size_t bytes, CUevent start);

    std::shared_ptr<CudaContext> context_;
    const DriverApi& cu_;
    bool profiling_;
    CUstream stream_ = nullptr;
    bool owns_stream_ = true;
};

}  // namespace dpk::backends::cuda
