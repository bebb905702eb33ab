// AstBuilder: type annotations (`f32`, `f32[:, ::1]`, `local f32[:]`, `usm_ndarray(...)`).
#include <algorithm>

#include "compiler/parse/ast_builder.h"
#include "compiler/parse/literals.h"

namespace dpk::compiler::parse {

namespace {

/// The most dimensions an explicit `usm_ndarray(..., ndim=N)` may have (numpy's limit).
constexpr long kMaxNdim = 32;

}  // namespace

ast::TypeExpr AstBuilder::build_type(P::TypeExprContext* ctx) {
    ast::TypeExpr type;
    type.range = loc_.range(ctx);
    if (auto* e = dynamic_cast<P::ExplicitTypeContext*>(ctx)) {
        build_explicit_type(e, type);
        return type;
    }
    auto* n = dynamic_cast<P::NamedTypeContext*>(ctx);
    if (n == nullptr) return type;
    type.scalar = n->ID(0)->getText();
    if (n->DOT()) {  // `x.dtype`
        type.dtype_of = type.scalar;
        type.dtype_of_range = loc_.range(n->ID(0)->getSymbol());
        type.scalar.append(".").append(n->ID(1)->getText());
        if (n->ID(1)->getText() != "dtype")
            error(loc_.range(n->ID(1)->getSymbol()),
                  "unknown type '" + type.scalar + "'; the element type of array '" +
                      type.dtype_of + "' is " + type.dtype_of + ".dtype");
    }
    type.is_local = n->LOCAL() != nullptr;
    auto dims = n->dim();
    if (!dims.empty()) {
        type.is_array = true;
        type.ndim = static_cast<int>(dims.size());
        for (auto* d : dims) {
            auto* unit = dynamic_cast<P::UnitDimContext*>(d);
            if (unit && unit->INT()->getText() != "1")
                error(loc_.range(unit->INT()->getSymbol()),
                      "only '::1' (unit stride) can be written in an array type, found '::" +
                          unit->INT()->getText() + "'");
            type.unit_stride.push_back(unit != nullptr);
        }
    }
    if (type.is_local && !type.is_array)
        error(type.range, "'local' needs an array type, e.g. 'local " + type.scalar + "[:]'");
    return type;
}

std::optional<ast::TypeExpr> AstBuilder::build_value_type(P::TypeExprContext* ctx,
                                                          const char* what) {
    ast::TypeExpr type = build_type(ctx);
    if (type.is_local)
        error(type.range, std::string("'local' arrays are sized at launch and can only be "
                                      "parameters, not ") +
                              what);
    return type;
}

void AstBuilder::build_explicit_type(P::ExplicitTypeContext* ctx, ast::TypeExpr& type) {
    antlr4::Token* ctor = ctx->ID(0)->getSymbol();
    if (ctor->getText() == "matrix") {  // the spelling messages give matrix types
        error(loc_.range(ctor),
              "a matrix's type is not written: it comes from the builtin that makes the matrix "
              "(var m = matrix_fill(0.0f32, (16, 16), \"acc\"), matrix_load, matrix_mad)");
        type.scalar = ctx->ID(1)->getText();
        return;
    }
    if (ctor->getText() != "usm_ndarray")
        error(loc_.range(ctor), "unknown type '" + ctor->getText() +
                                    "(...)' (the explicit array type is 'usm_ndarray(...)')");
    type.scalar = ctx->ID(1)->getText();
    type.is_array = true;
    type.explicit_usm = true;
    type.ndim = 1;
    type.layout = "C";
    type.usm_type = "device";
    std::vector<std::string> seen;
    for (auto* arg : ctx->typeArg()) {
        std::string key = arg->ID()->getText();
        antlr4::Token* value = arg->value;
        source::SourceRange value_range = loc_.range(value);
        bool is_string = value->getType() == P::STRING;
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
            error(loc_.range(arg), "'" + key + "' is given twice");
            continue;
        }
        seen.push_back(key);
        if (key == "ndim") {
            IntLiteral n = is_string ? IntLiteral{} : parse_int_literal(value->getText());
            if (is_string || !n.suffix.empty()) {
                error(value_range, "'ndim' must be an integer");
            } else if (!n.ok || n.value < 1 || n.value > kMaxNdim) {
                error(value_range, "'ndim' must be between 1 and " + std::to_string(kMaxNdim));
            } else {
                type.ndim = static_cast<int>(n.value);
            }
            continue;
        }
        bool known = key == "layout" || key == "usm_type" || key == "device";
        if (!known) {
            error(loc_.range(arg->ID()->getSymbol()),
                  "unknown argument '" + key +
                      "' of usm_ndarray (expected ndim, layout, usm_type or device)");
            continue;
        }
        if (!is_string) {
            error(value_range, "'" + key + "' must be a string, e.g. " +
                                   (key == "layout"     ? "\"C\""
                                    : key == "usm_type" ? "\"device\""
                                                        : "\"opencl:cpu:0\""));
            continue;
        }
        std::string text = unquote_string(value->getText());
        if (key == "layout") {
            if (text != "C" && text != "F" && text != "A")
                error(value_range,
                      "unknown layout \"" + text + "\" (expected \"C\", \"F\" or \"A\")");
            else
                type.layout = text;
        } else if (key == "usm_type") {
            if (text != "device" && text != "shared" && text != "host")
                error(value_range, "unknown usm_type \"" + text +
                                       "\" (expected \"device\", \"shared\" or \"host\")");
            else
                type.usm_type = text;
        } else {
            type.device = text;
        }
    }
}

}  // namespace dpk::compiler::parse
