// What a program's compiled kernels depend on, hashed: its text, the files it imports, and the
// compiler itself. Computed without parsing, so a warm start skips the front end entirely.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/content_hash.h"

namespace dpk::jit {

/// Identifies the compiler that produced an image (version + hash of its sources).
std::string_view compiler_fingerprint();

/// The stdlib folder `import std.x;` resolves to: `configured` if set, else $DPK_STDLIB_PATH,
/// else the stdlib/ folder of this build.
std::filesystem::path stdlib_dir(const std::filesystem::path& configured);

/// Hash of `text` and, transitively, of every file its `import a.b;` items name (resolved as the
/// compiler resolves them: `std.*` in `stdlib`, others beside the importing file). A file that
/// cannot be read is hashed as missing. Comments and strings are skipped when scanning.
runtime::ContentKey source_digest(std::string_view text, const std::filesystem::path& dir,
                                  const std::filesystem::path& stdlib);

/// Kernel names declared at the top level of `text` (`kernel NAME(`), in order; a cheap scan
/// that needs no parser.
std::vector<std::string> scan_kernel_names(std::string_view text);

}  // namespace dpk::jit
