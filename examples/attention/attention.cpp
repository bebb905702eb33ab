// Attention forward pass (one head, f16 q, k, v, f32 output) with an online softmax over blocks
// of 16 keys: cooperative matrices for q k^T and p v, plain code for the softmax.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        if (!dev.info().has(dpk::DeviceFeature::Fp16)) {  // f16 arrays need cl_khr_fp16
            std::printf("SKIPPED: attention: %s has no f16\n", dev.filter_string().c_str());
            return;
        }
        dpk::Queue q(dev);
        dpk::Kernel attention =
            dpk::Program::from_file(example::path("attention.dpk")).kernel("attention");

        const std::int64_t s = 128, d = 64;  // s a multiple of 16; d is the kernel's D
        const float scale = 0.125f;          // 1 / sqrt(d)
        // Inputs that f16 holds exactly: q and k multiples of 1/32 in [-0.5, 0.5) (scores of a
        // few units, so that each row's softmax mixes many keys), v multiples of 1/8 in [-2, 2).
        auto values = [](std::int64_t n, std::uint32_t seed, float step) {
            std::vector<float> f(n);
            std::uint32_t x = seed;
            for (std::int64_t i = 0; i < n; ++i) {
                x = x * 1664525u + 1013904223u;  // a linear congruential sequence: its top bits
                f[i] = static_cast<float>(x >> 27) * step - 16.0f * step;
            }
            return f;
        };
        const std::vector<float> fq = values(s * d, 1, 1.0f / 32.0f);
        const std::vector<float> fk = values(s * d, 2, 1.0f / 32.0f);
        const std::vector<float> fv = values(s * d, 3, 1.0f / 8.0f);
        auto bits = [](const std::vector<float>& f) {
            std::vector<std::uint16_t> h(f.size());
            for (std::size_t i = 0; i < f.size(); ++i) h[i] = dpk::Half(f[i]).bits();
            return h;
        };
        const std::vector<std::uint16_t> hq = bits(fq), hk = bits(fk), hv = bits(fv);

        // The reference in double: softmax over each row of q k^T * scale, then times v.
        std::vector<double> want(s * d);
        for (std::int64_t r = 0; r < s; ++r) {
            std::vector<double> w(s);
            double top = -INFINITY, total = 0.0;
            for (std::int64_t j = 0; j < s; ++j) {
                double dot = 0.0;
                for (std::int64_t c = 0; c < d; ++c) dot += double(fq[r * d + c]) * fk[j * d + c];
                w[j] = dot * scale;
                top = std::max(top, w[j]);
            }
            for (double& x : w) total += (x = std::exp(x - top));
            for (std::int64_t c = 0; c < d; ++c) {
                double sum = 0.0;
                for (std::int64_t j = 0; j < s; ++j) sum += w[j] * fv[j * d + c];
                want[r * d + c] = sum / total;
            }
        }

        auto dq = dpk::UsmArray::from_host(q, dpk::DType::F16, {s, d}, hq.data(), hq.size() * 2);
        auto dk = dpk::UsmArray::from_host(q, dpk::DType::F16, {s, d}, hk.data(), hk.size() * 2);
        auto dv = dpk::UsmArray::from_host(q, dpk::DType::F16, {s, d}, hv.data(), hv.size() * 2);
        auto o = dpk::UsmArray::zeros(q, dpk::DType::F32, {s, d});
        attention.launch(q, dpk::Range(s / 16 * 32), dpk::Range(32),
                         {dq, dk.transpose(), dv, o, scale})
            .wait();

        // The probabilities are rounded to f16 before p v (as flash attention does): an error of
        // at most about 2^-11 of the largest |v| (1e-3 here; 7e-5 on Intel's CPU runtime).
        const std::vector<float> got = o.to_vector<float>();
        const double error = example::max_error(got, want);
        example::check(error < 1e-3,
                       "attention forward, one head, 128 x 64 (max error " +
                           std::to_string(error) + ")",
                       dev);
    });
}
