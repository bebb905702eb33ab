// What users see of a device and of a kernel built for it: the device's kind and description,
// how SPIR-V reaches its driver, a built kernel's attributes and a command's device timestamps.
// Filled by the backends (backends/backend.h), read through the runtime and the jit.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dpk/core/device_features.h"
#include "dpk/core/driver_defects.h"
#include "dpk/core/payload_format.h"
#include "dpk/core/launch_facts.h"
#include "dpk/core/signature.h"

namespace dpk {

/// Device class, as in dpctl filter strings.
enum class DeviceKind : std::uint8_t { Cpu, Gpu, Accelerator, Custom };
/// How our SPIR-V reaches the driver.
enum class SpirvIngest : std::uint8_t {
    IL,          // the driver takes SPIR-V (clCreateProgramWithIL, zeModuleCreate)
    Translated,  // the backend translates it in-process (SPIR 1.2 bitcode for PoCL, PTX for CUDA)
    None,        // cannot run our kernels at all
};

std::string_view device_kind_name(DeviceKind k);    // "cpu", "gpu", "accelerator", "custom"
std::string_view spirv_ingest_name(SpirvIngest s);  // "IL", "translated", "none"

/// What a device is and what it can do; filled once at discovery.
struct DeviceInfo {
    /// The backend's name, as filters spell it ("opencl", "level_zero", "cuda").
    std::string backend;
    DeviceKind kind = DeviceKind::Cpu;
    std::string name;
    std::string vendor;
    std::string driver_version;
    std::string device_version;  // "OpenCL 3.0 ..." / Level Zero API version
    std::string platform_name;
    std::string platform_version;
    /// How SPIR-V is ingested, and the detail: IL versions, or why it cannot be.
    SpirvIngest spirv = SpirvIngest::None;
    std::string spirv_detail;
    /// Whether the device loads images whose payload is in format `f` (SPIR-V: `spirv` is not
    /// None). The one answer the runtime, listings and the default-device choice read.
    bool loads(PayloadFormat f) const;
    /// Why it does not (`spirv_detail` for SPIR-V); empty when it does.
    std::string why_not_loaded(PayloadFormat f) const;
    /// Revision of what the backend hands the driver for a given SPIR-V module (e.g. its SPIR 1.2
    /// or PTX translation): a hash of the sources that decide that output, made at build time.
    /// Part of every on-disk program cache key, so binaries built from an older translation are
    /// rebuilt, not served.
    std::string ingest_revision;
    /// Compile targets use the names of the features' OpenCL extensions in messages (false for
    /// backends whose devices do not speak of OpenCL extensions).
    bool names_opencl_extensions = true;

    std::uint64_t max_work_group_size = 0;
    std::uint32_t max_work_item_dims = 0;
    std::array<std::uint64_t, 3> max_work_item_sizes{};
    std::uint64_t local_mem_size = 0;
    std::uint64_t global_mem_size = 0;
    std::uint64_t max_mem_alloc_size = 0;
    std::uint32_t compute_units = 0;
    /// OpenCL CL_DEVICE_SVM_CAPABILITIES bits (0 when none or not OpenCL).
    std::uint64_t svm_capabilities = 0;
    bool has_intel_usm = false;  // cl_intel_unified_shared_memory
    /// Optional features (fp64, fp16, 64-bit atomics, sub-groups, shuffles). Sub-groups: OpenCL's
    /// cl_khr_subgroups, or OpenCL 2.1+ with CL_DEVICE_MAX_NUM_SUB_GROUPS > 0, or Level Zero
    /// sub-group sizes. Shuffles (SPV_INTEL_subgroups): cl_intel_spirv_subgroups when SPIR-V is
    /// taken as IL, cl_intel_subgroups through SPIR 1.2; Level Zero devices with sub-groups. A
    /// backend sets SubGroupShuffle only together with SubGroups.
    DeviceFeatures features;
    bool has(DeviceFeature f) const { return features.has(f); }
    /// The defects of this device's driver that kernels compiled for it avoid
    /// (dpk/core/driver_defects.h): part of the device's compile target, so of its cache keys.
    DriverDefects driver_defects;
    /// The kernel variants worth compiling for this device, most specialized first: each
    /// specialization also carries a variant per entry, which a launch runs when its facts hold
    /// (docs/compiler.md, "Launch-time variants"). Empty: the general kernel alone.
    std::vector<LaunchFacts> kernel_variants;
    /// CL_DEVICE_MAX_NUM_SUB_GROUPS (0 when none or not reported).
    std::uint32_t max_num_sub_groups = 0;
    /// Sub-group sizes the device offers (CL_DEVICE_SUB_GROUP_SIZES_INTEL, Level Zero
    /// subGroupSizes); empty when it does not say.
    std::vector<std::uint64_t> sub_group_sizes;
    bool host_unified_memory = false;  // device memory is host memory (CPU devices)
    /// What only this backend reports, as one line for listings ("SVM 0xb (...)", "compute
    /// capability 9.0"); may be empty.
    std::string backend_detail;

    /// Which usm_types the device can back (indexed by UsmType), what backs them, and why not.
    std::array<bool, 3> usm_supported{};
    std::array<std::string, 3> usm_detail{};

    bool supports(UsmType u) const { return usm_supported[static_cast<std::size_t>(u)]; }
    const std::string& usm_backing(UsmType u) const {
        return usm_detail[static_cast<std::size_t>(u)];
    }
};

/// What the driver reports about a compiled kernel for one device.
struct KernelAttributes {
    std::uint64_t max_work_group_size = 0;
    std::uint64_t preferred_work_group_size_multiple = 0;
    std::uint64_t local_mem_size = 0;    // bytes the kernel uses itself (static local memory)
    std::uint64_t private_mem_size = 0;  // bytes per work item
    /// Registers per work-item where the driver says (CUDA: CU_FUNC_ATTRIBUTE_NUM_REGS); 0 when
    /// it does not (OpenCL, Level Zero).
    std::uint32_t registers = 0;
};

/// Device-side timestamps of a finished command, in nanoseconds.
struct ProfilingTimes {
    std::uint64_t queued = 0;
    std::uint64_t submit = 0;
    std::uint64_t start = 0;
    std::uint64_t end = 0;
};

}  // namespace dpk
