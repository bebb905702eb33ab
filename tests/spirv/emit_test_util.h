// Helpers for emitter tests: emit, validate in-process, disassemble, look for snippets, and run
// the emitted module through the command-line tools a driver path uses.
#pragma once

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "compiler/program.h"
#include "compiler/spirv/emitter.h"
#include "compiler/spirv/validator.h"
#include "tests/spirv/typed_kernel_builder.h"

namespace dpk::tests {

using compiler::spirv::EmitOptions;
using compiler::spirv::EmitResult;

/// An emitted module that passed validation, with its disassembly.
struct Emitted {
    EmitResult result;
    std::string text;

    bool has(std::string_view snippet) const { return text.find(snippet) != std::string::npos; }
    std::size_t count(std::string_view snippet) const {
        std::size_t n = 0;
        for (auto at = text.find(snippet); at != std::string::npos; at = text.find(snippet, at + 1))
            ++n;
        return n;
    }
    bool uses(spv::Capability c) const {
        return std::any_of(result.capabilities.begin(), result.capabilities.end(),
                           [c](const auto& u) { return u.capability == c; });
    }
};

/// Emits the program's kernel; requires no emit errors and a module that validates.
inline Emitted emit_valid(TestProgram& p, const EmitOptions& options = {}) {
    Emitted out;
    out.result = compiler::spirv::emit_kernel(p.typed, options);
    std::string errors;
    for (const auto& e : out.result.errors) errors += "emit error: " + e.message + "\n";
    INFO(errors);
    REQUIRE(out.result.ok());
    out.text = compiler::spirv::disassemble(out.result.words);
    auto error = compiler::spirv::validate(out.result.words);
    INFO(out.text);
    INFO(error.value_or(""));
    REQUIRE(!error.has_value());
    return out;
}

/// Runs a shell command; returns its exit status.
inline int run(const std::string& command) {
    return std::system(command.c_str());
}

/// Writes the module to a temporary .spv file and returns its path.
inline std::filesystem::path write_spv(const std::vector<std::uint32_t>& words,
                                       const std::string& name) {
    auto path = std::filesystem::temp_directory_path() /
                ("dpk_test_spirv_" + name + "_" + std::to_string(::getpid()) + ".spv");
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(words.data()),
              static_cast<std::streamsize>(words.size() * sizeof(std::uint32_t)));
    return path;
}

/// True when llvm-spirv-15 turns the module into LLVM bitcode for OpenCL 1.2 (what the PoCL
/// backend does in-process), or when the tool is not installed (checked once, with a message).
inline bool converts_to_spir(const std::vector<std::uint32_t>& words, const std::string& name) {
    static const bool available = run("command -v llvm-spirv-15 >/dev/null 2>&1") == 0;
    if (!available) {
        MESSAGE("llvm-spirv-15 not installed: SPIR conversion not checked");
        return true;
    }
    auto spv = write_spv(words, name);
    auto bc = spv;
    bc.replace_extension(".bc");
    const bool ok = run("llvm-spirv-15 -r --spirv-target-env=CL1.2 " + spv.string() + " -o " +
                        bc.string()) == 0;
    std::filesystem::remove(spv);
    std::filesystem::remove(bc);
    return ok;
}

/// Kernel `kernel` of the program `text`, compiled as declared through the whole pipeline (parse,
/// sema, emit); requires a module that validates in-process and converts to SPIR. Returns its
/// disassembly.
inline std::string compile_program_valid(const std::string& text, const std::string& kernel) {
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_string("program.dpk", text, diags);
    INFO(diags.render());
    REQUIRE(program);
    const compiler::ast::Function* k = program->find_kernel(kernel);
    REQUIRE(k);
    auto image = program->compile(*k, std::nullopt);
    INFO(diags.render());
    REQUIRE(image);
    auto error = compiler::spirv::validate(image->spirv);
    std::string disassembly = compiler::spirv::disassemble(image->spirv);
    INFO(disassembly);
    CHECK_MESSAGE(!error.has_value(), error.value_or(""));
    CHECK(converts_to_spir(image->spirv, kernel));
    return disassembly;
}

}  // namespace dpk::tests
