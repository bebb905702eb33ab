#include "compiler/parse/foreign_spellings.h"

#include "DpkParser.h"
#include "compiler/ast/foreign_names.h"

namespace dpk::compiler::parse {

namespace {

using P = grammar::DpkParser;

/// Python and C modules whose functions users prefix: `math.exp(x)`, `np.sqrt(x)`.
bool adjacent(const antlr4::Token* a, const antlr4::Token* b) {
    return a->getStopIndex() + 1 == b->getStartIndex();
}

bool is_operand(const antlr4::Token* t) {
    std::size_t type = t->getType();
    return type == P::ID || type == P::INT || type == P::FLOAT;
}

/// The dpk literal for a C suffix (`0.5f` -> `0.5f32`, `10u` -> `10u32`), or empty.
std::string literal_suffix(const std::string& suffix, bool is_float) {
    if (suffix == "f" || suffix == "F") return "f32";
    if (is_float) return "";
    if (suffix == "u" || suffix == "U") return "u32";
    if (suffix == "l" || suffix == "L" || suffix == "ll" || suffix == "LL") return "i64";
    if (suffix == "ul" || suffix == "UL" || suffix == "ull" || suffix == "ULL") return "u64";
    return "";
}

class Finder {
public:
    Finder(const std::vector<antlr4::Token*>& tokens, antlr4::CharStream& input)
        : t_(tokens), input_(input) {}

    std::vector<SpellingHint> run() {
        for (std::size_t i = 0; i < t_.size(); ++i) i = at(i);
        return std::move(hints_);
    }

private:
    std::size_t type(std::size_t i) const {
        return i < t_.size() ? t_[i]->getType() : antlr4::Token::EOF;
    }
    std::string text(std::size_t i) const { return i < t_.size() ? t_[i]->getText() : ""; }

    /// The source text from token `first` to token `last`.
    std::string span(std::size_t first, std::size_t last) const {
        return input_.getText(
            antlr4::misc::Interval(t_[first]->getStartIndex(), t_[last]->getStopIndex()));
    }

    /// The index of the ')' that closes the '(' at `open`, or npos.
    std::size_t closing(std::size_t open) const {
        int depth = 0;
        for (std::size_t k = open; k < t_.size(); ++k) {
            if (type(k) == P::LPAREN) ++depth;
            if (type(k) == P::RPAREN && --depth == 0) return k;
            if (type(k) == P::SEMI || type(k) == P::LBRACE) break;
        }
        return std::string::npos;
    }

    std::size_t hint(std::size_t first, std::size_t last, std::string message) {
        hints_.push_back({t_[first], t_[last], std::move(message)});
        return last;
    }

    /// Checks for a foreign spelling starting at token `i`; returns the last token it covers.
    std::size_t at(std::size_t i) {
        std::size_t ty = type(i);
        const std::string s = text(i);
        // `0.5f`, `10u`: a C literal suffix the scanner split off as a name.
        if ((ty == P::FLOAT || ty == P::INT) && type(i + 1) == P::ID &&
            adjacent(t_[i], t_[i + 1])) {
            std::string suffix = literal_suffix(text(i + 1), ty == P::FLOAT);
            if (!suffix.empty())
                return hint(i, i + 1,
                            "'" + s + text(i + 1) + "' is C's spelling; write " + s + suffix);
        }
        // `# comment`
        if (ty == P::ERROR_CHAR && s == "#" && (i == 0 || t_[i - 1]->getLine() != t_[i]->getLine()))
            return hint(i, i, "comments start with //, not #");
        // `c ? a : b`
        if (ty == P::ERROR_CHAR && s == "?")
            return hint(i, i,
                        "dpk has no '?:' operator; write select(c, a, b) (both a and b are "
                        "evaluated)");
        // `i++`, `i--`, `++i`
        if ((ty == P::PLUS || ty == P::MINUS) && type(i + 1) == ty && adjacent(t_[i], t_[i + 1])) {
            const char* op = ty == P::PLUS ? "+=" : "-=";
            std::string spelled = s + s;
            if (i > 0 && type(i - 1) == P::ID && adjacent(t_[i - 1], t_[i]))
                return hint(i - 1, i + 1,
                            "'" + text(i - 1) + spelled + "' is not dpk; write " + text(i - 1) +
                                " " + op + " 1");
            if (type(i + 2) == P::ID)
                return hint(i, i + 2,
                            "'" + spelled + text(i + 2) + "' is not dpk; write " + text(i + 2) +
                                " " + op + " 1");
        }
        // `a ** b`
        if (ty == P::STAR && type(i + 1) == P::STAR && adjacent(t_[i], t_[i + 1])) {
            std::string a = i > 0 && is_operand(t_[i - 1]) ? text(i - 1) : "a";
            std::string b = i + 2 < t_.size() && is_operand(t_[i + 2]) ? text(i + 2) : "b";
            return hint(i, i + 1, "dpk has no '**' operator; write pow(" + a + ", " + b + ")");
        }
        if (ty != P::ID) return i;
        // `math.exp(x)`, `np.sqrt(x)`
        if (ast::is_foreign_math_module(s) && type(i + 1) == P::DOT && type(i + 2) == P::ID &&
            type(i + 3) == P::LPAREN) {
            std::size_t close = closing(i + 3);
            std::string call = close != std::string::npos && close - i < 24 ? span(i + 2, close)
                                                                            : text(i + 2) + "(...)";
            return hint(i, i + 2,
                        "builtins have no module prefix: '" + s + "." + text(i + 2) + "' is " +
                            text(i + 2) + " in dpk; write " + call);
        }
        auto dpk_type = ast::dpk_type_for(s);
        // `int i = ...`, `float x;`
        if ((dpk_type || s == "auto") && type(i + 1) == P::ID &&
            (type(i + 2) == P::ASSIGN || type(i + 2) == P::SEMI)) {
            std::string name = text(i + 1);
            std::string annotation = dpk_type ? ": " + std::string(*dpk_type) : "";
            // Without a value (`float x;`) the dpk spelling is a var that starts at zero.
            if (dpk_type && type(i + 2) == P::SEMI)
                return hint(i, i + 1,
                            "'" + s + " " + name + "' declares a variable in C; write var " + name +
                                annotation + "; (it starts at zero)");
            return hint(i, i + 1,
                        "'" + s + " " + name + "' declares a variable in C; write let " + name +
                            annotation + " = ... (var " + name + annotation +
                            " = ... when it changes)");
        }
        // `(float)i`, `(f32)x`
        if (dpk_type && i > 0 && type(i - 1) == P::LPAREN && type(i + 1) == P::RPAREN &&
            i + 2 < t_.size() && (is_operand(t_[i + 2]) || type(i + 2) == P::LPAREN)) {
            std::string operand = is_operand(t_[i + 2]) && type(i + 3) != P::LBRACK &&
                                          type(i + 3) != P::LPAREN && type(i + 3) != P::DOT
                                      ? text(i + 2)
                                      : "...";
            return hint(
                i - 1, i + 1,
                "'(" + s + ")' is a C cast; write " + std::string(*dpk_type) + "(" + operand + ")");
        }
        return i;
    }

    const std::vector<antlr4::Token*>& t_;
    antlr4::CharStream& input_;
    std::vector<SpellingHint> hints_;
};

}  // namespace

std::vector<SpellingHint> find_foreign_spellings(const std::vector<antlr4::Token*>& tokens,
                                                 antlr4::CharStream& input) {
    return Finder(tokens, input).run();
}

}  // namespace dpk::compiler::parse
