#include "jit/source_digest.h"

#include <cctype>
#include <cstdlib>
#include <set>

#include "jit/compiler_fingerprint.h"
#include "runtime/sealed_file.h"

namespace dpk::jit {

namespace {

/// Identifiers and single punctuation characters of dpk source, comments and strings skipped,
/// with the brace depth each token is at.
struct Token {
    std::string_view text;
    int depth = 0;
};

std::vector<Token> tokenize(std::string_view s) {
    std::vector<Token> out;
    int depth = 0;
    std::size_t i = 0;
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    while (i < s.size()) {
        char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (s.compare(i, 2, "//") == 0) {
            while (i < s.size() && s[i] != '\n') ++i;
        } else if (s.compare(i, 2, "/*") == 0) {
            std::size_t end = s.find("*/", i + 2);
            i = end == std::string_view::npos ? s.size() : end + 2;
        } else if (c == '"') {
            for (++i; i < s.size() && s[i] != '"'; ++i)
                if (s[i] == '\\') ++i;
            ++i;
        } else if (ident(c)) {
            std::size_t start = i;
            while (i < s.size() && ident(s[i])) ++i;
            out.push_back({s.substr(start, i - start), depth});
        } else {
            if (c == '}') --depth;
            out.push_back({s.substr(i, 1), depth});
            if (c == '{') ++depth;
            ++i;
        }
    }
    return out;
}

/// The dotted paths of the top-level `import a.b;` items.
std::vector<std::vector<std::string>> imports_of(std::string_view text) {
    std::vector<std::vector<std::string>> out;
    std::vector<Token> t = tokenize(text);
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i].depth != 0 || t[i].text != "import") continue;
        std::vector<std::string> path;
        std::size_t j = i + 1;
        while (j < t.size() && t[j].text != ";") {
            if (t[j].text != ".") path.emplace_back(t[j].text);
            ++j;
        }
        if (!path.empty()) out.push_back(std::move(path));
        i = j;
    }
    return out;
}

void digest_file(runtime::ContentKeyBuilder& kb, std::string_view text,
                 const std::filesystem::path& dir, const std::filesystem::path& stdlib,
                 std::set<std::filesystem::path>& seen, int depth) {
    kb.add(text);
    if (depth > 32) return;
    for (const auto& path : imports_of(text)) {
        std::filesystem::path file = path.front() == "std" ? stdlib : dir;
        for (std::size_t i = path.front() == "std" ? 1 : 0; i < path.size(); ++i) file /= path[i];
        file += ".dpk";
        std::error_code ec;
        std::filesystem::path canonical = std::filesystem::weakly_canonical(file, ec);
        if (ec) canonical = file;
        if (!seen.insert(canonical).second) continue;
        kb.add("import").add(canonical.string());
        std::optional<std::string> imported = runtime::read_file_bytes(file);
        if (!imported) {
            kb.add("missing");
            continue;
        }
        digest_file(kb, *imported, file.parent_path(), stdlib, seen, depth + 1);
    }
}

}  // namespace

std::string_view compiler_fingerprint() {
    return DPK_COMPILER_FINGERPRINT;
}

std::filesystem::path stdlib_dir(const std::filesystem::path& configured) {
    if (!configured.empty()) return configured;
    if (const char* env = std::getenv("DPK_STDLIB_PATH"); env && *env) return env;
    return DPK_STDLIB_DIR;
}

runtime::ContentKey source_digest(std::string_view text, const std::filesystem::path& dir,
                                  const std::filesystem::path& stdlib) {
    runtime::ContentKeyBuilder kb;
    std::set<std::filesystem::path> seen;
    digest_file(kb, text, dir, stdlib, seen, 0);
    return kb.key();
}

std::vector<std::string> scan_kernel_names(std::string_view text) {
    std::vector<std::string> names;
    std::vector<Token> t = tokenize(text);
    for (std::size_t i = 0; i + 2 < t.size(); ++i)
        if (t[i].depth == 0 && t[i].text == "kernel" && t[i + 2].text == "(")
            names.emplace_back(t[i + 1].text);
    return names;
}

}  // namespace dpk::jit
