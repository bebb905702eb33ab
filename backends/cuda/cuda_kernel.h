// A CUDA kernel: a CUfunction with dpk's argument slots (bytes kept here until the launch) and
// the work-group memory layout of its LocalBuffer parameters.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "backends/cuda/cuda_driver_api.h"
#include "backends/cuda/cuda_launch_geometry.h"
#include "backends/cuda/ptx/ptx_translator.h"

namespace dpk::backends::cuda {

class CudaContext;
struct CudaModule;

/// Not thread-safe (Kernel's contract): callers serialize set_*_arg and launches.
class CudaKernel final : public Kernel {
public:
    CudaKernel(std::shared_ptr<CudaModule> module, CUfunction function, const PtxKernel& entry);

    const KernelAttributes& attributes() const override { return attributes_; }
    std::uint32_t num_args() const override { return static_cast<std::uint32_t>(params_.size()); }
    /// `size` must equal the PTX parameter's size (InvalidArgumentError naming both otherwise).
    void set_value_arg(std::uint32_t index, std::size_t size, const void* value) override;
    void set_pointer_arg(std::uint32_t index, void* ptr) override;
    /// Work-group memory of `bytes`: the parameter receives its byte offset into the kernel's
    /// dynamic shared memory (16-aligned, laid out in parameter order at launch, after the
    /// kernel's work-group arrays that are there: PtxKernel::dynamic_array_bytes).
    void set_local_arg(std::uint32_t index, std::size_t bytes) override;

    CUfunction handle() const { return function_; }
    const std::string& name() const { return name_; }
    CudaContext& context() const;
    /// Registers per thread (CU_FUNC_ATTRIBUTE_NUM_REGS).
    int num_regs() const { return num_regs_; }

    /// Readies a launch: checks every argument was set, lays out work-group memory and raises
    /// the kernel's dynamic shared memory limit when the launch needs more than the default 48
    /// KiB (InvalidRangeError beyond the device's opt-in maximum). Returns the dynamic shared
    /// memory bytes to launch with.
    std::uint32_t prepare_launch();
    /// cuLaunchKernel's kernelParams: one pointer per parameter into the stored argument bytes.
    void** kernel_params() { return pointers_.data(); }
    /// Grid and block for `range` (the last one is remembered: repeated ranges cost a compare).
    const LaunchGeometry& geometry(const NdRange& range);

private:
    [[noreturn]] void bad_index(std::uint32_t index, const char* call) const;
    void mark_set(std::uint32_t index);

    std::shared_ptr<CudaModule> module_;
    CUfunction function_;
    std::string name_;
    std::vector<PtxParam> params_;
    std::vector<std::uint32_t> offsets_;  // of each parameter in storage_, in bytes
    std::vector<std::uint64_t> storage_;  // argument bytes (8-aligned slots)
    std::vector<void*> pointers_;
    std::vector<std::uint64_t> local_bytes_;
    std::vector<std::uint32_t> local_params_;
    std::vector<bool> set_;
    std::uint32_t unset_ = 0;
    bool local_dirty_ = true;
    std::uint32_t dynamic_shared_ = 0;
    std::uint64_t static_shared_ = 0;
    std::uint64_t dynamic_arrays_ = 0;  // work-group arrays at the start of dynamic shared memory
    std::uint64_t max_dynamic_shared_ = 0;  // the kernel's current dynamic shared limit
    KernelAttributes attributes_;
    int num_regs_ = 0;
    LaunchLimits limits_;
    NdRange last_range_{};
    LaunchGeometry last_geometry_;
    bool have_last_ = false;
};

}  // namespace dpk::backends::cuda
