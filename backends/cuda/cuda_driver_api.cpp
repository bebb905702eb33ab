#include "backends/cuda/cuda_driver_api.h"

#include <dlfcn.h>

#include <mutex>

namespace dpk::backends::cuda {

namespace {

constexpr const char* kLibrary = "libcuda.so.1";

struct Loaded {
    DriverApi api{};
    bool ok = false;
    std::string problem;
};

template <typename Fn>
bool resolve(void* handle, Fn& slot, const char* name, std::string& missing) {
    slot = reinterpret_cast<Fn>(::dlsym(handle, name));
    if (!slot) missing += (missing.empty() ? "" : ", ") + std::string(name);
    return slot != nullptr;
}

Loaded load() {
    Loaded l;
    ::dlerror();
    // Never closed: the driver's objects live as long as the process.
    void* h = ::dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char* why = ::dlerror();
        l.problem = std::string(kLibrary) + " not loadable: " + (why ? why : "unknown reason");
        return l;
    }
    DriverApi& a = l.api;
    std::string missing;
#define DPK_CU_RESOLVE(name) resolve(h, a.name, #name, missing)
    DPK_CU_RESOLVE(cuGetErrorName);
    DPK_CU_RESOLVE(cuGetErrorString);
    DPK_CU_RESOLVE(cuInit);
    DPK_CU_RESOLVE(cuDriverGetVersion);
    DPK_CU_RESOLVE(cuDeviceGetCount);
    DPK_CU_RESOLVE(cuDeviceGet);
    DPK_CU_RESOLVE(cuDeviceGetName);
    DPK_CU_RESOLVE(cuDeviceGetAttribute);
    DPK_CU_RESOLVE(cuDeviceTotalMem_v2);
    DPK_CU_RESOLVE(cuDeviceGetPCIBusId);
    DPK_CU_RESOLVE(cuDeviceGetByPCIBusId);
    DPK_CU_RESOLVE(cuDevicePrimaryCtxRetain);
    DPK_CU_RESOLVE(cuDevicePrimaryCtxRelease_v2);
    DPK_CU_RESOLVE(cuCtxSetCurrent);
    DPK_CU_RESOLVE(cuCtxGetCurrent);
    DPK_CU_RESOLVE(cuMemAlloc_v2);
    DPK_CU_RESOLVE(cuMemFree_v2);
    DPK_CU_RESOLVE(cuMemAllocManaged);
    DPK_CU_RESOLVE(cuMemAllocHost_v2);
    DPK_CU_RESOLVE(cuMemFreeHost);
    DPK_CU_RESOLVE(cuMemcpyAsync);
    DPK_CU_RESOLVE(cuMemsetD8Async);
    DPK_CU_RESOLVE(cuMemsetD16Async);
    DPK_CU_RESOLVE(cuMemsetD32Async);
    DPK_CU_RESOLVE(cuStreamCreate);
    DPK_CU_RESOLVE(cuStreamDestroy_v2);
    DPK_CU_RESOLVE(cuStreamSynchronize);
    DPK_CU_RESOLVE(cuStreamWaitEvent);
    DPK_CU_RESOLVE(cuStreamGetCtx);
    DPK_CU_RESOLVE(cuPointerGetAttributes);
    DPK_CU_RESOLVE(cuEventCreate);
    DPK_CU_RESOLVE(cuEventDestroy_v2);
    DPK_CU_RESOLVE(cuEventRecord);
    DPK_CU_RESOLVE(cuEventSynchronize);
    DPK_CU_RESOLVE(cuEventQuery);
    DPK_CU_RESOLVE(cuModuleLoadData);
    DPK_CU_RESOLVE(cuModuleLoadDataEx);
    DPK_CU_RESOLVE(cuModuleUnload);
    DPK_CU_RESOLVE(cuModuleGetFunction);
    DPK_CU_RESOLVE(cuFuncGetAttribute);
    DPK_CU_RESOLVE(cuFuncSetAttribute);
    DPK_CU_RESOLVE(cuLaunchKernel);
#undef DPK_CU_RESOLVE
    // cuda.h maps cuEventElapsedTime to the _v2 entry point from CUDA 12.8 on; older drivers
    // export only the original, which takes the same arguments.
    a.cuEventElapsedTime =
        reinterpret_cast<decltype(a.cuEventElapsedTime)>(::dlsym(h, "cuEventElapsedTime_v2"));
    if (!a.cuEventElapsedTime) resolve(h, a.cuEventElapsedTime, "cuEventElapsedTime", missing);
    if (!missing.empty()) {
        l.problem = std::string(kLibrary) + " lacks " + missing + " (driver too old)";
        return l;
    }
    l.ok = true;
    return l;
}

const Loaded& loaded() {
    static const Loaded l = load();  // thread-safe static initialization
    return l;
}

}  // namespace

const DriverApi* driver_api() {
    const Loaded& l = loaded();
    return l.ok ? &l.api : nullptr;
}

const std::string& driver_load_problem() {
    return loaded().problem;
}

}  // namespace dpk::backends::cuda
