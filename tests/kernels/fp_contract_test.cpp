// CompileOptions::fp_contract (on by default): `a * b + c` and friends become OpenCL.std mad,
// which a driver evaluates fused or as a multiply and an add (PoCL gets llvm.fmuladd through the
// SPIR 1.2 translation). Every result must be one of those two roundings; with the option off,
// always the unfused one.
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "compiler/program.h"
#include "dpk/runtime/launch.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const char* const kSource = R"(
kernel contract(a: f32[::1], b: f32[::1], c: f32[::1], out: f32[::1], d: f64[::1]) {
    let i = global_id(0);
    out[4 * i] = a[i] * b[i] + c[i];
    out[4 * i + 1] = a[i] * b[i] - c[i];
    out[4 * i + 2] = c[i] - a[i] * b[i];
    var acc = c[i];
    acc += a[i] * b[i];
    out[4 * i + 3] = acc;
    d[i] = f64(a[i]) * f64(b[i]) + f64(c[i]) * 0.5;
}
)";

KernelImage compile(bool contract) {
    compiler::source::Diagnostics diags;
    compiler::CompileOptions options;
    options.fp_contract = contract;
    auto program = compiler::Program::from_string("contract.dpk", kSource, diags, options);
    REQUIRE(program);
    std::optional<KernelImage> k = program->compile(*program->kernels().at(0), {});
    INFO(diags.render());
    REQUIRE(k);
    return *k;
}

/// True when `got` is `fused` or `separate` (bit for bit).
bool one_of(float got, float fused, float separate) {
    return got == fused || got == separate;
}

}  // namespace

TEST_SUITE("fp_contract") {
    TEST_CASE("contraction is the default") {
        CHECK(compiler::CompileOptions{}.fp_contract);
    }

    TEST_CASE("mad results are the fused or the separately rounded value, f32 and f64") {
        // Values whose product is not exact in f32, so fused and separate results differ.
        const std::size_t n = 256;
        std::vector<float> a(n), b(n), c(n);
        for (std::size_t i = 0; i < n; ++i) {
            a[i] = 1.0f + static_cast<float>(i) * 1.1920929e-7f * 3.0f;
            b[i] = 1.0f - static_cast<float>(i % 7) * 1.1920929e-7f * 5.0f;
            c[i] = -1.0f + static_cast<float>(i % 5) * 0.125f;
        }
        for (bool contract : {false, true}) {
            KernelImage image = compile(contract);
            for (const Device& dev : tests::devices_under_test()) {
                INFO("device " << tests::device_label(dev) << ", fp_contract " << contract);
                Queue q(dev);
                LoadedKernel k(dev, image);
                UsmArray da = UsmArray::from_host<float>(q, a);
                UsmArray db = UsmArray::from_host<float>(q, b);
                UsmArray dc = UsmArray::from_host<float>(q, c);
                UsmArray out = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(4 * n)});
                UsmArray d = UsmArray::zeros(q, DType::F64, {static_cast<std::int64_t>(n)});
                launch(q, k, Range(n), Range(64), {da, db, dc, out, d}).wait();
                std::vector<float> r = out.to_vector<float>();
                std::vector<double> rd = d.to_vector<double>();
                int fused = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const float p = a[i] * b[i];
                    const float sums[4][2] = {{std::fma(a[i], b[i], c[i]), p + c[i]},
                                              {std::fma(a[i], b[i], -c[i]), p - c[i]},
                                              {std::fma(-a[i], b[i], c[i]), c[i] - p},
                                              {std::fma(a[i], b[i], c[i]), c[i] + p}};
                    for (int j = 0; j < 4; ++j) {
                        const float got = r[4 * i + j];
                        INFO("i " << i << " form " << j << ": " << got);
                        if (contract)
                            REQUIRE(one_of(got, sums[j][0], sums[j][1]));
                        else
                            REQUIRE(got == sums[j][1]);
                        fused += got != sums[j][1];
                    }
                    const double pd = double(a[i]) * double(b[i]);
                    const double want_fused = std::fma(double(a[i]), double(b[i]), c[i] * 0.5);
                    INFO("d[" << i << "] = " << rd[i]);
                    if (contract)
                        REQUIRE((rd[i] == want_fused || rd[i] == pd + c[i] * 0.5));
                    else
                        REQUIRE(rd[i] == pd + c[i] * 0.5);
                }
                const std::string note = tests::device_label(dev) + ": " + std::to_string(fused) +
                                         " of " + std::to_string(4 * n) + " f32 results fused";
                if (contract) MESSAGE(note);
            }
        }
    }
}
