// saxpy: an annotated kernel with a scalar argument and a bounds check, over a rounded-up range.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel saxpy = dpk::Program::from_file(example::path("saxpy.dpk")).kernel("saxpy");

        const std::size_t n = 1000003;  // not a multiple of any work-group size
        std::vector<float> x(n), y(n, 1.0f), want(n);
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = static_cast<float>(i % 100) * 0.25f;
            want[i] = 3.0f * x[i] + y[i];
        }
        auto dx = dpk::UsmArray::from_host<float>(q, x);
        auto dy = dpk::UsmArray::from_host<float>(q, y);
        const std::size_t global = (n + 255) / 256 * 256;  // the kernel skips i >= n
        saxpy.launch(q, dpk::Range(global), dpk::Range(256), {3.0f, dx, dy}).wait();

        example::check(dy.to_vector<float>() == want, "saxpy of 1000003 f32", dev);
    });
}
