// Histogram with atomics: local (work-group) counts merged into global bins.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel histogram =
            dpk::Program::from_file(example::path("histogram.dpk")).kernel("histogram");

        const std::size_t n = 1 << 20, bins = 64;
        std::vector<std::int32_t> data(n), want(bins, 0);
        for (std::size_t i = 0; i < n; ++i) {
            data[i] = static_cast<std::int32_t>((i * i + 7 * i) % 61 + i % 3);  // skewed, < 64
            ++want[data[i]];
        }
        auto dd = dpk::UsmArray::from_host<std::int32_t>(q, data);
        auto dbins = dpk::UsmArray::zeros(q, dpk::DType::I32, {static_cast<std::int64_t>(bins)});
        histogram.launch(q, dpk::Range(64 * 128), dpk::Range(128), {dd, dbins}).wait();

        example::check(dbins.to_vector<std::int32_t>() == want, "histogram of 2^20 values", dev);
    });
}
