#include "backends/opencl/cl_context.h"

#include <algorithm>

#include "backends/opencl/cl_dispatch.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_program.h"
#include "backends/opencl/cl_queue.h"
#include "dpk/core/error.h"

namespace dpk::backends::opencl {

ClContext::ClContext(const ClDevice& device)
    : device_(device.id()),
      info_(device.info()),
      mechanism_(device.usm_mechanism()),
      intel_usm_(device.intel_usm()) {
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM,
                                     reinterpret_cast<cl_context_properties>(device.platform()), 0};
    cl_int err = CL_SUCCESS;
    context_ = icd(device_).clCreateContext(props, 1, &device_, nullptr, nullptr, &err);
    check(err, "clCreateContext", "device '" + info_.name + "'");
}

ClContext::~ClContext() {
    if (context_) icd(context_).clReleaseContext(context_);
}

std::unique_ptr<Program> ClContext::create_program(std::span<const std::uint32_t> spirv,
                                                   const std::string& build_options) {
    return build_program(*this, spirv, build_options);  // validated and checked by the runtime
}

std::unique_ptr<Program> ClContext::create_program_from_binary(std::span<const std::uint8_t> binary,
                                                               const std::string& build_options) {
    return build_program_from_binary(*this, binary, build_options);
}

void* ClContext::allocate(UsmType type, std::size_t bytes, std::size_t alignment) {
    if (!info_.supports(type))
        throw UnsupportedDeviceFeatureError(
            "device '" + info_.name + "' cannot provide usm_type=\"" +
            std::string(usm_type_name(type)) + "\": " + info_.usm_backing(type));
    const auto align = static_cast<cl_uint>(alignment);
    void* ptr = nullptr;
    cl_int err = CL_SUCCESS;
    switch (mechanism_) {
        case UsmMechanism::IntelUsm:
            switch (type) {
                case UsmType::Device:
                    ptr = intel_usm_->device_alloc(context_, device_, nullptr, bytes, align, &err);
                    break;
                case UsmType::Shared:
                    ptr = intel_usm_->shared_alloc(context_, device_, nullptr, bytes, align, &err);
                    break;
                case UsmType::Host:
                    ptr = intel_usm_->host_alloc(context_, nullptr, bytes, align, &err);
                    break;
            }
            check(err, "clMemAllocINTEL",
                  std::to_string(bytes) + " bytes of " + std::string(usm_type_name(type)) + " USM");
            break;
        case UsmMechanism::FineGrainSvm:
        case UsmMechanism::CoarseGrainSvm: {
            cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
            if (mechanism_ == UsmMechanism::FineGrainSvm) {
                flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
                if (info_.svm_capabilities & CL_DEVICE_SVM_ATOMICS) flags |= CL_MEM_SVM_ATOMICS;
            }
            ptr = icd(context_).clSVMAlloc(context_, flags, bytes, align);
            if (!ptr)
                throw BackendError("clSVMAlloc", CL_MEM_OBJECT_ALLOCATION_FAILURE,
                                   cl_error_name(CL_MEM_OBJECT_ALLOCATION_FAILURE),
                                   "returned NULL for " + std::to_string(bytes) + " bytes");
            break;
        }
        case UsmMechanism::None: break;
    }
    return ptr;
}

void ClContext::deallocate(void* ptr) noexcept {
    if (!ptr) return;
    if (mechanism_ == UsmMechanism::IntelUsm) {
        intel_usm_->blocking_free(context_, ptr);  // waits for commands that use ptr
        return;
    }
    // clSVMFree does not wait for commands in flight: drain every queue of this context first.
    {
        std::lock_guard lock(queues_mutex_);
        for (cl_command_queue q : queues_) icd(q).clFinish(q);
    }
    icd(context_).clSVMFree(context_, ptr);
}

std::unique_ptr<Queue> ClContext::create_queue(bool profiling) {
    return std::make_unique<ClQueue>(shared_from_this(), profiling);
}

std::unique_ptr<Queue> ClContext::adopt_queue(void* native_queue, bool owned) {
    auto queue = static_cast<cl_command_queue>(native_queue);
    if (!queue) throw InvalidArgumentError("cannot adopt a null cl_command_queue");
    auto info = [&](cl_command_queue_info what, auto& out) {
        check(icd(queue).clGetCommandQueueInfo(queue, what, sizeof(out), &out, nullptr),
              "clGetCommandQueueInfo", "the cl_command_queue to adopt");
    };
    cl_context context = nullptr;
    cl_device_id device = nullptr;
    cl_command_queue_properties props = 0;
    info(CL_QUEUE_CONTEXT, context);
    info(CL_QUEUE_DEVICE, device);
    info(CL_QUEUE_PROPERTIES, props);
    if (context != context_)
        throw InvalidArgumentError(
            "the cl_command_queue to adopt belongs to another cl_context than device '" +
            info_.name + "' uses; make it on the device's context (Device::native_context())");
    if (device != device_)
        throw InvalidArgumentError("the cl_command_queue to adopt is not on device '" + info_.name +
                                   "'");
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
        throw InvalidArgumentError(
            "the cl_command_queue to adopt executes out of order; dpk queues are in order");
    if (!owned) check(icd(queue).clRetainCommandQueue(queue), "clRetainCommandQueue");
    return std::make_unique<ClQueue>(shared_from_this(), queue,
                                     (props & CL_QUEUE_PROFILING_ENABLE) != 0);
}

std::optional<UsmType> ClContext::usm_type_of(const void* ptr, std::size_t bytes) {
    if (mechanism_ != UsmMechanism::IntelUsm)
        throw UnsupportedDeviceFeatureError(
            "device '" + info_.name +
            "' backs USM with SVM, which has no query that tells whether memory another library "
            "allocated belongs to its context; external memory needs "
            "cl_intel_unified_shared_memory");
    cl_unified_shared_memory_type_intel type = CL_MEM_TYPE_UNKNOWN_INTEL;
    void* base = nullptr;
    std::size_t size = 0;
    auto info = [&](cl_mem_info_intel what, auto& out) {
        check(intel_usm_->alloc_info(context_, ptr, what, sizeof(out), &out, nullptr),
              "clGetMemAllocInfoINTEL");
    };
    info(CL_MEM_ALLOC_TYPE_INTEL, type);
    if (type == CL_MEM_TYPE_UNKNOWN_INTEL) return std::nullopt;
    info(CL_MEM_ALLOC_BASE_PTR_INTEL, base);
    info(CL_MEM_ALLOC_SIZE_INTEL, size);
    auto first = reinterpret_cast<std::uintptr_t>(ptr);
    auto start = reinterpret_cast<std::uintptr_t>(base);
    if (first < start || first - start + bytes > size) return std::nullopt;
    if (type == CL_MEM_TYPE_DEVICE_INTEL) {
        cl_device_id device = nullptr;
        info(CL_MEM_ALLOC_DEVICE_INTEL, device);
        if (device != device_) return std::nullopt;
        return UsmType::Device;
    }
    return type == CL_MEM_TYPE_SHARED_INTEL ? UsmType::Shared : UsmType::Host;
}

void ClContext::register_queue(cl_command_queue q) {
    std::lock_guard lock(queues_mutex_);
    queues_.push_back(q);
}

void ClContext::unregister_queue(cl_command_queue q) {
    std::lock_guard lock(queues_mutex_);
    queues_.erase(std::remove(queues_.begin(), queues_.end(), q), queues_.end());
}

}  // namespace dpk::backends::opencl
