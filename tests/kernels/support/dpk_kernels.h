// Kernels compiled by dpk's own compiler from .dpk source, for the end-to-end tests: the
// compiler's KernelImage loaded by the runtime on a real device.
#pragma once

#include <string>

#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/loaded_kernel.h"

namespace dpk::tests {

/// Compiles `kernel` of `file` for `signature` (empty: as annotated). `file` is relative to the
/// source tree ("examples/vecadd/vecadd.dpk") or a bare name under tests/kernels/dpk/
/// ("histogram.dpk"). Throws std::runtime_error with the rendered diagnostics on any error.
/// `target`: a TargetProfile::parse spec (empty: dpkc's default, `opencl`). Images are cached
/// per (file, kernel, signature, target).
const KernelImage& compiled_kernel(const std::string& file, const std::string& kernel,
                                   const std::string& signature = "",
                                   const std::string& target = "");

/// The compiled kernel built for `device`.
runtime::LoadedKernel dpk_kernel(const runtime::Device& device, const std::string& file,
                                 const std::string& kernel, const std::string& signature = "",
                                 const std::string& target = "");

/// Absolute path of a file in the source tree.
std::string source_path(const std::string& relative);

}  // namespace dpk::tests
