#include "backends/cuda/cuda_program.h"

#include <cstring>

#include "backends/cuda/cuda_binary.h"
#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_kernel.h"
#include "dpk/core/error.h"

namespace dpk::backends::cuda {

namespace {

constexpr unsigned kLogBytes = 64 * 1024;

void* option_value(std::uintptr_t v) {
    return reinterpret_cast<void*>(v);
}

std::string trimmed(const std::vector<char>& buffer) {
    std::string s(buffer.data(), ::strnlen(buffer.data(), buffer.size()));
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

/// The driver's JIT compiles the PTX as one whole program (cuModuleLoadDataEx), as ptxas does
/// for nvcc: a cuLink* build would compile it as relocatable device code, where the placement
/// and alignment of shared arrays are unknown (no 128-bit shared loads: the tiled matmul ran
/// 1.25x nvcc's time) and no code is shared across functions. The machine code is the driver's;
/// its JIT cache (CUDA_CACHE_PATH, ~/.nv/ComputeCache) keeps it between processes. Throws
/// BuildError with the JIT's log when the driver rejects the PTX.
std::shared_ptr<CudaModule> load_ptx(CudaContext& context, const std::string& ptx,
                                     std::string& log, const char* what) {
    const DriverApi& cu = context.api();
    std::vector<char> info(kLogBytes, '\0'), error(kLogBytes, '\0');
    CUjit_option options[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                              CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                              CU_JIT_LOG_VERBOSE};
    void* values[] = {info.data(), option_value(kLogBytes), error.data(), option_value(kLogBytes),
                      option_value(1)};
    context.make_current_verified();
    CUmodule module = nullptr;
    const CUresult r = cu.cuModuleLoadDataEx(&module, ptx.c_str(),
                                             sizeof options / sizeof options[0], options, values);
    const std::string errors = trimmed(error), infos = trimmed(info);
    log = errors + (errors.empty() || infos.empty() ? "" : "\n") + infos;
    if (r != CUDA_SUCCESS) {
        const PtxTarget& t = context.ptx_target();
        throw BuildError("building " + std::string(what) + " for device '" +
                             context.device_info().name + "' (CUDA, sm_" + std::to_string(t.sm) +
                             ", PTX ISA " + std::to_string(t.ptx_major) + "." +
                             std::to_string(t.ptx_minor) +
                             "): the driver rejected the PTX: cuModuleLoadDataEx failed with " +
                             cu_result_text(r),
                         log);
    }
    try {
        return std::make_shared<CudaModule>(context.shared_from_this(), module);
    } catch (...) {
        cu.cuModuleUnload(module);
        throw;
    }
}

}  // namespace

CudaModule::CudaModule(std::shared_ptr<CudaContext> c, CUmodule m)
    : context(std::move(c)), module(m) {}

CudaModule::~CudaModule() {
    context->try_make_current();
    context->api().cuModuleUnload(module);
}

CudaProgram::CudaProgram(std::shared_ptr<CudaModule> module, std::vector<PtxKernel> kernels,
                         std::string ptx, std::string log)
    : module_(std::move(module)),
      kernels_(std::move(kernels)),
      ptx_(std::move(ptx)),
      log_(std::move(log)) {}

std::unique_ptr<Kernel> CudaProgram::create_kernel(const std::string& name) {
    const PtxKernel* entry = nullptr;
    for (const PtxKernel& k : kernels_)
        if (k.name == name) entry = &k;
    if (!entry) throw BuildError("the module has no kernel '" + name + "'", log_);
    CudaContext& context = *module_->context;
    context.make_current_verified();
    CUfunction f = nullptr;
    CUresult r = context.api().cuModuleGetFunction(&f, module_->module, name.c_str());
    if (r != CUDA_SUCCESS)
        throw BuildError("the module has no kernel '" + name +
                             "' (cuModuleGetFunction: " + cu_result_text(r) + ")",
                         log_);
    return std::make_unique<CudaKernel>(module_, f, *entry);
}

std::vector<std::uint8_t> CudaProgram::binary() const {
    return encode_binary(kernels_, ptx_);
}

std::unique_ptr<Program> build_ptx_program(CudaContext& context, PtxModule module,
                                           const std::string& /*build_options*/) {
    std::string log;
    auto loaded = load_ptx(context, module.text, log, "the kernel");
    return std::make_unique<CudaProgram>(std::move(loaded), std::move(module.kernels),
                                         std::move(module.text), std::move(log));
}

std::unique_ptr<Program> load_program_binary(CudaContext& context,
                                             std::span<const std::uint8_t> binary,
                                             const std::string& /*build_options*/) {
    CudaBinary b = decode_binary(binary);
    std::string log;
    auto loaded = load_ptx(context, b.ptx, log, "a cached program");
    return std::make_unique<CudaProgram>(std::move(loaded), std::move(b.kernels),
                                         std::move(b.ptx), std::move(log));
}

}  // namespace dpk::backends::cuda
