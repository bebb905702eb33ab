// Pairwise distances between 500 and 300 points in 16 dimensions (f64), over a 2-D range rounded
// up to the work-group size.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel distance = dpk::Program::from_file(example::path("pairwise_distance.dpk"))
                                   .kernel("pairwise_distance");
        const std::int64_t nx = 500, ny = 300, dims = 16;
        std::vector<double> x(nx * dims), y(ny * dims), want(nx * ny);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.1 * static_cast<double>(i));
        for (std::size_t i = 0; i < y.size(); ++i) y[i] = std::cos(0.3 * static_cast<double>(i));
        for (std::int64_t i = 0; i < nx; ++i)
            for (std::int64_t j = 0; j < ny; ++j) {
                double s = 0;
                for (std::int64_t k = 0; k < dims; ++k) {
                    const double d = x[i * dims + k] - y[j * dims + k];
                    s += d * d;
                }
                want[i * ny + j] = std::sqrt(s);
            }
        auto dx = dpk::UsmArray::from_host<double>(q, x, {nx, dims});
        auto dy = dpk::UsmArray::from_host<double>(q, y, {ny, dims});
        auto dd = dpk::UsmArray::zeros(q, dpk::DType::F64, {nx, ny});
        // (columns of D, rows of D), rounded up to (16, 16)
        distance.launch(q, dpk::Range(304, 512), dpk::Range(16, 16), {dx, dy, dd}).wait();

        example::check(example::max_error(dd.to_vector<double>(), want) < 1e-12,
                       "pairwise distances 500 x 300 in 16-d, f64", dev);
    });
}
