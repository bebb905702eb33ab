// Writing AOT bundles: kernels compiled ahead of time for the runtime alone to load
// (runtime::KernelBundle reads them).
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "dpk/core/target.h"
#include "dpk/jit/program.h"

namespace dpk {

/// One kernel and the signatures it is compiled for in a bundle.
struct BundleRequest {
    std::string kernel;
    std::vector<std::string> signatures;
};

/// Compiles each requested (kernel, signature) of `program` for `target` — front end only:
/// bundles hold device-independent SPIR-V, built for a device when loaded, which refuses an image
/// needing a feature it lacks — and writes them to `path` as a sealed bundle
/// (runtime::KernelBundle::encode). Returns the images written. Throws CompileError (also for a
/// kernel using a feature `target` lacks), InvalidArgumentError, or FileError if
/// `path` cannot be written. A target: dpk/core/target.h (Target::parse("opencl+fp16")).
std::vector<KernelImage> write_bundle(const std::filesystem::path& path, const Program& program,
                                      std::span<const BundleRequest> requests,
                                      const Target& target);
/// One program of a bundle made from several, and what to compile of it.
struct BundleSource {
    Program program;
    std::vector<BundleRequest> requests;
};
/// Same for several programs (dpk-aot with several .dpk files): their images in one bundle.
std::vector<KernelImage> write_bundle(const std::filesystem::path& path,
                                      std::span<const BundleSource> sources,
                                      const Target& target);
/// Same for dpkc's default target, Target::opencl() (fp64 and 64-bit atomics, no fp16,
/// no sub-groups).
std::vector<KernelImage> write_bundle(const std::filesystem::path& path, const Program& program,
                                      std::span<const BundleRequest> requests);

}  // namespace dpk
