// Tiled matmul: 16 x 16 tiles of A and B in work-group memory, barriers between the phases.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel matmul = dpk::Program::from_file(example::path("matmul.dpk")).kernel("matmul");

        const std::int64_t m = 256, k = 128, n = 192;  // multiples of TILE = 16
        std::vector<float> a(m * k), b(k * n);
        for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i % 17) / 16.0f;
        for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(i % 13) / 8.0f - 0.5f;
        std::vector<double> want(m * n, 0.0);
        for (std::int64_t r = 0; r < m; ++r)
            for (std::int64_t c = 0; c < n; ++c)
                for (std::int64_t p = 0; p < k; ++p) want[r * n + c] += a[r * k + p] * b[p * n + c];

        auto da = dpk::UsmArray::from_host<float>(q, a, {m, k});
        auto db = dpk::UsmArray::from_host<float>(q, b, {k, n});
        auto dc = dpk::UsmArray::zeros(q, dpk::DType::F32, {m, n});
        // The kernel's dimension 0 is the column (the fastest-varying index): global (N, M).
        matmul.launch(q, dpk::Range(n, m), dpk::Range(16, 16), {da, db, dc}).wait();

        example::check(example::max_error(dc.to_vector<float>(), want) < 1e-5,
                       "tiled matmul 256x128 * 128x192", dev);
    });
}
