// The Level Zero implementation of backends::Context: modules, USM allocations, queues.
#pragma once

#include <level_zero/ze_api.h>

#include <mutex>
#include <vector>

#include "backends/backend.h"
#include "backends/level_zero/ze_device.h"

namespace dpk::backends::level_zero {

class ZeQueue;

/// One ze_context_handle_t used with one device.
class ZeContext final : public Context, public std::enable_shared_from_this<ZeContext> {
public:
    explicit ZeContext(const ZeDevice& device);
    ~ZeContext() override;
    ZeContext(const ZeContext&) = delete;
    ZeContext& operator=(const ZeContext&) = delete;

    std::unique_ptr<Program> create_program(std::span<const std::uint32_t> spirv,
                                            const std::string& build_options) override;
    std::unique_ptr<Program> create_program_from_binary(std::span<const std::uint8_t> binary,
                                                        const std::string& build_options) override;
    void* allocate(UsmType type, std::size_t bytes, std::size_t alignment) override;
    void deallocate(void* ptr) noexcept override;
    std::unique_ptr<Queue> create_queue(bool profiling) override;
    /// Not available: dpk's Level Zero queue keeps its own chain of events on an immediate command
    /// list it made (UnsupportedDeviceFeatureError).
    std::unique_ptr<Queue> adopt_queue(void* native_queue, bool owned) override;
    /// zeMemGetAllocProperties (type, device) and zeMemGetAddressRange.
    std::optional<UsmType> usm_type_of(const void* ptr, std::size_t bytes) override;
    void* native_handle() const override { return context_; }
    const void* id() const override { return this; }

    ze_context_handle_t handle() const { return context_; }
    ze_device_handle_t device() const { return device_; }
    const DeviceInfo& device_info() const { return info_; }
    std::uint32_t compute_queue_ordinal() const { return ordinal_; }
    std::uint64_t timer_resolution() const { return timer_resolution_; }
    std::uint32_t kernel_timestamp_bits() const { return timestamp_bits_; }

    /// Queues register so a free can first drain the commands that may use the memory.
    void register_queue(ZeQueue* q);
    void unregister_queue(ZeQueue* q);

private:
    ze_context_handle_t context_ = nullptr;
    ze_device_handle_t device_;
    DeviceInfo info_;
    std::uint32_t ordinal_;
    std::uint64_t timer_resolution_;
    std::uint32_t timestamp_bits_;
    std::mutex queues_mutex_;
    std::vector<ZeQueue*> queues_;
};

}  // namespace dpk::backends::level_zero
