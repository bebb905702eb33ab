// Reads the test corpora: .dpk files whose leading comments say what to compile and expect.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace dpk::tests {

/// One `// expect: LINE:COL: FRAGMENT` line of an error program.
struct Expectation {
    unsigned line = 0;
    unsigned column = 0;
    std::string fragment;
};

/// A corpus file with its header comments.
struct CorpusFile {
    std::filesystem::path path;
    std::string text;
    std::vector<std::string> signatures;  // `// signature: void(...)`
    std::string kernel;                   // `// kernel: NAME` (empty: the only kernel)
    std::string target;                   // `// target: SPEC` (empty: the default target)
    std::vector<Expectation> expectations;
    std::vector<Expectation> warnings;  // `// warning: LINE:COL: FRAGMENT`: every warning
    std::vector<std::string> absent;    // `// absent: TEXT`: not in the SPIR-V disassembly
    bool werror = false;                // `// options: -Werror`
    bool check_bounds = false;          // `// options: --check-bounds`
    bool no_asserts = false;            // `// options: --no-asserts`
};

inline std::string trim(std::string s) {
    auto b = s.find_first_not_of(" \t\r");
    auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

inline CorpusFile read_corpus_file(const std::filesystem::path& path) {
    CorpusFile f;
    f.path = path;
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    f.text = ss.str();
    std::istringstream lines(f.text);
    for (std::string line; std::getline(lines, line);) {
        line = trim(line);
        if (line.rfind("//", 0) != 0) continue;
        std::string body = trim(line.substr(2));
        auto value = [&](const char* key) -> std::string {
            std::string k = std::string(key) + ":";
            return body.rfind(k, 0) == 0 ? trim(body.substr(k.size())) : std::string();
        };
        if (auto v = value("signature"); !v.empty()) f.signatures.push_back(v);
        if (auto v = value("kernel"); !v.empty()) f.kernel = v;
        if (auto v = value("target"); !v.empty()) f.target = v;
        if (auto v = value("absent"); !v.empty()) f.absent.push_back(v);
        if (auto v = value("options"); !v.empty()) {
            f.werror = v.find("-Werror") != std::string::npos;
            f.check_bounds = v.find("--check-bounds") != std::string::npos;
            f.no_asserts = v.find("--no-asserts") != std::string::npos;
        }
        for (const char* key : {"expect", "warning"}) {
            std::string v = value(key);
            if (v.empty()) continue;
            Expectation e;
            std::istringstream es(v);
            char colon = 0;
            es >> e.line >> colon >> e.column >> colon;
            std::getline(es, e.fragment);
            e.fragment = trim(e.fragment);
            (std::string(key) == "expect" ? f.expectations : f.warnings).push_back(e);
        }
    }
    return f;
}

/// The .dpk files of a folder, sorted by name.
inline std::vector<std::filesystem::path> corpus(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> out;
    if (!std::filesystem::exists(dir)) return out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".dpk") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline void write_text(const std::filesystem::path& p, const std::string& text) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

/// True when goldens should be rewritten (DPK_UPDATE_GOLDENS=1).
inline bool update_goldens() {
    const char* v = std::getenv("DPK_UPDATE_GOLDENS");
    return v && std::string(v) == "1";
}

}  // namespace dpk::tests
