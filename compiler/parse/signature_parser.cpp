#include "compiler/parse/signature_parser.h"

#include <memory>

#include "compiler/parse/ast_builder.h"
#include "compiler/parse/ast_dump.h"
#include "compiler/parse/parse_session.h"

namespace dpk::compiler::parse {

namespace {

/// Runs `parse` on a temporary "<NAME>" file. Diagnostics copy what they show of the text,
/// so the file can go when the parse is done.
template <class Result, class F>
std::optional<Result> parse_text(const char* name, std::string_view text,
                                 source::Diagnostics& diags, F&& parse) {
    source::SourceFile file(name, std::string(text));
    return parse(file, diags);
}

std::optional<ParamType> convert(const ast::TypeExpr& type, const source::SourceFile* file,
                                 source::Diagnostics& diags, const char* where) {
    std::optional<DType> dtype = parse_dtype(type.scalar);
    if (!dtype) {
        diags.error(file, type.range, "unknown type '" + type.scalar + "'" + where);
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
                    "invalid array type '" + dump(type) +
                        "': write '::1' on the last dimension for C layout or on the first for "
                        "F layout, and ':' everywhere else");
        return std::nullopt;
    }
    return ParamType::array(*dtype, ndim, layout);
}

std::optional<Signature> parse_signature_file(const source::SourceFile& file,
                                              source::Diagnostics& diags) {
    ParseSession session(file.text());
    std::vector<ast::TypeExpr> types;
    auto* tree = session.run(&grammar::DpkParser::signatureEntry);
    if (tree != nullptr && !session.has_errors()) {
        antlr4::Token* head = tree->ID()->getSymbol();
        if (head->getText() != "void")
            session.diagnostics().error(
                session.locator().range(head),
                "a signature starts with 'void(' (kernels return nothing), found '" +
                    head->getText() + "'");
        AstBuilder builder(&file, session.locator(), session.diagnostics());
        for (auto* t : tree->typeExpr()) types.push_back(builder.build_type(t));
    }
    bool failed = session.has_errors();
    session.diagnostics().flush(&file, diags);
    if (failed) return std::nullopt;
    Signature sig;
    for (const auto& t : types) {
        auto p = convert(t, &file, diags, " in signature");
        if (!p)
            failed = true;
        else
            sig.params.push_back(std::move(*p));
    }
    if (failed) return std::nullopt;
    return sig;
}

}  // namespace

std::optional<Signature> parse_signature(const source::SourceFile& file,
                                         source::Diagnostics& diags) {
    return parse_signature_file(file, diags);
}

std::optional<Signature> parse_signature(std::string_view text, source::Diagnostics& diags) {
    return parse_text<Signature>("<signature>", text, diags, parse_signature_file);
}

std::optional<ParamType> parse_param_type(std::string_view text, source::Diagnostics& diags) {
    return parse_text<ParamType>(
        "<type>", text, diags,
        [](const source::SourceFile& file, source::Diagnostics& d) -> std::optional<ParamType> {
            ParseSession session(file.text());
            std::optional<ast::TypeExpr> type;
            auto* tree = session.run(&grammar::DpkParser::paramTypeEntry);
            if (tree != nullptr && !session.has_errors()) {
                AstBuilder builder(&file, session.locator(), session.diagnostics());
                type = builder.build_type(tree->typeExpr());
            }
            bool failed = session.has_errors();
            session.diagnostics().flush(&file, d);
            if (failed || !type) return std::nullopt;
            return convert(*type, &file, d, "");
        });
}

std::optional<ParamType> param_type_from_annotation(const ast::TypeExpr& type,
                                                    const source::SourceFile* file,
                                                    source::Diagnostics& diags) {
    return convert(type, file, diags, "");
}

}  // namespace dpk::compiler::parse
