#include "compiler/types/type.h"

namespace dpk::compiler::types {

std::string_view matrix_use_name(MatrixUse use) {
    switch (use) {
        case MatrixUse::A: return "a";
        case MatrixUse::B: return "b";
        case MatrixUse::Accumulator: return "acc";
    }
    return "?";
}

std::string Type::str() const {
    switch (kind) {
        case Kind::Void: return "void";
        case Kind::MemFlags: return "memory flags";
        case Kind::CopyEvent: return "copy_event";
        case Kind::Scalar: return std::string(dtype_name(dtype));
        case Kind::Matrix:
            return "matrix(" + std::string(dtype_name(dtype)) + ", rows=" + std::to_string(rows) +
                   ", cols=" + std::to_string(cols) + ", use=\"" +
                   std::string(matrix_use_name(use)) + "\"" +
                   (tf32 ? std::string(", precision=\"tf32\"") : std::string()) +
                   (scope == MatrixScope::WorkGroup ? std::string(", scope=\"group\")")
                                                    : std::string(")"));
        case Kind::Array: break;
    }
    std::string s;
    if (space == AddressSpace::Local) s += "local ";
    if (space == AddressSpace::Private) s += "private ";
    s += dtype_name(dtype);
    s += '[';
    for (int d = 0; d < ndim; ++d) {
        if (d) s += ", ";
        if (!static_shape.empty()) {
            s += std::to_string(static_shape[d]);
            continue;
        }
        bool unit = (layout == Layout::C && d == ndim - 1) || (layout == Layout::F && d == 0);
        s += unit ? "::1" : ":";
    }
    s += ']';
    return s;
}

TypeContext::TypeContext() {
    Type v;
    v.kind = Type::Kind::Void;
    void_ = intern(v);
    Type f;
    f.kind = Type::Kind::MemFlags;
    flags_ = intern(f);
    Type e;
    e.kind = Type::Kind::CopyEvent;
    event_ = intern(e);
}

TypeContext::~TypeContext() = default;

const Type* TypeContext::intern(Type t) {
    for (const auto& existing : types_) {
        const Type& e = *existing;
        if (e.kind == t.kind && e.dtype == t.dtype && e.ndim == t.ndim && e.layout == t.layout &&
            e.space == t.space && e.static_shape == t.static_shape && e.usm_type == t.usm_type &&
            e.rows == t.rows && e.cols == t.cols && e.use == t.use && e.tf32 == t.tf32 &&
            e.scope == t.scope)
            return existing.get();
    }
    types_.push_back(std::make_unique<Type>(std::move(t)));
    return types_.back().get();
}

const Type* TypeContext::scalar(DType t) {
    Type ty;
    ty.kind = Type::Kind::Scalar;
    ty.dtype = t;
    return intern(ty);
}

const Type* TypeContext::array(DType elem, int ndim, Layout layout, AddressSpace space,
                               std::vector<std::int64_t> static_shape, UsmType usm) {
    Type ty;
    ty.kind = Type::Kind::Array;
    ty.dtype = elem;
    ty.ndim = ndim;
    ty.layout = (ndim == 1 && layout == Layout::F) ? Layout::C : layout;
    ty.space = space;
    ty.static_shape = std::move(static_shape);
    ty.usm_type = space == AddressSpace::Global ? usm : UsmType::Device;
    return intern(ty);
}

const Type* TypeContext::matrix(DType elem, int rows, int cols, MatrixUse use, bool tf32,
                                MatrixScope scope) {
    Type ty;
    ty.tf32 = tf32;
    ty.scope = scope;
    ty.kind = Type::Kind::Matrix;
    ty.dtype = elem;
    ty.rows = rows;
    ty.cols = cols;
    ty.use = use;
    return intern(ty);
}

const Type* TypeContext::from_param(const ParamType& p) {
    switch (p.kind) {
        case ParamType::Kind::Scalar: return scalar(p.dtype);
        case ParamType::Kind::Array:
            return array(p.dtype, p.ndim, p.layout, AddressSpace::Global, {}, p.usm_type);
        case ParamType::Kind::LocalArray: return array(p.dtype, 1, Layout::C, AddressSpace::Local);
    }
    return void_;
}

}  // namespace dpk::compiler::types
