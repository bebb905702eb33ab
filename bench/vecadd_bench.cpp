// Kernel speed: device time of vecadd on 2^24 f32 elements through dpk (examples/vecadd compiled
// by our compiler, launched by the runtime) next to the same kernel written in OpenCL C, built
// from source by the same driver and launched with the raw OpenCL API on a raw queue. Both run
// alternately N times; the medians of the profiling-event times are printed side by side, one
// line per device, with the ratio (goal: dpk no slower, ratio <= 1.0).
//
// usage: bench_vecadd [RUNS] [N]   (defaults: 50 runs, n = 2^24)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/support/bench_support.h"
#include "core/error.h"
#include "runtime/launch.h"

namespace {

using dpk::bench::cl_check;

const char* const kOpenClSource = R"CLC(
__kernel void vecadd(__global const float* a, __global const float* b, __global float* c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
)CLC";

/// vecadd in OpenCL C on a raw context and profiling queue, with cl_mem buffers.
class RawOpenClVecadd {
public:
    RawOpenClVecadd(cl_device_id device, const std::vector<float>& a, const std::vector<float>& b)
        : n_(a.size()) {
        cl_int err = CL_SUCCESS;
        context_ = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        cl_check(err, "clCreateContext");
        cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
        queue_ = clCreateCommandQueueWithProperties(context_, device, props, &err);
        cl_check(err, "clCreateCommandQueueWithProperties");
        program_ = dpk::bench::build_opencl_c(context_, device, kOpenClSource, "");
        kernel_ = clCreateKernel(program_, "vecadd", &err);
        cl_check(err, "clCreateKernel");
        const std::size_t bytes = n_ * sizeof(float);
        auto buffer = [&](cl_mem_flags flags, const float* host) {
            cl_mem m = clCreateBuffer(context_, flags | (host ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                                      const_cast<float*>(host), &err);
            cl_check(err, "clCreateBuffer");
            return m;
        };
        a_ = buffer(CL_MEM_READ_ONLY, a.data());
        b_ = buffer(CL_MEM_READ_ONLY, b.data());
        c_ = buffer(CL_MEM_WRITE_ONLY, nullptr);
        clSetKernelArg(kernel_, 0, sizeof(cl_mem), &a_);
        clSetKernelArg(kernel_, 1, sizeof(cl_mem), &b_);
        clSetKernelArg(kernel_, 2, sizeof(cl_mem), &c_);
    }
    RawOpenClVecadd(const RawOpenClVecadd&) = delete;
    RawOpenClVecadd& operator=(const RawOpenClVecadd&) = delete;
    ~RawOpenClVecadd() {
        for (cl_mem m : {a_, b_, c_})
            if (m) clReleaseMemObject(m);
        if (kernel_) clReleaseKernel(kernel_);
        if (program_) clReleaseProgram(program_);
        if (queue_) clReleaseCommandQueue(queue_);
        if (context_) clReleaseContext(context_);
    }

    /// One launch; returns the device time in microseconds.
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

    std::vector<float> result() {
        std::vector<float> c(n_);
        cl_check(clEnqueueReadBuffer(queue_, c_, CL_TRUE, 0, n_ * sizeof(float), c.data(), 0,
                                     nullptr, nullptr),
                 "clEnqueueReadBuffer");
        return c;
    }

private:
    std::size_t n_;
    cl_context context_ = nullptr;
    cl_command_queue queue_ = nullptr;
    cl_program program_ = nullptr;
    cl_kernel kernel_ = nullptr;
    cl_mem a_ = nullptr, b_ = nullptr, c_ = nullptr;
};

bool matches(const std::vector<float>& c, const std::vector<float>& a,
             const std::vector<float>& b) {
    for (std::size_t i = 0; i < c.size(); i += 997)
        if (c[i] != a[i] + b[i]) return false;
    return c.back() == a.back() + b.back();
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dpk;
    using namespace dpk::runtime;
    const int runs = argc > 1 ? std::atoi(argv[1]) : 50;
    const std::size_t n = argc > 2 ? std::strtoull(argv[2], nullptr, 0) : std::size_t{1} << 24;
    if (runs < 1 || n < 1) {
        std::fprintf(stderr, "usage: bench_vecadd [RUNS] [N]\n");
        return 2;
    }

    // dpk's kernel: compiled once (the SPIR-V does not depend on the device).
    KernelImage image;
    try {
        image = bench::compile_dpk(DPK_SOURCE_DIR "/examples/vecadd/vecadd.dpk", "vecadd",
                                   "void(f32[::1], f32[::1], f32[::1])");
    } catch (const dpk::error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }

    std::vector<float> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i % 1000) * 0.5f;
        b[i] = static_cast<float>(i % 777) - 3.0f;
    }

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
            Queue q(dev);  // profiling on
            LoadedKernel k(dev, image);
            UsmArray da = UsmArray::from_host<float>(q, a);
            UsmArray db = UsmArray::from_host<float>(q, b);
            UsmArray dc = UsmArray::zeros(q, DType::F32, {static_cast<std::int64_t>(n)});
            RawOpenClVecadd opencl_c(raw, a, b);

            // Warm-up: PoCL compiles the work-group function at the first launch.
            for (int i = 0; i < 2; ++i) {
                launch(q, k, Range(n), {da, db, dc}).wait();
                opencl_c.run();
            }
            std::vector<double> dpk_us, cl_us;
            for (int i = 0; i < runs; ++i) {  // alternate, so drift hits both alike
                Event e = launch(q, k, Range(n), {da, db, dc});
                dpk_us.push_back(static_cast<double>(e.duration_ns()) / 1000.0);
                cl_us.push_back(opencl_c.run());
            }
            bool ok = matches(dc.to_vector<float>(), a, b) && matches(opencl_c.result(), a, b);
            double dm = bench::median(dpk_us), cm = bench::median(cl_us);
            std::printf(
                "vecadd n=%zu device=%s (%s, %s) dpk_median_us=%.1f opencl_c_median_us=%.1f "
                "ratio=%.3f (goal <= 1.0) runs=%d dpk_min_us=%.1f opencl_c_min_us=%.1f "
                "simd_multiple dpk=%llu opencl_c=%zu%s\n",
                n, dev.filter_string().c_str(), dev.info().platform_name.c_str(),
                std::string(spirv_ingest_name(dev.info().spirv)).c_str(), dm, cm, dm / cm, runs,
                bench::minimum(dpk_us), bench::minimum(cl_us),
                static_cast<unsigned long long>(k.attributes().preferred_work_group_size_multiple),
                opencl_c.preferred_multiple(raw), ok ? "" : " RESULTS WRONG");
            std::fflush(stdout);
            if (!ok) return 1;
            ++measured;
        } catch (const dpk::error& e) {
            std::printf("vecadd device=%s failed: %s\n", dev.filter_string().c_str(), e.what());
            return 1;
        }
    }
    if (measured == 0) std::printf("vecadd: SKIPPED, no OpenCL device takes SPIR-V\n");
    return 0;
}
