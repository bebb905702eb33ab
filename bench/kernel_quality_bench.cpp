// Kernel quality: device time of dpk kernels next to the same kernels written by hand, launched
// with the raw API on the same queue with the same USM arrays. On OpenCL devices the twins are
// OpenCL C built from source by the same driver (clCreateProgramWithSource); on CUDA devices they
// are CUDA C compiled by nvcc -O3 when the benchmarks were built (bench/kernels/*.cu) and launched
// with cuLaunchKernel on the queue's stream. Per device, in one run: saxpy, tiled matmul, a
// register-tiled SGEMM, Black-Scholes (f64 and f32 from one generic kernel), a 5-point Jacobi
// stencil, a reduction, and two memory-bound kernels (copy, STREAM triad) whose bandwidth is
// also given as a share of the device's own device-to-device copy measured in the same run (goal
// >= 90 %). CUDA devices get GPU sizes (saxpy, reduction and the stream kernels 2^28 f32, matmul
// and SGEMM 4096^2, Black-Scholes 2^24, Jacobi 8192^2).
// Each kernel's two versions run back to back RUNS times (the order swapped every other time);
// one line per kernel per device gives the medians of the device times side by side, `ratio`
// (median dpk / median twin) and `paired` (the median of the RUNS back-to-back ratios, which a
// machine shared with other work disturbs least). Goal: paired <= 1.05.
//
// By default both sides may contract `a * b + c` into one multiply-add (dpk's default, OpenCL C's
// FP_CONTRACT ON); --no-fp-contract and --cl-no-contract turn that off on either side.
//
// usage: bench_kernel_quality [--quick] [--runs N] [--kernel NAME] [--device FILTER]
//                             [--no-fp-contract] [--cl-no-contract] [--variants LIST]
//   --quick        small sizes and 3 runs (a smoke run of a few seconds)
//   --runs N       timed runs per kernel and version, at least (default 11, quick 3); kernels
//                  shorter than 1 s / N (quick: 0.1 s / N) run on until each version ran for
//                  about 1 s (0.1 s), at most 20 N times
//   --kernel NAME  only the kernels whose name contains NAME (saxpy, matmul, matmul_restrict, sgemm,
//                  black_scholes_f64, black_scholes_f32, jacobi, reduction, copy, triad)
//   --device F     only the devices a dpctl filter selects ("opencl:cpu:0")
//   --no-fp-contract  compile the dpk kernels without contraction (CompileOptions::fp_contract
//                  false: every operation rounded on its own)
//   --cl-no-contract  build the OpenCL C kernels with `#pragma OPENCL FP_CONTRACT OFF`, the
//                  semantics of dpk's --no-fp-contract
//   --variants LIST  the launch-time variants the dpk kernels carry instead of the device's own
//                  (docs/compiler.md): `none`, or sets of facts joined by commas, e.g. `noalias`
//                  or `index32+noalias,index32`. `entry=` on each line names what dpk ran. With
//                  variants, the general kernel runs too, interleaved: `general_us` and
//                  `paired_general` (its ratio to the twin) are the figures without them, and
//                  `driver_build_ms` the driver's build of each
//   -h, --help     this text
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "bench/support/bench_support.h"
#include "bench/support/cuda_c_kernel.h"
#include "dpk/core/error.h"
#include "dpk/runtime/launch.h"
#include "jit/device_target.h"
#include "runtime/backend_access.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const std::string kKernelDir = DPK_SOURCE_DIR "/bench/kernels/";
#ifdef DPK_BENCH_CUDA_DIR
/// Where the build put the CUDA C twins (nvcc -fatbin of bench/kernels/*.cu).
const std::string kCudaDir = DPK_BENCH_CUDA_DIR "/";
#else
const std::string kCudaDir;  // nvcc was not found when the benchmarks were built
#endif

/// The arrays and scalars of one kernel launch, its ranges, and how to check its outputs.
struct Workload {
    std::deque<UsmArray> arrays;  // a deque: KernelArgs point at its elements
    std::vector<KernelArg> args;
    Range global{1};
    Range local{1};
    /// Restores every array the kernel writes, before a checked run.
    std::function<void()> reset;
    /// Empty when the outputs of one run after reset() are right, else what is wrong.
    std::function<std::string()> check;

    UsmArray& add(UsmArray a) { return arrays.emplace_back(std::move(a)); }
};

/// One benchmarked kernel: its dpk, OpenCL C and CUDA C versions and how to make its inputs.
struct Case {
    std::string name;
    std::string size;
    std::string dpk_file, kernel, signature;
    std::string cl_file, cl_options;
    bool needs_fp64 = false;
    std::function<Workload(const Queue&)> make;
    std::string cu_fatbin;  // the CUDA C twin, in kCudaDir; empty: the name with .fatbin
    /// Bytes one run reads and writes, for the memory-bound kernels (0: not reported), and
    /// their arrays' length.
    std::uint64_t bytes_moved = 0;
    std::size_t elements = 0;
};

/// The problem sizes of one run.
enum class Sizes { Quick, Cpu, Gpu };

struct Options {
    bool quick = false;
    double budget_us = 1e6;  // device time per version that short kernels run for
    compiler::CompileOptions compile;
    bool cl_no_contract = false;  // OpenCL C built with FP_CONTRACT OFF
    /// The launch-time variants the dpk kernels carry: the device's own when unset.
    std::optional<std::vector<LaunchFacts>> variants;
    int runs = 11;
    std::string only;
    std::string device;
};

/// Deterministic values in [lo, hi).
template <typename T>
std::vector<T> values(std::size_t n, double lo, double hi, std::uint64_t seed) {
    std::vector<T> v(n);
    std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (auto& x : v) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        x = static_cast<T>(lo + (hi - lo) * static_cast<double>(s >> 11) * 0x1.0p-53);
    }
    return v;
}

bool close(double got, double want, double tol) {
    return std::abs(got - want) <= tol * (1.0 + std::abs(want));
}

std::string mismatch(const char* what, std::size_t at, double got, double want) {
    return std::string(what) + "[" + std::to_string(at) + "] = " + std::to_string(got) +
           ", expected " + std::to_string(want);
}

Case saxpy_case(std::size_t n) {
    Case c{"saxpy",     "n=" + std::to_string(n),
           "saxpy.dpk", "saxpy",
           "",          "saxpy.cl",
           "",          false,
           {},          "",
           0,           0};
    c.make = [n](const Queue& q) {
        auto x = values<float>(n, -1.0, 1.0, 1);
        auto y0 = values<float>(n, -1.0, 1.0, 2);
        const float alpha = 2.5f;
        Workload w;
        UsmArray& dx = w.add(UsmArray::from_host<float>(q, x));
        UsmArray& dy = w.add(UsmArray::from_host<float>(q, y0));
        w.args = {alpha, dx, dy};
        w.global = Range(n);
        w.local = Range(256);
        w.reset = [&dy, y0] { dy.copy_from_host(y0.data(), y0.size() * 4); };
        w.check = [&dy, x, y0, alpha]() -> std::string {
            auto y = dy.to_vector<float>();
            for (std::size_t i = 0; i < y.size(); i += 101) {  // OpenCL C may contract to fma
                const double want = double(alpha) * x[i] + y0[i];
                if (!close(y[i], want, 1e-6)) return mismatch("y", i, y[i], want);
            }
            return "";
        };
        return w;
    };
    return c;
}

/// C = A B of n x n f32 matrices with entries in [lo, 1) (seeds seed and seed + 1), launched on
/// `global` / `local`; the check compares 61 sampled elements of C with the product in f64 and
/// allows `error(want, magnitude)`, `magnitude` the sum of the terms' absolute values.
Workload product_workload(const Queue& q, std::int64_t n, double lo, std::uint64_t seed,
                          Range global, Range local, std::function<double(double, double)> error) {
    const auto count = static_cast<std::size_t>(n * n);
    auto a = values<float>(count, lo, 1.0, seed);
    auto b = values<float>(count, lo, 1.0, seed + 1);
    Workload w;
    UsmArray& da = w.add(UsmArray::from_host<float>(q, a, {n, n}));
    UsmArray& db = w.add(UsmArray::from_host<float>(q, b, {n, n}));
    UsmArray& dc = w.add(UsmArray::zeros(q, DType::F32, {n, n}));
    w.args = {da, db, dc};
    w.global = global;
    w.local = local;
    w.reset = [&dc] { dc.fill(0.0f).wait(); };
    w.check = [&dc, a, b, n, error]() -> std::string {
        auto cm = dc.to_vector<float>();
        for (std::int64_t s = 0; s < 61; ++s) {
            const std::int64_t r = (s * 389) % n, col = (s * 131 + 7) % n;
            double want = 0.0, magnitude = 0.0;
            for (std::int64_t k = 0; k < n; ++k) {
                const double term = double(a[r * n + k]) * b[k * n + col];
                want += term;
                magnitude += std::abs(term);
            }
            const double got = cm[r * n + col];
            if (std::abs(got - want) > error(want, magnitude))
                return mismatch("C", r * n + col, got, want);
        }
        return "";
    };
    return w;
}

/// `restrict_twin`: against OpenCL C whose pointers are restrict (the no-alias variant's twin).
Case matmul_case(std::int64_t n, bool restrict_twin = false) {
    const std::string dims = std::to_string(n) + "x" + std::to_string(n);
    Case c{restrict_twin ? "matmul_restrict" : "matmul",
           dims,
           "matmul.dpk",
           "matmul",
           "",
           restrict_twin ? "matmul_restrict.cl" : "matmul.cl",
           "",
           false,
           {},
           "matmul.fatbin",
           0,
           0};
    c.make = [n](const Queue& q) {
        // As close(got, want, 1e-4).
        return product_workload(q, n, 0.0, 3, Range(n, n), Range(16, 16),
                                [](double want, double) { return 1e-4 * (1.0 + std::abs(want)); });
    };
    return c;
}

/// The register-tiled SGEMM (128 x 128 blocks of 256 work-items, an 8 x 8 tile of C each).
Case sgemm_case(std::int64_t n) {
    Case c{"sgemm", std::to_string(n) + "x" + std::to_string(n), "sgemm.dpk", "sgemm", "",
           "sgemm.cl", "", false, {}, "sgemm.fatbin", 0, 0};
    c.make = [n](const Queue& q) {
        // f32 sums of n terms of both signs: within n * 2^-24 of the sum of magnitudes.
        return product_workload(
            q, n, -1.0, 5, Range(n / 128 * 256, n / 128), Range(256, 1),
            [n](double, double magnitude) { return double(n) * 0x1p-24 * (1.0 + magnitude); });
    };
    return c;
}

template <typename T>
Case black_scholes_case(std::size_t n) {
    const bool f64 = sizeof(T) == 8;
    const std::string t = f64 ? "f64" : "f32";
    const std::string arr = t + "[::1]";
    Case c{"black_scholes_" + t,
           "n=" + std::to_string(n),
           "black_scholes.dpk",
           "black_scholes",
           "void(" + arr + ", " + arr + ", " + arr + ", " + t + ", " + t + ", " + arr + ", " + arr +
               ")",
           "black_scholes.cl",
           f64 ? "-DREAL=double" : "-DREAL=float",
           f64,
           {},
           "",
           0,
           0};
    c.cu_fatbin = "black_scholes_" + t + ".fatbin";
    c.make = [n](const Queue& q) {
        auto price = values<T>(n, 10.0, 50.0, 5);
        auto strike = values<T>(n, 10.0, 50.0, 6);
        auto years = values<T>(n, 1.0, 2.0, 7);
        const T rate = T(0.1), vol = T(0.2);
        Workload w;
        UsmArray& dp = w.add(UsmArray::from_host<T>(q, price));
        UsmArray& ds = w.add(UsmArray::from_host<T>(q, strike));
        UsmArray& dt = w.add(UsmArray::from_host<T>(q, years));
        UsmArray& dcall = w.add(UsmArray::zeros(q, dtype_of<T>(), {std::int64_t(n)}));
        UsmArray& dput = w.add(UsmArray::zeros(q, dtype_of<T>(), {std::int64_t(n)}));
        w.args = {dp, ds, dt, rate, vol, dcall, dput};
        w.global = Range(n);
        w.local = Range(256);
        w.reset = [&dcall, &dput] {
            dcall.fill(T(0)).wait();
            dput.fill(T(0)).wait();
        };
        w.check = [&dcall, &dput, price, strike, years, rate, vol]() -> std::string {
            auto call = dcall.to_vector<T>();
            auto put = dput.to_vector<T>();
            const double tol = sizeof(T) == 8 ? 1e-10 : 2e-4;
            for (std::size_t i = 0; i < call.size(); i += 97) {
                const double p = price[i], s = strike[i], tt = years[i];
                const double a = std::log(p / s), b = tt * -double(rate);
                const double z = tt * double(vol) * vol * 2.0, cc = 0.25 * z, y = 1 / std::sqrt(z);
                const double d1 = 0.5 + 0.5 * std::erf((a - b + cc) * y);
                const double d2 = 0.5 + 0.5 * std::erf((a - b - cc) * y);
                const double se = std::exp(b) * s, r = p * d1 - se * d2;
                // Scaled by the price: call = p d1 - se d2 cancels.
                if (std::abs(call[i] - r) > tol * (p + se)) return mismatch("call", i, call[i], r);
                if (std::abs(put[i] - (r - p + se)) > tol * (p + se))
                    return mismatch("put", i, put[i], r - p + se);
            }
            return "";
        };
        return w;
    };
    return c;
}

Case jacobi_case(std::int64_t n) {
    const std::string dims = std::to_string(n) + "x" + std::to_string(n);
    Case c{"jacobi", dims, "jacobi.dpk", "jacobi", "", "jacobi.cl", "", false, {}, "", 0, 0};
    c.make = [n](const Queue& q) {
        auto u = values<float>(static_cast<std::size_t>(n * n), 0.0, 1.0, 8);
        Workload w;
        UsmArray& du = w.add(UsmArray::from_host<float>(q, u, {n, n}));
        UsmArray& dout = w.add(UsmArray::zeros(q, DType::F32, {n, n}));
        w.args = {du, dout};
        w.global = Range(n, n);
        w.local = Range(64, 4);
        w.reset = [&dout] { dout.fill(0.0f).wait(); };
        w.check = [&dout, u, n]() -> std::string {
            auto out = dout.to_vector<float>();
            for (std::int64_t k = 0; k < n * n; k += 37) {
                const std::int64_t i = k / n, j = k % n;
                const bool inner = i > 0 && i < n - 1 && j > 0 && j < n - 1;
                const float want = inner ? 0.25f * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1]) : 0;
                if (!close(out[k], want, 1e-6)) return mismatch("out", k, out[k], want);
            }
            return "";
        };
        return w;
    };
    return c;
}

Case reduction_case(std::size_t n) {
    Case c{"reduction",
           "n=" + std::to_string(n),
           "reduction.dpk",
           "sum",
           "",
           "reduction.cl",
           "",
           false,
           {},
           "",
           0,
           0};
    c.make = [n](const Queue& q) {
        auto x = values<float>(n, 0.0, 1.0, 9);
        double sum = 0.0;
        for (float v : x) sum += v;
        const std::size_t local = 256;
        const std::size_t global = std::max(local, n / 16 / local * local);  // 16 values per item
        Workload w;
        UsmArray& dx = w.add(UsmArray::from_host<float>(q, x));
        UsmArray& dout = w.add(UsmArray::zeros(q, DType::F32, {1}));
        w.args = {dx, dout, LocalMemory{DType::F32, local}};
        w.global = Range(global);
        w.local = Range(local);
        w.reset = [&dout] { dout.fill(0.0f).wait(); };
        w.check = [&dout, sum]() -> std::string {
            const double got = dout.to_vector<float>()[0];
            return close(got, sum, 1e-5) ? "" : mismatch("out", 0, got, sum);
        };
        return w;
    };
    return c;
}

/// The memory-bound kernels of stream.dpk: `copy` (y = x) and `triad` (a = b + s c).
Case stream_case(const std::string& kernel, std::size_t n) {
    const bool triad = kernel == "triad";
    Case c{kernel,
           "n=" + std::to_string(n),
           "stream.dpk",
           kernel,
           "",
           "stream.cl",
           "",
           false,
           {},
           "",
           0,
           0};
    c.cu_fatbin = "stream.fatbin";
    c.bytes_moved = (triad ? 3 : 2) * 4 * std::uint64_t{n};
    c.elements = n;
    c.make = [n, triad](const Queue& q) {
        auto x = values<float>(n, -1.0, 1.0, 10);
        auto z = values<float>(n, -1.0, 1.0, 11);
        const float s = 1.5f;
        Workload w;
        UsmArray& out = w.add(UsmArray::zeros(q, DType::F32, {std::int64_t(n)}));
        UsmArray& dx = w.add(UsmArray::from_host<float>(q, x));
        if (triad) {
            UsmArray& dz = w.add(UsmArray::from_host<float>(q, z));
            w.args = {out, dx, dz, s};
        } else {
            w.args = {dx, out};
        }
        w.global = Range(n / 4);  // four elements per work item
        w.local = Range(256);
        w.reset = [&out] { out.fill(0.0f).wait(); };
        w.check = [&out, x, z, s, triad]() -> std::string {
            auto got = out.to_vector<float>();
            for (std::size_t i = 0; i < got.size(); i += 103) {
                const double want = triad ? x[i] + double(s) * z[i] : x[i];
                if (!close(got[i], want, 1e-6)) return mismatch("out", i, got[i], want);
            }
            return "";
        };
        return w;
    };
    return c;
}

std::vector<Case> cases(Sizes sizes) {
    const bool quick = sizes == Sizes::Quick, gpu = sizes == Sizes::Gpu;
    const std::size_t big = std::size_t{1} << (quick ? 18 : gpu ? 28 : 24);
    const std::size_t options = std::size_t{1} << (quick ? 16 : gpu ? 24 : 22);
    return {saxpy_case(big),
            matmul_case(quick ? 256
                        : gpu ? 4096
                              : 1024),
            matmul_case(quick ? 256
                        : gpu ? 4096
                              : 512,
                        true),
            sgemm_case(quick ? 256
                       : gpu ? 4096
                             : 512),
            black_scholes_case<double>(options),
            black_scholes_case<float>(options),
            jacobi_case(quick ? 512
                        : gpu ? 8192
                              : 2048),
            reduction_case(big),
            stream_case("copy", big),
            stream_case("triad", big)};
}

std::string label(const Device& dev) {
    return dev.filter_string() + " (" + dev.info().platform_name + ", " +
           std::string(spirv_ingest_name(dev.info().spirv)) + ")";
}

double device_us(const Event& e) {
    e.wait();
    return static_cast<double>(e.duration_ns()) / 1000.0;
}

/// Bytes per second of a device-to-device copy of `n` f32 through the queue (the driver's own
/// memcpy: cuMemcpyAsync on CUDA), counting what it reads and writes; median of 11.
double copy_bandwidth(const Queue& q, std::size_t n) {
    UsmArray src = UsmArray::zeros(q, DType::F32, {std::int64_t(n)});
    UsmArray dst = UsmArray::zeros(q, DType::F32, {std::int64_t(n)});
    std::vector<double> us;
    for (int i = 0; i < 12; ++i) {
        Event e = runtime::detail::make_event(
            runtime::detail::backend_of(q).copy(dst.data(), src.data(), n * 4, {}));
        if (i > 0)
            us.push_back(device_us(e));  // the first one warms up
        else
            e.wait();
    }
    return 2.0 * 4.0 * static_cast<double>(n) / (bench::median(us) * 1e-6);
}

std::string fatbin_of(const Case& c) {
    if (!c.cu_fatbin.empty()) return c.cu_fatbin;
    return c.dpk_file.substr(0, c.dpk_file.rfind('.')) + ".fatbin";
}

/// Runs one case on one device; prints its line. `copy_bps` is the device's own copy bandwidth
/// (bytes read and written per second). Returns false when a result is wrong.
bool run_case(const Case& c, const Device& dev, const Options& opt, double copy_bps) {
    if (c.needs_fp64 && !dev.info().has(DeviceFeature::Fp64)) {
        std::printf("%-17s device=%s skipped: no fp64\n", c.name.c_str(), label(dev).c_str());
        return true;
    }
    const bool cuda = dev.backend() == "cuda";
    Queue q(dev);  // profiling on
    // For the device's own target, as the JIT compiles (its features, and how its code
    // generator wants loops).
    compiler::CompileOptions compile = opt.compile;
    compile.target = jit::device_target(dev);
    if (opt.variants) compile.target = compile.target.with_variants(*opt.variants);
    KernelImage image = bench::compile_dpk(kKernelDir + c.dpk_file, c.kernel, c.signature, compile);
    const KernelAbi abi = image.abi;
    const bool has_variants = !image.variants.empty();
    auto build_start = std::chrono::steady_clock::now();
    LoadedKernel dpk_kernel(dev, std::move(image));
    auto ms_since = [](std::chrono::steady_clock::time_point t) {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t)
            .count();
    };
    const double build_ms = ms_since(build_start);
    Workload w = c.make(q);
    auto run_dpk = [&] { return device_us(launch(q, dpk_kernel, w.global, w.local, w.args)); };
    // With variants, the general kernel alone too (before / after, in the same run).
    std::optional<LoadedKernel> general;
    double general_build_ms = 0;
    if (has_variants) {
        compiler::CompileOptions plain = compile;
        plain.target = compile.target.with_variants({});
        KernelImage plain_image =
            bench::compile_dpk(kKernelDir + c.dpk_file, c.kernel, c.signature, plain);
        build_start = std::chrono::steady_clock::now();
        general.emplace(dev, std::move(plain_image));
        general_build_ms = ms_since(build_start);
    }
    auto run_general = [&] { return device_us(launch(q, *general, w.global, w.local, w.args)); };

    // The hand-written twin: OpenCL C from source, or nvcc's CUDA C.
    std::unique_ptr<bench::OpenClCKernel> cl_kernel;
    std::unique_ptr<bench::CudaCKernel> cu_kernel;
    std::function<double()> run_twin;
    std::string twin_name, width;
    if (cuda) {
        cu_kernel = std::make_unique<bench::CudaCKernel>(q, kCudaDir + fatbin_of(c), c.kernel);
        run_twin = [&] { return cu_kernel->launch_us(abi, w.args, w.global, w.local); };
        twin_name = "cuda_c";
        width = "regs dpk=" + std::to_string(dpk_kernel.attributes().registers) +
                " cuda_c=" + std::to_string(cu_kernel->registers());
    } else {
        const std::string cl_source =
            (opt.cl_no_contract ? "#pragma OPENCL FP_CONTRACT OFF\n" : "") +
            bench::read_text(kKernelDir + c.cl_file);
        cl_kernel = std::make_unique<bench::OpenClCKernel>(q, cl_source, c.kernel, c.cl_options);
        run_twin = [&] { return device_us(cl_kernel->launch(abi, w.args, w.global, &w.local)); };
        twin_name = "opencl_c";
        width = "simd dpk=" +
                std::to_string(dpk_kernel.attributes().preferred_work_group_size_multiple) +
                " opencl_c=" + std::to_string(cl_kernel->preferred_multiple());
    }

    // Checked runs (the first launch of a local size also makes PoCL compile its work-group
    // function), then one more warm-up each.
    std::string wrong;
    width += " entry=" + dpk_kernel.entry_point_for(w.global, w.args, &w.local);
    w.reset();
    run_dpk();
    if (std::string e = w.check(); !e.empty()) wrong += " dpk: " + e;
    w.reset();
    run_twin();
    if (std::string e = w.check(); !e.empty()) wrong += " " + twin_name + ": " + e;
    run_dpk();
    run_twin();

    // At least opt.runs runs; short kernels run on until each version ran for opt.budget_us
    // (at most 20 * opt.runs), so their medians rest on more samples.
    std::vector<double> dpk_us, twin_us, paired, general_us, general_paired;
    double spent_us = 0;
    const int max_runs = 20 * opt.runs;
    for (int i = 0; i < opt.runs || (spent_us < opt.budget_us && i < max_runs); ++i) {
        if (general && i % 2) general_us.push_back(run_general());
        if (i % 2) twin_us.push_back(run_twin());
        dpk_us.push_back(run_dpk());
        if (i % 2 == 0) twin_us.push_back(run_twin());
        if (general && i % 2 == 0) general_us.push_back(run_general());
        paired.push_back(dpk_us.back() / twin_us.back());
        if (general) general_paired.push_back(general_us.back() / twin_us.back());
        spent_us += dpk_us.back();
    }
    if (general) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      " general_us=%.1f paired_general=%.3f driver_build_ms dpk=%.1f general=%.1f",
                      bench::median(general_us), bench::median(general_paired), build_ms,
                      general_build_ms);
        width += buf;
    }
    const double dm = bench::median(dpk_us), tm = bench::median(twin_us);
    const double pm = bench::median(paired);
    std::string bandwidth;
    if (c.bytes_moved) {
        const double dpk_bps = c.bytes_moved / (dm * 1e-6), twin_bps = c.bytes_moved / (tm * 1e-6);
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      " GB/s dpk=%.0f %s=%.0f copy=%.0f share_of_copy dpk=%.1f%%%s", dpk_bps / 1e9,
                      twin_name.c_str(), twin_bps / 1e9, copy_bps / 1e9, 100 * dpk_bps / copy_bps,
                      dpk_bps >= 0.9 * copy_bps ? "" : " (<90%)");
        bandwidth = buf;
    }
    std::printf(
        "%-17s %-9s device=%-46s dpk_us=%10.1f %s_us=%10.1f ratio=%.3f paired=%.3f%s "
        "runs=%d min_us dpk=%.1f %s=%.1f %s%s%s\n",
        c.name.c_str(), c.size.c_str(), label(dev).c_str(), dm, twin_name.c_str(), tm, dm / tm, pm,
        pm > 1.05 ? " (>1.05)" : "        ", static_cast<int>(paired.size()),
        bench::minimum(dpk_us), twin_name.c_str(), bench::minimum(twin_us), width.c_str(),
        bandwidth.c_str(), wrong.empty() ? "" : (" RESULTS WRONG:" + wrong).c_str());
    std::fflush(stdout);
    return wrong.empty();
}

constexpr const char* kUsage =
    "usage: bench_kernel_quality [--quick] [--runs N] [--kernel NAME] [--device FILTER]\n"
    "                            [--no-fp-contract] [--cl-no-contract] [--variants LIST]\n";

int usage() {
    std::fputs(kUsage, stderr);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    std::optional<int> runs;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--quick") {
            opt.quick = true;
        } else if (a == "--no-fp-contract") {
            opt.compile.fp_contract = false;
        } else if (a == "--cl-no-contract") {
            opt.cl_no_contract = true;
        } else if (a == "--variants" && has_value) {
            // "none", or facts sets joined by commas: "noalias", "index32+noalias,index32".
            const std::string list = argv[++i];
            opt.variants.emplace();
            for (std::size_t at = 0; list != "none" && at <= list.size();) {
                const std::size_t end = std::min(list.find(',', at), list.size());
                std::optional<LaunchFacts> facts = LaunchFacts::parse(list.substr(at, end - at));
                if (!facts || facts->empty()) return usage();
                opt.variants->push_back(*facts);
                at = end + 1;
            }
        } else if (a == "--runs" && has_value) {
            runs = std::atoi(argv[++i]);
        } else if (a == "--kernel" && has_value) {
            opt.only = argv[++i];
        } else if (a == "--device" && has_value) {
            opt.device = argv[++i];
        } else {
            return usage();
        }
    }
    opt.runs = runs.value_or(opt.quick ? 3 : 11);
    if (opt.quick) opt.budget_us = 1e5;
    if (opt.runs < 1) return usage();

    try {
        const std::vector<Device> devices =
            opt.device.empty() ? all_devices() : select_devices(opt.device);
        std::printf("# dpk kernels: %s; OpenCL C kernels: %s\n",
                    opt.compile.fp_contract ? "default options (a * b + c may fuse)"
                                            : "--no-fp-contract (every operation rounded)",
                    opt.cl_no_contract ? "FP_CONTRACT OFF (every operation rounded)"
                                       : "as written (OpenCL C's default FP_CONTRACT ON)");
        int measured = 0;
        bool all_right = true;
        for (const Device& dev : devices) {
            if (!dev.takes_spirv()) continue;
            const bool cuda = dev.backend() == "cuda";
            if (cuda && kCudaDir.empty()) {
                std::printf(
                    "kernel_quality device=%s: SKIPPED, nvcc was not found when the benchmarks "
                    "were built (the CUDA C twins are compiled then)\n",
                    dev.filter_string().c_str());
                continue;
            }
            if (!cuda && dev.backend() != "opencl") continue;
            const Sizes sizes = opt.quick ? Sizes::Quick : cuda ? Sizes::Gpu : Sizes::Cpu;
            const std::vector<Case> all = cases(sizes);
            double copy_bps = 0;
            for (const Case& c : all) {
                if (!opt.only.empty() && c.name.find(opt.only) == std::string::npos) continue;
                if (c.bytes_moved && copy_bps == 0) {
                    copy_bps = copy_bandwidth(Queue(dev), c.elements);
                    std::printf("device_copy       n=%-7zu device=%-46s GB/s=%.0f (read + write)\n",
                                c.elements, label(dev).c_str(), copy_bps / 1e9);
                }
                all_right = run_case(c, dev, opt, copy_bps) && all_right;
                ++measured;
            }
        }
        if (measured == 0) std::printf("kernel_quality: SKIPPED, no device takes SPIR-V\n");
        return all_right ? 0 : 1;
    } catch (const dpk::error& e) {
        std::fprintf(stderr, "bench_kernel_quality: %s\n", e.what());
        return 1;
    }
}
