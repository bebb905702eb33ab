// Typed wrappers around clGet*Info queries.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "backends/opencl/cl_api.h"
#include "backends/opencl/cl_dispatch.h"
#include "backends/opencl/cl_error.h"

namespace dpk::backends::opencl {

/// A string-valued device query (trailing NUL removed); empty if the query fails.
std::string device_string(cl_device_id device, cl_device_info param);
/// A string-valued platform query; empty if the query fails.
std::string platform_string(cl_platform_id platform, cl_platform_info param);

/// A fixed-size device query; `fallback` if the driver does not answer it.
template <typename T>
T device_value(cl_device_id device, cl_device_info param, T fallback = T{}) {
    T value{};
    if (icd(device).clGetDeviceInfo(device, param, sizeof(T), &value, nullptr) != CL_SUCCESS)
        return fallback;
    return value;
}

/// True if the space-separated extension list contains `name`.
bool has_extension(std::string_view extensions, std::string_view name);

}  // namespace dpk::backends::opencl
