// vecadd: a generic kernel, compiled on its first launch for the argument types (f32 arrays).
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel vecadd = dpk::Program::from_file(example::path("vecadd.dpk")).kernel("vecadd");

        const std::size_t n = 1 << 20;
        std::vector<float> a(n), b(n), want(n);
        for (std::size_t i = 0; i < n; ++i) {
            a[i] = 0.5f * static_cast<float>(i % 1000);
            b[i] = static_cast<float>(i % 77) - 30.0f;
            want[i] = a[i] + b[i];
        }
        auto da = dpk::UsmArray::from_host<float>(q, a);
        auto db = dpk::UsmArray::from_host<float>(q, b);
        auto dc = dpk::UsmArray::zeros(q, dpk::DType::F32, {static_cast<std::int64_t>(n)});
        vecadd.launch(q, dpk::Range(n), {da, db, dc}).wait();  // compiles void(f32[::1] x 3)

        example::check(dc.to_vector<float>() == want, "vecadd of 2^20 f32", dev);
    });
}
