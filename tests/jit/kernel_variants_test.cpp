// Launch-time variants on real devices: a launch runs the first variant whose facts its arguments
// establish (distinct arrays: NoAlias; every offset below 2^31: Index32), else the general entry
// point, and the numbers are right either way.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "dpk/dpk.h"
#include "dpk/runtime/loaded_kernel.h"
#include "jit/device_target.h"
#include "tests/runtime/support/device_loop.h"
#include "tests/runtime/support/test_kernels.h"

using namespace dpk;
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
const LaunchFacts kGuards{LaunchFact::InRange, LaunchFact::NoAlias};

// Range guards in their forms: a `let` of global_id, both orders, the negation with an early
// return, two dimensions, and one that is not a guard (`<=`).
const char* kGuarded = R"(
kernel saxpy(a: f32, x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i < x.shape[0] { y[i] = a * x[i] + y[i]; }
}
kernel scale_rows(m: f32[:, ::1], s: f32) {
    let c = global_id(0);
    let r = global_id(1);
    if r >= m.shape[0] { return; }
    if m.shape[1] > c { m[r, c] = m[r, c] * s; }
}
kernel not_a_guard(x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i <= x.shape[0] - 1 { y[i] = x[i]; }
}
)";

runtime::LoadedKernel load(const Program& p, const std::string& kernel, const std::string& sig,
                           const runtime::Device& dev) {
    const Target target = jit::device_target(dev).with_variants({kBoth, kIndex32}).target();
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
            CHECK(v == std::vector<LaunchFacts>{kGuards, LaunchFacts{LaunchFact::NoAlias}});
        else if (dev.info().backend == "opencl")
            CHECK(v.empty());  // measured: no gain on Intel's CPU runtime
        CHECK(jit::device_target(dev).variants() == v);
    }
}

TEST_CASE("variants: range guards fold in the InRange variant, chosen when the range fits") {
    Program p = Program::from_string("guards.dpk", kGuarded);
    const std::vector<LaunchFacts> variants{kGuards, LaunchFacts{LaunchFact::NoAlias}};
    for (const runtime::Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        runtime::Queue q(dev);
        const Target target = jit::device_target(dev).with_variants(variants).target();
        KernelImage image = p.kernel("saxpy").image("void(f32, f32[::1], f32[::1])", target);
        CHECK(image.abi.range_guards == std::vector<RangeGuard>{{0, 1, 0}});
        REQUIRE(image.variants.size() == 2);
        CHECK(image.variants[0].entry_point == "saxpy__noalias__inrange");
        runtime::LoadedKernel k(dev, image);
        const std::size_t n = 1000;
        std::vector<float> hx = iota(n), hy = iota(n);
        auto x = runtime::UsmArray::from_host(q, hx);
        auto y = runtime::UsmArray::from_host(q, hy);
        std::vector<runtime::KernelArg> args{2.0f, x, y};
        CHECK(k.entry_point_for(runtime::Range(n), args) == "saxpy__noalias__inrange");
        CHECK(k.entry_point_for(runtime::Range(n - 1), args) == "saxpy__noalias__inrange");
        // One work item past the arrays: its guard is false there, the variant without runs.
        CHECK(k.entry_point_for(runtime::Range(n + 1), args) == "saxpy__noalias");
        runtime::launch(q, k, runtime::Range(n + 24), args).wait();
        std::vector<float> got = y.to_vector<float>();
        for (std::size_t i = 0; i < n; ++i) REQUIRE(got[i] == 2.0f * hx[i] + hy[i]);
        runtime::launch(q, k, runtime::Range(n), args).wait();
        got = y.to_vector<float>();
        for (std::size_t i = 0; i < n; ++i)
            REQUIRE(got[i] == 2.0f * hx[i] + (2.0f * hx[i] + hy[i]));

        // Two guards (r >= m.shape[0] negated, m.shape[1] > c), checked both.
        KernelImage rows = p.kernel("scale_rows").image("void(f32[:, ::1], f32)", target);
        CHECK(rows.abi.range_guards == std::vector<RangeGuard>{{0, 0, 1}, {1, 0, 0}});
        runtime::LoadedKernel kr(dev, rows);
        const std::int64_t nr = 5, nc = 7;
        std::vector<float> hm = iota(static_cast<std::size_t>(nr * nc));
        auto m = runtime::UsmArray::from_host(q, hm, {nr, nc});
        std::vector<runtime::KernelArg> margs{m, 3.0f};
        CHECK(kr.entry_point_for(runtime::Range(7, 5), margs) == "scale_rows__noalias__inrange");
        CHECK(kr.entry_point_for(runtime::Range(8, 5), margs) == "scale_rows__noalias");
        CHECK(kr.entry_point_for(runtime::Range(7, 6), margs) == "scale_rows__noalias");
        runtime::launch(q, kr, runtime::Range(8, 6), margs).wait();
        runtime::launch(q, kr, runtime::Range(7, 5), margs).wait();
        std::vector<float> gm = m.to_vector<float>();
        for (std::size_t i = 0; i < hm.size(); ++i) REQUIRE(gm[i] == hm[i] * 9.0f);

        // `i <= n - 1` is no guard: no InRange variant is made.
        KernelImage other = p.kernel("not_a_guard").image("void(f32[::1], f32[::1])", target);
        CHECK(other.abi.range_guards.empty());
        REQUIRE(other.variants.size() == 1);
        CHECK(other.variants[0].facts == LaunchFacts{LaunchFact::NoAlias});
    }
}
