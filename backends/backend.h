// The small virtual interface every backend implements for the runtime, and the entry by which a
// backend registers itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/device_features.h"
#include "core/signature.h"

namespace dpk::backends {

/// Device class, as in dpctl filter strings.
enum class DeviceKind : std::uint8_t { Cpu, Gpu, Accelerator, Custom };
/// How our SPIR-V reaches the driver.
enum class SpirvIngest : std::uint8_t {
    IL,          // the driver takes SPIR-V (clCreateProgramWithIL, zeModuleCreate)
    Translated,  // the backend translates it in-process (SPIR 1.2 bitcode for PoCL, PTX for CUDA)
    None,        // cannot run our kernels at all
};

std::string_view device_kind_name(DeviceKind k);    // "cpu", "gpu", "accelerator", "custom"
std::string_view spirv_ingest_name(SpirvIngest s);  // "IL", "translated", "none"

/// What a device is and what it can do; filled once at discovery.
struct DeviceInfo {
    /// The backend's name, as filters spell it ("opencl", "level_zero", "cuda").
    std::string backend;
    DeviceKind kind = DeviceKind::Cpu;
    std::string name;
    std::string vendor;
    std::string driver_version;
    std::string device_version;  // "OpenCL 3.0 ..." / Level Zero API version
    std::string platform_name;
    std::string platform_version;
    /// How SPIR-V is ingested, and the detail: IL versions, or why it cannot be.
    SpirvIngest spirv = SpirvIngest::None;
    std::string spirv_detail;
    /// Revision of what the backend hands the driver for a given SPIR-V module (e.g. its SPIR 1.2
    /// or PTX translation). Part of every on-disk program cache key: a backend changes it whenever
    /// that output changes, so binaries built from an older translation are rebuilt, not served.
    std::string ingest_revision;
    /// Compile targets use the names of the features' OpenCL extensions in messages (false for
    /// backends whose devices do not speak of OpenCL extensions).
    bool names_opencl_extensions = true;

    std::uint64_t max_work_group_size = 0;
    std::uint32_t max_work_item_dims = 0;
    std::array<std::uint64_t, 3> max_work_item_sizes{};
    std::uint64_t local_mem_size = 0;
    std::uint64_t global_mem_size = 0;
    std::uint64_t max_mem_alloc_size = 0;
    std::uint32_t compute_units = 0;
    /// OpenCL CL_DEVICE_SVM_CAPABILITIES bits (0 when none or not OpenCL).
    std::uint64_t svm_capabilities = 0;
    bool has_intel_usm = false;  // cl_intel_unified_shared_memory
    /// Optional features (fp64, fp16, 64-bit atomics, sub-groups, shuffles). Sub-groups: OpenCL's
    /// cl_khr_subgroups, or OpenCL 2.1+ with CL_DEVICE_MAX_NUM_SUB_GROUPS > 0, or Level Zero
    /// sub-group sizes. Shuffles (SPV_INTEL_subgroups): cl_intel_spirv_subgroups when SPIR-V is
    /// taken as IL, cl_intel_subgroups through SPIR 1.2; Level Zero devices with sub-groups. A
    /// backend sets SubGroupShuffle only together with SubGroups.
    DeviceFeatures features;
    bool has(DeviceFeature f) const { return features.has(f); }
    /// CL_DEVICE_MAX_NUM_SUB_GROUPS (0 when none or not reported).
    std::uint32_t max_num_sub_groups = 0;
    /// Sub-group sizes the device offers (CL_DEVICE_SUB_GROUP_SIZES_INTEL, Level Zero
    /// subGroupSizes); empty when it does not say.
    std::vector<std::uint64_t> sub_group_sizes;
    bool host_unified_memory = false;  // device memory is host memory (CPU devices)
    /// What only this backend reports, as one line for listings ("SVM 0xb (...)", "compute
    /// capability 9.0"); may be empty.
    std::string backend_detail;

    /// Which usm_types the device can back (indexed by UsmType), what backs them, and why not.
    std::array<bool, 3> usm_supported{};
    std::array<std::string, 3> usm_detail{};

    bool supports(UsmType u) const { return usm_supported[static_cast<std::size_t>(u)]; }
    const std::string& usm_backing(UsmType u) const {
        return usm_detail[static_cast<std::size_t>(u)];
    }
};

/// Device-side timestamps of a finished command, in nanoseconds.
struct ProfilingTimes {
    std::uint64_t queued = 0;
    std::uint64_t submit = 0;
    std::uint64_t start = 0;
    std::uint64_t end = 0;
};

/// A command's completion handle.
class Event {
public:
    virtual ~Event() = default;
    /// Blocks until the command finished; throws BackendError if it failed.
    virtual void wait() = 0;
    virtual bool is_complete() = 0;
    /// Device timestamps; the queue must have been created with profiling.
    virtual ProfilingTimes profiling() = 0;
    /// Identity of the context the event belongs to (for dependency lists).
    virtual const void* context_id() const = 0;
};

/// What the driver reports about a compiled kernel for one device.
struct KernelAttributes {
    std::uint64_t max_work_group_size = 0;
    std::uint64_t preferred_work_group_size_multiple = 0;
    std::uint64_t local_mem_size = 0;    // bytes the kernel uses itself (static local memory)
    std::uint64_t private_mem_size = 0;  // bytes per work item
};

/// One kernel entry point with its argument slots. Not thread-safe: callers serialize set+launch.
class Kernel {
public:
    virtual ~Kernel() = default;
    virtual const KernelAttributes& attributes() const = 0;
    virtual std::uint32_t num_args() const = 0;
    /// A by-value argument (scalar, shape, stride).
    virtual void set_value_arg(std::uint32_t index, std::size_t size, const void* value) = 0;
    /// A USM pointer argument (allocated by this kernel's context).
    virtual void set_pointer_arg(std::uint32_t index, void* ptr) = 0;
    /// Launch-sized work-group memory of `bytes`.
    virtual void set_local_arg(std::uint32_t index, std::size_t bytes) = 0;
};

/// A built program (module) for one device.
class Program {
public:
    virtual ~Program() = default;
    /// Creates a kernel object for entry point `name`; throws BuildError if there is none.
    virtual std::unique_ptr<Kernel> create_kernel(const std::string& name) = 0;
    /// The driver's build log (may be empty).
    virtual std::string build_log() const = 0;
    /// How this program reached the driver.
    virtual SpirvIngest ingest() const = 0;
    /// The driver's own binary of this program for its device (OpenCL CL_PROGRAM_BINARIES,
    /// Level Zero native binary), reloadable with Context::create_program_from_binary on the
    /// same device and driver; empty when the driver gives none.
    virtual std::vector<std::uint8_t> binary() const = 0;
};

/// Global and optional local range of a launch (1-3 dims), already checked by the runtime.
struct NdRange {
    std::uint32_t dims = 1;
    std::array<std::size_t, 3> global{1, 1, 1};
    std::array<std::size_t, 3> local{1, 1, 1};
    bool has_local = false;
};

/// An in-order command queue.
class Queue {
public:
    virtual ~Queue() = default;
    using Deps = std::span<Event* const>;
    virtual std::shared_ptr<Event> launch(Kernel& kernel, const NdRange& range, Deps deps) = 0;
    /// USM/host memcpy (either side may be host memory).
    virtual std::shared_ptr<Event> copy(void* dst, const void* src, std::size_t bytes,
                                        Deps deps) = 0;
    /// Fills `bytes` at dst with a repeated pattern (pattern_size a power of two <= 128).
    virtual std::shared_ptr<Event> fill(void* dst, const void* pattern, std::size_t pattern_size,
                                        std::size_t bytes, Deps deps) = 0;
    /// Blocks until every command submitted so far finished.
    virtual void finish() = 0;
    virtual bool profiling_enabled() const = 0;
};

/// A context for one device: owns programs, allocations and queues.
class Context {
public:
    virtual ~Context() = default;
    /// Builds SPIR-V (already validated) for the device, by the device's ingest path.
    virtual std::unique_ptr<Program> create_program(std::span<const std::uint32_t> spirv,
                                                    const std::string& build_options) = 0;
    /// Rebuilds a program from what Program::binary() gave for this device and driver. The
    /// driver may not check the bytes: callers verify them (checksum) first. Throws BuildError
    /// when the driver rejects the binary.
    virtual std::unique_ptr<Program> create_program_from_binary(
        std::span<const std::uint8_t> binary, const std::string& build_options) = 0;
    /// Allocates USM of the given type; throws UnsupportedDeviceFeatureError if the device
    /// cannot back it.
    virtual void* allocate(UsmType type, std::size_t bytes, std::size_t alignment) = 0;
    virtual void deallocate(void* ptr) noexcept = 0;
    virtual std::unique_ptr<Queue> create_queue(bool profiling) = 0;
    /// Identity used to match events and allocations to a context.
    virtual const void* id() const = 0;
};

/// One device; its default context is created on first use and shared.
class Device {
public:
    virtual ~Device() = default;
    virtual const DeviceInfo& info() const = 0;
    virtual std::shared_ptr<Context> default_context() = 0;
    /// What reopens exactly this device later without a full discovery (BackendEntry::reopen),
    /// e.g. the driver library and indices; empty when the backend cannot.
    virtual std::string reopen_token() const { return {}; }
};

/// One platform (OpenCL platform or Level Zero driver) and its devices.
struct Platform {
    std::string backend;  // the backend's name
    std::string name;
    std::string vendor;
    std::string version;
    std::vector<std::shared_ptr<Device>> devices;
};

/// What one backend found: its platforms, or why it found none.
struct Discovery {
    std::vector<Platform> platforms;
    /// Empty when the backend works; otherwise why nothing is listed ("no Level Zero driver
    /// found").
    std::string problem;
};

/// A backend as the runtime sees it. Each backend defines one in its own folder and registers it
/// with one line in backends/CMakeLists.txt (dpk_register_backend); the runtime names none of
/// them and reaches each only through this entry.
struct BackendEntry {
    /// The name filters and listings use ("opencl"), and other accepted spellings.
    std::string_view name;
    std::vector<std::string_view> aliases;
    /// Order among backends when everything else about two devices is equal (the default device
    /// and listings): lower first.
    int rank = 0;
    /// Finds every platform and device. `opened` holds devices this backend reopened earlier in
    /// the process (reopen): discovery lists those as the same objects.
    Discovery (*discover)(std::span<const std::shared_ptr<Device>> opened) = nullptr;
    /// Optional: a fingerprint of the installed drivers' configuration that is cheap to compute
    /// without loading any driver. A device directory written under another fingerprint is not
    /// trusted. Null when the backend cannot reopen devices.
    std::string (*configuration_fingerprint)() = nullptr;
    /// Optional: opens one device on its own from its Device::reopen_token(), loading only what
    /// it needs; nullptr when that fails (the runtime then runs full discovery).
    std::shared_ptr<Device> (*reopen)(std::string_view token) = nullptr;
};

/// Every backend built into this library, in registration order (generated by CMake from the
/// dpk_register_backend lines).
std::span<const BackendEntry* const> registered_backends();

}  // namespace dpk::backends
