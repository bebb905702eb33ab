// Where compiled kernels are kept between runs: kernel images (the compiler's output) and driver
// programs (the driver's output), in memory and on disk.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dpk/core/kernel_abi.h"
#include "dpk/runtime/cache_config.h"

namespace dpk::runtime {
class ProgramCache;  // runtime/program_cache.h (internal)
struct ContentKey;   // runtime/content_hash.h (internal)
}  // namespace dpk::runtime

namespace dpk {

/// The caches behind Program and Kernel. On disk (runtime::CacheConfig: $DPK_CACHE_DIR,
/// $XDG_CACHE_HOME/dpk or ~/.cache/dpk; DPK_CACHE=0 turns it off):
/// - `images/KEY.dpkimg`: a kernel image, keyed by the program's source digest (text and
///   imports), the compile options that change the code (fp_contract), the kernel, the signature
///   and the compiler's fingerprint — a hit skips parse, sema and SPIR-V emission;
/// - `programs/KEY.dpkprog`: the driver's program binary (runtime::ProgramCache) — a hit skips
///   the driver build.
/// Entries are sealed (format version, checksum) and record what they were made from; any entry
/// that does not check out is ignored, removed and rebuilt. Thread-safe.
class KernelCache {
public:
    /// The envelope of image entries (runtime/sealed_file.h): their magic and format version
    /// (2: payload format, kernel variants, written arrays, bounds-check sites; 3: range guards;
    /// 4: asserts, print flag).
    static constexpr std::string_view kImageMagic = "dpkimage";  // a runtime::FileMagic
    static constexpr std::uint32_t kImageFormatVersion = 4;

    explicit KernelCache(runtime::CacheConfig config = runtime::CacheConfig::from_environment());
    ~KernelCache();
    KernelCache(const KernelCache&) = delete;
    KernelCache& operator=(const KernelCache&) = delete;

    /// The cache every Program uses unless given another: configured from the environment at
    /// first use and never destroyed.
    static const std::shared_ptr<KernelCache>& process_default();

    const runtime::CacheConfig& config() const { return config_; }
    runtime::ProgramCache& programs() { return *programs_; }

    /// The image stored for `key` if its entry checks out, was made for exactly `request` and
    /// its SPIR-V validates; its requirements are then scanned from it (read_kernel_image), so
    /// loading it checks nothing twice. Entries hold the image without its requirements.
    std::optional<KernelImage> load_image(const runtime::ContentKey& key,
                                          const std::string& request);
    /// Stores an image (atomically; failures to write are ignored: the cache is an optimization).
    void store_image(const runtime::ContentKey& key, const std::string& request,
                     const KernelImage& image);
    /// Counts one run of the compiler front end (parse/sema/emit) for stats.
    void note_front_end_compile() { front_end_compiles_.fetch_add(1, std::memory_order_relaxed); }

    struct Stats {
        std::uint64_t front_end_compiles = 0;  // compiler runs (parse, sema, SPIR-V)
        std::uint64_t image_hits = 0;          // images read from disk
        std::uint64_t image_rejected = 0;      // image entries ignored (corrupt, foreign)
        std::uint64_t image_writes = 0;
        runtime::ProgramCacheStats programs;
    };
    Stats stats() const;

private:
    runtime::CacheConfig config_;
    std::unique_ptr<runtime::ProgramCache> programs_;
    std::atomic<std::uint64_t> front_end_compiles_{0};
    std::atomic<std::uint64_t> image_hits_{0};
    std::atomic<std::uint64_t> image_rejected_{0};
    std::atomic<std::uint64_t> image_writes_{0};
};

}  // namespace dpk
