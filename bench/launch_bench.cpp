// Launch overhead: host time per launch of a tiny kernel with 3 array arguments through dpk
// (signature dispatch + checked launch) next to the same driver kernel launched with the raw API
// on the same queue, asynchronous (many launches, one wait) and synchronous (launch + wait), on
// every OpenCL device that takes SPIR-V (clSetKernelArg* + clEnqueueNDRangeKernel) and every
// CUDA device (cuLaunchKernel on the queue's stream; cuStreamSynchronize for the synchronous
// path). Goal: within 1 us of raw.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <vector>

#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_event.h"
#include "backends/cuda/cuda_kernel.h"
#include "backends/cuda/cuda_queue.h"
#include "backends/opencl/cl_context.h"
#include "backends/opencl/cl_program.h"
#include "backends/opencl/cl_queue.h"
#include "dpk/dpk.h"
#include "runtime/backend_access.h"
#include "runtime/loaded_kernel_state.h"

namespace {

using Clock = std::chrono::steady_clock;
constexpr const char* kSource = R"(
kernel vecadd(a, b, c) {
    let i = global_id(0);
    c[i] = a[i] + b[i];
}
)";

/// The raw OpenCL path for one LoadedKernel: its cl_kernel, queue and pointer setter.
struct RawLaunch {
    cl_kernel kernel;
    cl_command_queue queue;
    clSetKernelArgMemPointerINTEL_fn set_usm = nullptr;
    void* ptr[3];
    cl_long shape;
    std::size_t global;

    void set_args() const {
        for (cl_uint i = 0; i < 3; ++i) {
            cl_int e = set_usm ? set_usm(kernel, 2 * i, ptr[i])
                               : clSetKernelArgSVMPointer(kernel, 2 * i, ptr[i]);
            e |= clSetKernelArg(kernel, 2 * i + 1, sizeof shape, &shape);
            if (e != CL_SUCCESS) std::abort();
        }
    }
    cl_event enqueue() const {
        cl_event ev = nullptr;
        if (clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr, &ev) !=
            CL_SUCCESS)
            std::abort();
        return ev;
    }
};

using dpk::backends::cuda::CUDA_SUCCESS;
using dpk::backends::cuda::CUevent;
using dpk::backends::cuda::CUfunction;
using dpk::backends::cuda::CUstream;

/// The raw CUDA path for one LoadedKernel: its CUfunction, the queue's stream, the arguments.
struct RawCudaLaunch {
    const dpk::backends::cuda::DriverApi* cu;
    CUfunction function;
    CUstream stream;
    void* ptr[3];
    long long shape;
    unsigned block;

    void enqueue() {
        void* params[6] = {&ptr[0], &shape, &ptr[1], &shape, &ptr[2], &shape};
        if (cu->cuLaunchKernel(function, 1, 1, 1, block, 1, 1, 0, stream, params, nullptr) !=
            CUDA_SUCCESS)
            std::abort();
    }
    void finish() const {
        if (cu->cuStreamSynchronize(stream) != CUDA_SUCCESS) std::abort();
    }
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Host microseconds per launch call: `n` launches in batches of `batch`, each batch followed by
/// an untimed `finish()` so the queue never grows long. With `timed_finish` the wait is timed too.
template <typename Body, typename Finish>
double per_launch_us(int n, int batch, Body&& body, Finish&& finish, bool timed_finish = false) {
    Clock::duration total{};
    for (int done = 0; done < n; done += batch) {
        auto t0 = Clock::now();
        for (int i = 0; i < batch; ++i) body(i);
        if (timed_finish) finish();
        total += Clock::now() - t0;
        if (!timed_finish) finish();
    }
    return std::chrono::duration<double, std::micro>(total).count() / n;
}

/// Runs `samples` rounds in which every path takes one turn, in rotating order so that no path
/// always follows another; each turn returns its own measurement, appended to that path's list.
/// Drift and order effects of a shared, noisy machine then hit every path alike.
template <std::size_t N>
void interleave(int samples, const std::array<std::function<double()>, N>& turn,
                const std::array<std::vector<double>*, N>& out) {
    for (auto* v : out) v->reserve(v->size() + static_cast<std::size_t>(samples));
    for (int i = 0; i < samples; ++i)
        for (std::size_t k = 0; k < N; ++k) {
            const std::size_t p = (static_cast<std::size_t>(i) + k) % N;
            out[p]->push_back(turn[p]());
        }
}

}  // namespace

int main(int argc, char** argv) {
    const int launches = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
    using namespace dpk;
    const int sync_samples = 1500 * rounds;  // single synchronous launches per path
    ProgramOptions options;
    options.cache = std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
    std::printf(
        "# launch overhead, %d launches x %d rounds per async path (medians of interleaved "
        "batches of 500), %d single synchronous launches per path; vecadd of 64 f32, "
        "3 arrays (6 entry-point args), queue without profiling\n",
        launches, rounds, sync_samples);
    std::printf(
        "# anchors: numba-dpex 130-900 us/launch; numba-cuda ~5.5 us + 1.5 us/arg "
        "(~10 us for 3 args); goal: dpk within 1 us of the raw API\n");
    for (const Device& dev : all_devices()) {
        const bool cuda = dev.backend() == "cuda";
        if (!dev.takes_spirv() || (dev.backend() != "opencl" && !cuda)) continue;
        Program program = Program::from_string("launch_bench.dpk", kSource, options);
        Kernel vecadd = program.kernel("vecadd");
        CompiledKernel ck = vecadd.specialize("void(f32[::1], f32[::1], f32[::1])", dev);
        Queue q(dev, QueueOptions{false});
        const std::int64_t n = 64;
        auto a = UsmArray::zeros(q, DType::F32, {n});
        auto b = UsmArray::zeros(q, DType::F32, {n});
        auto c = UsmArray::zeros(q, DType::F32, {n});

        // The raw API's launch, launch + wait, and wait on a dpk launch's event.
        std::function<void(int)> raw_async_body, raw_sync_body, raw_wait_body;
        Event last_dpk;  // the event the raw wait waits on
        std::optional<RawLaunch> raw;
        std::optional<RawCudaLaunch> raw_cuda;
        if (cuda) {
            auto& context =
                dynamic_cast<backends::cuda::CudaContext&>(*runtime::detail::context_of(dev));
            raw_cuda.emplace(RawCudaLaunch{
                &context.api(),
                dynamic_cast<backends::cuda::CudaKernel&>(*ck.loaded().state().kernel).handle(),
                dynamic_cast<backends::cuda::CudaQueue&>(runtime::detail::backend_of(q)).handle(),
                {a.data(), b.data(), c.data()},
                n,
                static_cast<unsigned>(n)});
            context.make_current();
            raw_async_body = [&](int) { raw_cuda->enqueue(); };
            raw_sync_body = [&](int) {
                raw_cuda->enqueue();
                raw_cuda->finish();
            };
            raw_wait_body = [&](int) {
                CUevent h =
                    static_cast<backends::cuda::CudaEvent*>(runtime::detail::backend_of(last_dpk))
                        ->handle();
                if (raw_cuda->cu->cuEventSynchronize(h) != CUDA_SUCCESS) std::abort();
            };
        } else {
            auto& cl_context =
                dynamic_cast<backends::opencl::ClContext&>(*runtime::detail::context_of(dev));
            raw.emplace(RawLaunch{
                dynamic_cast<backends::opencl::ClKernel&>(*ck.loaded().state().kernel).handle(),
                dynamic_cast<backends::opencl::ClQueue&>(runtime::detail::backend_of(q)).handle(),
                cl_context.intel_usm() ? cl_context.intel_usm()->set_kernel_arg : nullptr,
                {a.data(), b.data(), c.data()},
                n,
                static_cast<std::size_t>(n)});
            raw_async_body = [&](int) {
                raw->set_args();
                clReleaseEvent(raw->enqueue());
            };
            raw_sync_body = [&](int) {
                raw->set_args();
                cl_event e = raw->enqueue();
                clWaitForEvents(1, &e);
                clReleaseEvent(e);
            };
            raw_wait_body = [&](int) {
                cl_event h =
                    static_cast<backends::opencl::ClEvent*>(runtime::detail::backend_of(last_dpk))
                        ->handle();
                clWaitForEvents(1, &h);
            };
        }
        const char* raw_name = cuda ? "raw_cuda_us" : "raw_opencl_us";

        const Range global(static_cast<std::size_t>(n));
        std::vector<double> raw_async, raw_sync, dpk_async, dpk_sync, direct_async, raw_batch,
            dpk_batch;
        auto dpk_async_body = [&](int) { vecadd.launch(q, global, {a, b, c}); };
        auto dpk_sync_body = [&](int) { vecadd.launch(q, global, {a, b, c}).wait(); };
        auto mixed_sync_body = [&](int) {  // dpk's launch, the raw API's wait on its event
            last_dpk = vecadd.launch(q, global, {a, b, c});
            raw_wait_body(0);
        };
        auto direct_async_body = [&](int) { ck.launch(q, global, {a, b, c}); };
        auto finish = [&] { q.wait(); };
        // Warm up every path (PoCL compiles the work-group function at the first run).
        per_launch_us(200, 100, raw_sync_body, finish);
        per_launch_us(200, 100, dpk_sync_body, finish);
        // Asynchronous: batches of kBatch launches, each followed by an untimed wait (or, for the
        // *_batch paths, a timed one), the five paths taking turns batch by batch.
        constexpr int kBatch = 500;
        auto batch = [&](auto& body, bool timed_finish) {
            return [&body, &finish, timed_finish] {
                return per_launch_us(kBatch, kBatch, body, finish, timed_finish);
            };
        };
        interleave<5>(rounds * std::max(1, launches / kBatch),
                      {batch(raw_async_body, false), batch(dpk_async_body, false),
                       batch(direct_async_body, false), batch(raw_async_body, true),
                       batch(dpk_async_body, true)},
                      {&raw_async, &dpk_async, &direct_async, &raw_batch, &dpk_batch});
        // Synchronous: the wait is the driver's completion latency (tens of µs on PoCL, where the
        // host thread and PoCL's workers share 2 cores), which swings by more than the overhead
        // measured. So the three paths take turns launch by launch, each launch + wait timed
        // alone, and the medians of thousands of single launches see through PoCL's spikes.
        std::vector<double> mixed_sync;
        auto single = [](auto& body) {
            return [&body] {
                auto t0 = Clock::now();
                body(0);
                return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
            };
        };
        interleave<3>(sync_samples,
                      {single(raw_sync_body), single(dpk_sync_body), single(mixed_sync_body)},
                      {&raw_sync, &dpk_sync, &mixed_sync});
        const double ra = median(raw_async), da = median(dpk_async), ca = median(direct_async);
        const double rb = median(raw_batch), db = median(dpk_batch);
        const double rs = median(raw_sync), ds = median(dpk_sync), dsd = ds - rs;
        auto verdict = [](double ours, double anchor) {
            return ours - anchor <= 1.0 ? "MET" : "MISSED";
        };
        std::printf(
            "launch_async device=%s dpk_us=%.2f %s=%.2f diff_us=%+.2f "
            "goal_diff<=1us %s (host time per launch call, median of %zu interleaved batches; "
            "CompiledKernel::launch %.2f us)\n",
            dev.filter_string().c_str(), da, raw_name, ra, da - ra, verdict(da, ra),
            raw_async.size(), ca);
        std::printf(
            "launch_async_with_wait device=%s dpk_us=%.2f %s=%.2f "
            "diff_us=%+.2f (batches of %d launches + one wait, per launch)\n",
            dev.filter_string().c_str(), db, raw_name, rb, db - rb, kBatch);
        std::printf(
            "launch_sync device=%s dpk_us=%.2f %s=%.2f diff_us=%+.2f "
            "goal_diff<=1us %s (launch + wait each; medians of %zu interleaved single launches)\n",
            dev.filter_string().c_str(), ds, raw_name, rs, dsd, dsd <= 1.0 ? "MET" : "MISSED",
            raw_sync.size());
        std::printf(
            "#   launch_sync device=%s dpk launch + the raw wait on its event: diff_us=%+.2f (the "
            "same "
            "launch as dpk's line, the raw API's wait: how far the completion latency alone "
            "moves)\n",
            dev.filter_string().c_str(), median(mixed_sync) - rs);
        std::printf("#   %s (%s): definitions=%zu compiles=%llu launches=%llu\n",
                    dev.filter_string().c_str(), dev.info().platform_name.c_str(),
                    vecadd.definitions().size(),
                    static_cast<unsigned long long>(vecadd.compile_count()),
                    static_cast<unsigned long long>(vecadd.launch_count()));
    }
    return 0;
}
