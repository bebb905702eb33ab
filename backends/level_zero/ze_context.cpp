#include "backends/level_zero/ze_context.h"

#include <algorithm>

#include "backends/level_zero/ze_error.h"
#include "backends/level_zero/ze_program.h"
#include "backends/level_zero/ze_queue.h"
#include "dpk/core/error.h"

namespace dpk::backends::level_zero {

ZeContext::ZeContext(const ZeDevice& device)
    : device_(device.handle()),
      info_(device.info()),
      ordinal_(device.compute_queue_ordinal()),
      timer_resolution_(device.timer_resolution()),
      timestamp_bits_(device.kernel_timestamp_bits()) {
    ze_context_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
    check(zeContextCreate(device.driver(), &desc, &context_), "zeContextCreate",
          "device '" + info_.name + "'");
}

ZeContext::~ZeContext() {
    if (context_) zeContextDestroy(context_);
}

std::unique_ptr<Program> ZeContext::create_program(std::span<const std::uint32_t> spirv,
                                                   const std::string& build_options) {
    if (info_.spirv == SpirvIngest::None)
        throw UnsupportedDeviceFeatureError("device '" + info_.name +
                                            "' cannot take SPIR-V: " + info_.spirv_detail);
    return build_module(*this, spirv, build_options);  // validated and checked by the runtime
}

std::unique_ptr<Program> ZeContext::create_program_from_binary(std::span<const std::uint8_t> binary,
                                                               const std::string& build_options) {
    return build_module_from_native(*this, binary, build_options);
}

void* ZeContext::allocate(UsmType type, std::size_t bytes, std::size_t alignment) {
    if (!info_.supports(type))
        throw UnsupportedDeviceFeatureError(
            "device '" + info_.name + "' cannot provide usm_type=\"" +
            std::string(usm_type_name(type)) + "\": " + info_.usm_backing(type));
    ze_device_mem_alloc_desc_t device_desc{};
    device_desc.stype = ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC;
    ze_host_mem_alloc_desc_t host_desc{};
    host_desc.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC;
    void* ptr = nullptr;
    ze_result_t r = ZE_RESULT_SUCCESS;
    const char* call = "";
    switch (type) {
        case UsmType::Device:
            call = "zeMemAllocDevice";
            r = zeMemAllocDevice(context_, &device_desc, bytes, alignment, device_, &ptr);
            break;
        case UsmType::Shared:
            call = "zeMemAllocShared";
            r = zeMemAllocShared(context_, &device_desc, &host_desc, bytes, alignment, device_,
                                 &ptr);
            break;
        case UsmType::Host:
            call = "zeMemAllocHost";
            r = zeMemAllocHost(context_, &host_desc, bytes, alignment, &ptr);
            break;
    }
    check(r, call, std::to_string(bytes) + " bytes");
    return ptr;
}

void ZeContext::deallocate(void* ptr) noexcept {
    if (!ptr) return;
    // zeMemFree does not wait for commands in flight: drain this context's queues first.
    {
        std::lock_guard lock(queues_mutex_);
        for (ZeQueue* q : queues_) {
            try {
                q->finish();
            } catch (...) {
                // A failed command cannot be reported from a destructor; the memory is freed
                // anyway.
            }
        }
    }
    zeMemFree(context_, ptr);
}

std::unique_ptr<Queue> ZeContext::create_queue(bool profiling) {
    return std::make_unique<ZeQueue>(shared_from_this(), profiling);
}

std::unique_ptr<Queue> ZeContext::adopt_queue(void*, bool) {
    throw UnsupportedDeviceFeatureError(
        "device '" + info_.name +
        "': adopting a Level Zero command list is not supported; use a dpk queue and share its "
        "native_handle() instead");
}

std::optional<UsmType> ZeContext::usm_type_of(const void* ptr, std::size_t bytes) {
    ze_memory_allocation_properties_t props{};
    props.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
    ze_device_handle_t owner = nullptr;
    check(zeMemGetAllocProperties(context_, ptr, &props, &owner), "zeMemGetAllocProperties");
    if (props.type == ZE_MEMORY_TYPE_UNKNOWN) return std::nullopt;
    void* base = nullptr;
    std::size_t size = 0;
    check(zeMemGetAddressRange(context_, ptr, &base, &size), "zeMemGetAddressRange");
    auto first = reinterpret_cast<std::uintptr_t>(ptr);
    auto start = reinterpret_cast<std::uintptr_t>(base);
    if (first < start || first - start + bytes > size) return std::nullopt;
    switch (props.type) {
        case ZE_MEMORY_TYPE_HOST: return UsmType::Host;
        case ZE_MEMORY_TYPE_SHARED: return UsmType::Shared;
        case ZE_MEMORY_TYPE_DEVICE:
            if (owner != device_) return std::nullopt;
            return UsmType::Device;
        default: return std::nullopt;
    }
}

void ZeContext::register_queue(ZeQueue* q) {
    std::lock_guard lock(queues_mutex_);
    queues_.push_back(q);
}

void ZeContext::unregister_queue(ZeQueue* q) {
    std::lock_guard lock(queues_mutex_);
    queues_.erase(std::remove(queues_.begin(), queues_.end(), q), queues_.end());
}

}  // namespace dpk::backends::level_zero
