#include "runtime/argument_check.h"

#include <algorithm>

#include "dpk/core/error.h"

namespace dpk::runtime {

namespace {

// Code layout: kind 2 bits | dtype 4 | ndim 6 | usm_type 2 | C-contiguous 1 | F-contiguous 1.
constexpr std::uint32_t kKindShift = 0, kDtypeShift = 2, kNdimShift = 6, kUsmShift = 12,
                        kCBit = 1u << 14, kFBit = 1u << 15;
constexpr std::uint32_t kKindMask = 3u << kKindShift, kDtypeMask = 15u << kDtypeShift,
                        kNdimMask = 63u << kNdimShift, kUsmMask = 3u << kUsmShift;
constexpr std::uint32_t kArray = 1, kScalar = 2, kLocal = 3;

std::uint32_t field(std::uint32_t v, std::uint32_t shift) {
    return v << shift;
}

std::uint32_t kind_code(ParamType::Kind k) {
    switch (k) {
        case ParamType::Kind::Array: return kArray;
        case ParamType::Kind::Scalar: return kScalar;
        case ParamType::Kind::LocalArray: return kLocal;
    }
    return 0;
}

std::uint32_t kind_code(KernelArg::Kind k) {
    switch (k) {
        case KernelArg::Kind::Array: return kArray;
        case KernelArg::Kind::Scalar: return kScalar;
        case KernelArg::Kind::Local: return kLocal;
    }
    return 0;
}

bool layout_fits(const UsmArray& a, Layout wanted) {
    switch (wanted) {
        case Layout::C: return a.is_c_contiguous();
        case Layout::F: return a.is_f_contiguous();
        case Layout::Any: return true;
    }
    return false;
}

/// The expected type, with its kind in front when the argument is of another kind.
std::string expected_type(const ParamType& p, const KernelArg& a) {
    if (kind_code(p.kind) == kind_code(a.kind())) return p.pretty();
    switch (p.kind) {
        case ParamType::Kind::Array: return "a USM array " + p.pretty();
        case ParamType::Kind::Scalar: return "a scalar " + p.pretty();
        case ParamType::Kind::LocalArray:
            return "LocalMemory{" + std::string(dtype_name(p.dtype)) + ", count}";
    }
    return "?";
}

std::string actual_type(const KernelArg& a) {
    switch (a.kind()) {
        case KernelArg::Kind::Array:
            return a.array() ? a.array().describe() : std::string("an empty UsmArray");
        case KernelArg::Kind::Scalar: return "a scalar " + a.scalar().str();
        case KernelArg::Kind::Local:
            return "local memory of " + std::to_string(a.local().count) + " " +
                   std::string(dtype_name(a.local().dtype));
    }
    return "?";
}

constexpr std::string_view kHostMemory = "host memory is never a kernel argument — ";

/// What differs or what to do about it; empty when the two types say it all.
std::string hint(const ParamType& p, const KernelArg& a, const Device& device) {
    if (p.is_array() && a.kind() == KernelArg::Kind::Scalar)
        return std::string(kHostMemory) +
               "copy host data into a USM array with UsmArray::from_host(queue, values) and pass "
               "that";
    if (p.is_array() && a.kind() == KernelArg::Kind::Array && a.array()) {
        const UsmArray& arr = a.array();
        if (arr.device() != device)
            return "the array lives on " + arr.device().filter_string() + ", the kernel runs on " +
                   device.filter_string() +
                   ": copy it to a USM array there (UsmArray::from_host / copy_from)";
        if (arr.usm_type() != p.usm_type)
            return "usm_type differs (" + std::string(usm_type_name(arr.usm_type())) + " vs " +
                   std::string(usm_type_name(p.usm_type)) + ")";
        if (arr.ndim() != p.ndim)
            return "the array has " + std::to_string(arr.ndim()) +
                   (arr.ndim() == 1 ? " dimension" : " dimensions") + ", the parameter " +
                   std::to_string(p.ndim) +
                   ": reshape the data (UsmArray::from_host(queue, "
                   "values, shape)) or take a view (select, slice)";
        if (arr.dtype() == p.dtype && !layout_fits(arr, p.layout))
            return "layout differs: the array is " + std::string(layout_name(arr.layout())) +
                   ", the parameter needs " + std::string(layout_name(p.layout));
    }
    if (p.is_scalar() && a.kind() == KernelArg::Kind::Scalar && !a.scalar().exact_as(p.dtype))
        return "the value does not convert exactly to " + std::string(dtype_name(p.dtype));
    return {};
}

}  // namespace

std::uint32_t arg_type_code(const KernelArg& arg) {
    switch (arg.kind()) {
        case KernelArg::Kind::Array: {
            const UsmArray& a = arg.array();
            if (!a) return field(kArray, kKindShift) | kNdimMask;  // fits nothing
            std::uint32_t c =
                field(kArray, kKindShift) |
                field(static_cast<std::uint32_t>(a.dtype()), kDtypeShift) |
                field(static_cast<std::uint32_t>(std::min(a.ndim(), 63)), kNdimShift) |
                field(static_cast<std::uint32_t>(a.usm_type()), kUsmShift);
            if (a.is_c_contiguous()) c |= kCBit;
            if (a.is_f_contiguous()) c |= kFBit;
            return c;
        }
        case KernelArg::Kind::Scalar:
            return field(kScalar, kKindShift) |
                   field(static_cast<std::uint32_t>(arg.scalar().dtype()), kDtypeShift);
        case KernelArg::Kind::Local:
            return field(kLocal, kKindShift) |
                   field(static_cast<std::uint32_t>(arg.local().dtype), kDtypeShift);
    }
    return 0;
}

ParamCheck::ParamCheck(const ParamType& p) : dtype_(p.dtype), scalar_(p.is_scalar()) {
    mask_ = kKindMask | kDtypeMask;
    value_ = field(kind_code(p.kind), kKindShift) |
             field(static_cast<std::uint32_t>(p.dtype), kDtypeShift);
    if (!p.is_array()) return;
    mask_ |= kNdimMask | kUsmMask;
    value_ |= field(static_cast<std::uint32_t>(p.ndim), kNdimShift) |
              field(static_cast<std::uint32_t>(p.usm_type), kUsmShift);
    if (p.layout == Layout::C) mask_ |= kCBit, value_ |= kCBit;
    if (p.layout == Layout::F) mask_ |= kFBit, value_ |= kFBit;
}

bool ParamCheck::fits(const KernelArg& arg, std::uint32_t code, const Device& device,
                      ScalarFit scalars) const {
    if (!accepts(code))
        return scalars == ScalarFit::ExactValue && scalar_ &&
               arg.kind() == KernelArg::Kind::Scalar && arg.scalar().exact_as(dtype_).has_value();
    return arg.kind() != KernelArg::Kind::Array || arg.array().device() == device;
}

std::string parameter_label(std::size_t index, std::string_view name) {
    std::string s = "parameter " + std::to_string(index);
    if (!name.empty()) s += " '" + std::string(name) + "'";
    return s;
}

void throw_argument_mismatch(std::string_view kernel, std::size_t index,
                             std::string_view param_name, const ParamType& param,
                             const KernelArg& arg, const Device& device, std::string_view note) {
    const std::string why = hint(param, arg, device);
    throw SignatureMismatchError(
        "kernel '" + std::string(kernel) + "': " + parameter_label(index, param_name) +
        ": expected " + expected_type(param, arg) + ", got " + actual_type(arg) +
        (why.empty() ? "" : "; " + why) + (note.empty() ? "" : " (" + std::string(note) + ")"));
}

void throw_host_memory_argument(std::string_view kernel, std::size_t index,
                                std::string_view param_name, const ParamType* param,
                                std::string_view what, std::string_view how_to_move) {
    throw SignatureMismatchError(
        "kernel '" + std::string(kernel) + "': " + parameter_label(index, param_name) +
        ": expected " + (param ? param->pretty() : std::string("a USM array")) + ", got " +
        std::string(what) + "; " + std::string(kHostMemory) + std::string(how_to_move));
}

}  // namespace dpk::runtime
