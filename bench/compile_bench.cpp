// In-process compile speed: source text -> parsed, checked, emitted and validated SPIR-V for the
// tiled matmul of docs/language.md. Prints the median next to the 2 ms goal.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "compiler/program.h"

int main(int argc, char** argv) {
    const char* path = argc > 1 ? argv[1] : DPK_SOURCE_DIR "/bench/matmul.dpk";
    int runs = argc > 2 ? std::atoi(argv[2]) : 200;
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "compile_bench: cannot read %s\n", path);
        return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();

    std::vector<double> ms;
    std::size_t words = 0;
    for (int i = 0; i < runs; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        dpk::compiler::source::Diagnostics diags;
        auto program = dpk::compiler::Program::from_string("matmul.dpk", text, diags);
        std::optional<dpk::compiler::CompiledKernel> compiled;
        if (program) compiled = program->compile(*program->kernels().front(), std::nullopt);
        auto t1 = std::chrono::steady_clock::now();
        if (!compiled) {
            std::fprintf(stderr, "%s", diags.render().c_str());
            return 1;
        }
        words = compiled->image.spirv.size();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf(
        "compile_in_process kernel=matmul runs=%d median_ms=%.3f min_ms=%.3f max_ms=%.3f "
        "spirv_words=%zu goal_ms<=2.0 %s\n",
        runs, ms[ms.size() / 2], ms.front(), ms.back(), words,
        ms[ms.size() / 2] <= 2.0 ? "MET" : "MISSED");
    return 0;
}
