// Devices: what the runtime found, how to name one (dpctl filter strings) and the default.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_info.h"
#include "dpk/core/target.h"

namespace dpk::runtime {

namespace detail {
struct DeviceEntry;
struct BackendAccess;
}  // namespace detail

/// A device found at discovery. Cheap to copy; equal when it is the same device.
class Device {
public:
    /// An empty handle (no device); use select_device / default_device.
    Device() = default;

    const DeviceInfo& info() const;
    /// Canonical dpctl-style filter that selects exactly this device ("opencl:cpu:0").
    const std::string& filter_string() const;
    /// The backend's registered name ("opencl", "level_zero", "cuda").
    const std::string& backend() const { return info().backend; }
    const std::string& name() const { return info().name; }
    /// True when the device can take dpk's SPIR-V (directly or through a translation).
    bool takes_spirv() const { return info().loads(PayloadFormat::Spirv); }
    /// What kernels are compiled for on this device: OpenCL or Level Zero with its optional
    /// features, avoiding its driver's known defects, with the launch variants that pay on it,
    /// named after the device in messages ("device opencl:cpu:0 (NAME, PLATFORM) has no ...").
    /// Its name() is part of every kernel-image cache key.
    Target target() const;
    /// The driver's handle of the device's default context (shared by every queue, array and
    /// kernel on it): cl_context, CUcontext (the primary context) or
    /// ze_context_handle_t, for making queues and memory another library shares with dpk.
    void* native_context() const;

    explicit operator bool() const { return entry_ != nullptr; }
    friend bool operator==(const Device& a, const Device& b) { return a.entry_ == b.entry_; }

private:
    friend struct detail::DeviceEntry;
    friend struct detail::BackendAccess;  // dpk's own code: runtime/backend_access.h
    explicit Device(const detail::DeviceEntry* entry) : entry_(entry) {}
    const detail::DeviceEntry* entry_ = nullptr;
};

/// One platform (OpenCL platform, Level Zero driver, CUDA driver) as listed by `dpk devices`.
struct PlatformListing {
    std::string backend;  // the backend's registered name
    std::string name;
    std::string vendor;
    std::string version;
    std::vector<Device> devices;
};

/// Why a backend contributed no device ("no Level Zero driver found"), for listings.
struct BackendProblem {
    std::string backend;  // the backend's registered name
    std::string problem;
};

/// Every device of every backend, discovered once per process (backends in registration order).
const std::vector<Device>& all_devices();
/// Every platform with its devices.
const std::vector<PlatformListing>& platforms();
/// Backends that found nothing, with the reason.
const std::vector<BackendProblem>& backend_problems();

/// How this process has found its devices so far (for tests and benchmarks).
struct DiscoveryStats {
    /// Full discovery ran: every backend and every installed driver was loaded and asked.
    bool full_discovery = false;
    /// Devices opened on their own from the disk cache's device directory before that.
    std::size_t opened_from_directory = 0;
};
DiscoveryStats discovery_stats();

/// Devices matching a dpctl-style filter: `backend[:type][:index]`, `type[:index]`,
/// `backend:index`, e.g. "opencl:cpu:0", "opencl:cpu", "opencl", "cpu", "cuda:gpu:0",
/// "opencl:1"; the backends are those registered with dpk (Device::backend names them). The index
/// counts devices matching the rest of the filter, in discovery order. Throws InvalidArgumentError
/// on a malformed filter.
std::vector<Device> select_devices(std::string_view filter);
/// The device a filter names: with an index, exactly that one; without, the first match that
/// takes SPIR-V (else the first match). Throws DeviceNotFoundError listing the devices found.
/// Before full discovery, a device listed in the disk cache's device directory (written by every
/// full discovery) is opened on its own, loading only its driver; the directory is trusted only
/// for the same driver configuration and device identity, else discovery runs.
Device select_device(std::string_view filter);
/// The default device: $DPK_DEVICE if set (a filter), else, as SYCL's default selector, a GPU
/// before any other device; among equals a driver that takes SPIR-V as IL before a translation,
/// then the backends' registered rank (Level Zero, OpenCL, CUDA).
/// Devices that cannot take SPIR-V are never the default. Throws DeviceNotFoundError. Uses the
/// device directory as select_device does.
Device default_device();

}  // namespace dpk::runtime
