// User-facing compile errors with source locations.
#pragma once

#include <string>
#include <vector>

#include "compiler/source/source_file.h"

namespace dpk::compiler::source {

enum class Severity { Error, Warning, Note };

/// One message about a program, anchored at a range of one source file.
/// The file's name and the source line are copied when the diagnostic is made, so it stays
/// printable after the SourceFile is gone.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string file_name;  // empty for messages with no source
    std::string line_text;  // the source line at range.begin (without its newline)
    SourceRange range;
    std::string message;
};

/// Collects diagnostics of one compilation and renders them as
/// `file:line:col: error: message`, the source line, and a caret under the range.
class Diagnostics {
public:
    void error(const SourceFile* file, SourceRange range, std::string message);
    void note(const SourceFile* file, SourceRange range, std::string message);
    /// A warning: the program compiles, but probably does not mean what it says. Recorded as
    /// an error instead when warnings are errors (dpkc -Werror).
    void warning(const SourceFile* file, SourceRange range, std::string message);

    /// Appends every diagnostic of `other` (e.g. from a nested parse of a temporary text).
    void append(const Diagnostics& other);

    bool has_errors() const { return error_count_ > 0; }
    std::size_t error_count() const { return error_count_; }
    std::size_t warning_count() const { return warning_count_; }
    /// Makes every later warning an error (`-Werror`).
    void set_warnings_as_errors(bool on) { warnings_as_errors_ = on; }
    bool warnings_as_errors() const { return warnings_as_errors_; }
    /// The warnings reported since diagnostic number `first` (all().size() at some earlier
    /// point), each rendered as render() does.
    std::vector<std::string> rendered_warnings(std::size_t first = 0) const;
    const std::vector<Diagnostic>& all() const { return diags_; }
    void clear();

    /// All diagnostics, rendered in the order they were reported.
    std::string render() const;
    static std::string render(const Diagnostic& d);

private:
    void add(Severity severity, const SourceFile* file, SourceRange range, std::string message);

    std::vector<Diagnostic> diags_;
    std::size_t error_count_ = 0;
    std::size_t warning_count_ = 0;
    bool warnings_as_errors_ = false;
};

}  // namespace dpk::compiler::source
