// Entry points of cl_intel_unified_shared_memory, looked up per platform.
#pragma once

#include <optional>

#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

/// The cl_intel_unified_shared_memory functions of one platform.
struct IntelUsmFunctions {
    clHostMemAllocINTEL_fn host_alloc = nullptr;
    clDeviceMemAllocINTEL_fn device_alloc = nullptr;
    clSharedMemAllocINTEL_fn shared_alloc = nullptr;
    clMemBlockingFreeINTEL_fn blocking_free = nullptr;
    clSetKernelArgMemPointerINTEL_fn set_kernel_arg = nullptr;
    clEnqueueMemcpyINTEL_fn enqueue_memcpy = nullptr;
    clEnqueueMemFillINTEL_fn enqueue_fill = nullptr;
    clGetMemAllocInfoINTEL_fn alloc_info = nullptr;

    /// Looks every entry point up with clGetExtensionFunctionAddressForPlatform;
    /// nullopt if any is missing.
    static std::optional<IntelUsmFunctions> load(cl_platform_id platform);
};

}  // namespace dpk::backends::opencl
