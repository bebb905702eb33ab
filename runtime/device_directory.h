// What the last full device discovery found, kept in the disk cache so that a later process can
// open the one device it asks for without loading every installed driver.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "dpk/runtime/cache_config.h"

namespace dpk::runtime {

/// One device as discovery listed it, with what reopens it on its own.
struct DeviceRecord {
    std::string backend;  // the backend's registered name ("opencl")
    backends::DeviceKind kind = backends::DeviceKind::Cpu;
    backends::SpirvIngest spirv = backends::SpirvIngest::None;
    std::string filter;  // "opencl:cpu:0"
    std::string name;
    std::string vendor;
    std::string driver_version;
    std::string platform_name;
    /// The backend's Device::reopen_token(); empty when the device cannot be opened on its own.
    std::string token;

    friend bool operator==(const DeviceRecord&, const DeviceRecord&) = default;
};

/// The fingerprint of one backend's driver configuration when the directory was written.
struct BackendFingerprint {
    std::string backend;
    std::string fingerprint;

    friend bool operator==(const BackendFingerprint&, const BackendFingerprint&) = default;
};

/// Every device of the backends that can reopen devices, in discovery order, with the driver
/// configuration of each backend it was found under.
struct DeviceDirectory {
    std::vector<BackendFingerprint> fingerprints;
    std::vector<DeviceRecord> devices;

    friend bool operator==(const DeviceDirectory&, const DeviceDirectory&) = default;

    /// The directory stored in `cache`, or nullopt if there is none or it does not check out
    /// (another format version, truncated, checksum mismatch): it is then ignored, never trusted.
    static std::optional<DeviceDirectory> load(const CacheConfig& cache);
    /// Stores the directory (atomically) unless the same one is there; false if it cannot.
    bool store(const CacheConfig& cache) const;
};

}  // namespace dpk::runtime
