#include "dpk/runtime/usm_allocation.h"

#include <atomic>

#include "backends/backend.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"

namespace dpk::runtime {

namespace {
std::atomic<std::size_t> g_live{0};
/// Enough for any dtype and for vector loads the drivers may emit.
constexpr std::size_t kAlignment = 64;
}  // namespace

UsmAllocation::UsmAllocation(const Device& device, UsmType type, std::size_t bytes)
    : device_(device), context_(detail::context_of(device)), type_(type), bytes_(bytes) {
    const backends::DeviceInfo& info = device.info();
    if (!info.supports(type))
        throw UnsupportedDeviceFeatureError(
            "device '" + info.name + "' (" + device.filter_string() +
            ") cannot provide usm_type=\"" + std::string(usm_type_name(type)) +
            "\": " + info.usm_backing(type));
    if (info.max_mem_alloc_size && bytes > info.max_mem_alloc_size)
        throw UsmError("cannot allocate " + std::to_string(bytes) + " bytes on device '" +
                       info.name + "': its largest allocation is " +
                       std::to_string(info.max_mem_alloc_size) + " bytes");
    if (bytes > 0)
        data_ = static_cast<backends::Context*>(context_.get())->allocate(type, bytes, kAlignment);
    g_live.fetch_add(1, std::memory_order_relaxed);
}

UsmAllocation::UsmAllocation(const Queue& queue, UsmType type, void* data, std::size_t bytes,
                             std::shared_ptr<const void> keep_alive)
    : device_(queue.device()),
      context_(detail::context_of(queue.device())),
      type_(type),
      bytes_(bytes),
      data_(data),
      external_queue_(queue),
      keep_alive_(std::move(keep_alive)) {
    g_live.fetch_add(1, std::memory_order_relaxed);
}

UsmAllocation::UsmAllocation(const Device& device, UsmType type, void* data, std::size_t bytes)
    : device_(device), type_(type), bytes_(bytes), data_(data), foreign_(true) {
    g_live.fetch_add(1, std::memory_order_relaxed);
}

UsmAllocation::~UsmAllocation() {
    if (foreign_) {
        // Another runtime's memory: it frees it.
    } else if (external_queue_) {
        // The owner may free the memory once it is let go: the launches on it finish first.
        try {
            detail::backend_of(*external_queue_).finish();
        } catch (...) {  // a failed command was reported by its own event; the memory goes back
        }
    } else {
        static_cast<backends::Context*>(context_.get())->deallocate(data_);
    }
    g_live.fetch_sub(1, std::memory_order_relaxed);
}

std::size_t UsmAllocation::live_count() {
    return g_live.load(std::memory_order_relaxed);
}

}  // namespace dpk::runtime
