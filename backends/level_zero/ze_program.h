// Level Zero modules and kernels built from SPIR-V (ZE_MODULE_FORMAT_IL_SPIRV).
#pragma once

#include <level_zero/ze_api.h>

#include <memory>
#include <span>

#include "backends/backend.h"

namespace dpk::backends::level_zero {

class ZeContext;

/// A built ze_module_handle_t.
class ZeModule final : public Program {
public:
    ZeModule(std::shared_ptr<ZeContext> context, ze_module_handle_t module, std::string log);
    ~ZeModule() override;
    ZeModule(const ZeModule&) = delete;
    ZeModule& operator=(const ZeModule&) = delete;

    std::unique_ptr<Kernel> create_kernel(const std::string& name) override;
    std::string build_log() const override { return log_; }
    SpirvIngest ingest() const override { return SpirvIngest::IL; }
    std::vector<std::uint8_t> binary() const override;

private:
    std::shared_ptr<ZeContext> context_;
    ze_module_handle_t module_;
    std::string log_;
};

/// A ze_kernel_handle_t. Group size is set by the queue at launch.
class ZeKernel final : public Kernel {
public:
    ZeKernel(std::shared_ptr<ZeContext> context, ze_kernel_handle_t kernel, std::string name);
    ~ZeKernel() override;
    ZeKernel(const ZeKernel&) = delete;
    ZeKernel& operator=(const ZeKernel&) = delete;

    const KernelAttributes& attributes() const override { return attributes_; }
    std::uint32_t num_args() const override { return num_args_; }
    void set_value_arg(std::uint32_t index, std::size_t size, const void* value) override;
    void set_pointer_arg(std::uint32_t index, void* ptr) override;
    void set_local_arg(std::uint32_t index, std::size_t bytes) override;

    ze_kernel_handle_t handle() const { return kernel_; }
    const std::string& name() const { return name_; }

private:
    std::shared_ptr<ZeContext> context_;
    ze_kernel_handle_t kernel_;
    std::string name_;
    KernelAttributes attributes_;
    std::uint32_t num_args_ = 0;
};

/// zeModuleCreate from validated SPIR-V; throws BuildError with the module build log.
std::unique_ptr<Program> build_module(ZeContext& context, std::span<const std::uint32_t> spirv,
                                      const std::string& build_options);
/// zeModuleCreate from a native binary that ZeModule::binary() gave (ZE_MODULE_FORMAT_NATIVE).
std::unique_ptr<Program> build_module_from_native(ZeContext& context,
                                                  std::span<const std::uint8_t> binary,
                                                  const std::string& build_options);

}  // namespace dpk::backends::level_zero
