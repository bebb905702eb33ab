// Which SPIRV-Tools environment a module of ours is validated in (shared by the compiler's
// validator and the backends' check before any driver sees a module).
#pragma once

#include <spirv-tools/libspirv.h>

#include <cstdint>
#include <span>

namespace dpk {

/// The OpenCL environment that takes the module's version (SPIR-V 1.0: OpenCL 1.2 full profile,
/// or OpenCL 2.0 when it declares Groups for sub-group collectives; 1.1-1.2: OpenCL 2.2), else
/// universal SPIR-V of that version. A module declaring Int64Atomics or Float16 — optional
/// OpenCL capabilities (cl_khr_int64_base_atomics, cl_khr_fp16) that SPIRV-Tools' OpenCL
/// environments reject outright — is validated as universal SPIR-V of its version; the driver
/// decides whether it has the extension.
spv_target_env spirv_validation_env(std::span<const std::uint32_t> words);

}  // namespace dpk
