// What the last full device discovery found, kept in the disk cache so that a later process can
// open the one OpenCL device it asks for without loading every installed driver.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "runtime/cache_config.h"

namespace dpk::runtime {

/// One OpenCL device as discovery listed it, with where it comes from.
struct DeviceRecord {
    backends::DeviceKind kind = backends::DeviceKind::Cpu;
    backends::SpirvIngest spirv = backends::SpirvIngest::None;
    std::string filter;  // "opencl:cpu:0"
    std::string name;
    std::string vendor;
    std::string driver_version;
    std::string platform_name;
    /// The ICD library (as the loader's configuration names it); empty when unknown, and then
    /// the device cannot be opened on its own.
    std::string library;
    std::uint32_t platform_index = 0;  // among the platforms the library reports
    std::uint32_t device_index = 0;    // among the platform's devices

    friend bool operator==(const DeviceRecord&, const DeviceRecord&) = default;
};

/// Every OpenCL device, in discovery order, for one ICD configuration (its fingerprint).
struct DeviceDirectory {
    std::string fingerprint;
    std::vector<DeviceRecord> opencl;

    friend bool operator==(const DeviceDirectory&, const DeviceDirectory&) = default;

    /// The directory stored in `cache`, or nullopt if there is none or it does not check out
    /// (another format version, truncated, checksum mismatch): it is then ignored, never trusted.
    static std::optional<DeviceDirectory> load(const CacheConfig& cache);
    /// Stores the directory (atomically) unless the same one is there; false if it cannot.
    bool store(const CacheConfig& cache) const;
};

}  // namespace dpk::runtime
