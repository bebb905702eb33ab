// In-process compile speed: source text -> parsed, checked, emitted and validated SPIR-V for the
// tiled matmul of docs/language.md, and that SPIR-V -> PTX by the CUDA backend's translator (what
// a CUDA device adds before the driver's JIT). Prints the medians next to the 2 ms goal.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "backends/cuda/ptx/ptx_translator.h"
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

    std::vector<double> ms, ptx_ms;
    std::size_t words = 0, ptx_chars = 0;
    for (int i = 0; i < runs; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        dpk::compiler::source::Diagnostics diags;
        auto program = dpk::compiler::Program::from_string("matmul.dpk", text, diags);
        std::optional<dpk::KernelImage> compiled;
        if (program) compiled = program->compile(*program->kernels().front(), std::nullopt);
        auto t1 = std::chrono::steady_clock::now();
        if (!compiled) {
            std::fprintf(stderr, "%s", diags.render().c_str());
            return 1;
        }
        words = compiled->spirv.size();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        auto t2 = std::chrono::steady_clock::now();
        const auto ptx = dpk::backends::cuda::translate_to_ptx(compiled->spirv);
        ptx_ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t2)
                .count());
        ptx_chars = ptx.text.size();
    }
    std::sort(ms.begin(), ms.end());
    std::printf(
        "compile_in_process kernel=matmul runs=%d median_ms=%.3f min_ms=%.3f max_ms=%.3f "
        "spirv_words=%zu goal_ms<=2.0 %s\n",
        runs, ms[ms.size() / 2], ms.front(), ms.back(), words,
        ms[ms.size() / 2] <= 2.0 ? "MET" : "MISSED");
    std::vector<double> total(ms.size());
    for (std::size_t i = 0; i < ms.size(); ++i) total[i] = ms[i] + ptx_ms[i];
    std::sort(ptx_ms.begin(), ptx_ms.end());
    std::sort(total.begin(), total.end());
    std::printf(
        "compile_to_ptx kernel=matmul runs=%d translate_median_ms=%.3f "
        "source_to_ptx_median_ms=%.3f "
        "ptx_chars=%zu goal_ms<=2.0 %s (sm_90)\n",
        runs, ptx_ms[ptx_ms.size() / 2], total[total.size() / 2], ptx_chars,
        total[total.size() / 2] <= 2.0 ? "MET" : "MISSED");
    return 0;
}
