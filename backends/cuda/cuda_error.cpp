#include "backends/cuda/cuda_error.h"

#include "dpk/core/error.h"

namespace dpk::backends::cuda {

std::string cu_result_name(CUresult r) {
    const char* s = nullptr;
    if (const DriverApi* api = driver_api(); api && api->cuGetErrorName(r, &s) == CUDA_SUCCESS && s)
        return s;
    return "CUDA_ERROR_" + std::to_string(r);
}

std::string cu_result_string(CUresult r) {
    const char* s = nullptr;
    if (const DriverApi* api = driver_api();
        api && api->cuGetErrorString(r, &s) == CUDA_SUCCESS && s)
        return s;
    return {};
}

std::string cu_result_text(CUresult r) {
    std::string text = cu_result_string(r);
    return cu_result_name(r) + (text.empty() ? "" : ": " + text);
}

void fail(CUresult r, std::string_view call, const std::string& context) {
    std::string detail = cu_result_string(r);
    if (!context.empty()) detail += (detail.empty() ? "" : "; ") + context;
    throw BackendError(std::string(call), r, cu_result_name(r), detail);
}

}  // namespace dpk::backends::cuda
