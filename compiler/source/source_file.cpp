#include "compiler/source/source_file.h"

namespace dpk::compiler::source {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

std::string_view SourceFile::line(std::uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    std::size_t begin = line_starts_[line - 1];
    std::size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
    std::string_view s(text_);
    s = s.substr(begin, end - begin);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    return s;
}

}  // namespace dpk::compiler::source
