// The OpenCL implementation of backends::Context: programs, USM allocations, queues.
#pragma once

#include <mutex>
#include <vector>

#include "backends/backend.h"
#include "backends/opencl/cl_device.h"

namespace dpk::backends::opencl {

/// One cl_context for one device, with the device's USM mechanism.
class ClContext final : public Context, public std::enable_shared_from_this<ClContext> {
public:
    explicit ClContext(const ClDevice& device);
    ~ClContext() override;
    ClContext(const ClContext&) = delete;
    ClContext& operator=(const ClContext&) = delete;

    std::unique_ptr<Program> create_program(std::span<const std::uint32_t> spirv,
                                            const std::string& build_options) override;
    std::unique_ptr<Program> create_program_from_binary(std::span<const std::uint8_t> binary,
                                                        const std::string& build_options) override;
    void* allocate(UsmType type, std::size_t bytes, std::size_t alignment) override;
    void deallocate(void* ptr) noexcept override;
    std::unique_ptr<Queue> create_queue(bool profiling) override;
    /// Checks CL_QUEUE_CONTEXT, CL_QUEUE_DEVICE and that the queue is in order; profiling follows
    /// the queue's CL_QUEUE_PROFILING_ENABLE.
    std::unique_ptr<Queue> adopt_queue(void* native_queue, bool owned) override;
    /// clGetMemAllocInfoINTEL (type, base and size) where the device has Intel's USM; SVM has no
    /// such query (UnsupportedDeviceFeatureError).
    std::optional<UsmType> usm_type_of(const void* ptr, std::size_t bytes) override;
    void* native_handle() const override { return context_; }
    const void* id() const override { return this; }

    cl_context handle() const { return context_; }
    cl_device_id device() const { return device_; }
    const DeviceInfo& device_info() const { return info_; }
    UsmMechanism usm_mechanism() const { return mechanism_; }
    const IntelUsmFunctions* intel_usm() const { return intel_usm_ ? &*intel_usm_ : nullptr; }

    /// Queues register so that an SVM free can first drain the commands that may use it.
    void register_queue(cl_command_queue q);
    void unregister_queue(cl_command_queue q);

private:
    cl_context context_ = nullptr;
    cl_device_id device_;
    DeviceInfo info_;
    UsmMechanism mechanism_;
    std::optional<IntelUsmFunctions> intel_usm_;
    std::mutex queues_mutex_;
    std::vector<cl_command_queue> queues_;
};

}  // namespace dpk::backends::opencl
