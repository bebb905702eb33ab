#include "compiler/ast/type_annotation.h"

namespace dpk::compiler::ast {

std::string spelling(const TypeExpr& t) {
    if (t.explicit_usm) {
        std::string s = "usm_ndarray(" + t.scalar + ", ndim=" + std::to_string(t.ndim) +
                        ", layout=\"" + t.layout + "\", usm_type=\"" + t.usm_type + "\"";
        if (!t.device.empty()) s += ", device=\"" + t.device + "\"";
        return s + ")";
    }
    std::string s = t.is_local ? "local " + t.scalar : t.scalar;
    if (!t.is_array) return s;
    s += "[";
    for (std::size_t d = 0; d < t.unit_stride.size(); ++d)
        s += std::string(d ? ", " : "") + (t.unit_stride[d] ? "::1" : ":");
    return s + "]";
}

std::optional<ParamType> param_type_of(const TypeExpr& type, const source::SourceFile* file,
                                       source::Diagnostics& diags, std::string_view context) {
    std::optional<DType> dtype = parse_dtype(type.scalar);
    if (!dtype) {
        diags.error(file, type.range, "unknown type '" + type.scalar + "'" + std::string(context));
        return std::nullopt;
    }
    if (!type.is_array) return ParamType::scalar(*dtype);
    if (type.explicit_usm) {
        Layout layout = type.layout == "F"   ? Layout::F
                        : type.layout == "A" ? Layout::Any
                                             : Layout::C;
        UsmType usm = type.usm_type == "shared" ? UsmType::Shared
                      : type.usm_type == "host" ? UsmType::Host
                                                : UsmType::Device;
        return ParamType::array(*dtype, type.ndim, layout, usm, type.device);
    }
    int ndim = static_cast<int>(type.unit_stride.size());
    if (type.is_local) {
        if (ndim != 1 || type.unit_stride.front()) {
            diags.error(file, type.range,
                        "a local array is one-dimensional and sized at launch: write 'local " +
                            type.scalar + "[:]'");
            return std::nullopt;
        }
        return ParamType::local_array(*dtype);
    }
    int units = 0;
    for (bool u : type.unit_stride) units += u ? 1 : 0;
    Layout layout = Layout::Any;
    if (units == 1 && type.unit_stride.back()) {
        layout = Layout::C;
    } else if (units == 1 && type.unit_stride.front()) {
        layout = Layout::F;
    } else if (units != 0) {
        diags.error(file, type.range,
                    "invalid array type '" + spelling(type) +
                        "': write '::1' on the last dimension for C layout or on the first for "
                        "F layout, and ':' everywhere else");
        return std::nullopt;
    }
    return ParamType::array(*dtype, ndim, layout);
}

}  // namespace dpk::compiler::ast
