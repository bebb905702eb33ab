// Shared by the seed-scenario and JIT tests: the kernels of docs/language.md, a private cache
// folder, host-side reference data.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dpk/dpk.h"
#include "tests/runtime/support/device_loop.h"
#include "tests/seed/seed_program.h"

namespace dpk::tests {

/// A fresh folder under the system temp dir, removed with the object.
class TempDir {
public:
    explicit TempDir(const std::string& tag) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / ("dpk-" + tag + "-XXXXXX")).string();
        if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

/// A cache in its own folder, so tests never touch the user's cache and count their own work.
inline std::shared_ptr<KernelCache> private_cache(const std::filesystem::path& dir) {
    return std::make_shared<KernelCache>(runtime::CacheConfig::at(dir));
}

/// The seed program with a private, memory-only cache (unless `dir` is given).
inline Program seed_program(const std::filesystem::path& dir = {}) {
    ProgramOptions o;
    o.cache = std::make_shared<KernelCache>(dir.empty() ? runtime::CacheConfig::disabled()
                                                        : runtime::CacheConfig::at(dir));
    return Program::from_string("seed.dpk", kSeedProgram, o);
}

inline std::vector<float> iota(std::size_t n, float scale = 1.0f, float offset = 0.0f) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = offset + scale * static_cast<float>(i);
    return v;
}

/// Shared driver state of a definition (same object = the same compiled kernel).
inline const void* identity(const CompiledKernel& k) {
    return &k.loaded().state();
}

}  // namespace dpk::tests
