// Kernel speed on dpk's arrays against the driver's own buffers: device time of kernels from
// examples/ (compiled by our compiler for the device, launched by the runtime on UsmArrays) next
// to the same computation written in OpenCL C as its users write it, built from source by the same
// driver and launched with the raw OpenCL API on cl_mem buffers (clCreateBuffer) of a raw context
// and queue. Per OpenCL device:
//   vecadd  c = a + b (examples/vecadd, no guard) against the same kernel in OpenCL C;
//   saxpy   y = alpha x + y (examples/saxpy, with its `if i < x.shape[0]` guard) against OpenCL C
//           without a guard, launched over exactly n items, as a user of raw buffers does. dpk runs
//           the entry point its launch picks (`entry=`: on PoCL the InRange variant, where the
//           guard is a constant) and, in the same run, its general entry point (`general_us`):
//           before / after that variant, side by side.
// Launches alternate, so drift hits every path alike; medians of the profiling-event times.
//
// usage: bench_vecadd [RUNS] [N]   (defaults: 50 runs, n = 2^24 for vecadd, 2^22 for saxpy)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "bench/support/bench_support.h"
#include "dpk/core/error.h"
#include "jit/device_target.h"
#include "dpk/runtime/launch.h"

namespace {

using dpk::bench::cl_check;

const char* const kVecaddSource = R"CLC(
__kernel void vecadd(__global const float* a, __global const float* b, __global float* c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
)CLC";

const char* const kSaxpySource = R"CLC(
__kernel void saxpy(float alpha, __global const float* x, __global float* y) {
    size_t i = get_global_id(0);
    y[i] = alpha * x[i] + y[i];
}
)CLC";

/// An OpenCL C kernel over n floats on a raw context and profiling queue, with cl_mem buffers:
/// `inputs` copied in at creation (CL_MEM_COPY_HOST_PTR), then `outputs` more left uninitialized;
/// the buffers are the kernel's arguments in that order, after `scalar` when one is given.
class RawOpenClKernel {
public:
    RawOpenClKernel(cl_device_id device, const char* source, const char* name,
                    const std::vector<const std::vector<float>*>& inputs, int outputs,
                    const float* scalar, std::size_t n)
        : n_(n) {
        cl_int err = CL_SUCCESS;
        context_ = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        cl_check(err, "clCreateContext");
        cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
        queue_ = clCreateCommandQueueWithProperties(context_, device, props, &err);
        cl_check(err, "clCreateCommandQueueWithProperties");
        program_ = dpk::bench::build_opencl_c(context_, device, source, "");
        kernel_ = clCreateKernel(program_, name, &err);
        cl_check(err, "clCreateKernel");
        const std::size_t bytes = n_ * sizeof(float);
        for (const std::vector<float>* host : inputs) {
            buffers_.push_back(clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                              bytes, const_cast<float*>(host->data()), &err));
            cl_check(err, "clCreateBuffer");
        }
        for (int i = 0; i < outputs; ++i) {
            buffers_.push_back(clCreateBuffer(context_, CL_MEM_READ_WRITE, bytes, nullptr, &err));
            cl_check(err, "clCreateBuffer");
        }
        cl_uint index = 0;
        if (scalar) cl_check(clSetKernelArg(kernel_, index++, sizeof(float), scalar), "clSetKernelArg");
        for (cl_mem& m : buffers_)
            cl_check(clSetKernelArg(kernel_, index++, sizeof(cl_mem), &m), "clSetKernelArg");
    }
    RawOpenClKernel(const RawOpenClKernel&) = delete;
    RawOpenClKernel& operator=(const RawOpenClKernel&) = delete;
    ~RawOpenClKernel() {
        for (cl_mem m : buffers_) clReleaseMemObject(m);
        if (kernel_) clReleaseKernel(kernel_);
        if (program_) clReleaseProgram(program_);
        if (queue_) clReleaseCommandQueue(queue_);
        if (context_) clReleaseContext(context_);
    }

    /// One launch over n items, the driver's choice of work-group size; the device time in µs.
    double run() {
        cl_event e = nullptr;
        cl_check(clEnqueueNDRangeKernel(queue_, kernel_, 1, nullptr, &n_, nullptr, 0, nullptr, &e),
                 "clEnqueueNDRangeKernel");
        cl_check(clWaitForEvents(1, &e), "clWaitForEvents");
        cl_ulong start = 0, end = 0;
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof(start), &start, nullptr);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof(end), &end, nullptr);
        clReleaseEvent(e);
        return static_cast<double>(end - start) / 1000.0;
    }

    /// CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE: the SIMD width the driver compiled for.
    std::size_t preferred_multiple(cl_device_id device) const {
        std::size_t m = 0;
        clGetKernelWorkGroupInfo(kernel_, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                 sizeof(m), &m, nullptr);
        return m;
    }

    /// The contents of buffer `index`.
    std::vector<float> read(std::size_t index) {
        std::vector<float> v(n_);
        cl_check(clEnqueueReadBuffer(queue_, buffers_.at(index), CL_TRUE, 0, n_ * sizeof(float),
                                     v.data(), 0, nullptr, nullptr),
                 "clEnqueueReadBuffer");
        return v;
    }

private:
    std::size_t n_;
    cl_context context_ = nullptr;
    cl_command_queue queue_ = nullptr;
    cl_program program_ = nullptr;
    cl_kernel kernel_ = nullptr;
    std::vector<cl_mem> buffers_;
};

/// Every 997th element and the last within `tolerance` of `want(i)`, relative to max(1, |want|):
/// 0 is exact (vecadd: both sides round alike); saxpy allows for fused or separate rounding.
bool matches(const std::vector<float>& got, const std::function<float(std::size_t)>& want,
             float tolerance = 0.0f) {
    auto near = [&](std::size_t i) {
        const float w = want(i);
        return std::abs(got[i] - w) <= tolerance * std::max(1.0f, std::abs(w));
    };
    for (std::size_t i = 0; i < got.size(); i += 997)
        if (!near(i)) return false;
    return got.empty() || near(got.size() - 1);
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dpk;
    using namespace dpk::runtime;
    const int runs = argc > 1 ? std::atoi(argv[1]) : 50;
    const std::size_t n_vecadd = argc > 2 ? std::strtoull(argv[2], nullptr, 0) : std::size_t{1} << 24;
    const std::size_t n_saxpy = argc > 2 ? n_vecadd : std::size_t{1} << 22;
    if (runs < 1 || n_vecadd < 1) {
        std::fprintf(stderr, "usage: bench_vecadd [RUNS] [N]\n");
        return 2;
    }
    const std::size_t n_max = std::max(n_vecadd, n_saxpy);
    std::vector<float> a(n_max), b(n_max);
    for (std::size_t i = 0; i < n_max; ++i) {
        a[i] = static_cast<float>(i % 1000) * 0.5f;
        b[i] = static_cast<float>(i % 777) - 3.0f;
    }
    const float alpha = 2.0f;

    int measured = 0;
    for (const Device& dev : all_devices()) {
        if (!dev.takes_spirv() || dev.backend() != "opencl") continue;
        cl_device_id raw = bench::find_cl_device(dev);
        if (!raw) {
            std::printf("vecadd device=%s skipped: no raw OpenCL device of that name\n",
                        dev.filter_string().c_str());
            continue;
        }
        try {
            compiler::CompileOptions options;
            options.target = jit::device_target(dev);  // with the device's variants
            Queue q(dev);                              // profiling on
            const std::string ingest(spirv_ingest_name(dev.info().spirv));

            // vecadd: no guard, no variant that matters; dpk's arrays against buffers.
            {
                const std::size_t n = n_vecadd;
                const std::vector<float> ha(a.begin(), a.begin() + n), hb(b.begin(), b.begin() + n);
                LoadedKernel k(dev, bench::compile_dpk(DPK_SOURCE_DIR "/examples/vecadd/vecadd.dpk",
                                                       "vecadd", "void(f32[::1], f32[::1], f32[::1])",
                                                       options));
                UsmArray da = UsmArray::from_host<float>(q, ha);
                UsmArray db = UsmArray::from_host<float>(q, hb);
                UsmArray dc = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)});
                RawOpenClKernel opencl_c(raw, kVecaddSource, "vecadd", {&ha, &hb}, 1, nullptr, n);
                for (int i = 0; i < 2; ++i) {  // PoCL compiles the work-group function at first use
                    launch(q, k, Range(n), {da, db, dc}).wait();
                    opencl_c.run();
                }
                std::vector<double> dpk_us, cl_us;
                for (int i = 0; i < runs; ++i) {
                    Event e = launch(q, k, Range(n), {da, db, dc});
                    dpk_us.push_back(static_cast<double>(e.duration_ns()) / 1000.0);
                    cl_us.push_back(opencl_c.run());
                }
                auto sum = [&](std::size_t i) { return ha[i] + hb[i]; };
                const bool ok = matches(dc.to_vector<float>(), sum) && matches(opencl_c.read(2), sum);
                const double dm = bench::median(dpk_us), cm = bench::median(cl_us);
                std::printf(
                    "vecadd n=%zu device=%s (%s, %s) dpk_median_us=%.1f opencl_c_median_us=%.1f "
                    "ratio=%.3f (goal <= 1.0) runs=%d dpk_min_us=%.1f opencl_c_min_us=%.1f "
                    "simd_multiple dpk=%llu opencl_c=%zu%s\n",
                    n, dev.filter_string().c_str(), dev.info().platform_name.c_str(),
                    ingest.c_str(), dm, cm, dm / cm, runs, bench::minimum(dpk_us),
                    bench::minimum(cl_us),
                    static_cast<unsigned long long>(k.attributes().preferred_work_group_size_multiple),
                    opencl_c.preferred_multiple(raw), ok ? "" : " RESULTS WRONG");
                std::fflush(stdout);
                if (!ok) return 1;
            }

            // saxpy: the guarded kernel as users write it, its general entry point beside it.
            {
                const std::size_t n = n_saxpy;
                const std::vector<float> hx(a.begin(), a.begin() + n), hy(b.begin(), b.begin() + n);
                KernelImage image =
                    bench::compile_dpk(DPK_SOURCE_DIR "/examples/saxpy/saxpy.dpk", "saxpy",
                                       "void(f32, f32[::1], f32[::1])", options);
                KernelImage general_image = image;
                general_image.variants.clear();
                LoadedKernel k(dev, image), general(dev, general_image);
                UsmArray dx = UsmArray::from_host<float>(q, hx);
                UsmArray dy = UsmArray::from_host<float>(q, hy);
                UsmArray gy = UsmArray::from_host<float>(q, hy);
                RawOpenClKernel opencl_c(raw, kSaxpySource, "saxpy", {&hx, &hy}, 0, &alpha, n);
                const std::vector<KernelArg> args{alpha, dx, dy}, general_args{alpha, dx, gy};
                const std::string entry = k.entry_point_for(Range(n), args);
                std::vector<double> dpk_us, general_us, cl_us;
                for (int i = -2; i < runs; ++i) {  // two warm-up rounds
                    Event e = launch(q, k, Range(n), args);
                    Event g = launch(q, general, Range(n), general_args);
                    const double c = opencl_c.run();
                    if (i < 0) continue;
                    dpk_us.push_back(static_cast<double>(e.duration_ns()) / 1000.0);
                    general_us.push_back(static_cast<double>(g.duration_ns()) / 1000.0);
                    cl_us.push_back(c);
                }
                // Each ran runs + 2 times: y = (runs + 2) alpha x + y0 on every path.
                const float times = static_cast<float>(runs + 2);
                auto want = [&](std::size_t i) {
                    float y = hy[i];
                    for (float t = 0; t < times; ++t) y = alpha * hx[i] + y;
                    return y;
                };
                const float tolerance = 1e-6f;
                const bool ok = matches(dy.to_vector<float>(), want, tolerance) &&
                                matches(gy.to_vector<float>(), want, tolerance) &&
                                matches(opencl_c.read(1), want, tolerance);
                const double dm = bench::median(dpk_us), gm = bench::median(general_us),
                             cm = bench::median(cl_us);
                std::printf(
                    "saxpy n=%zu device=%s (%s, %s) dpk_median_us=%.1f opencl_c_median_us=%.1f "
                    "ratio=%.3f (goal <= 1.0) runs=%d entry=%s general_us=%.1f "
                    "ratio_general=%.3f dpk_min_us=%.1f opencl_c_min_us=%.1f%s\n",
                    n, dev.filter_string().c_str(), dev.info().platform_name.c_str(),
                    ingest.c_str(), dm, cm, dm / cm, runs, entry.c_str(), gm, gm / cm,
                    bench::minimum(dpk_us), bench::minimum(cl_us), ok ? "" : " RESULTS WRONG");
                std::fflush(stdout);
                if (!ok) return 1;
            }
            ++measured;
        } catch (const dpk::error& e) {
            std::printf("vecadd device=%s failed: %s\n", dev.filter_string().c_str(), e.what());
            return 1;
        }
    }
    if (measured == 0) std::printf("vecadd: SKIPPED, no OpenCL device takes SPIR-V\n");
    return 0;
}
