#include "compiler/sema/print_format.h"

namespace dpk::compiler::sema {

std::optional<PrintFormat> parse_print_format(std::string_view format, std::string& error) {
    PrintFormat out;
    out.text.emplace_back();
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        const char next = i + 1 < format.size() ? format[i + 1] : '\0';
        if (c == '{' && next == '}') {
            out.text.emplace_back();
            ++i;
        } else if ((c == '{' && next == '{') || (c == '}' && next == '}')) {
            out.text.back() += c;
            ++i;
        } else if (c == '{') {
            const std::size_t close = format.find('}', i);
            const std::string inside(
                format.substr(i, close == std::string_view::npos ? 1 : close - i + 1));
            error = "print's placeholders are '{}' only (found '" + inside +
                    "'; every value prints in its own fixed way); write '{{' for a '{'";
            return std::nullopt;
        } else if (c == '}') {
            error = "a '}' without its '{' in print's format: write '}}' for a '}'";
            return std::nullopt;
        } else {
            out.text.back() += c;
        }
    }
    return out;
}

std::optional<std::string> printf_conversion(std::string_view format) {
    for (std::size_t i = 0; i + 1 < format.size(); ++i) {
        if (format[i] != '%') continue;
        std::size_t j = i + 1;
        while (j < format.size() &&
               std::string_view("-+ #0123456789.").find(format[j]) != std::string_view::npos)
            ++j;
        while (j < format.size() && (format[j] == 'l' || format[j] == 'h' || format[j] == 'z')) ++j;
        if (j < format.size() &&
            std::string_view("diouxXeEfFgGaAcsp").find(format[j]) != std::string_view::npos)
            return std::string(format.substr(i, j - i + 1));
    }
    return std::nullopt;
}

}  // namespace dpk::compiler::sema
