// Which usm_types an OpenCL device can honestly back, and with what.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "dpk/core/signature.h"

namespace dpk::backends::opencl {

/// How USM arrays are backed on an OpenCL device.
enum class UsmMechanism : std::uint8_t { IntelUsm, FineGrainSvm, CoarseGrainSvm, None };

/// cl_intel_unified_shared_memory access capabilities (CL_DEVICE_*_MEM_CAPABILITIES_INTEL).
struct IntelUsmCaps {
    std::uint64_t device = 0;
    std::uint64_t host = 0;
    std::uint64_t shared = 0;  // single-device shared
};

/// The decision, per usm_type (indexed by UsmType): supported or not, and what backs it / why not.
struct UsmSupport {
    UsmMechanism mechanism = UsmMechanism::None;
    std::array<bool, 3> supported{};
    std::array<std::string, 3> detail{};
};

/// Prefers cl_intel_unified_shared_memory; else fine-grain buffer SVM backs device and shared
/// memory, and host memory only where device memory is host memory (CPU devices) or with
/// fine-grain system SVM; coarse-grain SVM backs device memory only; no SVM backs nothing.
UsmSupport decide_usm_support(const std::optional<IntelUsmCaps>& intel,
                              std::uint64_t svm_capabilities, bool host_unified_memory);

}  // namespace dpk::backends::opencl
