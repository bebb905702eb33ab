#include "backends/opencl/intel_usm.h"

#include "backends/opencl/cl_dispatch.h"

namespace dpk::backends::opencl {

namespace {
template <typename Fn>
bool lookup(cl_platform_id platform, const char* name, Fn& out) {
    out = reinterpret_cast<Fn>(
        icd(platform).clGetExtensionFunctionAddressForPlatform(platform, name));
    return out != nullptr;
}
}  // namespace

std::optional<IntelUsmFunctions> IntelUsmFunctions::load(cl_platform_id platform) {
    IntelUsmFunctions f;
    bool ok = lookup(platform, "clHostMemAllocINTEL", f.host_alloc) &&
              lookup(platform, "clDeviceMemAllocINTEL", f.device_alloc) &&
              lookup(platform, "clSharedMemAllocINTEL", f.shared_alloc) &&
              lookup(platform, "clMemBlockingFreeINTEL", f.blocking_free) &&
              lookup(platform, "clSetKernelArgMemPointerINTEL", f.set_kernel_arg) &&
              lookup(platform, "clEnqueueMemcpyINTEL", f.enqueue_memcpy) &&
              lookup(platform, "clEnqueueMemFillINTEL", f.enqueue_fill) &&
              lookup(platform, "clGetMemAllocInfoINTEL", f.alloc_info);
    if (!ok) return std::nullopt;
    return f;
}

}  // namespace dpk::backends::opencl
