// A GEMM on cooperative matrices: f16 inputs, f32 result, tensor cores where the device has them.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        if (!dev.info().has(dpk::DeviceFeature::Fp16)) {  // f16 arrays need cl_khr_fp16
            std::printf("SKIPPED: tensor_gemm: %s has no f16\n", dev.filter_string().c_str());
            return;
        }
        dpk::Queue q(dev);
        dpk::Kernel gemm = dpk::Program::from_file(example::path("tensor_gemm.dpk")).kernel("gemm");

        const std::int64_t m = 64, k = 64, n = 96;  // multiples of the 16 x 16 tiles
        std::vector<std::uint16_t> a(m * k), b(k * n);  // f16 bits
        std::vector<float> fa(m * k), fb(k * n), c0(m * n, 1.0f);
        for (std::size_t i = 0; i < a.size(); ++i) {
            fa[i] = static_cast<float>(i % 9) / 4.0f - 1.0f;  // exact in f16
            a[i] = dpk::Half(fa[i]).bits();
        }
        for (std::size_t i = 0; i < b.size(); ++i) {
            fb[i] = static_cast<float>(i % 7) / 4.0f - 0.75f;
            b[i] = dpk::Half(fb[i]).bits();
        }
        const float alpha = 0.5f, beta = 2.0f;
        std::vector<double> want(m * n);
        for (std::int64_t r = 0; r < m; ++r)
            for (std::int64_t c = 0; c < n; ++c) {
                double s = 0.0;
                for (std::int64_t p = 0; p < k; ++p) s += fa[r * k + p] * fb[p * n + c];
                want[r * n + c] = alpha * s + beta * c0[r * n + c];
            }

        auto da = dpk::UsmArray::from_host(q, dpk::DType::F16, {m, k}, a.data(), a.size() * 2);
        auto db = dpk::UsmArray::from_host(q, dpk::DType::F16, {k, n}, b.data(), b.size() * 2);
        auto dc0 = dpk::UsmArray::from_host<float>(q, c0, {m, n});
        auto dc = dpk::UsmArray::zeros(q, dpk::DType::F32, {m, n});
        gemm.launch(q, dpk::Range(n / 16 * 32, m / 16), dpk::Range(32, 1),
                    {da, db, dc0, dc, alpha, beta})
            .wait();

        const bool tensor_cores = dev.info().has(dpk::DeviceFeature::CooperativeMatrix);
        example::check(example::max_error(dc.to_vector<float>(), want) == 0.0,
                       std::string("f16 GEMM 64x64 * 64x96 on cooperative matrices (") +
                           (tensor_cores ? "the device's" : "emulated") + ")",
                       dev);
    });
}
