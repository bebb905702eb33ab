#include "backends/cuda/cuda_context.h"

#include <algorithm>

#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_fill_kernel.h"
#include "backends/cuda/cuda_program.h"
#include "backends/cuda/cuda_queue.h"
#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

/// What dpk last made current on this thread (see CudaContext: context currency).
thread_local CUcontext t_current = nullptr;

/// The driver's own allocation granularity: cuMemAlloc, cuMemAllocManaged and cuMemAllocHost
/// return addresses aligned at least this much.
constexpr std::size_t kDriverAlignment = 256;

}  // namespace

CudaContext::CudaContext(const CudaDevice& device)
    : cu_(*driver_api()),
      device_(device.handle()),
      info_(device.info()),
      target_(device.ptx_target()),
      limits_(device.launch_limits()),
      shared_optin_(device.shared_memory_optin()) {
    check(cu_.cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain",
          "device '" + info_.name + "'");
    force_current();
    check(cu_.cuEventCreate(&base_, CU_EVENT_DEFAULT), "cuEventCreate", "profiling base");
    // The legacy default stream: the base completes at once, and every later event is after it.
    check(cu_.cuEventRecord(base_, nullptr), "cuEventRecord", "profiling base");
}

CudaContext::~CudaContext() {
    // Reached only when a context is dropped before exit (the runtime keeps them): the driver is
    // still up. Errors cannot be reported from here.
    if (cu_.cuCtxSetCurrent(context_) == CUDA_SUCCESS) t_current = context_;
    for (auto& pool : free_events_)
        for (CUevent e : pool) cu_.cuEventDestroy_v2(e);
    if (base_) cu_.cuEventDestroy_v2(base_);
    if (fill_module_) cu_.cuModuleUnload(fill_module_);
    for (const auto& [ptr, type] : allocations_) {
        if (type == UsmType::Host)
            cu_.cuMemFreeHost(ptr);
        else
            cu_.cuMemFree_v2(reinterpret_cast<CUdeviceptr>(ptr));
    }
    cu_.cuDevicePrimaryCtxRelease_v2(device_);
    if (t_current == context_) t_current = nullptr;
}

void CudaContext::make_current() const {
    if (t_current != context_) [[unlikely]]
        force_current();
}

void CudaContext::make_current_verified() const {
    CUcontext now = nullptr;
    if (cu_.cuCtxGetCurrent(&now) != CUDA_SUCCESS || now != context_) force_current();
    t_current = context_;
}

bool CudaContext::try_make_current() const noexcept {
    if (t_current == context_) return true;
    if (cu_.cuCtxSetCurrent(context_) != CUDA_SUCCESS) return false;
    t_current = context_;
    return true;
}

void CudaContext::force_current() const {
    check(cu_.cuCtxSetCurrent(context_), "cuCtxSetCurrent", "device '" + info_.name + "'");
    t_current = context_;
}

std::unique_ptr<Program> CudaContext::create_program(std::span<const std::uint32_t> spirv,
                                                     const std::string& build_options) {
    const std::string target = "sm_" + std::to_string(target_.sm) + ", PTX ISA " +
                               std::to_string(target_.ptx_major) + "." +
                               std::to_string(target_.ptx_minor);
    // Build options are OpenCL compiler flags (-cl-...): the driver's PTX JIT takes none of them,
    // and silently dropping what a user asked for would hide a mistake.
    if (build_options.find_first_not_of(" \t") != std::string::npos)
        throw BuildError("building the kernel for device '" + info_.name + "' (CUDA, " + target +
                             ", options \"" + build_options +
                             "\"): the CUDA backend takes no build options (they are OpenCL "
                             "compiler flags)",
                         "");
    PtxModule module;
    try {
        module = translate_to_ptx(spirv, target_);
    } catch (const PtxTranslationError& e) {
        throw BuildError("building the kernel for device '" + info_.name + "' (CUDA, " + target +
                             "): the translation to PTX failed",
                         e.what());
    }
    return build_ptx_program(*this, std::move(module), build_options);
}

std::unique_ptr<Program> CudaContext::create_program_from_binary(
    std::span<const std::uint8_t> binary, const std::string& build_options) {
    return load_program_binary(*this, binary, build_options);
}

void* CudaContext::allocate(UsmType type, std::size_t bytes, std::size_t alignment) {
    if (!info_.supports(type))
        throw UnsupportedDeviceFeatureError(
            "device '" + info_.name + "' cannot provide usm_type=\"" +
            std::string(usm_type_name(type)) + "\": " + info_.usm_backing(type));
    if (alignment > kDriverAlignment || (alignment & (alignment - 1)) != 0)
        throw UsmError("CUDA allocations are aligned to " + std::to_string(kDriverAlignment) +
                       " bytes; an alignment of " + std::to_string(alignment) + " cannot be given");
    if (bytes == 0) return nullptr;
    make_current_verified();
    const std::string what = std::to_string(bytes) + " bytes of " +
                             std::string(usm_type_name(type)) + " USM on '" + info_.name + "'";
    void* ptr = nullptr;
    CUdeviceptr dptr = 0;
    switch (type) {
        case UsmType::Device:
            check(cu_.cuMemAlloc_v2(&dptr, bytes), "cuMemAlloc_v2", what);
            ptr = reinterpret_cast<void*>(dptr);
            break;
        case UsmType::Shared:
            check(cu_.cuMemAllocManaged(&dptr, bytes, CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged",
                  what);
            ptr = reinterpret_cast<void*>(dptr);
            break;
        case UsmType::Host:
            check(cu_.cuMemAllocHost_v2(&ptr, bytes), "cuMemAllocHost_v2", what);
            break;
    }
    try {
        std::lock_guard lock(allocations_mutex_);
        allocations_.emplace(ptr, type);
    } catch (...) {
        if (type == UsmType::Host)
            cu_.cuMemFreeHost(ptr);
        else
            cu_.cuMemFree_v2(reinterpret_cast<CUdeviceptr>(ptr));
        throw;
    }
    return ptr;
}

void CudaContext::deallocate(void* ptr) noexcept {
    if (!ptr) return;
    UsmType type;
    {
        std::lock_guard lock(allocations_mutex_);
        auto it = allocations_.find(ptr);
        if (it == allocations_.end()) return;  // not ours: nothing to free
        type = it->second;
        allocations_.erase(it);
    }
    try_make_current();
    // cuMemFree and cuMemFreeHost synchronize on their own today; draining this context's queues
    // first makes the contract (commands in flight finish before the memory goes) explicit.
    {
        std::lock_guard lock(queues_mutex_);
        for (CudaQueue* q : queues_) q->drain();
    }
    if (type == UsmType::Host)
        cu_.cuMemFreeHost(ptr);
    else
        cu_.cuMemFree_v2(reinterpret_cast<CUdeviceptr>(ptr));
}

std::unique_ptr<Queue> CudaContext::create_queue(bool profiling) {
    return std::make_unique<CudaQueue>(shared_from_this(), profiling);
}

std::unique_ptr<Queue> CudaContext::adopt_queue(void* native_queue, bool owned) {
    auto stream = static_cast<CUstream>(native_queue);
    const auto value = reinterpret_cast<std::uintptr_t>(native_queue);
    // 0 and CU_STREAM_LEGACY (1) name the legacy default stream, CU_STREAM_PER_THREAD (2) the
    // per-thread one, of whatever context is current: dpk makes its primary context current for
    // every call, so they are that context's (PyTorch's and CuPy's default streams). Never
    // destroyed.
    if (value <= 2) return std::make_unique<CudaQueue>(shared_from_this(), stream, false);
    make_current_verified();
    CUcontext owner = nullptr;
    check(cu_.cuStreamGetCtx(stream, &owner), "cuStreamGetCtx", "the CUstream to adopt");
    if (owner != context_)
        throw InvalidArgumentError(
            "the CUstream to adopt belongs to another CUcontext than device '" + info_.name +
            "' (its primary context)");
    return std::make_unique<CudaQueue>(shared_from_this(), stream, owned);
}

std::optional<UsmType> CudaContext::usm_type_of(const void* ptr, std::size_t bytes) {
    make_current_verified();
    CUcontext owner = nullptr;
    unsigned int memory_type = 0;
    unsigned int managed = 0;
    int ordinal = -1;
    CUdeviceptr start = 0;
    std::size_t size = 0;
    CUpointer_attribute what[] = {
        CU_POINTER_ATTRIBUTE_CONTEXT,          CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
        CU_POINTER_ATTRIBUTE_IS_MANAGED,       CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
        CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, CU_POINTER_ATTRIBUTE_RANGE_SIZE};
    void* out[] = {&owner, &memory_type, &managed, &ordinal, &start, &size};
    CUresult r = cu_.cuPointerGetAttributes(6, what, out, reinterpret_cast<CUdeviceptr>(ptr));
    if (r == CUDA_ERROR_INVALID_VALUE) return std::nullopt;  // not memory CUDA knows
    check(r, "cuPointerGetAttributes");
    if (memory_type == 0) return std::nullopt;  // pageable host memory
    // Stream-ordered (pool) and VMM allocations report no context; the ordinal says the device.
    if (owner && owner != context_) return std::nullopt;
    if (memory_type == CU_MEMORYTYPE_DEVICE && !managed && ordinal != device_) return std::nullopt;
    auto first = reinterpret_cast<CUdeviceptr>(ptr);
    if (size != 0 && (first < start || first - start + bytes > size)) return std::nullopt;
    if (managed) return UsmType::Shared;
    return memory_type == CU_MEMORYTYPE_HOST ? UsmType::Host : UsmType::Device;
}

CUevent CudaContext::acquire_event(bool timing) {
    {
        std::lock_guard lock(events_mutex_);
        auto& pool = free_events_[timing];
        if (!pool.empty()) {
            CUevent e = pool.back();
            pool.pop_back();
            return e;
        }
    }
    make_current_verified();
    CUevent e = nullptr;
    check(cu_.cuEventCreate(&e, timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING),
          "cuEventCreate");
    return e;
}

void CudaContext::release_event(CUevent event, bool timing) noexcept {
    try {
        std::lock_guard lock(events_mutex_);
        free_events_[timing].push_back(event);
    } catch (...) {
        cu_.cuEventDestroy_v2(event);  // no room in the pool
    }
}

CUfunction CudaContext::fill_function(bool words) {
    std::lock_guard lock(fill_mutex_);
    if (!fill_module_) {
        make_current_verified();
        const std::string ptx = fill_kernels_ptx(target_);
        CUmodule module = nullptr;
        check(cu_.cuModuleLoadData(&module, ptx.c_str()), "cuModuleLoadData",
              "dpk's fill kernels for '" + info_.name + "'");
        CUfunction f[2] = {};
        CUresult r = cu_.cuModuleGetFunction(&f[0], module, kFillBytesKernel);
        if (r == CUDA_SUCCESS) r = cu_.cuModuleGetFunction(&f[1], module, kFillWordsKernel);
        if (r != CUDA_SUCCESS) {
            cu_.cuModuleUnload(module);
            fail(r, "cuModuleGetFunction", "dpk's fill kernels");
        }
        fill_module_ = module;
        fill_ = {f[0], f[1]};
    }
    return fill_[words];
}

void CudaContext::register_queue(CudaQueue* q) {
    std::lock_guard lock(queues_mutex_);
    queues_.push_back(q);
}

void CudaContext::unregister_queue(CudaQueue* q) {
    std::lock_guard lock(queues_mutex_);
    queues_.erase(std::remove(queues_.begin(), queues_.end(), q), queues_.end());
}

}  // namespace dpk::backends::cuda
