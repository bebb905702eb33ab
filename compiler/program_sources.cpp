#include "compiler/program_sources.h"

#include <algorithm>
#include <cstdlib>

#include "compiler/parse/item_scan.h"
#include "core/install_layout.h"
#include "dpk/core/error.h"
#include "dpk/core/file_io.h"

namespace dpk::compiler {

std::optional<std::string> read_source_file(const std::filesystem::path& path) {
    try {
        return read_file(path);  // a directory or an unreadable file is no source
    } catch (const FileError&) {
        return std::nullopt;
    }
}

namespace {

bool contains(const std::vector<std::filesystem::path>& paths, const std::filesystem::path& p) {
    return std::find(paths.begin(), paths.end(), p) != paths.end();
}

}  // namespace

namespace {

/// An installed dpk's stdlib (relative to the binary first, so a moved prefix finds its own),
/// else this source tree's, else the configured prefix's; the source tree's when none is there,
/// so that a missing module names a real place.
std::filesystem::path default_stdlib_dir() {
    std::vector<std::filesystem::path> candidates = install_layout::stdlib_folders();
    candidates.insert(candidates.end() - 1, DPK_STDLIB_DIR);
    for (const std::filesystem::path& dir : candidates) {
        std::error_code ec;
        if (std::filesystem::is_directory(dir, ec)) return dir;
    }
    return DPK_STDLIB_DIR;
}

}  // namespace

std::filesystem::path stdlib_dir(const std::filesystem::path& configured) {
    if (!configured.empty()) return configured;
    if (const char* env = std::getenv("DPK_STDLIB_PATH"); env && *env) return env;
    static const std::filesystem::path found = default_stdlib_dir();
    return found;
}

ImportTarget locate_import(std::span<const std::string> path, const std::filesystem::path& dir,
                           const std::filesystem::path& stdlib) {
    ImportTarget t;
    t.in_stdlib = !path.empty() && path.front() == "std";
    const std::size_t first = t.in_stdlib ? 1 : 0;
    for (std::size_t i = 0; i < path.size(); ++i) {
        t.dotted += (i ? "." : "") + path[i];
        if (i >= first) t.relative /= path[i];
    }
    t.relative += ".dpk";
    t.path = (t.in_stdlib ? stdlib : dir) / t.relative;
    return t;
}

std::filesystem::path canonical_path(const std::filesystem::path& path) {
    std::error_code ec;
    std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
    return ec ? path.lexically_normal() : canonical;
}

ProgramSources::ProgramSources(std::string name, std::string text, std::filesystem::path stdlib,
                               bool main_is_file)
    : name_(std::move(name)), text_(std::move(text)), stdlib_(std::move(stdlib)) {
    if (main_is_file) main_canonical_ = canonical_path(name_);
}

const SourceText* ProgramSources::read(const ImportTarget& target) {
    std::filesystem::path canonical = canonical_path(target.path);
    for (const SourceText& f : files_)
        if (f.canonical == canonical) return &f;
    if (sealed_) return nullptr;
    files_.push_back({target.path, std::move(canonical), read_source_file(target.path)});
    return &files_.back();
}

void ProgramSources::read_imports() {
    if (sealed_) return;
    parse::ItemScan main = parse::scan_items(text_);
    kernel_names_ = std::move(main.kernels);
    std::vector<std::filesystem::path> loaded;
    if (!main_canonical_.empty()) loaded.push_back(main_canonical_);
    // The front end's walk (Program::load_imports) over the scanned items instead of parsed ones.
    auto walk = [&](auto& self, const std::vector<std::vector<std::string>>& imports,
                    const std::filesystem::path& dir, int depth) -> bool {
        for (const std::vector<std::string>& path : imports) {
            if (depth >= kMaxImportDepth) return false;
            const ImportTarget target = locate_import(path, dir, stdlib_);
            const SourceText* file = read(target);
            if (contains(loaded, file->canonical)) continue;
            if (!file->text) return false;
            loaded.push_back(file->canonical);
            if (!self(self, parse::scan_items(*file->text).imports, target.path.parent_path(),
                      depth + 1))
                return false;
        }
        return true;
    };
    walk(walk, main.imports, dir(), 0);
    sealed_ = true;
}

}  // namespace dpk::compiler
