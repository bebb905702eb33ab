// Level Zero device discovery and the Level Zero implementation of backends::Device.
// Written against the Level Zero loader API (libze-dev 1.8, API 1.4); never run on hardware here.
#pragma once

#include <level_zero/ze_api.h>

#include <memory>
#include <mutex>

#include "backends/backend.h"

namespace dpk::backends::level_zero {

/// One Level Zero device of one driver.
class ZeDevice final : public Device {
public:
    ZeDevice(ze_driver_handle_t driver, ze_device_handle_t device);

    const DeviceInfo& info() const override { return info_; }
    std::shared_ptr<Context> default_context() override;

    ze_driver_handle_t driver() const { return driver_; }
    ze_device_handle_t handle() const { return device_; }
    /// Ordinal of a command queue group that can run compute work.
    std::uint32_t compute_queue_ordinal() const { return compute_ordinal_; }
    /// Device timer frequency for kernel timestamps (ticks per second) and valid bits.
    std::uint64_t timer_resolution() const { return timer_resolution_; }
    std::uint32_t kernel_timestamp_bits() const { return timestamp_bits_; }

private:
    ze_driver_handle_t driver_;
    ze_device_handle_t device_;
    DeviceInfo info_;
    std::uint32_t compute_ordinal_ = 0;
    std::uint64_t timer_resolution_ = 1;
    std::uint32_t timestamp_bits_ = 64;
    std::mutex context_mutex_;
    std::shared_ptr<Context> context_;
};

/// Every Level Zero driver and device; "no Level Zero driver found" when zeInit fails or finds
/// none.
Discovery discover();

/// The Level Zero backend as the runtime registers it (it cannot reopen devices on its own).
const BackendEntry& backend_entry();

}  // namespace dpk::backends::level_zero
