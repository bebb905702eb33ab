#include "runtime/cache_config.h"

#include <cstdlib>
#include <string_view>

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

}  // namespace dpk::runtime
