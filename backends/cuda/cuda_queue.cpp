#include "backends/cuda/cuda_queue.h"

#include <algorithm>
#include <cstring>

#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_event.h"
#include "backends/cuda/cuda_fill_kernel.h"
#include "backends/cuda/cuda_kernel.h"
#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

CUdeviceptr dev(const void* p) {
    return reinterpret_cast<CUdeviceptr>(p);
}

/// Blocks per fill: enough to fill the GPU, never more than the work needs.
std::uint32_t fill_blocks(std::size_t items, std::uint32_t multiprocessors) {
    std::size_t needed = (items + kFillBlockThreads - 1) / kFillBlockThreads;
    std::size_t cap = std::size_t{std::max<std::uint32_t>(multiprocessors, 1)} * 16;
    return static_cast<std::uint32_t>(std::max<std::size_t>(1, std::min(needed, cap)));
}

}  // namespace

CudaQueue::CudaQueue(std::shared_ptr<CudaContext> context, bool profiling)
    : context_(std::move(context)), cu_(context_->api()), profiling_(profiling) {
    context_->make_current_verified();
    check(cu_.cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING), "cuStreamCreate",
          "device '" + context_->device_info().name + "'");
    context_->register_queue(this);
}

CudaQueue::CudaQueue(std::shared_ptr<CudaContext> context, CUstream stream, bool owned)
    : context_(std::move(context)),
      cu_(context_->api()),
      profiling_(true),
      stream_(stream),
      owns_stream_(owned) {
    context_->register_queue(this);
}

CudaQueue::~CudaQueue() {
    context_->unregister_queue(this);
    drain();
    if (owns_stream_) cu_.cuStreamDestroy_v2(stream_);
}

void CudaQueue::wait_for_native(void* native_queue) {
    auto theirs = static_cast<CUstream>(native_queue);
    if (theirs == stream_) return;
    CUevent e = context_->acquire_event(false);
    CUresult r = context_->with_current([&] { return cu_.cuEventRecord(e, theirs); });
    if (r == CUDA_SUCCESS)
        r = context_->with_current(
            [&] { return cu_.cuStreamWaitEvent(stream_, e, CU_EVENT_WAIT_DEFAULT); });
    context_->release_event(e, false);
    check(r, "cuEventRecord + cuStreamWaitEvent", "waiting for another library's stream");
}

void CudaQueue::drain() noexcept {
    if (context_->try_make_current()) cu_.cuStreamSynchronize(stream_);
}

void CudaQueue::wait_for(Deps deps) {
    for (Event* e : deps) {
        if (!e) continue;
        if (e->context_id() == context_->id()) [[likely]] {
            auto* ce = static_cast<CudaEvent*>(e);
            if (ce->stream() == stream_) continue;  // earlier on this stream: in order anyway
            CUresult r = context_->with_current([&] {
                return cu_.cuStreamWaitEvent(stream_, ce->handle(), CU_EVENT_WAIT_DEFAULT);
            });
            if (r != CUDA_SUCCESS) fail(r, "cuStreamWaitEvent", "a dependency");
            continue;
        }
        // Another CUDA context (another device) can still be waited for on the stream; another
        // backend's event only on the host.
        if (auto* other = dynamic_cast<CudaEvent*>(e)) {
            check(context_->with_current([&] {
                return cu_.cuStreamWaitEvent(stream_, other->handle(), CU_EVENT_WAIT_DEFAULT);
            }),
                  "cuStreamWaitEvent", "a dependency on another CUDA device");
            continue;
        }
        e->wait();
    }
}

CUevent CudaQueue::begin_command() {
    if (!profiling_) [[likely]]
        return nullptr;
    CUevent start = context_->acquire_event(true);
    CUresult r = context_->with_current([&] { return cu_.cuEventRecord(start, stream_); });
    if (r != CUDA_SUCCESS) enqueue_failed(start, r, "cuEventRecord", "profiling start");
    return start;
}

std::shared_ptr<Event> CudaQueue::end_command(CUevent start) {
    CUevent end = nullptr;
    try {
        end = context_->acquire_event(profiling_);
    } catch (...) {
        if (start) context_->release_event(start, true);
        throw;
    }
    CUresult r = context_->with_current([&] { return cu_.cuEventRecord(end, stream_); });
    if (r != CUDA_SUCCESS) {
        context_->release_event(end, profiling_);
        enqueue_failed(start, r, "cuEventRecord", "completion event");
    }
    try {
        return std::make_shared<CudaEvent>(context_, stream_, end, start);
    } catch (...) {
        context_->release_event(end, profiling_);
        if (start) context_->release_event(start, true);
        throw;
    }
}

void CudaQueue::enqueue_failed(CUevent start, CUresult r, const char* call,
                               const std::string& what) {
    if (start) context_->release_event(start, true);
    fail(r, call, what);
}

std::shared_ptr<Event> CudaQueue::launch(Kernel& kernel, const NdRange& range, Deps deps) {
    auto& k = static_cast<CudaKernel&>(kernel);
    wait_for(deps);
    const std::uint32_t shared = k.prepare_launch();
    const LaunchGeometry& g = k.geometry(range);
    CUevent start = begin_command();
    CUresult r = context_->with_current([&] {
        return cu_.cuLaunchKernel(k.handle(), g.grid[0], g.grid[1], g.grid[2], g.block[0],
                                  g.block[1], g.block[2], shared, stream_, k.kernel_params(),
                                  nullptr);
    });
    if (r != CUDA_SUCCESS) [[unlikely]]
        enqueue_failed(start, r, "cuLaunchKernel",
                       "kernel '" + k.name() + "', grid (" + std::to_string(g.grid[0]) + ", " +
                           std::to_string(g.grid[1]) + ", " + std::to_string(g.grid[2]) +
                           "), block (" + std::to_string(g.block[0]) + ", " +
                           std::to_string(g.block[1]) + ", " + std::to_string(g.block[2]) + "), " +
                           std::to_string(shared) + " bytes of dynamic shared memory");
    return end_command(start);
}

std::shared_ptr<Event> CudaQueue::copy(void* dst, const void* src, std::size_t bytes, Deps deps) {
    wait_for(deps);
    CUevent start = begin_command();
    if (bytes > 0) {
        CUresult r = context_->with_current(
            [&] { return cu_.cuMemcpyAsync(dev(dst), dev(src), bytes, stream_); });
        if (r != CUDA_SUCCESS)
            enqueue_failed(start, r, "cuMemcpyAsync", std::to_string(bytes) + " bytes");
    }
    return end_command(start);
}

std::shared_ptr<Event> CudaQueue::fill(void* dst, const void* pattern, std::size_t pattern_size,
                                       std::size_t bytes, Deps deps) {
    if (pattern_size == 0 || pattern_size > kFillMaxPattern ||
        (pattern_size & (pattern_size - 1)) != 0 || bytes % pattern_size != 0)
        throw InvalidArgumentError("fill: a " + std::to_string(pattern_size) +
                                   "-byte pattern cannot fill " + std::to_string(bytes) +
                                   " bytes (a power of two <= 128 that divides the size)");
    wait_for(deps);
    CUevent start = begin_command();
    const bool aligned = reinterpret_cast<std::uintptr_t>(dst) % pattern_size == 0;
    if (bytes == 0) {
        // nothing to write
    } else if (pattern_size <= 4 && aligned) {
        std::uint32_t v = 0;
        std::memcpy(&v, pattern, pattern_size);
        const std::size_t n = bytes / pattern_size;
        CUresult r = context_->with_current([&] {
            switch (pattern_size) {
                case 1:
                    return cu_.cuMemsetD8Async(dev(dst), static_cast<unsigned char>(v), n, stream_);
                case 2:
                    return cu_.cuMemsetD16Async(dev(dst), static_cast<unsigned short>(v), n,
                                                stream_);
                default: return cu_.cuMemsetD32Async(dev(dst), v, n, stream_);
            }
        });
        if (r != CUDA_SUCCESS)
            enqueue_failed(start, r,
                           pattern_size == 1   ? "cuMemsetD8Async"
                           : pattern_size == 2 ? "cuMemsetD16Async"
                                               : "cuMemsetD32Async",
                           std::to_string(bytes) + " bytes");
    } else {
        fill_with_kernel(dst, pattern, pattern_size, bytes, start);
    }
    return end_command(start);
}

void CudaQueue::fill_with_kernel(void* dst, const void* pattern, std::size_t pattern_size,
                                 std::size_t bytes, CUevent start) {
    // Words when dst is 8-aligned (bytes is then a multiple of 8 too), bytes otherwise.
    const bool words = pattern_size >= 8 && reinterpret_cast<std::uintptr_t>(dst) % 8 == 0;
    CUfunction f = nullptr;
    try {
        f = context_->fill_function(words);
    } catch (...) {
        if (start) context_->release_event(start, true);
        throw;
    }
    alignas(8) std::uint8_t pat[kFillMaxPattern] = {};
    std::memcpy(pat, pattern, pattern_size);
    CUdeviceptr d = dev(dst);
    std::uint64_t count = words ? bytes / 8 : bytes;
    std::uint32_t period = static_cast<std::uint32_t>(words ? pattern_size / 8 : pattern_size);
    void* params[] = {&d, &count, pat, &period};
    const std::uint32_t blocks = fill_blocks(count, context_->multiprocessors());
    CUresult r = context_->with_current([&] {
        return cu_.cuLaunchKernel(f, blocks, 1, 1, kFillBlockThreads, 1, 1, 0, stream_, params,
                                  nullptr);
    });
    if (r != CUDA_SUCCESS)
        enqueue_failed(start, r, "cuLaunchKernel",
                       "dpk's fill kernel, " + std::to_string(bytes) + " bytes");
}

void CudaQueue::finish() {
    check(context_->with_current([&] { return cu_.cuStreamSynchronize(stream_); }),
          "cuStreamSynchronize", "a command of this queue (or earlier work) failed");
}

}  // namespace dpk::backends::cuda
