#include "compiler/source/diagnostics.h"

#include <algorithm>

namespace dpk::compiler::source {

void Diagnostics::add(Severity severity, const SourceFile* file, SourceRange range,
                      std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.range = range;
    d.message = std::move(message);
    if (file) {
        d.file_name = file->name();
        d.line_text = std::string(file->line(range.begin.line));
    }
    diags_.push_back(std::move(d));
}

void Diagnostics::error(const SourceFile* file, SourceRange range, std::string message) {
    add(Severity::Error, file, range, std::move(message));
    ++error_count_;
}

void Diagnostics::note(const SourceFile* file, SourceRange range, std::string message) {
    add(Severity::Note, file, range, std::move(message));
}

void Diagnostics::warning(const SourceFile* file, SourceRange range, std::string message) {
    if (warnings_as_errors_) {
        error(file, range, std::move(message) + " [-Werror]");
        return;
    }
    add(Severity::Warning, file, range, std::move(message));
    ++warning_count_;
}

std::vector<std::string> Diagnostics::rendered_warnings(std::size_t first) const {
    std::vector<std::string> out;
    for (std::size_t i = first; i < diags_.size(); ++i) {
        if (diags_[i].severity != Severity::Warning) continue;
        std::string text = render(diags_[i]);
        // A warning's notes belong to it.
        while (i + 1 < diags_.size() && diags_[i + 1].severity == Severity::Note)
            text += render(diags_[++i]);
        out.push_back(std::move(text));
    }
    return out;
}

void Diagnostics::append(const Diagnostics& other) {
    diags_.insert(diags_.end(), other.diags_.begin(), other.diags_.end());
    error_count_ += other.error_count_;
    warning_count_ += other.warning_count_;
}

void Diagnostics::clear() {
    diags_.clear();
    error_count_ = 0;
    warning_count_ = 0;
}

std::string Diagnostics::render(const Diagnostic& d) {
    const char* kind = d.severity == Severity::Error     ? "error"
                       : d.severity == Severity::Warning ? "warning"
                                                         : "note";
    std::string out;
    if (d.file_name.empty() || d.range.begin.line == 0) {
        out = (d.file_name.empty() ? std::string() : d.file_name + ": ") + kind + ": " + d.message +
              "\n";
        return out;
    }
    out = d.file_name + ":" + std::to_string(d.range.begin.line) + ":" +
          std::to_string(d.range.begin.column) + ": " + kind + ": " + d.message + "\n";
    std::string_view line = d.line_text;
    out += "  ";
    out += line;
    out += "\n  ";
    std::size_t col = d.range.begin.column ? d.range.begin.column - 1 : 0;
    for (std::size_t i = 0; i < col && i < line.size(); ++i) out += line[i] == '\t' ? '\t' : ' ';
    std::size_t width = 1;
    if (d.range.end.line == d.range.begin.line && d.range.end.column > d.range.begin.column)
        width = d.range.end.column - d.range.begin.column;
    width = std::max<std::size_t>(1, std::min(width, line.size() > col ? line.size() - col : 1));
    out += '^';
    out.append(width - 1, '~');
    out += "\n";
    return out;
}

std::string Diagnostics::render() const {
    std::string out;
    for (const auto& d : diags_) out += render(d);
    return out;
}

}  // namespace dpk::compiler::source
