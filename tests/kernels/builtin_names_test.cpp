// Programs that give every builtin's name to their own functions, consts, parameters and
// variables (generated from the builtin table: tests/golden/builtin_name_programs.h) run on every
// device and compute with the user's declarations, never the builtins; a program's own functions
// named like builtins leave std.reduce's calls on the builtins; kernels may be named like builtins.
#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "compiler/program.h"
#include "dpk/runtime/launch.h"
#include "tests/golden/builtin_name_programs.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

/// Kernel `kernel` of program `text`, compiled as declared.
KernelImage compile(const std::string& text, const std::string& kernel) {
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_string("names.dpk", text, diags);
    INFO(diags.render());
    REQUIRE(program);
    const compiler::ast::Function* k = program->find_kernel(kernel);
    REQUIRE(k);
    auto image = program->compile(*k, std::nullopt);
    INFO(diags.render());
    REQUIRE(image);
    return std::move(*image);
}

/// Runs `image` as one work item with an i64 array of `n` zeros (after `scalars`) as its
/// arguments; returns the array.
std::vector<std::int64_t> run_one(const Device& dev, const KernelImage& image, std::size_t n,
                                  const std::vector<std::int64_t>& scalars = {}) {
    Queue q(dev);
    LoadedKernel k(dev, image);
    UsmArray out = UsmArray::zeros(q, DType::I64, {static_cast<std::int64_t>(n)});
    std::vector<KernelArg> args(scalars.begin(), scalars.end());
    args.emplace_back(out);
    launch(q, k, Range(1), args).wait();
    return out.to_vector<std::int64_t>();
}

}  // namespace

TEST_SUITE("builtin_names") {
    TEST_CASE("builtin names: functions, consts and variables named like builtins run as written") {
        const auto names = tests::builtin_names();
        const KernelImage calls = compile(tests::program_defining_functions(), "calls");
        const KernelImage consts = compile(tests::program_defining_consts(), "consts");
        const std::string variables_program = tests::program_with_variables();
        const KernelImage variables = compile(variables_program, "variables");
        const KernelImage param_sqrt = compile(variables_program, "param_sqrt");
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            std::vector<std::int64_t> got = run_one(dev, calls, names.size() + 1);
            for (std::size_t k = 0; k < names.size(); ++k) {
                INFO(names[k] << "(100)");
                CHECK(got[k] == tests::user_function_result(k, 100));
            }
            CHECK(got[names.size()] == 3);  // for j in range(3): 0 + 1 + 2
            got = run_one(dev, consts, names.size());
            for (std::size_t k = 0; k < names.size(); ++k) {
                INFO("const " << names[k]);
                CHECK(got[k] == tests::user_const_value(k));
            }
            got = run_one(dev, variables, names.size());
            for (std::size_t k = 0; k < names.size(); ++k) {
                INFO("use_" << names[k] << "(5)");
                CHECK(got[k] == tests::variables_result(5));
            }
            got = run_one(dev, param_sqrt, 1, {21});
            CHECK(got[0] == tests::variables_result(21));
        }
    }

    TEST_CASE("builtin names: kernels named like builtins") {
        // Also like OpenCL C's builtins: the entry point's name reaches the driver.
        const std::string text =
            "kernel sqrt(out: i64[::1]) { out[0] = 42; }\n"
            "kernel barrier(out: i64[::1]) { out[0] = 43; }\n"
            "kernel get_global_id(out: i64[::1]) { out[0] = 44; }\n";
        const KernelImage sqrt = compile(text, "sqrt");
        const KernelImage barrier = compile(text, "barrier");
        const KernelImage get_global_id = compile(text, "get_global_id");
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            CHECK(run_one(dev, sqrt, 1)[0] == 42);
            CHECK(run_one(dev, barrier, 1)[0] == 43);
            CHECK(run_one(dev, get_global_id, 1)[0] == 44);
        }
    }

    TEST_CASE("builtin names: std.reduce keeps the builtins a program's functions shadow") {
        const KernelImage image = compile(tests::kStdReduceWithShadowingFunctions, "k");
        constexpr std::size_t n = 16;
        std::vector<std::int64_t> x(n);
        std::iota(x.begin(), x.end(), std::int64_t{3});  // 3 .. 18
        const std::int64_t sum = std::accumulate(x.begin(), x.end(), std::int64_t{0});
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k(dev, image);
            UsmArray dx = UsmArray::from_host<std::int64_t>(q, x);
            UsmArray out = UsmArray::zeros(q, DType::I64, {4});
            launch(q, k, Range(n), Range(n), {dx, out, LocalMemory{DType::I64, n}}).wait();
            const std::vector<std::int64_t> got = out.to_vector<std::int64_t>();
            CHECK(got[0] == sum);      // the builtins local_id, local_size, barrier in std.reduce
            CHECK(got[1] == 3);        // the builtin min in std.reduce
            CHECK(got[2] == sum + 3);  // the program's min
            CHECK(got[3] == 7);        // the program's local_id
        }
    }
}
