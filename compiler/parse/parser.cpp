#include "compiler/parse/parser.h"

#include "compiler/parse/ast_builder.h"
#include "compiler/parse/parse_session.h"

namespace dpk::compiler::parse {

std::unique_ptr<ast::Module> parse_module(const source::SourceFile& file,
                                          source::Diagnostics& diags) {
    ParseSession session(file.text());
    std::unique_ptr<ast::Module> module;
    auto* tree = session.run(&grammar::DpkParser::program);
    if (tree != nullptr && !session.has_errors()) {
        try {
            AstBuilder builder(&file, session.locator(), session.diagnostics());
            module = builder.build_module(tree);
        } catch (const std::exception& e) {
            session.diagnostics().error({}, std::string("internal parser error: ") + e.what());
        }
    }
    bool failed = session.has_errors();
    session.diagnostics().flush(&file, diags);
    if (failed) return nullptr;
    return module;
}

}  // namespace dpk::compiler::parse
