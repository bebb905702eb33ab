#include "compiler/parse/signature_parser.h"

#include <memory>

#include "compiler/ast/type_annotation.h"
#include "compiler/parse/ast_builder.h"
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
        auto p = ast::param_type_of(t, &file, diags, " in signature");
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
            return ast::param_type_of(*type, &file, d);
        });
}

}  // namespace dpk::compiler::parse
