// CUDA programs: PTX (from dpk's translator, or given directly) linked by the driver's JIT into
// a cubin and loaded as a CUmodule.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "backends/cuda/cuda_driver_api.h"
#include "backends/cuda/ptx/ptx_translator.h"

namespace dpk::backends::cuda {

class CudaContext;

/// A loaded CUmodule, shared by its program and kernels (a kernel keeps its module loaded).
struct CudaModule {
    CudaModule(std::shared_ptr<CudaContext> context, CUmodule module);
    ~CudaModule();
    CudaModule(const CudaModule&) = delete;
    CudaModule& operator=(const CudaModule&) = delete;

    std::shared_ptr<CudaContext> context;
    CUmodule module;
};

/// A program: the module, its kernel table (parameter kinds and sizes), the cubin and the log.
class CudaProgram final : public Program {
public:
    CudaProgram(std::shared_ptr<CudaModule> module, std::vector<PtxKernel> kernels,
                std::vector<std::uint8_t> cubin, std::string log);

    /// Throws BuildError when the module has no such kernel.
    std::unique_ptr<Kernel> create_kernel(const std::string& name) override;
    std::string build_log() const override { return log_; }
    SpirvIngest ingest() const override { return SpirvIngest::Translated; }
    /// The cubin behind dpk's kernel-table header (cuda_binary.h).
    std::vector<std::uint8_t> binary() const override;

private:
    std::shared_ptr<CudaModule> module_;
    std::vector<PtxKernel> kernels_;
    std::vector<std::uint8_t> cubin_;
    std::string log_;
};

/// Links `module.text` with the driver's JIT (cuLinkCreate / cuLinkAddData(PTX) /
/// cuLinkComplete, verbose info and error logs) and loads the cubin. Throws BuildError with the
/// JIT's log when the driver rejects the PTX. Also the way tests load hand-written PTX.
std::unique_ptr<Program> build_ptx_program(CudaContext& context, PtxModule module,
                                           const std::string& build_options);

/// Loads what CudaProgram::binary() returned; BuildError for a malformed header or when the
/// driver rejects the cubin (another device or driver).
std::unique_ptr<Program> load_program_binary(CudaContext& context,
                                             std::span<const std::uint8_t> binary,
                                             const std::string& build_options);

}  // namespace dpk::backends::cuda
