// Kernel speed: device time of vecadd on 2^24 f32 elements through dpk (examples/vecadd compiled
// by our compiler, launched by the runtime) next to the same kernel written in OpenCL C, built
// from source by the same driver and launched with the raw OpenCL API on a raw queue. Both run
// alternately N times; the medians of the profiling-event times are printed side by side, one
// line per device, with the ratio (goal: dpk no slower, ratio <= 1.0).
//
// usage: bench_vecadd [RUNS] [N]   (defaults: 50 runs, n = 2^24)
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compiler/program.h"
#include "runtime/error.h"
#include "runtime/launch.h"

namespace {

const char* const kOpenClSource = R"CLC(
__kernel void vecadd(__global const float* a, __global const float* b, __global float* c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
)CLC";

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    std::size_t m = v.size();
    return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

void cl_check(cl_int err, const char* call) {
    if (err != CL_SUCCESS)
        throw dpk::error(std::string(call) + " failed with " + std::to_string(err));
}

std::string cl_string(cl_device_id d, cl_device_info what) {
    std::size_t size = 0;
    clGetDeviceInfo(d, what, 0, nullptr, &size);
    std::string s(size, '\0');
    clGetDeviceInfo(d, what, size, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

std::string cl_platform_name(cl_platform_id p) {
    std::size_t size = 0;
    clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, nullptr, &size);
    std::string s(size, '\0');
    clGetPlatformInfo(p, CL_PLATFORM_NAME, size, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

/// The raw OpenCL device that is the same as a dpk device (same platform and device name).
cl_device_id find_cl_device(const dpk::runtime::Device& dev) {
    cl_uint np = 0;
    clGetPlatformIDs(0, nullptr, &np);
    std::vector<cl_platform_id> platforms(np);
    clGetPlatformIDs(np, platforms.data(), nullptr);
    for (cl_platform_id p : platforms) {
        if (cl_platform_name(p) != dev.info().platform_name) continue;
        cl_uint nd = 0;
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS) continue;
        std::vector<cl_device_id> devices(nd);
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, devices.data(), nullptr);
        for (cl_device_id d : devices)
            if (cl_string(d, CL_DEVICE_NAME) == dev.name()) return d;
    }
    return nullptr;
}

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
        const char* source = kOpenClSource;
        program_ = clCreateProgramWithSource(context_, 1, &source, nullptr, &err);
        cl_check(err, "clCreateProgramWithSource");
        err = clBuildProgram(program_, 1, &device, "", nullptr, nullptr);
        if (err != CL_SUCCESS) {
            std::size_t size = 0;
            clGetProgramBuildInfo(program_, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
            std::string log(size, '\0');
            clGetProgramBuildInfo(program_, device, CL_PROGRAM_BUILD_LOG, size, log.data(),
                                  nullptr);
            throw dpk::error("clBuildProgram failed: " + log);
        }
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
    compiler::source::Diagnostics diags;
    auto program =
        compiler::Program::from_file(DPK_SOURCE_DIR "/examples/vecadd/vecadd.dpk", diags);
    std::optional<Signature> sig;
    std::optional<compiler::CompiledKernel> compiled;
    if (program) sig = program->parse_signature("void(f32[::1], f32[::1], f32[::1])");
    if (sig) compiled = program->compile(*program->find_kernel("vecadd"), sig);
    if (!compiled) {
        std::fprintf(stderr, "%s", diags.render().c_str());
        return 1;
    }

    std::vector<float> a(n), b(n);
    for (std::size_t i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i % 1000) * 0.5f;
        b[i] = static_cast<float>(i % 777) - 3.0f;
    }

    int measured = 0;
    for (const Device& dev : all_devices()) {
        if (!dev.takes_spirv() || dev.backend() != backends::Api::OpenCL) continue;
        cl_device_id raw = find_cl_device(dev);
        if (!raw) {
            std::printf("vecadd device=%s skipped: no raw OpenCL device of that name\n",
                        dev.filter_string().c_str());
            continue;
        }
        try {
            Queue q(dev);  // profiling on
            LoadedKernel k(dev, compiled->image);
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
            double dm = median(dpk_us), cm = median(cl_us);
            std::printf(
                "vecadd n=%zu device=%s (%s, %s) dpk_median_us=%.1f opencl_c_median_us=%.1f "
                "ratio=%.3f (goal <= 1.0) runs=%d dpk_min_us=%.1f opencl_c_min_us=%.1f "
                "simd_multiple dpk=%llu opencl_c=%zu%s\n",
                n, dev.filter_string().c_str(), dev.info().platform_name.c_str(),
                std::string(backends::spirv_ingest_name(dev.info().spirv)).c_str(), dm, cm, dm / cm,
                runs, *std::min_element(dpk_us.begin(), dpk_us.end()),
                *std::min_element(cl_us.begin(), cl_us.end()),
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
