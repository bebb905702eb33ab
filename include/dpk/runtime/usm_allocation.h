// One USM allocation, owned RAII; arrays and their views share it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "dpk/core/signature.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/queue.h"

namespace dpk::runtime {

/// A block of USM memory of one usm_type on one device, freed when the last owner goes.
/// Freeing waits for the device's in-flight commands that may use it.
class UsmAllocation {
public:
    /// Allocates `bytes` (0 allowed: no memory, null data). Throws UnsupportedDeviceFeatureError
    /// when the device cannot back `type`, UsmError when `bytes` exceeds the device's limit.
    UsmAllocation(const Device& device, UsmType type, std::size_t bytes);
    /// Memory another library allocated on `queue`'s device context, used in place and never
    /// freed here: `keep_alive` (its owner) is held until the last owner of this goes, after
    /// `queue` finished the commands submitted to it until then.
    UsmAllocation(const Queue& queue, UsmType type, void* data, std::size_t bytes,
                  std::shared_ptr<const void> keep_alive);
    /// Memory of another runtime's context on `device` (UsmArray::describe_foreign): a
    /// description only, neither freed nor waited for here.
    UsmAllocation(const Device& device, UsmType type, void* data, std::size_t bytes);
    ~UsmAllocation();
    UsmAllocation(const UsmAllocation&) = delete;
    UsmAllocation& operator=(const UsmAllocation&) = delete;

    void* data() const { return data_; }
    std::size_t bytes() const { return bytes_; }
    UsmType usm_type() const { return type_; }
    const Device& device() const { return device_; }
    /// True for memory another library allocated (the second and third constructors).
    bool external() const { return external_queue_.has_value() || foreign_; }

    /// Number of allocations alive in this process (for leak checks).
    static std::size_t live_count();

private:
    Device device_;
    std::shared_ptr<void> context_;  // the backend context the memory belongs to
    UsmType type_;
    std::size_t bytes_;
    void* data_ = nullptr;
    std::optional<Queue> external_queue_;
    std::shared_ptr<const void> keep_alive_;
    bool foreign_ = false;
};

}  // namespace dpk::runtime
