// Whether a launch argument fits a parameter type, and the one wording of a mismatch. Every
// check of arguments against a signature uses these: the checked launch (dpk/runtime/launch.h), the
// specialization lookup (dpk/runtime/specialization_set.h), the JIT's compile-on-launch and `dpk
// run`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "dpk/core/signature.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/launch_args.h"

namespace dpk::runtime {

/// A launch argument's type in 32 bits (kind, dtype, ndim, usm_type, C/F contiguity): what a
/// specialization lookup compares. No allocation, no strings. An empty UsmArray fits nothing.
std::uint32_t arg_type_code(const KernelArg& arg);

/// Which scalars a scalar parameter takes.
enum class ScalarFit : std::uint8_t {
    /// Only scalars of the parameter's dtype.
    SameDtype,
    /// Also scalars whose value converts to the parameter's dtype exactly (2 for an f32; the
    /// double 0.1 for an f32 does not).
    ExactValue,
};

/// One parameter type, prepared for testing arguments against it without allocating: the one
/// rule of what fits. An array fits when its dtype, ndim and usm_type are the parameter's, it has
/// the contiguity the layout asks (A: any; C or F: that one) and it lives on `device`; local
/// memory when its dtype is the parameter's; a scalar as ScalarFit says. The parameter's device
/// string is not read: the caller passes the device the arrays must live on (the kernel's, or
/// the one a signature names).
class ParamCheck {
public:
    explicit ParamCheck(const ParamType& param);

    bool fits(const KernelArg& arg, const Device& device, ScalarFit scalars) const {
        return fits(arg, arg_type_code(arg), device, scalars);
    }
    /// Same, with `code` = arg_type_code(arg) computed by the caller.
    bool fits(const KernelArg& arg, std::uint32_t code, const Device& device,
              ScalarFit scalars) const;
    /// Whether `code` fits by type alone (no scalar conversion, no device).
    bool accepts(std::uint32_t code) const { return (code & mask_) == value_; }

private:
    std::uint32_t mask_ = 0;
    std::uint32_t value_ = 0;
    DType dtype_ = DType::F32;
    bool scalar_ = false;
};

/// "parameter 1 'x'"; "parameter 1" when the name is empty.
std::string parameter_label(std::size_t index, std::string_view name);

/// Throws the SignatureMismatchError for argument `index` of kernel `kernel`, which does not fit
/// `param` on `device` (ParamCheck said so):
///   kernel 'K': parameter I 'NAME': expected TYPE, got ACTUAL; HINT (NOTE)
/// TYPE is param.pretty(), with the kind in front when the argument is of another kind ("a USM
/// array f32[::1]", "a scalar f32", "LocalMemory{f32, count}"). ACTUAL is UsmArray::describe(),
/// "a scalar 0.1:f64" or "local memory of 64 f32". HINT, when one applies: host memory is never
/// an argument (how to move it into a USM array), the array lives on another device, usm_type
/// or layout differs, a scalar does not convert exactly. NOTE is the caller's context (the
/// signature, the specializations there are, the command-line value); none if empty.
[[noreturn]] void throw_argument_mismatch(std::string_view kernel, std::size_t index,
                                          std::string_view param_name, const ParamType& param,
                                          const KernelArg& arg, const Device& device,
                                          std::string_view note = {});

/// Throws the SignatureMismatchError for host memory (a host array of a language binding) given
/// as argument `index`, worded as throw_argument_mismatch's:
///   kernel 'K': parameter I 'NAME': expected TYPE, got WHAT; host memory is never a kernel
///   argument — HOW_TO_MOVE
/// TYPE is param->pretty() ("a USM array" when `param` is null: a generic parameter).
[[noreturn]] void throw_host_memory_argument(std::string_view kernel, std::size_t index,
                                             std::string_view param_name, const ParamType* param,
                                             std::string_view what, std::string_view how_to_move);

}  // namespace dpk::runtime
