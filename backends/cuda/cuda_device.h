// CUDA device discovery and the CUDA implementation of backends::Device.
// Written against the CUDA 13.0 driver API (cuda.h); see cuda_driver_api.h.
#pragma once

#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

#include "backends/backend.h"
#include "backends/cuda/cuda_driver_api.h"
#include "backends/cuda/cuda_launch_geometry.h"
#include "backends/cuda/ptx/ptx_target.h"

namespace dpk::backends::cuda {

/// One CUDA device (an ordinal of the driver, as CUDA_VISIBLE_DEVICES leaves them). Requires
/// cuInit to have succeeded.
class CudaDevice final : public Device {
public:
    explicit CudaDevice(CUdevice device);

    const DeviceInfo& info() const override { return info_; }
    /// The device's primary context, retained on first use and kept for the process.
    std::shared_ptr<Context> default_context() override;
    /// The PCI bus id ("0000:1b:00.0"): reopen() finds the device by it whatever the ordinals.
    std::string reopen_token() const override { return pci_bus_id_; }

    CUdevice handle() const { return device_; }
    int driver_version() const { return driver_version_; }
    std::uint32_t sm() const { return sm_; }
    /// What dpk's translator writes for this device (sm, PTX ISA version).
    const PtxTarget& ptx_target() const { return target_; }
    /// The highest PTX ISA version the driver loads.
    PtxIsa driver_ptx_isa() const { return driver_ptx_; }
    /// Shared memory a block may use after opting in (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_...).
    std::uint64_t shared_memory_optin() const { return shared_optin_; }
    std::uint32_t multiprocessors() const { return info_.compute_units; }
    /// Device limits on block and grid dimensions (max_block_threads is the device's).
    const LaunchLimits& launch_limits() const { return limits_; }

private:
    int attribute(CUdevice_attribute a) const;

    CUdevice device_;
    DeviceInfo info_;
    int driver_version_ = 0;
    std::uint32_t sm_ = 0;
    PtxTarget target_;
    PtxIsa driver_ptx_ = 0;
    std::uint64_t shared_optin_ = 0;
    LaunchLimits limits_;
    std::string pci_bus_id_;
    std::mutex context_mutex_;
    std::shared_ptr<Context> context_;
};

/// Every CUDA device: "no CUDA driver found (...)" when libcuda.so.1 cannot be loaded, the
/// cuInit error when the driver finds no usable device. Devices in `opened` (reopened earlier)
/// are listed as those same objects.
Discovery discover(std::span<const std::shared_ptr<Device>> opened = {});

/// The device whose PCI bus id is `token` (CudaDevice::reopen_token), after cuInit; null when
/// the driver or the device is missing.
std::shared_ptr<Device> reopen(std::string_view token);

/// The installed NVIDIA driver's configuration, without loading it: the kernel module's version
/// (/proc/driver/nvidia/version), the GPUs it drives (/proc/driver/nvidia/gpus), the
/// CUDA_VISIBLE_DEVICES / CUDA_DEVICE_ORDER variables (they decide ordinals), and the path,
/// size and mtime of every libcuda.so.1 on the usual library paths.
std::string configuration_fingerprint();

/// What its devices report as DeviceInfo::ingest_revision: "cuda-" and a SHA-256 of the sources
/// that decide the cached program (the PTX translator, its math library and the binary layout),
/// made at build time.
std::string_view ingest_revision();

/// The CUDA backend as the runtime registers it (name "cuda", rank 2).
const BackendEntry& backend_entry();

}  // namespace dpk::backends::cuda
