// OpenCL error codes: names, and a check that turns a failed call into dpk::BackendError.
#pragma once

#include <string>
#include <string_view>

#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

/// Symbolic name of an OpenCL error code ("CL_INVALID_WORK_GROUP_SIZE"); "CL_ERROR_<n>" if unknown.
std::string cl_error_name(cl_int code);

/// Throws BackendError(call, code, name, context) when code != CL_SUCCESS.
void check(cl_int code, std::string_view call, std::string_view context = {});
/// Throws BackendError unconditionally; hot paths call it only after a failed call, so that
/// nothing is formatted on success.
[[noreturn]] void fail(cl_int code, std::string_view call, const std::string& context);

}  // namespace dpk::backends::opencl
