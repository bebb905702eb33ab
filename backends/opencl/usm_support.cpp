#include "backends/opencl/usm_support.h"

#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

UsmSupport decide_usm_support(const std::optional<IntelUsmCaps>& intel, std::uint64_t svm,
                              bool host_unified_memory) {
    UsmSupport s;
    auto set = [&](UsmType u, bool ok, std::string detail) {
        s.supported[static_cast<std::size_t>(u)] = ok;
        s.detail[static_cast<std::size_t>(u)] = std::move(detail);
    };
    if (intel) {
        s.mechanism = UsmMechanism::IntelUsm;
        const char* via = "cl_intel_unified_shared_memory";
        const char* missing =
            "the driver reports no access capability for it (cl_intel_unified_shared_memory)";
        auto access = [](std::uint64_t caps) {
            return (caps & CL_UNIFIED_SHARED_MEMORY_ACCESS_INTEL) != 0;
        };
        set(UsmType::Device, access(intel->device), access(intel->device) ? via : missing);
        set(UsmType::Shared, access(intel->shared), access(intel->shared) ? via : missing);
        set(UsmType::Host, access(intel->host), access(intel->host) ? via : missing);
        return s;
    }
    if (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) {
        s.mechanism = UsmMechanism::FineGrainSvm;
        // Fine-grain buffer SVM is coherent between host and device: it honestly backs device
        // memory (a superset: the host just does not touch it directly) and shared memory (its
        // exact meaning). Host USM means memory in host RAM: only where device memory is host
        // memory, or with fine-grain system SVM.
        set(UsmType::Device, true, "fine-grain buffer SVM (clSVMAlloc)");
        set(UsmType::Shared, true, "fine-grain buffer SVM (clSVMAlloc)");
        bool host = host_unified_memory || (svm & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM);
        set(UsmType::Host, host,
            host ? "fine-grain buffer SVM in host memory (clSVMAlloc)"
                 : "host USM needs memory in host RAM: cl_intel_unified_shared_memory or "
                   "fine-grain system SVM, and the device has fine-grain buffer SVM only");
        return s;
    }
    if (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) {
        s.mechanism = UsmMechanism::CoarseGrainSvm;
        std::string why =
            "needs host-coherent memory (cl_intel_unified_shared_memory or fine-grain SVM); the "
            "device has coarse-grain buffer SVM only";
        set(UsmType::Device, true, "coarse-grain buffer SVM (clSVMAlloc)");
        set(UsmType::Shared, false, why);
        set(UsmType::Host, false, why);
        return s;
    }
    std::string why =
        "the device has neither SVM (CL_DEVICE_SVM_CAPABILITIES = 0) nor "
        "cl_intel_unified_shared_memory";
    set(UsmType::Device, false, why);
    set(UsmType::Shared, false, why);
    set(UsmType::Host, false, why);
    return s;
}

}  // namespace dpk::backends::opencl
