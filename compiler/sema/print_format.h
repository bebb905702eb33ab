// The format string of print(...): text with `{}` placeholders, `{{` and `}}` for braces.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dpk::compiler::sema {

/// A parsed format: the text around the placeholders, one piece more than placeholders
/// (`"a {} b {}"` is {"a ", " b ", ""}), braces unescaped.
struct PrintFormat {
    std::vector<std::string> text;

    std::size_t placeholders() const { return text.empty() ? 0 : text.size() - 1; }
};

/// The format, or nullopt with `error` saying what is wrong (a `{` not part of `{}` or `{{`, a
/// lone `}`).
std::optional<PrintFormat> parse_print_format(std::string_view format, std::string& error);

/// A printf conversion in `format` (`%d`, `%5.2f`, `%s`, ...), if it has one: for the hint that
/// print's placeholders are `{}`.
std::optional<std::string> printf_conversion(std::string_view format);

}  // namespace dpk::compiler::sema
