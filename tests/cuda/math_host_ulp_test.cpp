// Accuracy of dpk's CUDA math library measured on the host: the same C sources that
// tools/cuda_math/generate.sh compiles to PTX, compiled here with contraction off
// (tools/cuda_math/dpk_math_host.cpp), against long double references; every function and type,
// >= 10^6 inputs each ($DPK_MATH_ULP_INPUTS), bounds of the OpenCL full profile. Prints the
// table of backends/cuda/math/README.md and fails on any row over its bound.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <chrono>
#include <map>
#include <string>

#include "tests/cuda/math_ulp_support.h"
#define DPK_MATH_HOST_DECLARATIONS
#include "backends/cuda/math/ptx_math_functions.h"

namespace {

using namespace dpk::cuda_math_test;

struct HostEntry {
    float (*f32_1)(float) = nullptr;
    double (*f64_1)(double) = nullptr;
    float (*f32_2)(float, float) = nullptr;
    double (*f64_2)(double, double) = nullptr;
};

const std::map<std::string, HostEntry>& host_entries() {
    static const std::map<std::string, HostEntry> m = [] {
        std::map<std::string, HostEntry> e;
#define DPK_ADD_UNARY(name) \
    e[#name] = HostEntry{__dpk_##name##_f32, __dpk_##name##_f64, nullptr, nullptr};
#define DPK_ADD_BINARY(name) \
    e[#name] = HostEntry{nullptr, nullptr, __dpk_##name##_f32, __dpk_##name##_f64};
        DPK_MATH_UNARY_FUNCTIONS(DPK_ADD_UNARY)
        DPK_MATH_BINARY_FUNCTIONS(DPK_ADD_BINARY)
#undef DPK_ADD_UNARY
#undef DPK_ADD_BINARY
        return e;
    }();
    return m;
}

template <class T>
RowResult run_row(const MathFunction& f, std::size_t n) {
    const Inputs<T> in = make_inputs<T>(f, n);
    const HostEntry& h = host_entries().at(f.name);
    std::vector<T> got(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if constexpr (sizeof(T) == 4)
            got[i] = f.arity == 1 ? h.f32_1(in.x[i]) : h.f32_2(in.x[i], in.y[i]);
        else
            got[i] = f.arity == 1 ? h.f64_1(in.x[i]) : h.f64_2(in.x[i], in.y[i]);
    }
    return measure<T>(f, in, got);
}

}  // namespace

TEST_CASE("dpk CUDA math library, host build: max ULP error within the OpenCL bounds") {
    const std::size_t n = input_count();
    const auto start = std::chrono::steady_clock::now();
    std::vector<RowResult> rows;
    for (const auto& f : math_functions()) {
        REQUIRE(host_entries().count(f.name) == 1);
        rows.push_back(run_row<float>(f, n));
        rows.push_back(run_row<double>(f, n));
    }
    print_table(stdout, rows);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%zu rows, %zu inputs each, %.1f s\n", rows.size(), n, secs);
    for (const auto& r : rows) {
        INFO(r.name << " f" << r.bits << ": max " << r.max_ulp << " ulp (bound " << r.bound << "), "
                    << r.special_failures << " special-value mismatches; " << r.worst);
        CHECK(r.ok());
    }
}

TEST_CASE("dpk CUDA math library, host build: C99 Annex F special values") {
    // Exact where the result is exact, within the bound where it is a rounded constant (pi/2);
    // hypot(1e-45, 0) checks that f32 denormals are kept (1e-45 rounds to the smallest one).
    for (const auto& c : special_cases()) {
        const MathFunction* f = find_math_function(c.name);
        REQUIRE(f != nullptr);
        const HostEntry& h = host_entries().at(c.name);
        const float x32 = static_cast<float>(c.x), y32 = static_cast<float>(c.y);
        const double x64 = static_cast<double>(c.x), y64 = static_cast<double>(c.y);
        const float g32 = f->arity == 1 ? h.f32_1(x32) : h.f32_2(x32, y32);
        const double g64 = f->arity == 1 ? h.f64_1(x64) : h.f64_2(x64, y64);
        // hypot(1e-45, 0): the f32 input is 1e-45 rounded to the smallest denormal
        const bool denormal_case = std::string(c.name) == "hypot" && c.x == 1e-45L;
        const double e32 =
            ulp_error<float>(g32, denormal_case ? static_cast<long double>(x32) : c.expected);
        const double e64 = ulp_error<double>(g64, c.expected);
        const bool exact = std::isnan(c.expected) || std::isinf(c.expected) ||
                           c.expected == std::nearbyint(c.expected * 4) / 4;
        const double limit = exact ? 0.0 : f->bound;
        INFO(std::string(c.name) << "(" << static_cast<double>(c.x) << ", "
                                 << static_cast<double>(c.y) << "): f32 " << g32 << " (" << e32
                                 << " ulp), f64 " << g64 << " (" << e64 << " ulp), expected "
                                 << static_cast<double>(c.expected));
        CHECK(e32 <= limit);
        CHECK(e64 <= limit);
    }
}
