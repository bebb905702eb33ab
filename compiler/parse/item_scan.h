// What a program declares at its top level, found by the compiler's own scanner without parsing:
// what the JIT needs before the front end runs (the files to hash for a cache key, the kernel
// names a warm start answers with).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dpk::compiler::parse {

/// The top-level items of one text that matter before parsing.
struct ItemScan {
    /// Each `import a.b;` item as its dotted path ({"a", "b"}), in source order.
    std::vector<std::vector<std::string>> imports;
    /// Each `kernel NAME(` item's name, in source order.
    std::vector<std::string> kernels;
};

/// Scans `text` with the compiler's scanner (parse/lexer.h: comments and strings are tokens like
/// any other, never mistaken for items) and picks the items at brace depth 0. For a text that
/// parses, `imports` are exactly the parser's import items; for one that does not, the front end
/// reports the errors later. Touches no shared parser state: safe without the front-end lock.
ItemScan scan_items(std::string_view text);

}  // namespace dpk::compiler::parse
