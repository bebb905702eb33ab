// Source text and positions in it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dpk::compiler::source {

/// A position in a source file; line and column are 1-based, column counts bytes.
struct SourceLoc {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend bool operator==(const SourceLoc&, const SourceLoc&) = default;
};

/// A half-open range [begin, end) in one source file. end may equal begin for a point.
struct SourceRange {
    SourceLoc begin;
    SourceLoc end;
};

/// One program text with its name (a path, or "<string>" for text embedded in C++).
class SourceFile {
public:
    SourceFile(std::string name, std::string text);

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    /// The text of a 1-based line without its newline; empty past the end.
    std::string_view line(std::uint32_t line) const;

private:
    std::string name_;
    std::string text_;
    std::vector<std::size_t> line_starts_;
};

}  // namespace dpk::compiler::source
