#include "dpk/runtime/cache_config.h"

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <set>
#include <string_view>

#include "runtime/sealed_file.h"

namespace dpk::runtime {

namespace {
const char* env(const char* name) {
    const char* v = std::getenv(name);
    return v && *v ? v : nullptr;
}
bool is_off(std::string_view v) {
    return v == "0" || v == "off" || v == "OFF" || v == "false" || v == "no";
}
}  // namespace

CacheConfig CacheConfig::from_environment() {
    if (const char* c = env("DPK_CACHE"); c && is_off(c)) return disabled();
    if (const char* d = env("DPK_CACHE_DIR")) return at(d);
    if (const char* x = env("XDG_CACHE_HOME")) return at(std::filesystem::path(x) / "dpk");
    if (const char* h = env("HOME")) return at(std::filesystem::path(h) / ".cache" / "dpk");
    return disabled();
}

bool CacheConfig::folder_trusted(const std::filesystem::path& entry) const {
    if (!enabled) return false;
    // The cache folder itself and the folder of the entry.
    static std::mutex mutex;
    static std::set<std::filesystem::path> warned;
    for (const std::filesystem::path& folder : {dir, entry.parent_path()}) {
        std::optional<std::string> why = untrusted_folder_reason(folder);
        if (!why) continue;
        std::lock_guard lock(mutex);
        if (warned.insert(folder).second)
            std::cerr << "dpk: warning: not using the cache folder '" << folder.string() << "': it "
                      << *why << "; make it yours and private (chmod go-w), or set DPK_CACHE_DIR\n";
        return false;
    }
    return true;
}

FileReadPolicy CacheConfig::entry_policy() {
    FileReadPolicy p;
    p.max_bytes = kMaxSealedFileBytes;
    p.regular_only = true;
    p.no_links = true;
    p.private_only = true;
    return p;
}

}  // namespace dpk::runtime
