// A program on dpk's JIT: the kernel is a string, compiled at its first launch.
#include <dpk/dpk.h>

#include <cstdio>
#include <vector>

int main() {
    dpk::Device dev = dpk::default_device();
    dpk::Queue q(dev);
    dpk::Program program = dpk::Program::from_string("saxpy", R"(
        kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {
            let i = global_id(0);
            if i < x.shape[0] { y[i] = alpha * x[i] + y[i]; }
        })");
    const std::size_t n = 1000;
    std::vector<float> x(n), y(n, 1.0f);
    for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i);
    auto dx = dpk::UsmArray::from_host<float>(q, x);
    auto dy = dpk::UsmArray::from_host<float>(q, y);
    program.kernel("saxpy").launch(q, dpk::Range(1024), {2.0f, dx, dy}).wait();

    const std::vector<float> out = dy.to_vector<float>();
    for (std::size_t i = 0; i < n; ++i) {
        if (out[i] != 2.0f * x[i] + 1.0f) {
            std::printf("saxpy_jit: FAIL: y[%zu] = %g, want %g\n", i, out[i], 2.0f * x[i] + 1.0f);
            return 1;
        }
    }
    std::printf("saxpy_jit: dpk %s: y[999] = %g: OK\n", std::string(dpk::version()).c_str(),
                out[999]);
    return 0;
}
