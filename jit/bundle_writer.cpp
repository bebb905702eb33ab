#include "dpk/jit/bundle_writer.h"

#include "dpk/core/error.h"
#include "dpk/core/file_io.h"
#include "dpk/runtime/kernel_bundle.h"
#include "jit/source_digest.h"

namespace dpk {

std::vector<KernelImage> write_bundle(const std::filesystem::path& path, const Program& program,
                                      std::span<const BundleRequest> requests,
                                      const Target& target) {
    const BundleSource source{program, {requests.begin(), requests.end()}};
    return write_bundle(path, std::span(&source, 1), target);
}

std::vector<KernelImage> write_bundle(const std::filesystem::path& path,
                                      std::span<const BundleSource> sources, const Target& target) {
    std::vector<KernelImage> images;
    for (const BundleSource& source : sources) {
        for (const BundleRequest& r : source.requests) {
            Kernel k = source.program.kernel(r.kernel);
            if (r.signatures.empty())
                throw InvalidArgumentError("bundle: kernel '" + r.kernel +
                                           "' needs at least one signature");
            for (const std::string& sig : r.signatures) images.push_back(k.image(sig, target));
        }
    }
    const std::string producer = "dpk " + std::string(jit::compiler_fingerprint());
    write_output_file(path, runtime::KernelBundle::encode(images, producer));
    return images;
}

std::vector<KernelImage> write_bundle(const std::filesystem::path& path, const Program& program,
                                      std::span<const BundleRequest> requests) {
    return write_bundle(path, program, requests, Target::opencl());
}

}  // namespace dpk
