// OpenCL programs and kernels built from SPIR-V (by IL, or by SPIR 1.2 bitcode).
#pragma once

#include <memory>
#include <span>
#include <string>

#include "backends/backend.h"
#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

class ClContext;

/// A built cl_program for the context's device.
class ClProgram final : public Program {
public:
    ClProgram(std::shared_ptr<ClContext> context, cl_program program, SpirvIngest ingest);
    ~ClProgram() override;
    ClProgram(const ClProgram&) = delete;
    ClProgram& operator=(const ClProgram&) = delete;

    std::unique_ptr<Kernel> create_kernel(const std::string& name) override;
    std::string build_log() const override;
    SpirvIngest ingest() const override { return ingest_; }
    std::vector<std::uint8_t> binary() const override;

private:
    std::shared_ptr<ClContext> context_;
    cl_program program_;
    SpirvIngest ingest_;
};

/// A cl_kernel; pointer arguments go through SVM or the Intel USM entry point.
class ClKernel final : public Kernel {
public:
    ClKernel(std::shared_ptr<ClContext> context, cl_kernel kernel, std::string name);
    ~ClKernel() override;
    ClKernel(const ClKernel&) = delete;
    ClKernel& operator=(const ClKernel&) = delete;

    const KernelAttributes& attributes() const override { return attributes_; }
    std::uint32_t num_args() const override { return num_args_; }
    void set_value_arg(std::uint32_t index, std::size_t size, const void* value) override;
    void set_pointer_arg(std::uint32_t index, void* ptr) override;
    void set_local_arg(std::uint32_t index, std::size_t bytes) override;

    cl_kernel handle() const { return kernel_; }
    const std::string& name() const { return name_; }

private:
    std::shared_ptr<ClContext> context_;
    cl_kernel kernel_;
    std::string name_;
    KernelAttributes attributes_;
    std::uint32_t num_args_ = 0;
    clSetKernelArgMemPointerINTEL_fn set_usm_pointer_ = nullptr;
};

/// Builds validated SPIR-V for the context's device by its ingest path; throws BuildError with the
/// driver's build log, or UnsupportedDeviceFeatureError if the device cannot take SPIR-V.
std::unique_ptr<Program> build_program(ClContext& context, std::span<const std::uint32_t> spirv,
                                       const std::string& build_options);
/// Rebuilds a program from a binary that ClProgram::binary() returned for the same device
/// (clCreateProgramWithBinary + clBuildProgram); throws BuildError if the driver rejects it.
std::unique_ptr<Program> build_program_from_binary(ClContext& context,
                                                   std::span<const std::uint8_t> binary,
                                                   const std::string& build_options);

}  // namespace dpk::backends::opencl
