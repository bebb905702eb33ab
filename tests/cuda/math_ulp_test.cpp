// Accuracy of dpk's math builtins on a CUDA device: each function and type as a dpk kernel
//   kernel f(x: f32[::1], y: f32[::1]) { let i = global_id(0); if i < x.shape[0] { y[i] =
//   exp(x[i]); } }
// specialized on $DPK_DEVICE (default "cuda:gpu:0") through dpk's JIT API, so the SPIR-V goes
// through the CUDA backend's translator and calls the PTX math library (backends/cuda/math).
// The inputs, long double references, ULP measurement and table are those of the host check
// (tests/cuda/math_ulp_support.h): >= 10^6 inputs per row ($DPK_MATH_ULP_INPUTS), OpenCL
// full-profile bounds. Fails on any row over its bound; without a CUDA device it says why and
// skips. exp10 is in the library but not a dpk builtin: not tested here.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "dpk/dpk.h"
#include "tests/cuda/math_ulp_support.h"

namespace {

using namespace dpk::cuda_math_test;

std::string type_name(int bits) {
    return bits == 32 ? "f32" : "f64";
}

std::string kernel_name(const MathFunction& f, int bits) {
    return std::string("k_") + f.name + "_" + type_name(bits);
}

/// One program with a kernel per (function, type): unary `k_exp_f32(x, y)`, binary
/// `k_pow_f32(x, z, y)` with y the output.
std::string program_source() {
    std::string src;
    for (const auto& f : math_functions()) {
        if (!f.in_language) continue;
        for (int bits : {32, 64}) {
            const std::string t = type_name(bits);
            const std::string a = t + "[::1]";
            if (f.arity == 1)
                src +=
                    "kernel " + kernel_name(f, bits) + "(x: " + a + ", y: " + a + ") {\n" +
                    "    let i = global_id(0);\n    if i < x.shape[0] {\n        y[i] = " + f.name +
                    "(x[i]);\n    }\n}\n";
            else
                src += "kernel " + kernel_name(f, bits) + "(x: " + a + ", z: " + a + ", y: " + a +
                       ") {\n    let i = global_id(0);\n    if i < x.shape[0] {\n        y[i] = " +
                       f.name + "(x[i], z[i]);\n    }\n}\n";
        }
    }
    return src;
}

template <class T>
RowResult run_row(const dpk::Program& program, const dpk::Device& dev, const dpk::Queue& q,
                  const MathFunction& f, std::size_t n) {
    const int bits = sizeof(T) * 8;
    const std::string t = type_name(bits) + "[::1]";
    const std::string signature =
        f.arity == 1 ? "void(" + t + ", " + t + ")" : "void(" + t + ", " + t + ", " + t + ")";
    dpk::Kernel kernel = program.kernel(kernel_name(f, bits));
    kernel.specialize(signature, dev);  // eager: a translation error names this row
    const Inputs<T> in = make_inputs<T>(f, n);
    const auto count = static_cast<std::int64_t>(in.size());
    auto x = dpk::UsmArray::from_host<T>(q, in.x);
    auto y = dpk::UsmArray::zeros(q, bits == 32 ? dpk::DType::F32 : dpk::DType::F64, {count});
    const std::size_t local = 256;
    const std::size_t global = (in.size() + local - 1) / local * local;
    if (f.arity == 1) {
        kernel.launch(q, dpk::Range(global), dpk::Range(local), {x, y}).wait();
    } else {
        auto z = dpk::UsmArray::from_host<T>(q, in.y);
        kernel.launch(q, dpk::Range(global), dpk::Range(local), {x, z, y}).wait();
    }
    const std::vector<T> got = y.template to_vector<T>();
    REQUIRE(got.size() == in.size());
    return measure<T>(f, in, got);
}

}  // namespace

TEST_CASE("dpk math builtins on a CUDA device: max ULP error within the OpenCL bounds") {
    const char* env = std::getenv("DPK_DEVICE");
    const std::string filter = env && *env ? env : "cuda:gpu:0";
    dpk::Device dev;
    try {
        dev = dpk::select_device(filter);
    } catch (const std::exception& e) {
        MESSAGE("skipped: no CUDA device for '" << filter << "': " << e.what());
        return;
    }
    if (dev.backend() != "cuda") {
        MESSAGE("skipped: '" << filter << "' is " << dev.filter_string() << ", not a CUDA device");
        return;
    }
    const bool fp64 = dev.info().has(dpk::DeviceFeature::Fp64);
    dpk::Queue q(dev);
    dpk::ProgramOptions options;
    options.fp_contract = false;
    const dpk::Program program =
        dpk::Program::from_string("math_ulp.dpk", program_source(), options);
    const std::size_t n = input_count();
    std::vector<RowResult> rows;
    for (const auto& f : math_functions()) {
        if (!f.in_language) continue;
        INFO("function " << f.name);
        rows.push_back(run_row<float>(program, dev, q, f, n));
        if (fp64) rows.push_back(run_row<double>(program, dev, q, f, n));
    }
    std::printf("device %s (%s)%s\n", dev.filter_string().c_str(), dev.name().c_str(),
                fp64 ? "" : ", no fp64: f32 rows only");
    print_table(stdout, rows);
    for (const auto& r : rows) {
        INFO(r.name << " f" << r.bits << ": max " << r.max_ulp << " ulp (bound " << r.bound << "), "
                    << r.special_failures << " special-value mismatches; " << r.worst);
        CHECK(r.ok());
    }
}
