#include "backends/opencl/icd_libraries.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace dpk::backends::opencl {

namespace {

namespace fs = std::filesystem;

constexpr const char* kDefaultVendorsDir = "/etc/OpenCL/vendors";
/// The loader's variables that change what it loads or how it orders platforms.
constexpr const char* kLoaderVariables[] = {
    "OCL_ICD_VENDORS",          "OCL_ICD_FILENAMES",     "OPENCL_LAYERS",
    "OCL_ICD_DEFAULT_PLATFORM", "OCL_ICD_PLATFORM_SORT", "OCL_ICD_ASSUME_ICD_EXTENSION",
    "OPENCL_VENDOR_PATH",
};

using IcdGetPlatformIds = cl_int(CL_API_CALL*)(cl_uint, cl_platform_id*, cl_uint*);
using GetExtensionFunctionAddress = void*(CL_API_CALL*)(const char*);

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

std::string first_line(const fs::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.pop_back();
    return line;
}

/// The `.icd` files the loader reads, sorted by name.
std::vector<fs::path> icd_files() {
    fs::path dir = kDefaultVendorsDir;
    const std::string vendors = env("OCL_ICD_VENDORS");
    std::error_code ec;
    if (!vendors.empty()) {
        if (fs::is_directory(vendors, ec)) {
            dir = vendors;
        } else {
            fs::path file = vendors;
            if (file.is_relative() && file.filename() == file) file = dir / file;
            return file.extension() == ".icd" ? std::vector<fs::path>{file}
                                              : std::vector<fs::path>{};
        }
    }
    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".icd") files.push_back(it->path());
    std::sort(files.begin(), files.end());
    return files;
}

/// The ICD entry point of a library (through its clGetExtensionFunctionAddress, as loaders do).
IcdGetPlatformIds icd_entry(void* handle) {
    auto get = reinterpret_cast<GetExtensionFunctionAddress>(
        ::dlsym(handle, "clGetExtensionFunctionAddress"));
    if (!get) return nullptr;
    return reinterpret_cast<IcdGetPlatformIds>(get("clIcdGetPlatformIDsKHR"));
}

std::vector<cl_platform_id> platforms_of(IcdGetPlatformIds entry) {
    cl_uint n = 0;
    if (!entry || entry(0, nullptr, &n) != CL_SUCCESS || n == 0) return {};
    std::vector<cl_platform_id> platforms(n);
    if (entry(n, platforms.data(), nullptr) != CL_SUCCESS) return {};
    return platforms;
}

}  // namespace

std::vector<std::string> icd_library_names() {
    std::vector<std::string> names;
    auto add = [&](std::string name) {
        if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(std::move(name));
    };
    std::stringstream filenames(env("OCL_ICD_FILENAMES"));
    for (std::string name; std::getline(filenames, name, ':');) add(name);
    const std::string vendors = env("OCL_ICD_VENDORS");
    std::error_code ec;
    if (!vendors.empty() && !fs::is_directory(vendors, ec) &&
        fs::path(vendors).extension() != ".icd")
        add(vendors);  // the loader also takes a library here
    for (const fs::path& file : icd_files()) add(first_line(file));
    return names;
}

std::string icd_configuration_fingerprint() {
    std::string f = "ocl-icd-config 1\n";
    for (const char* name : kLoaderVariables) {
        f.append(name);
        if (std::getenv(name))
            f.append("=").append(env(name));
        else
            f.append(" unset");
        f.append("\n");
    }
    for (const fs::path& file : icd_files()) f += file.string() + ": " + first_line(file) + "\n";
    for (const std::string& library : icd_library_names()) {
        struct stat st {};
        if (library.find('/') != std::string::npos && ::stat(library.c_str(), &st) == 0)
            f += library + " size " + std::to_string(st.st_size) + " mtime " +
                 std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) +
                 "\n";
    }
    return f;
}

std::optional<IcdSource> icd_source_of(cl_platform_id platform,
                                       const std::vector<std::string>& libraries) {
    for (const std::string& library : libraries) {
        void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_NOLOAD);
        if (!handle) continue;  // not loaded: the loader did not take it
        std::vector<cl_platform_id> platforms = platforms_of(icd_entry(handle));
        ::dlclose(handle);  // drops only the reference RTLD_NOLOAD took
        auto it = std::find(platforms.begin(), platforms.end(), platform);
        if (it != platforms.end())
            return IcdSource{library, static_cast<unsigned>(it - platforms.begin())};
    }
    return std::nullopt;
}

std::vector<cl_platform_id> open_icd_platforms(const std::string& library) {
    // Never closed: the driver's objects live as long as the process, as with the loader.
    void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) return {};
    return platforms_of(icd_entry(handle));
}

}  // namespace dpk::backends::opencl
