#include "dpk/jit/kernel_cache.h"

#include "dpk/core/error.h"
#include "runtime/content_hash.h"
#include "runtime/kernel_image_io.h"
#include "runtime/program_cache.h"
#include "runtime/sealed_file.h"

namespace dpk {

KernelCache::KernelCache(runtime::CacheConfig config)
    : config_(config), programs_(std::make_unique<runtime::ProgramCache>(config)) {}
KernelCache::~KernelCache() = default;

const std::shared_ptr<KernelCache>& KernelCache::process_default() {
    // Never destroyed: it holds driver programs, which must not be released after the drivers'
    // own teardown at exit.
    static auto* cache = new std::shared_ptr<KernelCache>(std::make_shared<KernelCache>());
    return *cache;
}

std::optional<KernelImage> KernelCache::load_image(const runtime::ContentKey& key,
                                                   const std::string& request) {
    if (!config_.enabled) return std::nullopt;
    std::filesystem::path path = config_.dir / "images" / (key.hex() + ".dpkimg");
    std::error_code ec;
    if (!config_.folder_trusted(path) ||
        !std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        return std::nullopt;
    try {
        const std::string what = "kernel image cache entry " + path.string();
        const std::string file = read_file(path, runtime::CacheConfig::entry_policy());
        // read_kernel_image validates the SPIR-V: no driver sees an image that fails.
        runtime::ByteReader in(runtime::unseal(file, kImageMagic, kImageFormatVersion, what), what);
        if (in.str() != request)
            in.fail("made for another source, option, kernel, signature or compiler");
        KernelImage image = runtime::read_kernel_image(in);
        if (!in.at_end()) in.fail("unexpected bytes after the image");
        image_hits_.fetch_add(1, std::memory_order_relaxed);
        return image;
    } catch (const error&) {  // damaged, foreign, invalid or not a private regular file
        std::filesystem::remove(path, ec);
        image_rejected_.fetch_add(1, std::memory_order_relaxed);
        return std::nullopt;
    }
}

void KernelCache::store_image(const runtime::ContentKey& key, const std::string& request,
                              const KernelImage& image) {
    std::filesystem::path path = config_.dir / "images" / (key.hex() + ".dpkimg");
    if (!config_.enabled || !config_.folder_trusted(path)) return;
    runtime::ByteWriter out;
    out.str(request);
    runtime::write_kernel_image(out, image);
    if (runtime::write_file_atomically(path,
                                       runtime::seal(kImageMagic, kImageFormatVersion, out.data())))
        image_writes_.fetch_add(1, std::memory_order_relaxed);
}

KernelCache::Stats KernelCache::stats() const {
    Stats s;
    s.front_end_compiles = front_end_compiles_.load(std::memory_order_relaxed);
    s.image_hits = image_hits_.load(std::memory_order_relaxed);
    s.image_rejected = image_rejected_.load(std::memory_order_relaxed);
    s.image_writes = image_writes_.load(std::memory_order_relaxed);
    s.programs = programs_->stats();
    return s;
}

}  // namespace dpk
