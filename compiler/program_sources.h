// A program's source files: its main text and every module its imports reach, each located and
// read once. This is the one resolution of imports: the front end (compiler/program.h) compiles
// these texts, and the JIT's kernel-image cache key (jit/source_digest.h) hashes exactly them.
#pragma once

#include <deque>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace dpk::compiler {

/// Imports nest at most this deep (a cycle is caught earlier; this bounds pathological chains).
inline constexpr int kMaxImportDepth = 32;

/// The folder `import std.NAME;` resolves in: `configured` if set, else $DPK_STDLIB_PATH, else an
/// installed dpk's share/dpk/stdlib found from the running binary (core/install_layout.h), else the
/// stdlib/ folder of this source tree, else the one of the prefix dpk was configured for.
std::filesystem::path stdlib_dir(const std::filesystem::path& configured = {});

/// The bytes of a source file, or nullopt when it cannot be read.
std::optional<std::string> read_source_file(const std::filesystem::path& path);

/// Where one `import a.b;` item points.
struct ImportTarget {
    std::string dotted;              // "std.reduce", for messages
    std::filesystem::path relative;  // "reduce.dpk": inside the stdlib or beside the importer
    std::filesystem::path path;      // STDLIB/reduce.dpk or DIR/a/b.dpk
    bool in_stdlib = false;
};

/// `import std.a.b;` -> STDLIB/a/b.dpk; `import a.b;` -> DIR/a/b.dpk, where `dir` is the folder
/// of the importing file.
ImportTarget locate_import(std::span<const std::string> path, const std::filesystem::path& dir,
                           const std::filesystem::path& stdlib);

/// The identity of a file: one file, however an import names it, is read and loaded once.
std::filesystem::path canonical_path(const std::filesystem::path& path);

/// One imported file as it was read.
struct SourceText {
    std::filesystem::path path;       // where it was read from (ImportTarget::path)
    std::filesystem::path canonical;  // canonical_path(path)
    std::optional<std::string> text;  // nullopt: it could not be read
};

/// The main text and the imported files read so far. Not thread-safe; once sealed it is only read.
class ProgramSources {
public:
    /// The program text `text`, named `name` (imports resolve in the folder of `name`), whose
    /// `import std.*` items resolve in `stdlib` (a stdlib_dir() result). `main_is_file`: `name` is
    /// the path `text` was read from, so an import of that file refers to the main module.
    ProgramSources(std::string name, std::string text, std::filesystem::path stdlib,
                   bool main_is_file = false);

    /// Reads, transitively and in the order the front end loads them, every file the text
    /// imports, finding import items with the compiler's scanner (parse/item_scan.h) rather than
    /// parsing; then seals the set. What a cache key covers before the front end runs.
    void read_imports();
    /// The file `target` names: read on first request, the same text ever after. Once sealed,
    /// a file not read before is not read (nullptr): what is compiled is what was hashed.
    const SourceText* read(const ImportTarget& target);
    bool sealed() const { return sealed_; }

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    const std::filesystem::path& stdlib() const { return stdlib_; }
    /// The folder the main text's imports resolve beside.
    std::filesystem::path dir() const { return std::filesystem::path(name_).parent_path(); }
    /// The canonical path of the main file when `main_is_file`, else empty.
    const std::filesystem::path& main_canonical() const { return main_canonical_; }
    /// Every file read, in the order first read (depth-first, in import order).
    const std::deque<SourceText>& files() const { return files_; }
    /// Kernel names the main text declares, found by read_imports' scan (empty before it).
    const std::vector<std::string>& scanned_kernel_names() const { return kernel_names_; }

private:
    std::string name_;
    std::string text_;
    std::filesystem::path stdlib_;
    std::filesystem::path main_canonical_;
    std::deque<SourceText> files_;  // stable references
    std::vector<std::string> kernel_names_;
    bool sealed_ = false;
};

}  // namespace dpk::compiler
