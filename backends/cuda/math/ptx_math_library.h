// dpk's math library for the CUDA backend as PTX: OpenCL.std functions (exp, log, pow, sin, ...)
// with OpenCL's full-profile accuracy, for f32 and f64. The translator pastes the definitions a
// kernel needs into its PTX module and calls them with nvcc's ABI, e.g.
//   .func (.param .b32 func_retval0) __dpk_exp_f32(.param .b32 __dpk_exp_f32_param_0)
// (.b64 for f64; two parameters, _param_0 and _param_1, for pow, atan2, fmod and hypot).
// Generated from tools/cuda_math/dpk_math.cu; see backends/cuda/math/README.md.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace dpk::backends::cuda {

/// The symbol of dpk's PTX implementation of OpenCL.std `name` for `bits` (32 or 64), e.g.
/// "__dpk_exp_f32"; nullopt when there is none.
std::optional<std::string_view> ptx_math_symbol(std::string_view opencl_name, unsigned bits);
/// Every symbol `symbol` needs, itself last, in definition order (.func and .global/.const data
/// symbols).
std::vector<std::string_view> ptx_math_closure(std::string_view symbol);
/// The PTX text defining one symbol (a .func or a .global/.const data declaration), no
/// .version/.target lines.
std::string_view ptx_math_definition(std::string_view symbol);

}  // namespace dpk::backends::cuda
