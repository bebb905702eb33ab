#include "compiler/parse/literals.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace dpk::compiler::parse {

namespace {

/// Roughly log10 of a decimal float text's magnitude: positive means huge, negative tiny.
long decimal_exponent(std::string_view text) {
    long exponent = 0;
    if (auto e = text.find_first_of("eE"); e != std::string_view::npos) {
        std::string_view digits = text.substr(e + 1);
        bool negative = !digits.empty() && digits[0] == '-';
        if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
        for (char c : digits) exponent = std::min(exponent * 10 + (c - '0'), 1000000L);
        if (negative) exponent = -exponent;
        text = text.substr(0, e);
    }
    std::size_t point = std::min(text.find('.'), text.size());
    std::size_t first = text.find_first_not_of("0.");
    if (first == std::string_view::npos) return 0;  // zero
    if (first < point) return exponent + long(point - first);
    return exponent - long(first - point - 1);
}

}  // namespace

IntLiteral parse_int_literal(std::string_view text) {
    IntLiteral lit;
    unsigned base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    // Hex digits never include 'i' or 'u', so the suffix starts at the first of them.
    if (auto s = text.find_first_of("iu"); s != std::string_view::npos) {
        lit.suffix = std::string(text.substr(s));
        text = text.substr(0, s);
    }
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    for (char c : text) {
        unsigned digit = c >= '0' && c <= '9'   ? unsigned(c - '0')
                         : c >= 'a' && c <= 'f' ? unsigned(c - 'a' + 10)
                                                : unsigned(c - 'A' + 10);
        if (lit.value > (kMax - digit) / base) {
            lit.ok = false;
            lit.value = kMax;
            return lit;
        }
        lit.value = lit.value * base + digit;
    }
    return lit;
}

FloatLiteral parse_float_literal(std::string_view text) {
    FloatLiteral lit;
    // The suffix starts at its letter (b of bf16, f of the others): digits have neither.
    if (auto s = text.find_first_of("bf"); s != std::string_view::npos) {
        lit.suffix = std::string(text.substr(s));
        text = text.substr(0, s);
    }
    // from_chars wants a digit first: ".5" -> "0.5".
    std::string buf = text.substr(0, 1) == "." ? std::string("0").append(text) : std::string(text);
    auto [ptr, ec] = std::from_chars(buf.data(), buf.data() + buf.size(), lit.value);
    if (ec == std::errc::result_out_of_range) {
        // Underflow (to zero) is harmless; overflow is an error.
        if (decimal_exponent(buf) > 0) {
            lit.ok = false;
            lit.value = std::numeric_limits<double>::infinity();
        } else {
            lit.value = 0;
        }
    } else if (ec != std::errc() || ptr != buf.data() + buf.size()) {
        lit.ok = false;
    }
    return lit;
}

std::string unquote_string(std::string_view text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        text = text.substr(1, text.size() - 2);
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) ++i;
        out += text[i];
    }
    return out;
}

}  // namespace dpk::compiler::parse
