// Eager specialization at startup: every kernel is compiled for each of its signatures before
// anything runs, its attributes printed; then the launches reuse those definitions and compile
// nothing more.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Program program = dpk::Program::from_file(example::path("kernels.dpk"));
        const std::vector<std::pair<const char*, std::vector<const char*>>> plan = {
            {"vecadd",
             {"void(f32[::1], f32[::1], f32[::1])", "void(i64[::1], i64[::1], i64[::1])"}},
            {"scale", {"void(f32, f32[::1])", "void(f64, f64[::1])"}},
            {"transpose", {"void(f32[:, ::1], f32[:, ::1])"}},
        };
        std::uint64_t compiled = 0;
        for (const auto& [name, signatures] : plan) {
            dpk::Kernel kernel = program.kernel(name);
            for (const char* signature : signatures) {
                const dpk::CompiledKernel k = kernel.specialize(signature, dev);
                const auto& a = k.attributes();
                std::printf(
                    "%-9s %-36s max work-group %5llu, multiple %3llu, local %4llu B, "
                    "private %llu B\n",
                    name, k.signature().pretty().c_str(),
                    static_cast<unsigned long long>(a.max_work_group_size),
                    static_cast<unsigned long long>(a.preferred_work_group_size_multiple),
                    static_cast<unsigned long long>(a.local_mem_size),
                    static_cast<unsigned long long>(a.private_mem_size));
            }
            compiled += kernel.compile_count();
        }

        // Run: every launch matches a definition made above.
        const std::int64_t n = 4096;
        std::vector<float> a(n, 1.5f), b(n, 2.0f);
        auto da = dpk::UsmArray::from_host<float>(q, a), db = dpk::UsmArray::from_host<float>(q, b);
        auto dc = dpk::UsmArray::zeros(q, dpk::DType::F32, {n});
        auto x64 = dpk::UsmArray::from_host<double>(q, std::vector<double>(n, 3.0));
        auto m = dpk::UsmArray::from_host<float>(q, a, {64, 64});
        auto mt = dpk::UsmArray::zeros(q, dpk::DType::F32, {64, 64});
        program.kernel("vecadd").launch(q, dpk::Range(n), {da, db, dc});
        program.kernel("scale").launch(q, dpk::Range(n), {2.0, x64});
        program.kernel("transpose").launch(q, dpk::Range(64, 64), {m, mt});
        q.wait();

        std::uint64_t after = 0;
        for (const auto& [name, signatures] : plan) after += program.kernel(name).compile_count();
        std::printf("specializations: %llu at startup, %llu after the launches\n",
                    static_cast<unsigned long long>(compiled),
                    static_cast<unsigned long long>(after));
        example::check(after == compiled && dc.to_vector<float>() == std::vector<float>(n, 3.5f) &&
                           x64.to_vector<double>() == std::vector<double>(n, 6.0) &&
                           mt.to_vector<float>() == std::vector<float>(n, 1.5f),
                       "eager specialization, then launches with no compile", dev);
    });
}
