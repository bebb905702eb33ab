// Level Zero result codes: names, and a check that turns a failed call into dpk::BackendError.
#pragma once

#include <level_zero/ze_api.h>

#include <string>
#include <string_view>

namespace dpk::backends::level_zero {

/// Symbolic name of a ze_result_t ("ZE_RESULT_ERROR_INVALID_ARGUMENT").
std::string ze_result_name(ze_result_t r);

/// Throws BackendError(call, r, name, context) when r != ZE_RESULT_SUCCESS.
void check(ze_result_t r, std::string_view call, std::string_view context = {});
/// Throws BackendError unconditionally (hot paths format only after a failure).
[[noreturn]] void fail(ze_result_t r, std::string_view call, const std::string& context);

}  // namespace dpk::backends::level_zero
