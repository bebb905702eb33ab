// Every builtin's name used by a program for its own function, const, parameter or variable
// (programs generated from the builtin table, tests/golden/builtin_name_programs.h) compiles
// through the whole pipeline to SPIR-V that validates, and its calls reach the user's functions;
// an item named like a builtin shadows it only in its module and the modules importing it, so
// an imported stdlib module's calls stay on the builtins.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/golden/builtin_name_programs.h"
#include "tests/spirv/emit_test_util.h"

using namespace dpk;

namespace {

std::size_t count(const std::string& text, std::string_view what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("builtin names: a func per builtin name is called instead of the builtin") {
    const auto names = tests::builtin_names();
    REQUIRE(names.size() > 80);  // the table, not an empty list
    const std::string text =
        tests::compile_program_valid(tests::program_defining_functions(), "calls");
    // One call per name, each to the user's function (named NAME__i64 in the module)...
    CHECK(count(text, "OpFunctionCall") == names.size());
    for (const std::string& n : names) {
        CAPTURE(n);
        CHECK(count(text, "OpFunctionCall %ulong %" + n + "__i64 ") == 1);
    }
    // ... and none of the builtins' instructions: no math, atomics, barriers, sub-group
    // operations or work-item variables.
    for (std::string_view op : {"OpExtInst ", "OpAtomic", "OpControlBarrier", "OpMemoryBarrier",
                                "OpGroup", "OpSubgroup", "BuiltIn", "OpSelect", "OpBitCount"})
        CHECK_MESSAGE(text.find(op) == std::string::npos, op);
}

TEST_CASE("builtin names: a const per builtin name is read as the const") {
    const auto names = tests::builtin_names();
    const std::string text =
        tests::compile_program_valid(tests::program_defining_consts(), "consts");
    for (std::size_t k = 0; k < names.size(); ++k) {
        CAPTURE(names[k]);
        CHECK(text.find("OpConstant %ulong " + std::to_string(tests::user_const_value(k)) + "\n") !=
              std::string::npos);
    }
    CHECK(text.find("OpFunctionCall") == std::string::npos);
}

TEST_CASE("builtin names: parameters, lets, vars and loop variables named like builtins") {
    const auto names = tests::builtin_names();
    const std::string program = tests::program_with_variables();
    const std::string text = tests::compile_program_valid(program, "variables");
    CHECK(count(text, "OpFunctionCall") == names.size());
    for (const std::string& n : names) {
        CAPTURE(n);
        tests::compile_program_valid(program, "param_" + n);
    }
}

TEST_CASE("builtin names: an imported module's builtin calls stay builtin calls") {
    // std.reduce calls local_id, local_size, barrier and min; the program's own functions of
    // those names serve the program's calls only.
    const std::string text =
        tests::compile_program_valid(tests::kStdReduceWithShadowingFunctions, "k");
    CHECK(text.find("OpControlBarrier") != std::string::npos);
    CHECK(text.find("BuiltIn LocalInvocationId") != std::string::npos);
    CHECK(text.find("BuiltIn WorkgroupSize") != std::string::npos);
    CHECK(text.find(" s_min ") != std::string::npos);  // group_min's min(...): the builtin
    CHECK(count(text, "OpFunctionCall %ulong %min__i64_i64 ") == 1);
    CHECK(count(text, "OpFunctionCall %ulong %local_id__i64 ") == 1);
    CHECK(count(text, "OpFunctionCall %void %barrier__i64 ") == 1);
}

TEST_CASE(
    "builtin names: an item shadows a builtin in its module and in the modules importing it") {
    // main imports geometry (which imports lerp) and blend (which does not): lerp's `func mix`
    // serves lerp, geometry and main; blend's mix(...) is the builtin.
    const auto dir = std::filesystem::temp_directory_path() /
                     ("dpk_builtin_names_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto write = [&](const char* name, const char* text) { std::ofstream(dir / name) << text; };
    write("lerp.dpk", "func mix(a: f32, b: f32) -> f32 { return 0.5 * (a + b); }\n");
    write("geometry.dpk",
          "import lerp;\nfunc midpoint(a: f32, b: f32) -> f32 { return mix(a, b); }\n");
    write("blend.dpk", "func blend(a: f32, b: f32) -> f32 { return mix(a, b, 0.25); }\n");
    write("main.dpk",
          "import geometry;\nimport blend;\n"
          "kernel k(x: f32[::1]) { x[0] = midpoint(x[1], x[2]) + blend(x[3], x[4]) + mix(x[5], "
          "x[6]); }\n");
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_file(dir / "main.dpk", diags);
    std::filesystem::remove_all(dir);
    INFO(diags.render());
    REQUIRE(program);
    auto image = program->compile(*program->find_kernel("k"), std::nullopt);
    REQUIRE(image);
    CHECK_FALSE(compiler::spirv::validate(image->spirv).has_value());
    const std::string text = compiler::spirv::disassemble(image->spirv);
    INFO(text);
    CHECK(count(text, "OpFunctionCall %float %mix__f32_f32 ") == 2);  // geometry's and main's
    CHECK(count(text, " mix %") == 1);                                // blend's: OpenCL.std mix
}
