// The CUDA C side of the kernel benchmarks: kernels compiled by nvcc when the benchmarks were
// built, loaded into the context of a dpk queue's CUDA device and launched with the raw driver API
// (cuLaunchKernel) on that queue's stream, with the same USM arrays as the dpk kernels.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "backends/cuda/cuda_driver_api.h"
#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/launch.h"
#include "dpk/runtime/queue.h"

namespace dpk::backends::cuda {
class CudaContext;
}

namespace dpk::bench {

using backends::cuda::CUevent;
using backends::cuda::CUfunction;
using backends::cuda::CUmodule;
using backends::cuda::CUstream;

/// A timed region of a CUDA stream: two events around the commands enqueued in between.
class CudaTimer {
public:
    explicit CudaTimer(const runtime::Queue& queue);
    ~CudaTimer();
    CudaTimer(const CudaTimer&) = delete;
    CudaTimer& operator=(const CudaTimer&) = delete;

    void start();
    /// Records the end, waits for it and returns the device microseconds since start().
    double stop_us();
    CUstream stream() const { return stream_; }
    backends::cuda::CudaContext& context() const { return *context_; }

private:
    backends::cuda::CudaContext* context_ = nullptr;
    CUstream stream_ = nullptr;
    CUevent begin_ = nullptr, end_ = nullptr;
};

/// A kernel of a CUDA C fatbin (nvcc -fatbin) in the context of a dpk queue's CUDA device.
/// Its parameters follow the kernel ABI of the dpk twin, except that a `local T[:]` parameter is
/// the launch's dynamic shared memory (no parameter; its LocalLength is one), so one dpk argument
/// list serves both kernels and both read the same USM memory.
class CudaCKernel {
public:
    CudaCKernel(const runtime::Queue& queue, const std::string& fatbin_path,
                const std::string& name);
    ~CudaCKernel();
    CudaCKernel(const CudaCKernel&) = delete;
    CudaCKernel& operator=(const CudaCKernel&) = delete;

    /// Launches over `global` in blocks of `local` (which must divide it) with `args` laid out as
    /// `abi` says, on the queue's stream; waits and returns the device microseconds of the
    /// launch (events recorded around it).
    double launch_us(const KernelAbi& abi, std::span<const runtime::KernelArg> args,
                     const runtime::Range& global, const runtime::Range& local);
    /// Registers per thread (CU_FUNC_ATTRIBUTE_NUM_REGS).
    int registers() const;

private:
    CudaTimer timer_;
    CUmodule module_ = nullptr;
    CUfunction function_ = nullptr;
};

}  // namespace dpk::bench
