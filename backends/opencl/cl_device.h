// OpenCL device discovery and the OpenCL implementation of backends::Device.
#pragma once

#include <memory>
#include <mutex>
#include <optional>

#include "backends/backend.h"
#include "backends/opencl/cl_api.h"
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

    cl_platform_id platform() const { return platform_; }
    cl_device_id id() const { return device_; }
    UsmMechanism usm_mechanism() const { return mechanism_; }
    const std::optional<IntelUsmFunctions>& intel_usm() const { return intel_usm_; }

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
    std::mutex context_mutex_;
    std::shared_ptr<Context> context_;
};

/// Every OpenCL platform and device the ICD loader finds (empty with a problem if none).
Discovery discover();

}  // namespace dpk::backends::opencl
