// The CUDA implementation of backends::Context: the device's primary context, USM allocations,
// programs, queues, and what they share (the event pool, the fill kernels, the profiling base).
#pragma once

#include <array>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "backends/backend.h"
#include "backends/cuda/cuda_device.h"
#include "backends/cuda/cuda_driver_api.h"

namespace dpk::backends::cuda {

class CudaQueue;

/// One device's primary context (cuDevicePrimaryCtxRetain), shared with any CUDA runtime code in
/// the process. The runtime never destroys contexts (they live until exit, so nothing is called
/// after the driver's own teardown); a context destroyed earlier releases what it made and its
/// retain of the primary context.
///
/// Context currency: every call into the driver first makes the context current on the calling
/// thread. make_current() compares with a thread-local record of what dpk last made current and
/// calls cuCtxSetCurrent only when it differs. Should other code change the thread's context
/// behind dpk's back, the calls on the hot paths (launch, copy, fill, event record, wait) fail
/// with
/// CUDA_ERROR_INVALID_CONTEXT and are retried once after force_current() (with_current); calls
/// that would
/// silently act on whatever context is current (allocation, module loads) use
/// make_current_verified(), which asks the driver.
class CudaContext final : public Context, public std::enable_shared_from_this<CudaContext> {
public:
    explicit CudaContext(const CudaDevice& device);
    ~CudaContext() override;
    CudaContext(const CudaContext&) = delete;
    CudaContext& operator=(const CudaContext&) = delete;

    /// Translates validated SPIR-V to PTX (BuildError naming what the translator refused) and
    /// has the driver compile it. build_options are OpenCL compiler options: the CUDA JIT has no use
    /// for them and ignores them.
    std::unique_ptr<Program> create_program(std::span<const std::uint32_t> spirv,
                                            const std::string& build_options) override;
    std::unique_ptr<Program> create_program_from_binary(std::span<const std::uint8_t> binary,
                                                        const std::string& build_options) override;
    /// Device: cuMemAlloc, Shared: cuMemAllocManaged(CU_MEM_ATTACH_GLOBAL), Host: cuMemAllocHost
    /// (pinned). The driver aligns to 256 bytes at least; larger alignments are refused
    /// (UsmError). Zero bytes give nullptr (the runtime never asks for them).
    void* allocate(UsmType type, std::size_t bytes, std::size_t alignment) override;
    /// Waits for this context's queues, then cuMemFree or cuMemFreeHost as allocated.
    void deallocate(void* ptr) noexcept override;
    std::unique_ptr<Queue> create_queue(bool profiling) override;
    /// A CUstream of this primary context (cuStreamGetCtx), or its legacy (0 or 1) or per-thread
    /// (2) default stream. Profiling is on.
    std::unique_ptr<Queue> adopt_queue(void* native_queue, bool owned) override;
    /// cuPointerGetAttributes: device memory of this device (whatever context or pool made it),
    /// managed memory (Shared) and pinned host memory (Host) registered with this context; the
    /// range must lie in one allocation.
    std::optional<UsmType> usm_type_of(const void* ptr, std::size_t bytes) override;
    void* native_handle() const override { return context_; }
    const void* id() const override { return this; }

    void make_current() const;
    void make_current_verified() const;
    void force_current() const;
    /// make_current() for paths that cannot throw (frees, destructors); false if it failed.
    bool try_make_current() const noexcept;
    /// Runs a driver call after make_current(), and once more after force_current() when the
    /// driver's answer says the thread's context is not this one after all.
    template <typename Call>
    CUresult with_current(Call&& call) const {
        make_current();
        CUresult r = call();
        if (is_context_error(r)) [[unlikely]] {
            force_current();
            r = call();
        }
        return r;
    }
    /// What a call made under another (or no) current context answers.
    static bool is_context_error(CUresult r) {
        return r == CUDA_ERROR_INVALID_CONTEXT || r == CUDA_ERROR_INVALID_HANDLE ||
               r == CUDA_ERROR_CONTEXT_IS_DESTROYED;
    }

    const DriverApi& api() const { return cu_; }
    CUcontext handle() const { return context_; }
    const DeviceInfo& device_info() const { return info_; }
    const PtxTarget& ptx_target() const { return target_; }
    const LaunchLimits& launch_limits() const { return limits_; }
    std::uint64_t shared_memory_optin() const { return shared_optin_; }
    std::uint32_t multiprocessors() const { return info_.compute_units; }
    /// A timing event recorded once at context creation: profiling timestamps count from it.
    CUevent base_event() const { return base_; }

    /// An event from the pool (timing-enabled or not), created when the pool is empty.
    CUevent acquire_event(bool timing);
    /// Returns an event to the pool; its last record may still be pending (re-recording is fine).
    void release_event(CUevent event, bool timing) noexcept;

    /// The fill kernel stepping by 8-byte words (words) or bytes; the module is JIT-compiled on
    /// first use.
    CUfunction fill_function(bool words);

    /// Queues register so that a free can first drain the commands that may use the memory.
    void register_queue(CudaQueue* q);
    void unregister_queue(CudaQueue* q);

private:
    const DriverApi& cu_;
    CUdevice device_;
    CUcontext context_ = nullptr;
    DeviceInfo info_;
    PtxTarget target_;
    LaunchLimits limits_;
    std::uint64_t shared_optin_;
    CUevent base_ = nullptr;

    std::mutex events_mutex_;
    std::array<std::vector<CUevent>, 2> free_events_;  // [timing]

    std::mutex fill_mutex_;
    CUmodule fill_module_ = nullptr;
    std::array<CUfunction, 2> fill_{};  // [words]

    std::mutex queues_mutex_;
    std::vector<CudaQueue*> queues_;

    std::mutex allocations_mutex_;
    std::unordered_map<void*, UsmType> allocations_;
};

}  // namespace dpk::backends::cuda
