// Emitter execution tests: dpk programs compiled through the whole pipeline run on every OpenCL
// device that takes SPIR-V (Intel's CPU runtime through clCreateProgramWithIL, PoCL through SPIR
// 1.2 bitcode), and their results are compared with the same computation on the host.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>

#include "compiler/program.h"
#include "tests/spirv/exec/cl_harness.h"

using namespace dpk;
using namespace dpk::tests;

namespace {

/// Compiles `kernel` of `source` for `signature` ("" = as declared); fails the test on errors.
KernelImage compile(const std::string& source, const std::string& signature,
                    const std::string& kernel = "") {
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_string("exec.dpk", source, diags);
    std::string messages;
    for (const auto& d : diags.all())
        messages += std::to_string(d.range.begin.line) + ":" +
                    std::to_string(d.range.begin.column) + ": " + d.message + "\n";
    INFO(messages);
    REQUIRE(program);
    const auto* k = kernel.empty() ? program->kernels().front() : program->find_kernel(kernel);
    REQUIRE(k);
    std::optional<Signature> sig;
    if (!signature.empty()) sig = program->parse_signature(signature);
    auto compiled = program->compile(*k, sig);
    INFO(diags.render());
    REQUIRE(compiled.has_value());
    return std::move(*compiled);
}

/// Runs `body` once per device; prints why when there is none.
template <typename F>
void on_each_device(F body) {
    auto& devices = cl_devices();
    if (devices.empty()) {
        MESSAGE("SKIPPED: no OpenCL device takes SPIR-V, nor SPIR with dpk's SPIR 1.2 translation");
        return;
    }
    for (auto& d : devices) {
        CAPTURE(d.name);
        CAPTURE(d.takes_il);
        body(d);
    }
}

#define RUN(dev, ck, args, ...)                                                     \
    do {                                                                            \
        std::string error_ =                                                        \
            cl_run(dev, (ck).spirv, (ck).kernel_name, (ck).abi, args, __VA_ARGS__); \
        REQUIRE_MESSAGE(error_.empty(), error_);                                    \
    } while (0)

}  // namespace

TEST_CASE("exec: devices") {
    for (const auto& d : cl_devices()) {
        const std::string line =
            d.name + (d.takes_il ? " (SPIR-V IL)" : " (SPIR 1.2 bitcode, dpk's translation)");
        MESSAGE(line);
    }
    if (cl_devices().empty())
        MESSAGE("SKIPPED: no OpenCL device takes SPIR-V, nor SPIR with dpk's SPIR 1.2 translation");
}

TEST_CASE("exec: vecadd and saxpy") {
    const char* src = R"(
kernel vecadd(a, b, c) { let i = global_id(0); c[i] = a[i] + b[i]; }
kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i < x.shape[0] { y[i] = alpha * x[i] + y[i]; }
}
)";
    auto add = compile(src, "void(i32[::1], i32[::1], i32[::1])", "vecadd");
    auto saxpy = compile(src, "", "saxpy");
    on_each_device([&](ClDevice& dev) {
        std::vector<std::int32_t> a(100), b(100);
        std::iota(a.begin(), a.end(), -50);
        std::iota(b.begin(), b.end(), 7);
        HostArray A = HostArray::of(a), B = HostArray::of(b),
                  C = HostArray::of(std::vector<std::int32_t>(100));
        RUN(dev, add, {&A, &B, &C}, {100});
        auto c = C.as<std::int32_t>();
        for (int i = 0; i < 100; ++i) CHECK(c[i] == a[i] + b[i]);

        std::vector<float> x(37), y(40);
        for (int i = 0; i < 37; ++i) x[i] = 0.5f * i;
        for (int i = 0; i < 40; ++i) y[i] = 1.0f + i;
        HostArray X = HostArray::of(x), Y = HostArray::of(y, {37});
        RUN(dev, saxpy, {HostScalar::of(2.0f), &X, &Y}, {40});
        auto out = Y.as<float>();
        for (int i = 0; i < 40; ++i) CHECK(out[i] == (i < 37 ? 2.0f * x[i] + y[i] : y[i]));
    });
}

TEST_CASE("exec: tiled matmul with local memory and barriers") {
    const char* src = R"(
const TILE = 16;
kernel matmul(A: f32[:, ::1], B: f32[:, ::1], C: f32[:, ::1]) {
    let ta = local_array(f32, (TILE, TILE));
    let tb = local_array(f32, (TILE, TILE));
    let r = global_id(0); let c = global_id(1);
    let lr = local_id(0); let lc = local_id(1);
    var acc: f32 = 0.0;
    for t in range(A.shape[1] / TILE) {
        ta[lr, lc] = A[r, t * TILE + lc];
        tb[lr, lc] = B[t * TILE + lr, c];
        barrier(local);
        for k in range(TILE) { acc += ta[lr, k] * tb[k, lc]; }
        barrier(local);
    }
    C[r, c] = acc;
}
)";
    auto mm = compile(src, "");
    CHECK(mm.abi.static_local_bytes == 2 * 16 * 16 * 4);
    const int M = 32, K = 48, N = 64;
    std::vector<float> a(M * K), b(K * N);
    for (int i = 0; i < M * K; ++i) a[i] = static_cast<float>((i * 7) % 11) - 5.0f;
    for (int i = 0; i < K * N; ++i) b[i] = static_cast<float>((i * 5) % 13) - 6.0f;
    on_each_device([&](ClDevice& dev) {
        HostArray A = HostArray::of(a, {M, K}), B = HostArray::of(b, {K, N});
        HostArray C = HostArray::of(std::vector<float>(M * N), {M, N});
        RUN(dev, mm, {&A, &B, &C}, {M, N}, {16, 16});
        auto c = C.as<float>();
        for (int r = 0; r < M; ++r)
            for (int col = 0; col < N; ++col) {
                float ref = 0;
                for (int k = 0; k < K; ++k) ref += a[r * K + k] * b[k * N + col];
                CHECK(c[r * N + col] == doctest::Approx(ref));
            }
    });
}

TEST_CASE("exec: block_sum with launch-sized local memory and float atomics (f32, f64)") {
    const char* src = R"(
kernel block_sum(x, out, scratch: local f32[:]) {
    let l = local_id(0);
    scratch[l] = x[global_id(0)];
    barrier(local);
    var s = local_size(0) / 2;
    while s > 0 {
        if l < s { scratch[l] += scratch[l + s]; }
        barrier(local);
        s = s / 2;
    }
    if l == 0 { atomic_add(out, 0, scratch[0]); }
}
kernel sum64(x: f64[::1], out: f64[::1]) {
    atomic_add(out, 0, x[global_id(0)]);
    atomic_sub(out, 1, x[global_id(0)]);
    atomic_max(out, 2, x[global_id(0)]);
    atomic_min(out, 3, x[global_id(0)]);
}
)";
    auto bs = compile(src, "void(f32[::1], f32[::1], local f32[:])", "block_sum");
    auto s64 = compile(src, "", "sum64");
    on_each_device([&](ClDevice& dev) {
        std::vector<float> x(1024);
        for (int i = 0; i < 1024; ++i) x[i] = static_cast<float>(i % 17);
        HostArray X = HostArray::of(x), Out = HostArray::of(std::vector<float>{0.0f});
        RUN(dev, bs, {&X, &Out, HostLocal{64, 4}}, {1024}, {64});
        CHECK(Out.as<float>()[0] == std::accumulate(x.begin(), x.end(), 0.0f));
        if (!dev.fp64) return;
        std::vector<double> y(512);
        for (int i = 0; i < 512; ++i) y[i] = 0.25 * (i % 9) - 1.0;
        HostArray Y = HostArray::of(y), O = HostArray::of(std::vector<double>{0, 0, -100, 100});
        RUN(dev, s64, {&Y, &O}, {512});
        auto o = O.as<double>();
        CHECK(o[0] == doctest::Approx(std::accumulate(y.begin(), y.end(), 0.0)));
        CHECK(o[1] == doctest::Approx(-std::accumulate(y.begin(), y.end(), 0.0)));
        CHECK(o[2] == 1.0);
        CHECK(o[3] == -1.0);
    });
}

TEST_CASE("exec: integer division, remainder and shifts follow C") {
    const char* src = R"(
kernel divrem(a, b, q, r, sh) {
    let i = global_id(0);
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
    sh[i] = (a[i] >> 2) + (a[i] << 1);
}
)";
    std::vector<std::int32_t> a{7, -7, 7, -7, 100, -100, 5, -1};
    std::vector<std::int32_t> b{2, 2, -2, -2, 7, 7, -3, 3};
    auto k = compile(src, "void(i32[::1], i32[::1], i32[::1], i32[::1], i32[::1])");
    std::vector<std::uint32_t> ua{7, 4000000000u, 13, 1, 100, 3000000000u, 5, 9};
    std::vector<std::uint32_t> ub{2, 3, 4, 1, 7, 7, 3, 5};
    auto ku = compile(src, "void(u32[::1], u32[::1], u32[::1], u32[::1], u32[::1])");
    on_each_device([&](ClDevice& dev) {
        const std::size_t n = a.size();
        HostArray A = HostArray::of(a), B = HostArray::of(b);
        HostArray Q = HostArray::of(std::vector<std::int32_t>(n)), R = Q, S = Q;
        RUN(dev, k, {&A, &B, &Q, &R, &S}, {n});
        auto q = Q.as<std::int32_t>(), r = R.as<std::int32_t>(), s = S.as<std::int32_t>();
        for (std::size_t i = 0; i < n; ++i) {
            CHECK(q[i] == a[i] / b[i]);
            CHECK(r[i] == a[i] % b[i]);
            CHECK(s[i] ==
                  (a[i] >> 2) + static_cast<std::int32_t>(static_cast<std::uint32_t>(a[i]) << 1));
        }
        HostArray UA = HostArray::of(ua), UB = HostArray::of(ub);
        HostArray UQ = HostArray::of(std::vector<std::uint32_t>(n)), UR = UQ, US = UQ;
        RUN(dev, ku, {&UA, &UB, &UQ, &UR, &US}, {n});
        auto uq = UQ.as<std::uint32_t>(), ur = UR.as<std::uint32_t>(), us = US.as<std::uint32_t>();
        for (std::size_t i = 0; i < n; ++i) {
            CHECK(uq[i] == ua[i] / ub[i]);
            CHECK(ur[i] == ua[i] % ub[i]);
            CHECK(us[i] == (ua[i] >> 2) + (ua[i] << 1));
        }
    });
}

TEST_CASE("exec: loops (range steps, while, break, continue), short-circuit, early return") {
    const char* src = R"(
func count_down(n: i64) -> i64 {
    var s: i64 = 0;
    for j in range(n, 0, -2) { s += j; }
    return s;
}
kernel loops(a: i64[::1], out: i64[::1]) {
    let i = global_id(0);
    if i >= out.shape[0] { return; }
    var acc: i64 = 0;
    for k in range(2, 20, 3) {
        if k == 11 { continue; }
        acc += k;
    }
    var w: i64 = 0;
    while true {
        w += 1;
        if w * w > 50 { break; }
    }
    var guard: i64 = 0;
    if i < a.shape[0] && a[i] > 3 { guard = 1; }
    if i >= a.shape[0] || a[i] < 0 { guard += 10; }
    var step = 1;
    if i % 2 == 1 { step = -1; }
    var t: i64 = 0;
    for k in range(select(step > 0, 0, 5), select(step > 0, 5, 0), step) { t += k; }
    out[i] = acc + 100 * w + 1000 * guard + 100000 * count_down(i) + 10000000 * t;
}
)";
    auto k = compile(src, "");
    std::vector<std::int64_t> a{5, -1, 2, 9};
    on_each_device([&](ClDevice& dev) {
        HostArray A = HostArray::of(a), Out = HostArray::of(std::vector<std::int64_t>(6));
        RUN(dev, k, {&A, &Out}, {8});
        auto out = Out.as<std::int64_t>();
        for (std::int64_t i = 0; i < 6; ++i) {
            std::int64_t acc = 2 + 5 + 8 + 14 + 17;  // 11 skipped
            std::int64_t w = 8;                      // first w with w*w > 50
            std::int64_t guard = 0;
            if (i < 4 && a[i] > 3) guard = 1;
            if (i >= 4 || a[i] < 0) guard += 10;
            std::int64_t cd = 0;
            for (std::int64_t j = i; j > 0; j -= 2) cd += j;
            std::int64_t t = 0;
            if (i % 2 == 0)
                for (std::int64_t q = 0; q < 5; ++q) t += q;
            else
                for (std::int64_t q = 5; q > 0; --q) t += q;
            CAPTURE(i);
            CHECK(out[i] == acc + 100 * w + 1000 * guard + 100000 * cd + 10000000 * t);
        }
    });
}

TEST_CASE("exec: casts, f32 math, min/max/clamp/abs, select, isnan") {
    const char* src = R"(
kernel conv(x: f32[::1], i: i32[::1], u: u8[::1], f: f64[::1], o: f32[::1]) {
    let g = global_id(0);
    i[g] = i32(x[g]);
    u[g] = u8(i32(x[g]) + 300);
    f[g] = f64(x[g]) * 2.0;
    o[g] = sqrt(fabs(x[g])) + min(x[g], 1.0) + clamp(x[g], -2.0, 2.0) + f32(abs(i32(x[g])))
           + f32(select(isnan(x[g] / x[g]), 100.0, 0.0)) + floor(x[g]) + f32(pow(2.0, 3.0))
           + fma(x[g], 2.0, 1.0);
}
)";
    auto k = compile(src, "");
    std::vector<float> x{-3.7f, -0.5f, 0.0f, 0.5f, 2.5f, 7.9f};
    on_each_device([&](ClDevice& dev) {
        if (!dev.fp64) return;
        const std::size_t n = x.size();
        HostArray X = HostArray::of(x), I = HostArray::of(std::vector<std::int32_t>(n));
        HostArray U = HostArray::of(std::vector<std::uint8_t>(n)),
                  F = HostArray::of(std::vector<double>(n));
        HostArray O = HostArray::of(std::vector<float>(n));
        RUN(dev, k, {&X, &I, &U, &F, &O}, {n});
        auto iv = I.as<std::int32_t>();
        auto uv = U.as<std::uint8_t>();
        auto fv = F.as<double>();
        auto ov = O.as<float>();
        for (std::size_t j = 0; j < n; ++j) {
            CAPTURE(x[j]);
            CHECK(iv[j] == static_cast<std::int32_t>(x[j]));
            CHECK(uv[j] == static_cast<std::uint8_t>(static_cast<std::int32_t>(x[j]) + 300));
            CHECK(fv[j] == static_cast<double>(x[j]) * 2.0);
            const float ref = std::sqrt(std::fabs(x[j])) + std::min(x[j], 1.0f) +
                              std::clamp(x[j], -2.0f, 2.0f) +
                              static_cast<float>(std::abs(static_cast<std::int32_t>(x[j]))) +
                              (std::isnan(x[j] / x[j]) ? 100.0f : 0.0f) + std::floor(x[j]) + 8.0f +
                              (x[j] * 2.0f + 1.0f);
            CHECK(ov[j] == doctest::Approx(ref));
        }
    });
}

TEST_CASE("exec: F and Any layouts, strides, size, device functions taking arrays") {
    const char* src = R"(
func get(a, r, c) { return a[r, c]; }
kernel copy2d(src, dst: f32[:, ::1], info: i64[::1]) {
    let r = global_id(0); let c = global_id(1);
    dst[r, c] = get(src, r, c) + 1.0;
    if r == 0 && c == 0 {
        info[0] = src.strides[0]; info[1] = src.strides[1]; info[2] = src.size;
        info[3] = dst.strides[0];
    }
}
)";
    auto kf = compile(src, "void(f32[::1, :], f32[:, ::1], i64[::1])");
    auto ka = compile(src, "void(f32[:, :], f32[:, ::1], i64[::1])");
    const int R = 3, C = 5;
    on_each_device([&](ClDevice& dev) {
        // Column-major source: element (r, c) at r + c * R.
        std::vector<float> f(R * C);
        for (int r = 0; r < R; ++r)
            for (int c = 0; c < C; ++c) f[r + c * R] = static_cast<float>(10 * r + c);
        HostArray S = HostArray::of(f, {R, C}),
                  D = HostArray::of(std::vector<float>(R * C), {R, C});
        HostArray Info = HostArray::of(std::vector<std::int64_t>(4));
        RUN(dev, kf, {&S, &D, &Info}, {R, C});
        auto d = D.as<float>();
        for (int r = 0; r < R; ++r)
            for (int c = 0; c < C; ++c) CHECK(d[r * C + c] == 10.0f * r + c + 1.0f);
        auto info = Info.as<std::int64_t>();
        CHECK(info == std::vector<std::int64_t>{1, R, R * C, C});

        // Any layout: every other row of a (2R x C) C-contiguous buffer.
        std::vector<float> g(2 * R * C);
        for (int r = 0; r < R; ++r)
            for (int c = 0; c < C; ++c) g[2 * r * C + c] = static_cast<float>(10 * r + c);
        HostArray SA = HostArray::of(g, {R, C}, {2 * C, 1});
        HostArray DA = HostArray::of(std::vector<float>(R * C), {R, C});
        RUN(dev, ka, {&SA, &DA, &Info}, {R, C});
        auto da = DA.as<float>();
        for (int r = 0; r < R; ++r)
            for (int c = 0; c < C; ++c) CHECK(da[r * C + c] == 10.0f * r + c + 1.0f);
        CHECK(Info.as<std::int64_t>()[0] == 2 * C);
    });
}

TEST_CASE("exec: integer atomics on global and local arrays, bool arrays, private arrays") {
    const char* src = R"(
kernel atomics(x: i32[::1], out: i32[::1], big: i64[::1], flags: bool[::1]) {
    let g = global_id(0);
    let cnt = local_array(i32, 1);
    if local_id(0) == 0 { cnt[0] = 0; }
    barrier(local);
    atomic_add(cnt, 0, 1);
    barrier(local);
    if local_id(0) == 0 { atomic_add(out, 5, cnt[0]); }
    atomic_add(out, 0, x[g]);
    atomic_min(out, 1, x[g]);
    atomic_max(out, 2, x[g]);
    atomic_or(out, 3, i32(1) << (g % 8));
    atomic_xor(out, 4, x[g]);
    atomic_add(big, 0, i64(x[g]) * 1000000000);
    let p = private_array(i32, 4);
    for k in range(4) { p[k] = x[g] * i32(k); }
    flags[g] = p[3] > p[2] && !flags[g];
}
)";
    auto k = compile(src, "");
    std::vector<std::int32_t> x(64);
    for (int i = 0; i < 64; ++i) x[i] = (i * 37) % 50 - 20;
    on_each_device([&](ClDevice& dev) {
        HostArray X = HostArray::of(x);
        HostArray Out = HostArray::of(std::vector<std::int32_t>{0, 1000, -1000, 0, 0, 0});
        HostArray Big = HostArray::of(std::vector<std::int64_t>{0});
        std::vector<std::uint8_t> fl(64, 0);
        fl[1] = 1;
        HostArray Flags = HostArray::of(fl);
        RUN(dev, k, {&X, &Out, &Big, &Flags}, {64}, {16});
        auto out = Out.as<std::int32_t>();
        std::int32_t sum = 0, mn = 1000, mx = -1000, xr = 0;
        for (auto v : x) {
            sum += v;
            mn = std::min(mn, v);
            mx = std::max(mx, v);
            xr ^= v;
        }
        CHECK(out[0] == sum);
        CHECK(out[1] == mn);
        CHECK(out[2] == mx);
        CHECK(out[3] == 0xff);
        CHECK(out[4] == xr);
        CHECK(out[5] == 64);
        CHECK(Big.as<std::int64_t>()[0] == static_cast<std::int64_t>(sum) * 1000000000);
        auto f = Flags.as<std::uint8_t>();
        for (int i = 0; i < 64; ++i) {
            CAPTURE(i);
            CHECK(f[i] == ((x[i] * 3 > x[i] * 2 && fl[i] == 0) ? 1 : 0));
        }
    });
}

TEST_CASE("exec: fmin/fmax (NaN rule), mad, sign, mix, isfinite, popcount, clz, ctz") {
    const char* src = R"(
kernel floats(x: f32[::1], y: f32[::1], o: f32[::1], fin: i32[::1]) {
    let i = global_id(0);
    let b = i + x.shape[0];
    o[i] = fmin(x[i], y[i]);
    o[b] = fmax(x[i], y[i]);
    o[2 * x.shape[0] + i] = sign(x[i]);
    o[3 * x.shape[0] + i] = mix(x[i], y[i], 0.25f32);
    o[4 * x.shape[0] + i] = mad(x[i], 2.0f32, 1.0f32);
    fin[i] = i32(isfinite(x[i]));
}
kernel bits(u: u32[::1], v: i64[::1], o: u32[::1], p: i64[::1]) {
    let i = global_id(0);
    o[3 * i] = popcount(u[i]);
    o[3 * i + 1] = clz(u[i]);
    o[3 * i + 2] = ctz(u[i]);
    p[3 * i] = popcount(v[i]);
    p[3 * i + 1] = clz(v[i]);
    p[3 * i + 2] = ctz(v[i]);
}
)";
    auto kf = compile(src, "", "floats");
    auto kb = compile(src, "", "bits");
    const float nan = std::nanf(""), inf = INFINITY;
    std::vector<float> x{1.5f, -2.0f, nan, 3.0f, -0.0f, 0.0f, inf, -inf};
    std::vector<float> y{0.5f, nan, 4.0f, nan, 2.0f, -1.0f, 1.0f, 2.0f};
    std::vector<std::uint32_t> u{0u, 1u, 0x80000000u, 0xF0F0u, 0xFFFFFFFFu};
    std::vector<std::int64_t> v{0, 1, -1, std::int64_t(1) << 40, 0x700};
    on_each_device([&](ClDevice& dev) {
        const std::size_t n = x.size();
        HostArray X = HostArray::of(x), Y = HostArray::of(y);
        HostArray O = HostArray::of(std::vector<float>(5 * n));
        HostArray Fin = HostArray::of(std::vector<std::int32_t>(n));
        RUN(dev, kf, {&X, &Y, &O, &Fin}, {n});
        auto o = O.as<float>();
        auto fin = Fin.as<std::int32_t>();
        const std::vector<float> mins{0.5f, -2.0f, 4.0f, 3.0f, -0.0f, -1.0f, 1.0f, -inf};
        const std::vector<float> maxs{1.5f, -2.0f, 4.0f, 3.0f, 2.0f, 0.0f, inf, 2.0f};
        const std::vector<float> signs{1.0f, -1.0f, 0.0f, 1.0f, -0.0f, 0.0f, 1.0f, -1.0f};
        for (std::size_t i = 0; i < n; ++i) {
            CAPTURE(i);
            CHECK(o[i] == mins[i]);  // a NaN operand gives the other one (IEEE minNum)
            CHECK(o[n + i] == maxs[i]);
            CHECK(o[2 * n + i] == signs[i]);
            CHECK(std::signbit(o[2 * n + i]) == std::signbit(signs[i]));
            CHECK(fin[i] == (std::isfinite(x[i]) ? 1 : 0));
        }
        CHECK(o[3 * n + 0] == 1.5f + (0.5f - 1.5f) * 0.25f);
        CHECK(o[3 * n + 4] == 0.5f);
        CHECK(o[3 * n + 5] == -0.25f);
        for (std::size_t i : {0, 1, 3, 4, 5}) CHECK(o[4 * n + i] == 2.0f * x[i] + 1.0f);

        HostArray U = HostArray::of(u), V = HostArray::of(v);
        HostArray OU = HostArray::of(std::vector<std::uint32_t>(3 * u.size()));
        HostArray OV = HostArray::of(std::vector<std::int64_t>(3 * v.size()));
        RUN(dev, kb, {&U, &V, &OU, &OV}, {u.size()});
        auto ou = OU.as<std::uint32_t>();
        auto ov = OV.as<std::int64_t>();
        const std::vector<std::uint32_t> eu{0, 32, 32, 1, 31, 0, 1, 0, 31, 8, 16, 4, 32, 0, 0};
        const std::vector<std::int64_t> ev{0, 64, 64, 1, 63, 0, 64, 0, 0, 1, 23, 40, 3, 53, 8};
        for (std::size_t i = 0; i < eu.size(); ++i) {
            CAPTURE(i);
            CHECK(ou[i] == eu[i]);
            CHECK(ov[i] == ev[i]);
        }
    });
}

TEST_CASE("exec: atomic_inc and atomic_dec return the old value") {
    const char* src = R"(
kernel count(c: i32[::1], d: u64[::1], seen: i32[::1]) {
    let old = atomic_inc(c, 0);
    atomic_dec(d, 0);
    seen[old] = 1;
}
)";
    auto k = compile(src, "");
    on_each_device([&](ClDevice& dev) {
        HostArray C = HostArray::of(std::vector<std::int32_t>{0});
        HostArray D = HostArray::of(std::vector<std::uint64_t>{1000});
        HostArray Seen = HostArray::of(std::vector<std::int32_t>(64));
        RUN(dev, k, {&C, &D, &Seen}, {64});
        CHECK(C.as<std::int32_t>()[0] == 64);
        CHECK(D.as<std::uint64_t>()[0] == 1000 - 64);
        auto seen = Seen.as<std::int32_t>();
        for (int i = 0; i < 64; ++i) CHECK(seen[i] == 1);  // every old value once
    });
}

TEST_CASE("exec: let (n, m) = x.shape binds the extents in dimension order") {
    const char* src = R"(
kernel extents(x: f32[:, ::1], out: i64[::1]) {
    let (rows, cols) = x.shape;
    let (rs, cs) = x.strides;
    out[0] = rows;
    out[1] = cols;
    out[2] = rs * 10 + cs;
}
)";
    auto k = compile(src, "");
    on_each_device([&](ClDevice& dev) {
        HostArray X = HostArray::of(std::vector<float>(6 * 7), {6, 7});
        HostArray Out = HostArray::of(std::vector<std::int64_t>(3));
        RUN(dev, k, {&X, &Out}, {1});
        auto out = Out.as<std::int64_t>();
        CHECK(out[0] == 6);
        CHECK(out[1] == 7);
        CHECK(out[2] == 7 * 10 + 1);
    });
}
