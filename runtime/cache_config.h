// Where dpk keeps its on-disk caches, from the environment.
#pragma once

#include <filesystem>

namespace dpk::runtime {

/// The on-disk cache folder, or none. Entries are sealed (versioned, checksummed) files that
/// also record what they were made from; anything that does not check out is ignored and
/// rebuilt, never trusted.
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
};

}  // namespace dpk::runtime
