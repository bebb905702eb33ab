#include "bench/support/cuda_c_kernel.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_queue.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"

namespace dpk::bench {

namespace {

using namespace backends::cuda;

void cu_check(CUresult r, const char* call) {
    if (r != CUDA_SUCCESS)
        throw dpk::error(std::string(call) + " failed with " + backends::cuda::cu_result_text(r));
}

}  // namespace

using backends::cuda::CUDA_SUCCESS;

CudaTimer::CudaTimer(const runtime::Queue& queue) {
    context_ = dynamic_cast<backends::cuda::CudaContext*>(
        runtime::detail::context_of(queue.device()).get());
    auto* raw_queue = dynamic_cast<backends::cuda::CudaQueue*>(&runtime::detail::backend_of(queue));
    if (!context_ || !raw_queue)
        throw dpk::error("CUDA C kernels need a CUDA device, not " +
                         queue.device().filter_string());
    stream_ = raw_queue->handle();
    context_->make_current_verified();
    cu_check(context_->api().cuEventCreate(&begin_, CU_EVENT_DEFAULT), "cuEventCreate");
    cu_check(context_->api().cuEventCreate(&end_, CU_EVENT_DEFAULT), "cuEventCreate");
}

CudaTimer::~CudaTimer() {
    context_->try_make_current();
    context_->api().cuEventDestroy_v2(begin_);
    context_->api().cuEventDestroy_v2(end_);
}

void CudaTimer::start() {
    context_->make_current();
    cu_check(context_->api().cuEventRecord(begin_, stream_), "cuEventRecord");
}

double CudaTimer::stop_us() {
    const backends::cuda::DriverApi& cu = context_->api();
    cu_check(cu.cuEventRecord(end_, stream_), "cuEventRecord");
    cu_check(cu.cuEventSynchronize(end_), "cuEventSynchronize");
    float ms = 0;
    cu_check(cu.cuEventElapsedTime(&ms, begin_, end_), "cuEventElapsedTime");
    return static_cast<double>(ms) * 1000.0;
}

CudaCKernel::CudaCKernel(const runtime::Queue& queue, const std::string& fatbin_path,
                         const std::string& name)
    : timer_(queue) {
    std::ifstream in(fatbin_path, std::ios::binary);
    if (!in) throw dpk::error("cannot read the CUDA C kernels " + fatbin_path);
    const std::vector<char> image((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    const backends::cuda::DriverApi& cu = timer_.context().api();
    timer_.context().make_current_verified();
    cu_check(cu.cuModuleLoadData(&module_, image.data()), "cuModuleLoadData");
    cu_check(cu.cuModuleGetFunction(&function_, module_, name.c_str()), "cuModuleGetFunction");
}

CudaCKernel::~CudaCKernel() {
    timer_.context().try_make_current();
    timer_.context().api().cuModuleUnload(module_);
}

int CudaCKernel::registers() const {
    int n = 0;
    timer_.context().api().cuFuncGetAttribute(&n, backends::cuda::CU_FUNC_ATTRIBUTE_NUM_REGS,
                                              function_);
    return n;
}

double CudaCKernel::launch_us(const KernelAbi& abi, std::span<const runtime::KernelArg> args,
                              const runtime::Range& global, const runtime::Range& local) {
    using Kind = AbiArg::Kind;
    if (abi.checks_bounds())
        throw InvalidArgumentError("a bounds-checked kernel launches through dpk, not this path");
    // Each parameter's bytes in an 8-byte slot (every ABI value is at most 8 bytes).
    std::vector<std::uint64_t> slots;
    slots.reserve(abi.args.size());
    std::size_t shared_bytes = 0;
    for (const AbiArg& a : abi.args) {
        const runtime::KernelArg& arg = args[a.param];
        std::uint64_t slot = 0;
        switch (a.kind) {
            case Kind::GlobalPointer: {
                void* p = arg.array().data();
                std::memcpy(&slot, &p, sizeof p);
                break;
            }
            case Kind::LocalPointer:
                shared_bytes += arg.local().count * dtype_size(arg.local().dtype);
                continue;
            case Kind::Scalar: std::memcpy(&slot, arg.scalar().data(), arg.scalar().size()); break;
            case Kind::Shape:
                slot = static_cast<std::uint64_t>(arg.array().shape().at(a.dim));
                break;
            case Kind::Stride:
                slot = static_cast<std::uint64_t>(arg.array().strides().at(a.dim));
                break;
            case Kind::LocalLength: slot = arg.local().count; break;
            case Kind::BoundsRecord: continue;  // refused above
        }
        slots.push_back(slot);
    }
    std::vector<void*> params;
    for (std::uint64_t& s : slots) params.push_back(&s);
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    for (std::size_t d = 0; d < global.dims(); ++d) {
        block[d] = static_cast<unsigned>(local.extents()[d]);
        grid[d] = static_cast<unsigned>(global.extents()[d] / local.extents()[d]);
    }
    timer_.start();
    cu_check(timer_.context().api().cuLaunchKernel(
                 function_, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                 static_cast<unsigned>(shared_bytes), timer_.stream(), params.data(), nullptr),
             "cuLaunchKernel");
    return timer_.stop_us();
}

}  // namespace dpk::bench
