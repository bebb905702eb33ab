#include "dpk/core/signature.h"

namespace dpk {

std::string_view layout_name(Layout l) {
    switch (l) {
        case Layout::C: return "C";
        case Layout::F: return "F";
        case Layout::Any: return "A";
    }
    return "?";
}

std::string_view usm_type_name(UsmType u) {
    switch (u) {
        case UsmType::Device: return "device";
        case UsmType::Shared: return "shared";
        case UsmType::Host: return "host";
    }
    return "?";
}

ParamType ParamType::scalar(DType t) {
    ParamType p;
    p.kind = Kind::Scalar;
    p.dtype = t;
    return p;
}

ParamType ParamType::array(DType t, int ndim, Layout layout, UsmType usm, std::string device) {
    ParamType p;
    p.kind = Kind::Array;
    p.dtype = t;
    p.ndim = ndim;
    // One dimension has one contiguous layout: spell it C so both spellings give one key.
    p.layout = (ndim == 1 && layout == Layout::F) ? Layout::C : layout;
    p.usm_type = usm;
    p.device = std::move(device);
    return p;
}

ParamType ParamType::local_array(DType t) {
    ParamType p;
    p.kind = Kind::LocalArray;
    p.dtype = t;
    p.ndim = 1;
    return p;
}

std::string ParamType::str() const {
    std::string s;
    switch (kind) {
        case Kind::Scalar: return std::string(dtype_name(dtype));
        case Kind::LocalArray: return "local " + std::string(dtype_name(dtype)) + "[:]";
        case Kind::Array:
            s = "usm_ndarray(" + std::string(dtype_name(dtype)) + ", ndim=" + std::to_string(ndim) +
                ", layout=\"" + std::string(layout_name(layout)) + "\", usm_type=\"" +
                std::string(usm_type_name(usm_type)) + "\"";
            if (!device.empty()) s += ", device=\"" + device + "\"";
            return s + ")";
    }
    return s;
}

std::string ParamType::pretty() const {
    if (kind != Kind::Array) return str();
    std::string s(dtype_name(dtype));
    s += '[';
    for (int d = 0; d < ndim; ++d) {
        if (d) s += ", ";
        bool unit = (layout == Layout::C && d == ndim - 1) || (layout == Layout::F && d == 0);
        s += unit ? "::1" : ":";
    }
    s += ']';
    std::string extra;
    if (usm_type != UsmType::Device) extra += "usm_type=" + std::string(usm_type_name(usm_type));
    if (!device.empty()) extra += (extra.empty() ? "" : ", ") + ("device=" + device);
    if (!extra.empty()) s += " (" + extra + ")";
    return s;
}

namespace {
template <typename F>
std::string join_params(const std::vector<ParamType>& params, F&& spell) {
    std::string s = "void(";
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (i) s += ", ";
        s += spell(params[i]);
    }
    return s + ")";
}
}  // namespace

std::string Signature::key() const {
    return join_params(params, [](const ParamType& p) { return p.str(); });
}

std::string Signature::pretty() const {
    return join_params(params, [](const ParamType& p) { return p.pretty(); });
}

}  // namespace dpk
