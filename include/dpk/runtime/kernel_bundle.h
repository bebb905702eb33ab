// AOT bundles: kernel images compiled ahead of time, shipped in one file and loaded by the
// runtime alone (no compiler, no ANTLR).
#pragma once

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The errors loads and launches throw (dpk::error and its subclasses: SignatureMismatchError,
// UnsupportedDeviceFeatureError, InvalidRangeError, ...): an AOT program that includes this
// header alone can catch them.
#include "dpk/core/error.h"
#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/launch.h"  // runtime::launch of a bundle's LoadedKernels
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/specialization_set.h"

namespace dpk::runtime {

/// The KernelImages of a bundle file (`.dpkb`): a sealed file (magic "dpkbundl", format version,
/// checksum) holding who produced it and each image with its signature, ABI and SPIR-V.
class KernelBundle {
public:
    /// Reads and checks a bundle; throws FormatError (not a bundle, other format version,
    /// truncated, corrupted) or FileError (cannot read the file).
    static KernelBundle read(const std::filesystem::path& path);
    /// Same, from bytes; `what` names them in errors.
    static KernelBundle decode(std::string_view bytes, const std::string& what);
    /// The bytes of a bundle holding `images`; `producer` says what made it ("dpk-aot 0.1.0").
    static std::string encode(std::span<const KernelImage> images, std::string_view producer);

    const std::vector<KernelImage>& images() const { return images_; }
    const std::string& producer() const { return producer_; }
    /// Kernel names, each once, in bundle order.
    std::vector<std::string> kernel_names() const;

    /// Every specialization of `kernel` in the bundle, built for `device` through
    /// options.program_cache, or ProgramCache::process_default() when it is null: the driver's
    /// binary is kept in dpk's cache folder (DPK_CACHE=0, or a ProgramCache made with
    /// CacheConfig::disabled(), keeps nothing). Launches through it check signatures exactly as
    /// the JIT does. Throws InvalidArgumentError if the bundle has no such kernel, and what
    /// LoadedKernel throws.
    std::unique_ptr<SpecializationSet> load(std::string_view kernel, const Device& device,
                                            const LoadOptions& options = {}) const;

private:
    std::string producer_;
    std::vector<KernelImage> images_;
};

}  // namespace dpk::runtime
