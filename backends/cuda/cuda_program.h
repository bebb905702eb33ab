// CUDA programs: PTX (from dpk's translator, or given directly) compiled by the driver's JIT as
// one whole program and loaded as a CUmodule.
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

/// A program: the module, its kernel table (parameter kinds and sizes), its PTX and the log.
class CudaProgram final : public Program {
public:
    CudaProgram(std::shared_ptr<CudaModule> module, std::vector<PtxKernel> kernels,
                std::string ptx, std::string log);

    /// Throws BuildError when the module has no such kernel.
    std::unique_ptr<Kernel> create_kernel(const std::string& name) override;
    std::string build_log() const override { return log_; }
    SpirvIngest ingest() const override { return SpirvIngest::Translated; }
    /// The PTX behind dpk's kernel-table header (cuda_binary.h): what the program is rebuilt
    /// from (the driver's JIT cache keeps the machine code).
    std::vector<std::uint8_t> binary() const override;

private:
    std::shared_ptr<CudaModule> module_;
    std::vector<PtxKernel> kernels_;
    std::string ptx_;
    std::string log_;
};

/// Compiles and loads `module.text` with the driver's JIT as one whole program
/// (cuModuleLoadDataEx, verbose info and error logs). Throws BuildError with the JIT's log when
/// the driver rejects the PTX. Also the way tests load hand-written PTX.
std::unique_ptr<Program> build_ptx_program(CudaContext& context, PtxModule module,
                                           const std::string& build_options);

/// Loads what CudaProgram::binary() returned; BuildError for a malformed header or when the
/// driver rejects the PTX (a device or driver older than the one that built it).
std::unique_ptr<Program> load_program_binary(CudaContext& context,
                                             std::span<const std::uint8_t> binary,
                                             const std::string& build_options);

}  // namespace dpk::backends::cuda
