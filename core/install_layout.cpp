#include "core/install_layout.h"

#include <dlfcn.h>

#include <system_error>

namespace dpk::install_layout {

namespace fs = std::filesystem;

namespace {

/// The folder of the executable or shared library that holds this code; empty when unknown.
/// dladdr names the shared library or dynamic executable; a static executable (dpkc) has no
/// dynamic symbol table to ask, so its own /proc/self/exe is the answer there.
fs::path binary_folder() {
    std::error_code ec;
    Dl_info self{};
    if (::dladdr(reinterpret_cast<void*>(&binary_folder), &self) && self.dli_fname &&
        *self.dli_fname) {
        fs::path binary = fs::canonical(self.dli_fname, ec);
        if (!ec) return binary.parent_path();
    }
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

/// `in_prefix` (relative to a prefix) found from the binary's folder (`from_bin`), then in the
/// prefix dpk was configured with, then in the one its Debian package installs to.
std::vector<fs::path> folders(bool with_own_folder, const char* from_bin, const char* in_prefix) {
    std::vector<fs::path> out;
    if (fs::path bin = binary_folder(); !bin.empty()) {
        if (with_own_folder) out.push_back(bin);
        out.push_back((bin / from_bin).lexically_normal());
    }
    for (const char* prefix : {DPK_CONFIGURED_PREFIX, DPK_PACKAGE_PREFIX}) {
        fs::path folder = fs::path(prefix) / in_prefix;
        if (out.empty() || out.back() != folder) out.push_back(folder);
    }
    return out;
}

}  // namespace

std::vector<fs::path> stdlib_folders() {
    return folders(false, DPK_BIN_TO_STDLIB, DPK_INSTALL_STDLIB_DIR);
}

std::vector<fs::path> plugin_folders() {
    return folders(true, DPK_BIN_TO_PLUGIN, DPK_INSTALL_PLUGIN_DIR);
}

}  // namespace dpk::install_layout
