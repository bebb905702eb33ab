// Golden tests: every tests/golden/in/*.dpk compiles for each of its signatures to SPIR-V that
// validates for OpenCL, and the disassembly matches tests/golden/out/NAME[.N].spvasm.
// Error tests: every tests/errors/*.dpk fails with the diagnostics its `// expect:` lines name,
// and the rendered diagnostics match tests/errors/NAME.err.
// DPK_UPDATE_GOLDENS=1 rewrites the expected files.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "tests/golden/corpus.h"
#include "tests/golden/corpus_compile.h"

using namespace dpk;
using namespace dpk::compiler;
using dpk::tests::CorpusFile;

namespace {

const std::filesystem::path kRoot = DPK_SOURCE_DIR;

std::optional<KernelImage> compile(const CorpusFile& f, const std::string* signature,
                                   source::Diagnostics& diags) {
    return dpk::tests::compile_corpus_file(f, signature, diags);
}

}  // namespace

TEST_CASE("golden: every construct compiles to valid SPIR-V matching its golden") {
    auto files = dpk::tests::corpus(kRoot / "tests/golden/in");
    REQUIRE(!files.empty());
    for (const auto& path : files) {
        CorpusFile f = dpk::tests::read_corpus_file(path);
        std::vector<const std::string*> sigs;
        for (const auto& s : f.signatures) sigs.push_back(&s);
        if (sigs.empty()) sigs.push_back(nullptr);
        for (std::size_t i = 0; i < sigs.size(); ++i) {
            CAPTURE(path.filename().string());
            CAPTURE(sigs[i] ? *sigs[i] : std::string("(as declared)"));
            source::Diagnostics diags;
            auto compiled = compile(f, sigs[i], diags);
            INFO(diags.render());
            CHECK(compiled.has_value());
            if (!compiled) continue;
            auto error = spirv::validate(compiled->spirv);
            INFO(error.value_or(""));
            CHECK(!error.has_value());
            std::string name = path.stem().string();
            if (sigs.size() > 1) name.append(".").append(std::to_string(i));
            const std::string text = spirv::disassemble(compiled->spirv);
            dpk::tests::check_golden(kRoot / "tests/golden/out" / (name + ".spvasm"), text);
            for (const auto& a : f.absent) {
                CAPTURE(a);
                CHECK(text.find(a) == std::string::npos);
            }
            // Exactly the warnings the file names, each where it says.
            CHECK(diags.warning_count() == f.warnings.size());
            for (const auto& w : f.warnings) {
                CAPTURE(w.line);
                CAPTURE(w.column);
                CAPTURE(w.fragment);
                bool found =
                    std::any_of(diags.all().begin(), diags.all().end(), [&](const auto& d) {
                        return d.severity == source::Severity::Warning &&
                               d.range.begin.line == w.line && d.range.begin.column == w.column &&
                               d.message.find(w.fragment) != std::string::npos;
                    });
                CHECK(found);
            }
        }
    }
}

TEST_CASE("errors: every wrong program fails at the right line and column") {
    auto files = dpk::tests::corpus(kRoot / "tests/errors");
    REQUIRE(!files.empty());
    for (const auto& path : files) {
        CorpusFile f = dpk::tests::read_corpus_file(path);
        CAPTURE(path.filename().string());
        CHECK(!f.expectations.empty());
        source::Diagnostics diags;
        CHECK(f.signatures.size() <= 1);
        auto compiled = compile(f, f.signatures.empty() ? nullptr : &f.signatures.front(), diags);
        std::string rendered = diags.render();
        INFO(rendered);
        CHECK(!compiled.has_value());
        CHECK(diags.has_errors());
        for (const auto& e : f.expectations) {
            CAPTURE(e.line);
            CAPTURE(e.column);
            CAPTURE(e.fragment);
            bool found = std::any_of(diags.all().begin(), diags.all().end(), [&](const auto& d) {
                return d.range.begin.line == e.line && d.range.begin.column == e.column &&
                       d.message.find(e.fragment) != std::string::npos;
            });
            CHECK(found);
        }
        auto golden = path;
        dpk::tests::check_golden(golden.replace_extension(".err"), rendered);
    }
}

TEST_CASE("program: a failed specialization does not fail the next one") {
    source::Diagnostics diags;
    auto program = Program::from_string(
        "vecadd.dpk", "kernel vecadd(a, b, c) { let i = global_id(0); c[i] = a[i] + b[i]; }\n",
        diags);
    REQUIRE(program);
    const ast::Function& k = *program->kernels().front();
    auto bad = program->parse_signature("void(f64[::1], f64[::1], f32[::1])");
    REQUIRE(bad);
    CHECK(!program->compile(k, bad).has_value());  // f64 stored into f32: needs a cast
    CHECK(diags.error_count() >= 1);
    auto good = program->parse_signature("void(f32[::1], f32[::1], f32[::1])");
    REQUIRE(good);
    auto compiled = program->compile(k, good);
    REQUIRE(compiled.has_value());
    CHECK(compiled->signature.key() == good->key());
    CHECK(!spirv::validate(compiled->spirv).has_value());
}
