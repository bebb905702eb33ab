// One USM allocation, owned RAII; arrays and their views share it.
#pragma once

#include <cstddef>
#include <memory>

#include "core/signature.h"
#include "runtime/device.h"

namespace dpk::runtime {

/// A block of USM memory of one usm_type on one device, freed when the last owner goes.
/// Freeing waits for the device's in-flight commands that may use it.
class UsmAllocation {
public:
    /// Allocates `bytes` (0 allowed: no memory, null data). Throws UnsupportedDeviceFeatureError
    /// when the device cannot back `type`, UsmError when `bytes` exceeds the device's limit.
    UsmAllocation(const Device& device, UsmType type, std::size_t bytes);
    ~UsmAllocation();
    UsmAllocation(const UsmAllocation&) = delete;
    UsmAllocation& operator=(const UsmAllocation&) = delete;

    void* data() const { return data_; }
    std::size_t bytes() const { return bytes_; }
    UsmType usm_type() const { return type_; }
    const Device& device() const { return device_; }

    /// Number of allocations alive in this process (for leak checks).
    static std::size_t live_count();

private:
    Device device_;
    std::shared_ptr<backends::Context> context_;
    UsmType type_;
    std::size_t bytes_;
    void* data_ = nullptr;
};

}  // namespace dpk::runtime
