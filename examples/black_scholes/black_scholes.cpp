// Black-Scholes in f32 and in f64 from the same generic kernel: each launch compiles the
// specialization its argument types need; the kernel then has two definitions.
#include "examples/common/example.h"

namespace {

/// Prices n options in T on `q` and returns the largest error against a double-precision host
/// reference, relative to the option's price scale.
template <typename T>
double price_options(const dpk::Kernel& kernel, const dpk::Queue& q, std::size_t n) {
    std::vector<T> price(n), strike(n), t(n);
    for (std::size_t i = 0; i < n; ++i) {
        price[i] = static_cast<T>(10 + (i * 37) % 40);
        strike[i] = static_cast<T>(10 + (i * 53) % 40);
        t[i] = static_cast<T>(1 + static_cast<double>(i % 100) / 100);
    }
    const T rate = T(0.1), volatility = T(0.2);
    const auto shape = std::vector<std::int64_t>{static_cast<std::int64_t>(n)};
    const dpk::DType dtype = dpk::runtime::dtype_of<T>();
    auto dp = dpk::UsmArray::from_host<T>(q, price), ds = dpk::UsmArray::from_host<T>(q, strike),
         dt = dpk::UsmArray::from_host<T>(q, t);
    auto call = dpk::UsmArray::zeros(q, dtype, shape), put = dpk::UsmArray::zeros(q, dtype, shape);
    kernel.launch(q, dpk::Range(n), {dp, ds, dt, rate, volatility, call, put}).wait();

    std::vector<T> c = call.to_vector<T>(), p = put.to_vector<T>();
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double a = std::log(double(price[i]) / strike[i]), b = t[i] * -double(rate);
        const double z = t[i] * double(volatility) * volatility * 2, y = 1 / std::sqrt(z);
        const double d1 = 0.5 + 0.5 * std::erf((a - b + z / 4) * y);
        const double d2 = 0.5 + 0.5 * std::erf((a - b - z / 4) * y);
        const double se = std::exp(b) * strike[i], r = price[i] * d1 - se * d2;
        const double scale = price[i] + se;
        worst = std::max(
            {worst, std::abs(c[i] - r) / scale, std::abs(p[i] - (r - price[i] + se)) / scale});
    }
    return worst;
}

}  // namespace

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Kernel bs =
            dpk::Program::from_file(example::path("black_scholes.dpk")).kernel("black_scholes");
        const std::size_t n = 1 << 18;
        const double err32 = price_options<float>(bs, q, n);
        const double err64 =
            dev.info().has(dpk::DeviceFeature::Fp64) ? price_options<double>(bs, q, n) : 0.0;
        for (const dpk::CompiledKernel& d : bs.definitions())
            std::printf("definition: %s\n", d.signature().pretty().c_str());
        std::printf("largest relative error: f32 %.2e, f64 %.2e\n", err32, err64);
        example::check(err32 < 1e-5 && err64 < 1e-12, "Black-Scholes f32 and f64, one kernel", dev);
    });
}
