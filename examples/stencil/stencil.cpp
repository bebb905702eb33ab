// 2-D stencil: 500 Jacobi sweeps on a 128 x 128 grid with a hot top edge, ping-ponging between
// two arrays. Each sweep depends on the previous one's event; the host waits once.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel jacobi = dpk::Program::from_file(example::path("jacobi.dpk")).kernel("jacobi");

        const std::int64_t n = 128;
        const int sweeps = 500;
        std::vector<float> grid(n * n, 0.0f);
        for (std::int64_t j = 0; j < n; ++j) grid[j] = 100.0f;  // row 0: the hot edge
        auto a = dpk::UsmArray::from_host<float>(q, grid, {n, n});
        auto b = dpk::UsmArray::from_host<float>(q, grid, {n, n});  // same boundary

        dpk::Event last;
        for (int s = 0; s < sweeps; ++s) {
            const auto& [from, to] = s % 2 ? std::tie(b, a) : std::tie(a, b);
            last = jacobi.launch(q, dpk::Range(n, n), dpk::Range(64, 4), {from, to}, {last});
        }
        last.wait();

        std::vector<float> u = grid, v = grid;  // the same sweeps on the host
        for (int s = 0; s < sweeps; ++s) {
            for (std::int64_t i = 1; i < n - 1; ++i)
                for (std::int64_t j = 1; j < n - 1; ++j)
                    v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                            u[i * n + j - 1] + u[i * n + j + 1]);
            std::swap(u, v);
        }
        const dpk::UsmArray& result = sweeps % 2 ? b : a;
        const std::vector<float> got = result.to_vector<float>();
        std::printf("after %d sweeps: %.3f at 8 rows from the hot edge, %.3f at the centre\n",
                    sweeps, got[8 * n + n / 2], got[n / 2 * n + n / 2]);
        example::check(example::max_error(got, u) < 1e-5, "500 Jacobi sweeps on 128x128", dev);
    });
}
