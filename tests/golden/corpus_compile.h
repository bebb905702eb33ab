// Compiling one corpus file for one of its signatures and checking an output against its golden
// file, as every corpus test does (the SPIR-V goldens, the PTX goldens).
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <optional>
#include <string>

#include "compiler/program.h"
#include "tests/golden/corpus.h"

namespace dpk::tests {

/// Compiles `f` for `signature` (or as declared when null), for the file's `// target:` line;
/// diagnostics go to `diags`. A file with several kernels names one with `// kernel: NAME`.
inline std::optional<KernelImage> compile_corpus_file(const CorpusFile& f,
                                                      const std::string* signature,
                                                      compiler::source::Diagnostics& diags) {
    compiler::CompileOptions options;
    options.warnings_as_errors = f.werror;
    options.check_bounds = f.check_bounds;
    options.asserts = !f.no_asserts;
    if (!f.target.empty()) {
        std::string error;
        auto target = compiler::spirv::TargetProfile::parse(f.target, &error);
        INFO(error);
        REQUIRE(target);
        options.target = *target;
    }
    auto program =
        compiler::Program::from_string(f.path.filename().string(), f.text, diags, options);
    if (!program) return std::nullopt;
    const compiler::ast::Function* kernel = nullptr;
    if (!f.kernel.empty()) {
        kernel = program->find_kernel(f.kernel);
    } else if (auto ks = program->kernels(); ks.size() == 1) {
        kernel = ks.front();
    }
    if (!kernel) {
        diags.error(nullptr, {}, "corpus file names no kernel (use // kernel: NAME)");
        return std::nullopt;
    }
    std::optional<Signature> sig;
    if (signature) {
        sig = program->parse_signature(*signature);
        if (!sig) return std::nullopt;
    }
    return program->compile(*kernel, sig);
}

/// Checks `actual` against the golden file, or rewrites it when DPK_UPDATE_GOLDENS=1.
inline void check_golden(const std::filesystem::path& expected_path, const std::string& actual) {
    if (update_goldens()) {
        write_text(expected_path, actual);
        return;
    }
    INFO("golden: ", expected_path.string(), " (DPK_UPDATE_GOLDENS=1 rewrites it)");
    CHECK(std::filesystem::exists(expected_path));
    CHECK(read_text(expected_path) == actual);
}

}  // namespace dpk::tests
