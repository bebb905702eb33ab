// CUDA driver result codes: names, and a check that turns a failed call into dpk::BackendError.
#pragma once

#include <string>
#include <string_view>

#include "backends/cuda/cuda_driver_api.h"

namespace dpk::backends::cuda {

/// Symbolic name of a CUresult ("CUDA_ERROR_INVALID_VALUE", from cuGetErrorName);
/// "CUDA_ERROR_<n>" when the driver does not know it or is not loaded.
std::string cu_result_name(CUresult r);
/// The driver's description of a CUresult (cuGetErrorString); empty when it has none.
std::string cu_result_string(CUresult r);
/// "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected".
std::string cu_result_text(CUresult r);

/// Throws BackendError(call, r, name, "<description>; <context>") when r != CUDA_SUCCESS.
inline void check(CUresult r, std::string_view call, std::string_view context = {});
/// Throws BackendError unconditionally (hot paths format only after a failure).
[[noreturn]] void fail(CUresult r, std::string_view call, const std::string& context);

inline void check(CUresult r, std::string_view call, std::string_view context) {
    if (r != CUDA_SUCCESS) [[unlikely]]
        fail(r, call, std::string(context));
}

}  // namespace dpk::backends::cuda
