// The CUDA backend's registration: discovery, and reopening a device by PCI bus id under the
// same driver configuration (the fingerprint reads files only; no driver is loaded).
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

#include "backends/cuda/cuda_device.h"

namespace dpk::backends::cuda {

namespace {

namespace fs = std::filesystem;

/// Variables that change which devices the driver shows, or in what order.
constexpr const char* kVariables[] = {"CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER",
                                      "LD_LIBRARY_PATH"};
/// Where distributions and containers put libcuda.so.1, besides $LD_LIBRARY_PATH.
constexpr const char* kLibraryDirs[] = {
    "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64",       "/usr/lib",
    "/usr/local/nvidia/lib64",   "/usr/local/nvidia/lib",      "/usr/lib/wsl/lib",
};

std::string read_all(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string file_stamp(const fs::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) return "missing";
    return "size " + std::to_string(st.st_size) + " mtime " + std::to_string(st.st_mtim.tv_sec) +
           "." + std::to_string(st.st_mtim.tv_nsec);
}

}  // namespace

std::string configuration_fingerprint() {
    std::string f = "cuda-config 1\n";
    for (const char* name : kVariables) {
        const char* v = std::getenv(name);
        f += std::string(name) + (v ? "=" + std::string(v) : " unset") + "\n";
    }
    std::string version = read_all("/proc/driver/nvidia/version");
    f += "module: " + (version.empty() ? std::string("none\n") : version);
    std::vector<std::string> gpus;
    std::error_code ec;
    for (fs::directory_iterator it("/proc/driver/nvidia/gpus", ec), end; !ec && it != end;
         it.increment(ec))
        gpus.push_back(it->path().filename().string());
    std::sort(gpus.begin(), gpus.end());
    for (const std::string& g : gpus) f += "gpu " + g + "\n";
    std::vector<std::string> dirs;
    if (const char* path = std::getenv("LD_LIBRARY_PATH")) {
        std::stringstream s(path);
        for (std::string dir; std::getline(s, dir, ':');)
            if (!dir.empty()) dirs.push_back(dir);
    }
    dirs.insert(dirs.end(), std::begin(kLibraryDirs), std::end(kLibraryDirs));
    for (const std::string& dir : dirs) {
        fs::path lib = fs::path(dir) / "libcuda.so.1";
        if (!fs::exists(lib, ec)) continue;
        fs::path real = fs::canonical(lib, ec);
        f += lib.string() + " -> " + (ec ? std::string("?") : real.string()) + " " +
             file_stamp(ec ? lib : real) + "\n";
    }
    return f;
}

const BackendEntry& backend_entry() {
    static const BackendEntry entry = [] {
        BackendEntry e;
        e.name = "cuda";
        e.aliases = {"ext_oneapi_cuda"};
        e.rank = 2;
        e.one_driver = true;
        e.discover = [](std::span<const std::shared_ptr<Device>> opened) {
            return discover(opened);
        };
        e.configuration_fingerprint = configuration_fingerprint;
        e.reopen = reopen;
        return e;
    }();
    return entry;
}

}  // namespace dpk::backends::cuda
