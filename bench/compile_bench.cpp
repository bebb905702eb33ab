// In-process compile speed: source text -> parsed, checked, emitted and validated SPIR-V for the
// tiled matmul of docs/language.md (dpkc's default target), and source -> PTX as a CUDA device
// compiles it (its target, with the launch-time variants, then the CUDA backend's translator;
// also without the variants). Prints the medians next to the 2 ms goal.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "backends/cuda/ptx/ptx_target.h"
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

    // A CUDA device's target: every feature, no driver defect, and the variants its kernels
    // carry.
    const auto cuda = dpk::compiler::spirv::TargetProfile::opencl(dpk::DeviceFeatures::all())
                          .with_workarounds({});
    const auto cuda_variants = cuda.with_variants({dpk::backends::cuda::kCudaKernelVariants.begin(),
                                                   dpk::backends::cuda::kCudaKernelVariants.end()});
    using clock = std::chrono::steady_clock;
    auto since = [](clock::time_point t) {
        return std::chrono::duration<double, std::milli>(clock::now() - t).count();
    };
    // Source -> PTX for `target`, in ms; 0 on a compile error (reported).
    std::size_t ptx_chars = 0, entries = 0;
    auto to_ptx = [&](const dpk::compiler::spirv::TargetProfile& target) -> double {
        const auto t = clock::now();
        dpk::compiler::source::Diagnostics diags;
        auto program = dpk::compiler::Program::from_string("matmul.dpk", text, diags);
        std::optional<dpk::KernelImage> compiled;
        if (program) compiled = program->compile(*program->kernels().front(), std::nullopt, target);
        if (!compiled) {
            std::fprintf(stderr, "%s", diags.render().c_str());
            return 0;
        }
        const auto ptx = dpk::backends::cuda::translate_to_ptx(compiled->spirv);
        const double spent = since(t);
        ptx_chars = ptx.text.size();
        entries = 1 + compiled->variants.size();
        return spent;
    };

    std::vector<double> ms, ptx_ms, general_ms;
    std::size_t words = 0;
    for (int i = 0; i < runs; ++i) {
        auto t0 = clock::now();
        dpk::compiler::source::Diagnostics diags;
        auto program = dpk::compiler::Program::from_string("matmul.dpk", text, diags);
        std::optional<dpk::KernelImage> compiled;
        if (program) compiled = program->compile(*program->kernels().front(), std::nullopt);
        ms.push_back(since(t0));
        if (!compiled) {
            std::fprintf(stderr, "%s", diags.render().c_str());
            return 1;
        }
        words = compiled->spirv.size();
        general_ms.push_back(to_ptx(cuda));
        ptx_ms.push_back(to_ptx(cuda_variants));
        if (general_ms.back() == 0 || ptx_ms.back() == 0) return 1;
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::sort(ms.begin(), ms.end());
    std::printf(
        "compile_in_process kernel=matmul runs=%d median_ms=%.3f min_ms=%.3f max_ms=%.3f "
        "spirv_words=%zu goal_ms<=2.0 %s\n",
        runs, ms[ms.size() / 2], ms.front(), ms.back(), words,
        ms[ms.size() / 2] <= 2.0 ? "MET" : "MISSED");
    const double with_variants = median(ptx_ms);
    std::printf(
        "compile_to_ptx kernel=matmul runs=%d source_to_ptx_median_ms=%.3f entry_points=%zu "
        "general_only_median_ms=%.3f ptx_chars=%zu goal_ms<=2.0 %s (sm_90, a CUDA device's "
        "target)\n",
        runs, with_variants, entries, median(general_ms), ptx_chars,
        with_variants <= 2.0 ? "MET" : "MISSED");
    return 0;
}
