#include "dpk/runtime/kernel_bundle.h"

#include <algorithm>

#include "dpk/core/error.h"
#include "runtime/kernel_image_io.h"
#include "runtime/program_cache.h"
#include "runtime/sealed_file.h"

namespace dpk::runtime {

namespace {
constexpr FileMagic kMagic = "dpkbundl";
// 2: payload format, kernel variants, written arrays, bounds-check sites; 3: range guards;
// 4: asserts, print flag; 5: required local size.
constexpr std::uint32_t kFormatVersion = 5;
}  // namespace

KernelBundle KernelBundle::read(const std::filesystem::path& path) {
    FileReadPolicy policy;
    policy.max_bytes = kMaxSealedFileBytes;
    return decode(read_file(path, policy), "kernel bundle '" + path.string() + "'");
}

KernelBundle KernelBundle::decode(std::string_view bytes, const std::string& what) {
    ByteReader in(unseal(bytes, kMagic, kFormatVersion, what), what);
    KernelBundle b;
    b.producer_ = in.str();
    std::uint32_t n = in.u32();
    for (std::uint32_t i = 0; i < n; ++i) b.images_.push_back(read_kernel_image(in));
    if (!in.at_end()) in.fail("unexpected bytes after the last image");
    return b;
}

std::string KernelBundle::encode(std::span<const KernelImage> images, std::string_view producer) {
    ByteWriter out;
    out.str(producer);
    out.u32(static_cast<std::uint32_t>(images.size()));
    for (const KernelImage& image : images) write_kernel_image(out, image);
    return seal(kMagic, kFormatVersion, out.data());
}

std::vector<std::string> KernelBundle::kernel_names() const {
    std::vector<std::string> names;
    for (const KernelImage& image : images_)
        if (std::find(names.begin(), names.end(), image.kernel_name) == names.end())
            names.push_back(image.kernel_name);
    return names;
}

std::unique_ptr<SpecializationSet> KernelBundle::load(std::string_view kernel, const Device& device,
                                                      const LoadOptions& options) const {
    // The driver's binary is kept in dpk's cache unless the caller chose a cache: a program that
    // ships a bundle starts without a driver build after its first run.
    LoadOptions cached = options;
    if (!cached.program_cache) cached.program_cache = &ProgramCache::process_default();
    auto set = std::make_unique<SpecializationSet>(std::string(kernel));
    for (const KernelImage& image : images_)
        if (image.kernel_name == kernel) set->add(LoadedKernel(device, image, cached));
    if (set->size() == 0) {
        std::string names;
        for (const std::string& n : kernel_names()) names += (names.empty() ? "" : ", ") + n;
        throw InvalidArgumentError("the kernel bundle has no kernel '" + std::string(kernel) +
                                   "' (it has: " + (names.empty() ? "none" : names) + ")");
    }
    return set;
}

}  // namespace dpk::runtime
