// The small virtual interface every backend implements for the runtime, and the entry by which a
// backend registers itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_features.h"
#include "dpk/core/device_info.h"
#include "dpk/core/signature.h"

namespace dpk::backends {

// What users see of devices and kernels lives in dpk/core/device_info.h; backends keep their names.
using dpk::device_kind_name;
using dpk::DeviceInfo;
using dpk::DeviceKind;
using dpk::KernelAttributes;
using dpk::ProfilingTimes;
using dpk::spirv_ingest_name;
using dpk::SpirvIngest;

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
    /// The driver's queue (cl_command_queue, CUstream, ze_command_list_handle_t).
    virtual void* native_handle() const = 0;
    /// Makes this queue's later commands wait, on the device, for everything submitted so far to
    /// a driver queue of the same context that another library owns (a marker there, a barrier
    /// here). Throws UnsupportedDeviceFeatureError where the backend cannot.
    virtual void wait_for_native(void* native_queue) = 0;
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
    /// A queue over a driver queue another library made (cl_command_queue, CUstream) on this
    /// context's device and context. `owned`: the queue is released (OpenCL) or destroyed (CUDA)
    /// with the dpk queue; otherwise it stays the caller's. Throws InvalidArgumentError when the
    /// driver queue is of another context or device, or is not in order.
    virtual std::unique_ptr<Queue> adopt_queue(void* native_queue, bool owned) = 0;
    /// The USM type of `ptr` when it is USM memory of this context — whoever allocated it — and
    /// `ptr + bytes - 1` lies in the same allocation; nullopt for host memory, memory of another
    /// context or device, or a range past the allocation's end. Throws
    /// UnsupportedDeviceFeatureError when the driver cannot say (fine-grain SVM has no query).
    virtual std::optional<UsmType> usm_type_of(const void* ptr, std::size_t bytes) = 0;
    /// The driver's context (cl_context, CUcontext, ze_context_handle_t).
    virtual void* native_handle() const = 0;
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
    /// Whether discovery loads one driver only (the CUDA driver, the Level Zero loader), as
    /// opposed to every installed one (OpenCL's ICDs). A device filter that names such a backend
    /// is answered by its discovery alone: no other backend's driver is loaded.
    bool one_driver = false;
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
