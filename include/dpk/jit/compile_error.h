// The error a kernel compilation reports: the compiler's diagnostics, rendered.
#pragma once

#include <string>

#include "dpk/core/error.h"

namespace dpk {

/// A program or a kernel specialization did not compile. what() holds the rendered diagnostics
/// (`file:line:col: error: message`, the source line and a caret).
class CompileError : public error {
public:
    CompileError(const std::string& message, std::string diagnostics)
        : error(diagnostics.empty() ? message : message + "\n" + diagnostics),
          diagnostics_(std::move(diagnostics)) {}
    /// The compiler's rendered diagnostics alone.
    const std::string& diagnostics() const { return diagnostics_; }

private:
    std::string diagnostics_;
};

}  // namespace dpk
