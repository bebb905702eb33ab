// Built driver programs, cached in memory and on disk (the driver's own program binary).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>

#include "dpk/runtime/cache_config.h"
#include "dpk/runtime/device.h"
#include "runtime/content_hash.h"

namespace dpk::backends {
class Context;
class Program;
}  // namespace dpk::backends

namespace dpk::runtime {

/// Driver programs built from SPIR-V. In memory they are keyed by (context, device, SPIR-V,
/// build options); on disk by (device and driver identity with the backend's ingest revision,
/// SPIR-V, build options), as the
/// driver's program binary (clGetProgramInfo CL_PROGRAM_BINARIES, zeModuleGetNativeBinary).
/// A disk entry is used only if its envelope checks out (format version, size, checksum) and it
/// records exactly this device, driver, SPIR-V and options; otherwise it is rebuilt and
/// replaced. Concurrent requests for one program build it once. Thread-safe.
class ProgramCache {
public:
    explicit ProgramCache(CacheConfig config = CacheConfig::from_environment());
    ~ProgramCache();
    ProgramCache(const ProgramCache&) = delete;
    ProgramCache& operator=(const ProgramCache&) = delete;

    /// The process-wide cache, configured from the environment at first use; never destroyed
    /// (its programs must not outlive the drivers' own teardown).
    static ProgramCache& process_default();

    /// The built program for `spirv` (valid: the caller checked it, see LoadedKernel) on
    /// `device`: from memory, else from the disk cache, else built by the driver (and then
    /// written to disk). Throws what Context::create_program throws.
    std::shared_ptr<backends::Program> program(const Device& device,
                                               std::span<const std::uint32_t> spirv,
                                               const std::string& build_options);

    /// What the cache needs of a device: its description (the disk key records its identity,
    /// device_identity), its filter string and its context.
    struct Target {
        const DeviceInfo& info;
        const std::string& filter;
        const std::shared_ptr<backends::Context>& context;
    };
    /// The same for a device given by its parts (a Device gives them all).
    std::shared_ptr<backends::Program> program(const Target& target,
                                               std::span<const std::uint32_t> spirv,
                                               const std::string& build_options);

    using Stats = ProgramCacheStats;
    Stats stats() const;
    const CacheConfig& config() const { return config_; }
    /// Forgets the programs held in memory (the disk cache stays).
    void clear_memory();

    /// The string that identifies a device, its driver and the backend's ingest revision (what
    /// the backend hands the driver: DeviceInfo::ingest_revision) in disk entries.
    static std::string device_identity(const DeviceInfo& info);

private:
    struct Slot;
    std::shared_ptr<backends::Program> load_or_build(const Target& target,
                                                     std::span<const std::uint32_t> spirv,
                                                     const ContentKey& spirv_key,
                                                     const std::string& build_options);

    CacheConfig config_;
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Slot>> slots_;
    Stats stats_;
};

}  // namespace dpk::runtime
