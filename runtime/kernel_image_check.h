// The check every kernel image the compiler did not just make goes through, once, where it enters
// the runtime: read from an AOT bundle or the disk cache (runtime/kernel_image_io.h), or built by
// hand and given to LoadedKernel.
#pragma once

#include <string>

#include "dpk/core/kernel_abi.h"

namespace dpk::runtime {

/// Validates `image.spirv` with SPIRV-Tools and sets `image.requirements` from a scan of it
/// (runtime/spirv_requirements.h). Throws BuildError naming `what` ("kernel 'k' (void(...))")
/// with the validator's message when the SPIR-V is empty or invalid; `image` is then unchanged.
void check_kernel_image(KernelImage& image, const std::string& what);

}  // namespace dpk::runtime
