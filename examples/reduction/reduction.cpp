// Two-stage reduction: per-group partial sums, then one group sums the partials. The second
// launch depends on the first through its event; the host waits once, at the end.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel partial_sums =
            dpk::Program::from_file(example::path("reduction.dpk")).kernel("partial_sums");

        const std::size_t n = 1 << 22, local = 256, groups = 128;
        std::vector<float> x(n);
        double want = 0;
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = static_cast<float>((i * 7919) % 1000) / 1000.0f;
            want += x[i];
        }
        auto dx = dpk::UsmArray::from_host<float>(q, x);
        auto partial = dpk::UsmArray::zeros(q, dpk::DType::F32, {groups});
        auto total = dpk::UsmArray::zeros(q, dpk::DType::F32, {1});
        const dpk::LocalMemory scratch{dpk::DType::F32, local};

        dpk::Event stage1 = partial_sums.launch(q, dpk::Range(groups * local), dpk::Range(local),
                                                {dx, partial, scratch});
        partial_sums.launch(q, dpk::Range(local), dpk::Range(local), {partial, total, scratch},
                            {stage1});
        const double got = total.to_vector<float>()[0];  // waits for the launches

        std::printf("sum = %.1f (host: %.1f)\n", got, want);
        example::check(std::abs(got - want) <= 1e-5 * want, "two-stage sum of 2^22 f32", dev);
    });
}
