#include "compiler/sema/annotation.h"

#include "compiler/ast/type_annotation.h"

namespace dpk::compiler::sema {

namespace {

void report(source::Diagnostics* diags, const source::SourceFile* file, source::SourceRange range,
            std::string message) {
    if (diags) diags->error(file, range, std::move(message));
}

std::optional<DType> element_type(const ast::TypeExpr& t, const source::SourceFile* file,
                                  source::Diagnostics* diags) {
    auto dtype = parse_dtype(t.scalar);
    if (!dtype) report(diags, file, t.range, "unknown type '" + t.scalar + "'");
    return dtype;
}

}  // namespace

std::optional<ParamType> param_type_of(const ast::TypeExpr& t, const source::SourceFile* file,
                                       source::Diagnostics* diags) {
    if (diags) return ast::param_type_of(t, file, *diags);
    source::Diagnostics quiet;
    return ast::param_type_of(t, file, quiet);
}

std::optional<DType> scalar_type_of(const ast::TypeExpr& t, const source::SourceFile* file,
                                    source::Diagnostics* diags, std::string_view what) {
    if (t.is_array || t.is_local || t.explicit_usm) {
        report(diags, file, t.range,
               "an array type cannot annotate " + std::string(what) + "; use a scalar type");
        return std::nullopt;
    }
    return element_type(t, file, diags);
}

}  // namespace dpk::compiler::sema
