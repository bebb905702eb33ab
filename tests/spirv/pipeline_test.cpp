// Every program of the golden corpus and the examples, compiled through the whole pipeline
// (parse, sema, emit): each module validates in-process, passes `spirv-val --target-env
// opencl1.2` where SPIRV-Tools' OpenCL environment knows its capabilities, and converts to
// LLVM bitcode with llvm-spirv-15 (the SPIR 1.2 path PoCL takes).
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>  // before corpus.h, which uses std::sort

#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "tests/golden/corpus.h"
#include "tests/spirv/emit_test_util.h"

using namespace dpk;
using namespace dpk::compiler;

namespace {

const std::filesystem::path kRoot = DPK_SOURCE_DIR;

/// Diagnostics as "line:col: message" without touching their source files (a Program that failed
/// to load has already freed them).
std::string messages(const source::Diagnostics& diags) {
    std::string out;
    for (const auto& d : diags.all())
        out += std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.column) +
               ": " + d.message + "\n";
    return out;
}

bool tool_available(const char* name) {
    return dpk::tests::run(std::string("command -v ") + name + " >/dev/null 2>&1") == 0;
}

/// Corpus files: tests/golden/in and examples/*/ (*.dpk).
std::vector<std::filesystem::path> programs() {
    auto files = dpk::tests::corpus(kRoot / "tests/golden/in");
    if (std::filesystem::exists(kRoot / "examples"))
        for (const auto& d : std::filesystem::directory_iterator(kRoot / "examples"))
            if (d.is_directory())
                for (const auto& f : dpk::tests::corpus(d.path())) files.push_back(f);
    return files;
}

}  // namespace

TEST_CASE("corpus: every program compiles to SPIR-V that validates and converts") {
    auto files = programs();
    if (files.empty()) {
        MESSAGE("skipped: no corpus under " << kRoot.string());
        return;
    }
    const bool have_val = tool_available("spirv-val");
    const bool have_llvm_spirv = tool_available("llvm-spirv-15");
    if (!have_val) MESSAGE("spirv-val not installed: CLI validation skipped");
    if (!have_llvm_spirv) MESSAGE("llvm-spirv-15 not installed: conversion check skipped");
    int modules = 0;
    for (const auto& path : files) {
        auto f = dpk::tests::read_corpus_file(path);
        std::vector<const std::string*> sigs;
        for (const auto& s : f.signatures) sigs.push_back(&s);
        if (sigs.empty()) sigs.push_back(nullptr);
        for (const std::string* sig : sigs) {
            CAPTURE(path.filename().string());
            CAPTURE(sig ? *sig : std::string("(as declared)"));
            source::Diagnostics diags;
            CompileOptions options;
            if (!f.target.empty()) {
                auto target = spirv::TargetProfile::parse(f.target);
                REQUIRE(target);
                options.target = *target;
            }
            auto program = Program::from_string(path.filename().string(), f.text, diags, options);
            const std::string parse_errors = messages(diags);
            WARN_MESSAGE(program, parse_errors);  // front-end failures: the golden test's job
            if (!program) continue;
            std::vector<const ast::Function*> kernels;
            if (!f.kernel.empty())
                kernels.push_back(program->find_kernel(f.kernel));
            else
                kernels = program->kernels();
            for (const ast::Function* kernel : kernels) {
                REQUIRE(kernel);
                CAPTURE(kernel->name);
                std::optional<Signature> signature;
                if (sig) {
                    signature = program->parse_signature(*sig);
                    REQUIRE(signature);
                }
                if (!sig && !kernel->fully_annotated()) continue;  // generic: needs a signature
                auto compiled = program->compile(*kernel, signature);
                const std::string compile_errors = messages(diags);
                WARN_MESSAGE(compiled.has_value(), compile_errors);
                if (!compiled) continue;
                const auto& words = compiled->spirv;
                auto error = spirv::validate(words);
                CHECK_MESSAGE(!error.has_value(), error.value_or(""));
                ++modules;
                auto file = dpk::tests::write_spv(words, kernel->name);
                if (have_val && spirv::default_validation_env(words) == SPV_ENV_OPENCL_1_2)
                    CHECK(dpk::tests::run("spirv-val --target-env opencl1.2 " + file.string()) ==
                          0);
                if (have_llvm_spirv) {
                    auto bc = file;
                    bc.replace_extension(".bc");
                    CHECK(dpk::tests::run("llvm-spirv-15 -r --spirv-target-env=CL1.2 " +
                                          file.string() + " -o " + bc.string()) == 0);
                    std::filesystem::remove(bc);
                }
                std::filesystem::remove(file);
            }
        }
    }
    MESSAGE(modules << " modules compiled and checked");
    CHECK(modules > 0);
}
