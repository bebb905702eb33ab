// Checks the generated PTX math library the way the CUDA translator uses it, through
// backends/cuda/math/ptx_math_library.h: for each function a module of its closure
// (ptx_math_closure + ptx_math_definition) plus a test kernel that calls it with nvcc's ABI.
//
//   ptx_module_check write DIR [VERSION TARGET]
//       writes DIR/<symbol>.ptx (one module per entry point) and DIR/all.ptx (every symbol once,
//       one kernel per entry point); generate.sh runs `ptxas -arch=sm_90` on each.
//   ptx_module_check run [N]        (built with -DDPK_MATH_CUDA_DRIVER, linked with -lcuda and
//                                    the host build tools/cuda_math/dpk_math_host.cpp)
//       loads the all.ptx module (built in memory) through the CUDA driver, runs every entry point
//       on the GPU over the inputs of tests/cuda/math_ulp_support.h, prints the ULP table and how
//       many results differ in bits from the host build of the same source. Exit 1 on a row over
//       its bound.
//   ptx_module_check sweep [NAME...]    (the same build)
//       runs the f32 version of each one-argument function NAME (default: exp log erf, the ones
//       on the GPU's special-function unit or written for it) on every one of the 2^32 float bit
//       patterns and prints its row of the table over all of them. Exit 1 on a row over its
//       bound.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "backends/cuda/math/ptx_math_library.h"
#include "tests/cuda/math_ulp_support.h"

using dpk::backends::cuda::ptx_math_closure;
using dpk::backends::cuda::ptx_math_definition;
using dpk::backends::cuda::ptx_math_symbol;
using dpk::cuda_math_test::math_functions;
using dpk::cuda_math_test::MathFunction;

namespace {

std::string header(const std::string& version, const std::string& target) {
    return ".version " + version + "\n.target " + target + "\n.address_size 64\n\n";
}

/// A kernel `dpk_test_<symbol>(in0, in1, out, n)`: out[i] = symbol(in0[i] [, in1[i]]) for i < n.
std::string test_kernel(const std::string& symbol, int arity, unsigned bits) {
    const std::string b = bits == 32 ? "b32" : "b64";
    const std::string f = bits == 32 ? "f32" : "f64";
    const std::string size = bits == 32 ? "4" : "8";
    std::ostringstream k;
    k << ".visible .entry dpk_test_" << symbol
      << "(\n\t.param .u64 in0,\n\t.param .u64 in1,\n\t.param .u64 out,\n\t.param .u32 n\n)\n{\n"
      << "\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<12>;\n\t.reg ." << f
      << " %v<4>;\n"
      << "\tmov.u32 %r1, %ctaid.x;\n\tmov.u32 %r2, %ntid.x;\n\tmov.u32 %r3, %tid.x;\n"
      << "\tmad.lo.s32 %r4, %r1, %r2, %r3;\n\tld.param.u32 %r5, [n];\n"
      << "\tsetp.ge.u32 %p1, %r4, %r5;\n\t@%p1 bra $L_done;\n"
      << "\tmul.wide.u32 %rd1, %r4, " << size << ";\n"
      << "\tld.param.u64 %rd2, [in0];\n\tcvta.to.global.u64 %rd3, %rd2;\n"
      << "\tadd.s64 %rd4, %rd3, %rd1;\n\tld.global." << f << " %v1, [%rd4];\n";
    if (arity == 2)
        k << "\tld.param.u64 %rd5, [in1];\n\tcvta.to.global.u64 %rd6, %rd5;\n"
          << "\tadd.s64 %rd7, %rd6, %rd1;\n\tld.global." << f << " %v2, [%rd7];\n";
    k << "\t{\n\t.param ." << b << " param0;\n\tst.param." << f << " [param0+0], %v1;\n";
    if (arity == 2) k << "\t.param ." << b << " param1;\n\tst.param." << f << " [param1+0], %v2;\n";
    k << "\t.param ." << b << " retval0;\n\tcall.uni (retval0), " << symbol << ", (param0"
      << (arity == 2 ? ", param1" : "") << ");\n\tld.param." << f << " %v3, [retval0+0];\n\t}\n"
      << "\tld.param.u64 %rd8, [out];\n\tcvta.to.global.u64 %rd9, %rd8;\n"
      << "\tadd.s64 %rd10, %rd9, %rd1;\n\tst.global." << f << " [%rd10], %v3;\n"
      << "$L_done:\n\tret;\n}\n";
    return k.str();
}

struct Entry {
    const MathFunction* f;
    unsigned bits;
    std::string symbol;
};

std::vector<Entry> entries() {
    std::vector<Entry> out;
    for (const auto& f : math_functions())
        for (unsigned bits : {32u, 64u}) {
            const auto s = ptx_math_symbol(f.name, bits);
            if (!s) {
                std::fprintf(stderr, "no PTX symbol for %s f%u\n", f.name, bits);
                std::exit(1);
            }
            out.push_back({&f, bits, std::string(*s)});
        }
    return out;
}

/// Every symbol of every entry point's closure once, in definition order, then the kernels.
std::string all_module(const std::string& version, const std::string& target) {
    std::string m = header(version, target);
    std::set<std::string> emitted;
    for (const auto& e : entries())
        for (auto s : ptx_math_closure(e.symbol))
            if (emitted.insert(std::string(s)).second)
                m += std::string(ptx_math_definition(s)) + "\n\n";
    for (const auto& e : entries()) m += test_kernel(e.symbol, e.f->arity, e.bits) + "\n";
    return m;
}

int write(const std::string& dir, const std::string& version, const std::string& target) {
    for (const auto& e : entries()) {
        std::string m = header(version, target);
        const auto closure = ptx_math_closure(e.symbol);
        if (closure.empty() || closure.back() != e.symbol) {
            std::fprintf(stderr, "bad closure for %s\n", e.symbol.c_str());
            return 1;
        }
        for (auto s : closure) m += std::string(ptx_math_definition(s)) + "\n\n";
        m += test_kernel(e.symbol, e.f->arity, e.bits);
        std::ofstream(dir + "/" + e.symbol + ".ptx") << m;
        std::printf("%-16s %zu symbols:", e.symbol.c_str(), closure.size());
        for (auto s : closure) std::printf(" %.*s", static_cast<int>(s.size()), s.data());
        std::printf("\n");
    }
    std::ofstream(dir + "/all.ptx") << all_module(version, target);
    return 0;
}

}  // namespace

#if defined(DPK_MATH_CUDA_DRIVER)
#include <cuda.h>

#define DPK_MATH_HOST_DECLARATIONS  // the host build it compares with
#include "backends/cuda/math/ptx_math_functions.h"

namespace {

#define CU(call)                                                           \
    do {                                                                   \
        CUresult r_ = (call);                                              \
        if (r_ != CUDA_SUCCESS) {                                          \
            const char* s_ = nullptr;                                      \
            cuGetErrorString(r_, &s_);                                     \
            std::fprintf(stderr, "%s failed: %s\n", #call, s_ ? s_ : "?"); \
            std::exit(2);                                                  \
        }                                                                  \
    } while (0)

template <class T>
T host_eval(const std::string& name, int arity, T x, T y) {
#define DPK_H1(n)                      \
    if (name == #n) {                  \
        if constexpr (sizeof(T) == 4)  \
            return __dpk_##n##_f32(x); \
        else                           \
            return __dpk_##n##_f64(x); \
    }
#define DPK_H2(n)                         \
    if (name == #n) {                     \
        if constexpr (sizeof(T) == 4)     \
            return __dpk_##n##_f32(x, y); \
        else                              \
            return __dpk_##n##_f64(x, y); \
    }
    DPK_MATH_UNARY_FUNCTIONS(DPK_H1)
    DPK_MATH_BINARY_FUNCTIONS(DPK_H2)
#undef DPK_H1
#undef DPK_H2
    (void)arity;
    std::abort();
}

template <class T>
dpk::cuda_math_test::RowResult run_one(CUmodule mod, const Entry& e, std::size_t n,
                                       std::size_t* bit_differences) {
    using namespace dpk::cuda_math_test;
    const Inputs<T> in = make_inputs<T>(*e.f, n);
    const std::size_t bytes = in.size() * sizeof(T);
    CUdeviceptr d0, d1, dout;
    CU(cuMemAlloc(&d0, bytes));
    CU(cuMemAlloc(&d1, bytes));
    CU(cuMemAlloc(&dout, bytes));
    CU(cuMemcpyHtoD(d0, in.x.data(), bytes));
    if (e.f->arity == 2) CU(cuMemcpyHtoD(d1, in.y.data(), bytes));
    CUfunction fn;
    CU(cuModuleGetFunction(&fn, mod, ("dpk_test_" + e.symbol).c_str()));
    unsigned count = static_cast<unsigned>(in.size());
    void* args[] = {&d0, &d1, &dout, &count};
    CU(cuLaunchKernel(fn, (count + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
    CU(cuCtxSynchronize());
    std::vector<T> got(in.size());
    CU(cuMemcpyDtoH(got.data(), dout, bytes));
    cuMemFree(d0);
    cuMemFree(d1);
    cuMemFree(dout);
    std::size_t diff = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const T h = host_eval<T>(e.f->name, e.f->arity, in.x[i], e.f->arity == 2 ? in.y[i] : T(0));
        const bool both_nan = std::isnan(h) && std::isnan(got[i]);
        if (!both_nan && detail::to_bits(h) != detail::to_bits(got[i])) {
            if (diff < 3)
                std::fprintf(stderr, "  %s: GPU and host differ at x=%a y=%a: %a vs %a\n",
                             e.symbol.c_str(), static_cast<double>(in.x[i]),
                             static_cast<double>(e.f->arity == 2 ? in.y[i] : T(0)),
                             static_cast<double>(got[i]), static_cast<double>(h));
            ++diff;
        }
    }
    *bit_differences = diff;
    return measure<T>(*e.f, in, got);
}

struct Gpu {
    CUmodule mod = nullptr;
    std::string name, target;
};

/// The first GPU's primary context made current, with the all.ptx module loaded; nullopt (and a
/// message) when the driver refuses the module.
std::optional<Gpu> open_gpu() {
    CU(cuInit(0));
    CUdevice dev;
    CU(cuDeviceGet(&dev, 0));
    char name[256];
    CU(cuDeviceGetName(name, sizeof name, dev));
    int major = 0, minor = 0;
    CU(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    CU(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
    CUcontext ctx;
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU(cuCtxSetCurrent(ctx));
    Gpu g;
    g.name = name;
    g.target = "sm_" + std::to_string(major * 10 + minor);
    const std::string ptx = all_module("7.8", g.target);
    char log[8192] = "";
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void* vals[] = {log, reinterpret_cast<void*>(static_cast<std::uintptr_t>(sizeof log))};
    if (cuModuleLoadDataEx(&g.mod, ptx.c_str(), 2, opts, vals) != CUDA_SUCCESS) {
        std::fprintf(stderr, "module load failed:\n%s\n", log);
        return std::nullopt;
    }
    return g;
}

int run(std::size_t n) {
    const std::optional<Gpu> gpu = open_gpu();
    if (!gpu) return 2;
    const CUmodule mod = gpu->mod;
    const char* name = gpu->name.c_str();
    const std::string& target = gpu->target;
    std::printf("device: %s (%s), %zu inputs per row\n", name, target.c_str(), n);
    std::vector<dpk::cuda_math_test::RowResult> rows;
    std::size_t total_diff = 0;
    std::vector<std::string> diffs;
    for (const auto& e : entries()) {
        std::size_t diff = 0;
        rows.push_back(e.bits == 32 ? run_one<float>(mod, e, n, &diff)
                                    : run_one<double>(mod, e, n, &diff));
        total_diff += diff;
        if (diff) diffs.push_back(e.symbol + ": " + std::to_string(diff));
    }
    dpk::cuda_math_test::print_table(stdout, rows);
    std::printf("results differing in bits from the host build: %zu\n", total_diff);
    for (const auto& d : diffs) std::printf("  %s\n", d.c_str());
    bool ok = true;
    for (const auto& r : rows) ok = ok && r.ok();
    return ok ? 0 : 1;
}

/// Every float bit pattern through the f32 version of one-argument function `name`.
int sweep_one(const Gpu& gpu, const std::string& name, dpk::cuda_math_test::RowResult* row) {
    using namespace dpk::cuda_math_test;
    const MathFunction* f = find_math_function(name);
    const auto symbol = f ? ptx_math_symbol(name, 32) : std::nullopt;
    if (!f || f->arity != 1 || !symbol) {
        std::fprintf(stderr, "sweep: '%s' is not a one-argument function of the library\n",
                     name.c_str());
        return 2;
    }
    constexpr std::size_t kChunk = std::size_t{1} << 26;
    constexpr std::size_t kPatterns = std::size_t{1} << 32;
    CUfunction fn;
    CU(cuModuleGetFunction(&fn, gpu.mod, ("dpk_test_" + std::string(*symbol)).c_str()));
    CUdeviceptr din, dout;
    CU(cuMemAlloc(&din, kChunk * sizeof(float)));
    CU(cuMemAlloc(&dout, kChunk * sizeof(float)));
    Inputs<float> in;
    in.x.resize(kChunk);
    std::vector<float> got(kChunk);
    row->name = f->name;
    row->bits = 32;
    row->bound = f->bound;
    row->max_ulp = -1;
    for (std::size_t base = 0; base < kPatterns; base += kChunk) {
        for (std::size_t i = 0; i < kChunk; ++i)
            in.x[i] = detail::from_bits<float>(base + i);
        CU(cuMemcpyHtoD(din, in.x.data(), kChunk * sizeof(float)));
        unsigned count = static_cast<unsigned>(kChunk);
        void* args[] = {&din, &din, &dout, &count};
        CU(cuLaunchKernel(fn, static_cast<unsigned>(kChunk / 256), 1, 1, 256, 1, 1, 0, nullptr,
                          args, nullptr));
        CU(cuMemcpyDtoH(got.data(), dout, kChunk * sizeof(float)));
        const RowResult part = measure<float>(*f, in, got);
        row->inputs += part.inputs;
        if (part.special_failures && !row->special_failures) row->worst = part.worst;
        row->special_failures += part.special_failures;
        if (part.max_ulp > row->max_ulp) {
            row->max_ulp = part.max_ulp;
            if (!row->special_failures) row->worst = part.worst;
        }
    }
    cuMemFree(din);
    cuMemFree(dout);
    return 0;
}

int sweep(std::vector<std::string> names) {
    if (names.empty()) names = {"exp", "log", "erf"};
    const std::optional<Gpu> gpu = open_gpu();
    if (!gpu) return 2;
    std::printf("device: %s (%s), every f32 bit pattern (2^32 inputs per row)\n",
                gpu->name.c_str(), gpu->target.c_str());
    std::vector<dpk::cuda_math_test::RowResult> rows;
    for (const auto& name : names) {
        rows.emplace_back();
        if (const int rc = sweep_one(*gpu, name, &rows.back())) return rc;
    }
    dpk::cuda_math_test::print_table(stdout, rows);
    bool ok = true;
    for (const auto& r : rows) ok = ok && r.ok();
    return ok ? 0 : 1;
}

}  // namespace
#endif

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "write" && argc >= 3)
        return write(argv[2], argc > 3 ? argv[3] : "7.8", argc > 4 ? argv[4] : "sm_90");
#if defined(DPK_MATH_CUDA_DRIVER)
    if (mode == "run")
        return run(argc > 2 ? std::strtoull(argv[2], nullptr, 10)
                            : dpk::cuda_math_test::input_count());
    if (mode == "sweep") return sweep(std::vector<std::string>(argv + 2, argv + argc));
#endif
    std::fprintf(stderr,
                 "usage: ptx_module_check write DIR [PTX_VERSION TARGET] | run [N] | "
                 "sweep [NAME...]\n");
    return 2;
}
