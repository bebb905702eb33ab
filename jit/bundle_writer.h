// Writing AOT bundles: kernels compiled ahead of time for the runtime alone to load
// (runtime::KernelBundle reads them).
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "jit/program.h"

namespace dpk {

/// One kernel and the signatures it is compiled for in a bundle.
struct BundleRequest {
    std::string kernel;
    std::vector<std::string> signatures;
};

/// Compiles each requested (kernel, signature) of `program` — front end only: bundles hold
/// device-independent SPIR-V, built for a device when loaded — and writes them to `path` as a
/// sealed bundle (runtime::KernelBundle::encode). Returns the images written. Throws
/// CompileError, InvalidArgumentError, or InvalidArgumentError if `path` cannot be written.
std::vector<KernelImage> write_bundle(const std::filesystem::path& path, const Program& program,
                                      std::span<const BundleRequest> requests);

}  // namespace dpk
