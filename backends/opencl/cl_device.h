// OpenCL device discovery and the OpenCL implementation of backends::Device.
#pragma once

#include <memory>
#include <mutex>
#include <optional>

#include "backends/backend.h"
#include "backends/opencl/cl_api.h"
#include "backends/opencl/icd_libraries.h"
#include "backends/opencl/intel_usm.h"
#include "backends/opencl/usm_support.h"

namespace dpk::backends::opencl {

/// One OpenCL device with everything the backend needs to create contexts for it.
class ClDevice final : public Device {
public:
    ClDevice(cl_platform_id platform, cl_device_id device);
    ~ClDevice() override;

    const DeviceInfo& info() const override { return info_; }
    std::shared_ptr<Context> default_context() override;
    /// The ICD library, platform index and device index (see open_device); empty when the ICD
    /// library is unknown.
    std::string reopen_token() const override;

    cl_platform_id platform() const { return platform_; }
    cl_device_id id() const { return device_; }
    UsmMechanism usm_mechanism() const { return mechanism_; }
    const std::optional<IntelUsmFunctions>& intel_usm() const { return intel_usm_; }
    /// The ICD library and platform the device comes from, when known, and the device's index
    /// among the platform's devices: enough to open it again without the ICD loader.
    const std::optional<IcdSource>& icd_source() const { return icd_source_; }
    unsigned index_in_platform() const { return index_in_platform_; }
    void set_origin(std::optional<IcdSource> source, unsigned index_in_platform) {
        icd_source_ = std::move(source);
        index_in_platform_ = index_in_platform;
    }

private:
    void query_info();
    void decide_spirv_ingest(const std::string& extensions, const std::string& il_version);
    /// Sub-groups and shuffles (after decide_spirv_ingest: shuffles depend on the ingest path).
    void decide_sub_groups(const std::string& extensions);
    void decide_usm();

    cl_platform_id platform_;
    cl_device_id device_;
    DeviceInfo info_;
    UsmMechanism mechanism_ = UsmMechanism::None;
    std::optional<IntelUsmFunctions> intel_usm_;
    std::optional<IcdSource> icd_source_;
    unsigned index_in_platform_ = 0;
    std::mutex context_mutex_;
    std::shared_ptr<Context> context_;
};

/// Every OpenCL platform and device the ICD loader finds (empty with a problem if none). A
/// device already opened with open_device() is listed as that same object.
Discovery discover(const std::vector<std::shared_ptr<ClDevice>>& opened = {});

/// Device `device_index` of platform `source.platform_index` of one ICD library, opened without
/// the ICD loader (only that driver is loaded and initialized); null if there is no such device.
std::shared_ptr<ClDevice> open_device(const IcdSource& source, unsigned device_index);

/// The OpenCL backend as the runtime registers it: discovery, and reopening a device from its
/// token under the same ICD configuration.
const BackendEntry& backend_entry();

}  // namespace dpk::backends::opencl
