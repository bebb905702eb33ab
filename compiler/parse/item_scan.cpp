#include "compiler/parse/item_scan.h"

#include "compiler/parse/parse_session.h"

namespace dpk::compiler::parse {

namespace {

using grammar::DpkParser;

/// The default-channel tokens of `text` (what the parser sees).
std::vector<antlr4::Token*> visible_tokens(ParseSession& session) {
    std::vector<antlr4::Token*> out;
    for (antlr4::Token* t : session.tokens())
        if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) out.push_back(t);
    return out;
}

/// `IMPORT ID (DOT ID)* SEMI` starting at t[i]: its path, or empty when it is not one.
std::vector<std::string> import_at(const std::vector<antlr4::Token*>& t, std::size_t i) {
    std::vector<std::string> path;
    std::size_t j = i + 1;
    while (j < t.size() && t[j]->getType() == DpkParser::ID) {
        path.push_back(t[j]->getText());
        ++j;
        if (j < t.size() && t[j]->getType() == DpkParser::DOT) {
            ++j;
            continue;
        }
        if (j < t.size() && t[j]->getType() == DpkParser::SEMI) return path;
        break;
    }
    return {};
}

}  // namespace

ItemScan scan_items(std::string_view text) {
    ItemScan out;
    ParseSession session(text);
    const std::vector<antlr4::Token*> t = visible_tokens(session);
    int depth = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::size_t type = t[i]->getType();
        if (type == DpkParser::LBRACE) ++depth;
        if (type == DpkParser::RBRACE && depth > 0) --depth;
        if (depth != 0) continue;
        if (type == DpkParser::IMPORT) {
            if (std::vector<std::string> path = import_at(t, i); !path.empty())
                out.imports.push_back(std::move(path));
        } else if (type == DpkParser::KERNEL && i + 2 < t.size() &&
                   t[i + 1]->getType() == DpkParser::ID &&
                   t[i + 2]->getType() == DpkParser::LPAREN) {
            out.kernels.push_back(t[i + 1]->getText());
        }
    }
    return out;
}

}  // namespace dpk::compiler::parse
