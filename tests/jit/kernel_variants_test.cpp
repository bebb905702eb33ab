// Launch-time variants on real devices: a launch runs the first variant whose facts its arguments
// establish (distinct arrays: NoAlias; every offset below 2^31: Index32), else the general entry
// point, and the numbers are right either way.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "jit/device_target.h"
#include "jit/dpk.h"
#include "runtime/loaded_kernel.h"
#include "tests/runtime/support/device_loop.h"
#include "tests/runtime/support/test_kernels.h"

using namespace dpk;
using compiler::spirv::TargetProfile;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {

// y = 2 x + x shifted: reads x at two places, writes y.
const char* kSource = R"(
kernel twice(x: f32[:], y: f32[:]) {
    let i = global_id(0);
    y[i] = 2.0 * x[i] + x[i + 1];
}
kernel rows(a: f32[:, ::1], out: f32[::1]) {
    let r = global_id(0);
    var s: f32 = 0.0;
    for c in range(a.shape[1]) { s += a[r, c] * f32(c + 1); }
    out[r] = s;
}
)";

const LaunchFacts kBoth{LaunchFact::Index32, LaunchFact::NoAlias};
const LaunchFacts kIndex32{LaunchFact::Index32};

runtime::LoadedKernel load(const Program& p, const std::string& kernel, const std::string& sig,
                           const runtime::Device& dev) {
    TargetProfile target = jit::device_target(dev).with_variants({kBoth, kIndex32});
    return runtime::LoadedKernel(dev, p.kernel(kernel).image(sig, target));
}

std::vector<float> iota(std::size_t n) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i % 97) - 40.0f;
    return v;
}

}  // namespace

TEST_CASE("variants: distinct arrays run the no-alias variant, overlapping ones the general one") {
    Program p = Program::from_string("variants.dpk", kSource);
    const std::string sig = "void(f32[:], f32[:])";
    for (const runtime::Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        runtime::Queue q(dev);
        runtime::LoadedKernel k = load(p, "twice", sig, dev);
        const std::size_t n = 1000;
        std::vector<float> host = iota(n + 1);
        auto x = runtime::UsmArray::from_host(q, host);
        auto y = runtime::UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)});
        std::vector<runtime::KernelArg> apart{x, y};
        CHECK(k.entry_point_for(runtime::Range(n), apart) == "twice__index32__noalias");
        runtime::launch(q, k, runtime::Range(n), apart).wait();
        std::vector<float> got = y.to_vector<float>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(got[i] == 2.0f * host[i] + host[i + 1]);

        // y in place of x's second half: the arrays overlap; so do y and x as one array.
        auto all = runtime::UsmArray::from_host(q, iota(2 * n + 1));
        auto first = all.slice(0, 0, static_cast<std::int64_t>(n + 1));
        auto second = all.slice(0, static_cast<std::int64_t>(n), static_cast<std::int64_t>(2 * n));
        std::vector<runtime::KernelArg> overlap{first, second};
        CHECK(k.entry_point_for(runtime::Range(n), overlap) == "twice__index32");
        auto last =
            all.slice(0, static_cast<std::int64_t>(n + 1), static_cast<std::int64_t>(2 * n + 1));
        std::vector<runtime::KernelArg> beside{first, last};  // ends where the other begins
        CHECK(k.entry_point_for(runtime::Range(n), beside) == "twice__index32__noalias");
        // In place, one work item: the general kernel reads x[0] and x[1], then writes y[0].
        std::vector<float> seq = iota(2 * n + 1);
        auto same = runtime::UsmArray::from_host(q, seq);
        std::vector<runtime::KernelArg> in_place{same, same};
        CHECK(k.entry_point_for(runtime::Range(1), in_place) == "twice__index32");
        runtime::launch(q, k, runtime::Range(1), in_place).wait();
        CHECK(same.to_vector<float>()[0] == 2.0f * seq[0] + seq[1]);
    }
}

TEST_CASE("variants: a view whose strides or a range that pass 2^31 run without Index32") {
    Program p = Program::from_string("variants.dpk", kSource);
    for (const runtime::Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        runtime::Queue q(dev);
        runtime::LoadedKernel k = load(p, "twice", "void(f32[:], f32[:])", dev);
        auto x = runtime::UsmArray::from_host(q, iota(8));
        auto y = runtime::UsmArray::zeros(q, DType::F32, {4});
        // One element of a slice with a step of 2^40: its stride does not fit 31 bits.
        auto z = runtime::UsmArray::zeros(q, DType::F32, {8});
        auto far = z.slice(0, 0, 1, std::int64_t{1} << 40);
        REQUIRE(far.strides()[0] >= (std::int64_t{1} << 31));
        std::vector<runtime::KernelArg> strided{x, far};
        // Both variants assume Index32: the general entry point runs.
        CHECK(k.entry_point_for(runtime::Range(1), strided) == "twice");
        std::vector<runtime::KernelArg> plain{x, y};
        CHECK(k.entry_point_for(runtime::Range(std::size_t{1} << 31), plain) == "twice");
        CHECK(k.entry_point_for(runtime::Range((std::size_t{1} << 31) - 1), plain) ==
              "twice__index32__noalias");
        runtime::launch(q, k, runtime::Range(1), strided).wait();
        CHECK(far.to_vector<float>()[0] == 2.0f * iota(8)[0] + iota(8)[1]);
    }
}

TEST_CASE("variants: the Index32 variant computes what the general one does") {
    Program p = Program::from_string("variants.dpk", kSource);
    for (const runtime::Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        runtime::Queue q(dev);
        runtime::LoadedKernel k = load(p, "rows", "void(f32[:, ::1], f32[::1])", dev);
        const std::int64_t rows = 300, cols = 77;
        std::vector<float> host = iota(static_cast<std::size_t>(rows * cols));
        auto a = runtime::UsmArray::from_host(q, host, {rows, cols});
        auto out = runtime::UsmArray::zeros(q, DType::F32, {rows});
        std::vector<runtime::KernelArg> args{a, out};
        CHECK(k.entry_point_for(runtime::Range(rows), args) == "rows__index32__noalias");
        runtime::launch(q, k, runtime::Range(rows), args).wait();
        std::vector<float> got = out.to_vector<float>();
        for (std::int64_t r = 0; r < rows; ++r) {
            float s = 0.0f;
            for (std::int64_t c = 0; c < cols; ++c)
                s += host[static_cast<std::size_t>(r * cols + c)] * static_cast<float>(c + 1);
            REQUIRE(got[static_cast<std::size_t>(r)] == doctest::Approx(s).epsilon(1e-5));
        }
    }
}

TEST_CASE("variants: the devices' own targets") {
    for (const runtime::Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        const auto& v = dev.info().kernel_variants;
        if (dev.info().backend == "cuda")
            CHECK(v == std::vector<LaunchFacts>{kBoth, kIndex32});
        else if (dev.info().platform_name == "Portable Computing Language")
            CHECK(v == std::vector<LaunchFacts>{LaunchFacts{LaunchFact::NoAlias}});
        else if (dev.info().backend == "opencl")
            CHECK(v.empty());  // measured: no gain on Intel's CPU runtime
        CHECK(jit::device_target(dev).variants() == v);
    }
}
