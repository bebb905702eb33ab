// Where dpk keeps its on-disk caches, from the environment.
#pragma once

#include <cstdint>
#include <filesystem>

#include "dpk/core/file_io.h"

namespace dpk::runtime {

/// What the driver-program cache (runtime/program_cache.h) counted: KernelCache::Stats reports it.
struct ProgramCacheStats {
    std::uint64_t memory_hits = 0;    // served from memory
    std::uint64_t disk_hits = 0;      // rebuilt from a cached driver binary
    std::uint64_t builds = 0;         // built from SPIR-V by the driver
    std::uint64_t disk_rejected = 0;  // disk entries ignored (corrupt, foreign, refused)
    std::uint64_t disk_writes = 0;    // driver binaries written
};

/// The on-disk cache folder, or none. Entries are sealed (versioned, checksummed) files that
/// also record what they were made from; anything that does not check out is ignored and
/// rebuilt, never trusted. The folder is a trust boundary (docs/security.md): it is used only
/// when it belongs to this user and others cannot write it, and its entries are read only when
/// they are regular files of this user, not writable by others, of bounded size.
struct CacheConfig {
    bool enabled = false;
    std::filesystem::path dir;

    /// $DPK_CACHE=0 (or "off", "false", "no") turns the disk cache off; else $DPK_CACHE_DIR,
    /// else $XDG_CACHE_HOME/dpk, else $HOME/.cache/dpk; off when none of them is set.
    static CacheConfig from_environment();
    /// A cache in `dir` (created on first write).
    static CacheConfig at(std::filesystem::path dir) { return {true, std::move(dir)}; }
    /// No disk cache: memory only.
    static CacheConfig disabled() { return {}; }

    /// Whether the folder holding `entry` (the cache folder or one below it) may be read and
    /// written: it belongs to this user and group and others cannot write it (or it does not
    /// exist yet; dpk creates it private). When it may not, says so once per folder on stderr,
    /// as ssh does for a key file others can write, and the cache acts as if disabled.
    bool folder_trusted(const std::filesystem::path& entry) const;
    /// How a cache entry is read: a regular file (never a link, FIFO or device) of this user, not
    /// writable by others, of at most runtime::kMaxSealedFileBytes.
    static FileReadPolicy entry_policy();
};

}  // namespace dpk::runtime
