#include "backends/opencl/cl_info.h"

namespace dpk::backends::opencl {

namespace {
template <typename Query>
std::string query_string(Query&& query) {
    std::size_t size = 0;
    if (query(0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
    std::string s(size, '\0');
    if (query(size, s.data(), nullptr) != CL_SUCCESS) return {};
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}
}  // namespace

std::string device_string(cl_device_id device, cl_device_info param) {
    return query_string([&](std::size_t n, void* p, std::size_t* r) {
        return icd(device).clGetDeviceInfo(device, param, n, p, r);
    });
}

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
    return query_string([&](std::size_t n, void* p, std::size_t* r) {
        return icd(platform).clGetPlatformInfo(platform, param, n, p, r);
    });
}

bool has_extension(std::string_view extensions, std::string_view name) {
    std::size_t pos = 0;
    while (pos < extensions.size()) {
        std::size_t end = extensions.find(' ', pos);
        if (end == std::string_view::npos) end = extensions.size();
        if (extensions.substr(pos, end - pos) == name) return true;
        pos = end + 1;
    }
    return false;
}

}  // namespace dpk::backends::opencl
