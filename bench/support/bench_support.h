// Shared pieces of the kernel benchmarks: dpk kernels compiled from .dpk files, OpenCL C kernels
// built from source by the same driver and launched with the raw OpenCL API, medians, and the
// raw OpenCL device that is a dpk device.
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "compiler/program.h"
#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/launch.h"

namespace dpk::bench {

/// The median of `v` (mean of the two middle values for an even count).
double median(std::vector<double> v);
double minimum(const std::vector<double>& v);

/// Throws dpk::error naming `call` when `err` is not CL_SUCCESS.
void cl_check(cl_int err, const char* call);

/// Reads a whole text file; throws dpk::error if it cannot.
std::string read_text(const std::string& path);

/// Compiles `kernel` of the .dpk file at `path` for `signature` (empty: as annotated) with dpk's
/// compiler. Throws dpk::error with the rendered diagnostics on any error.
KernelImage compile_dpk(const std::string& path, const std::string& kernel,
                        const std::string& signature, const compiler::CompileOptions& options = {});

/// The raw OpenCL device that is the same as a dpk device (same platform and device name), or
/// null.
cl_device_id find_cl_device(const runtime::Device& device);

/// clCreateProgramWithSource + clBuildProgram; throws dpk::error with the build log on failure.
cl_program build_opencl_c(cl_context context, cl_device_id device, const std::string& source,
                          const std::string& options);

/// An OpenCL C kernel built from source by the driver of a dpk queue's device, in the same
/// context, and launched on the same cl_command_queue with the raw API (clSetKernelArg*,
/// clEnqueueNDRangeKernel). Its arguments follow the kernel ABI of a dpk kernel (pointer, then
/// the extents of each array), so one dpk argument list serves both kernels and both read the
/// same USM memory.
class OpenClCKernel {
public:
    OpenClCKernel(const runtime::Queue& queue, const std::string& source, const std::string& name,
                  const std::string& build_options = "");
    ~OpenClCKernel();
    OpenClCKernel(const OpenClCKernel&) = delete;
    OpenClCKernel& operator=(const OpenClCKernel&) = delete;

    /// Sets the arguments as `abi` lays out `args`, then enqueues over `global` / `local` (no
    /// local range when `local` is null) and returns the launch's event without waiting.
    runtime::Event launch(const KernelAbi& abi, std::span<const runtime::KernelArg> args,
                          const runtime::Range& global, const runtime::Range* local);
    /// CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: the SIMD width the driver compiled for.
    std::size_t preferred_multiple() const;

private:
    void set_pointer(cl_uint index, void* pointer);

    runtime::Queue queue_;
    cl_context context_ = nullptr;
    cl_device_id device_ = nullptr;
    cl_command_queue raw_queue_ = nullptr;
    cl_program program_ = nullptr;
    cl_kernel kernel_ = nullptr;
    const void* context_id_ = nullptr;
    /// clSetKernelArgMemPointerINTEL when the arrays are Intel USM; null for SVM.
    clSetKernelArgMemPointerINTEL_fn set_usm_pointer_ = nullptr;
};

}  // namespace dpk::bench
