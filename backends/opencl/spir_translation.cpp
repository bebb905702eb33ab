#include "backends/opencl/spir_translation.h"

#include <LLVMSPIRVLib.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <mutex>
#include <sstream>

#include "runtime/error.h"

namespace dpk::backends::opencl {

namespace {

constexpr unsigned kSpirMajor = 1;
constexpr unsigned kSpirMinor = 2;

/// Sets `!name = !{!{i32 major, i32 minor}}` unless the translator already did.
void ensure_version_metadata(llvm::Module& m, const char* name) {
    if (m.getNamedMetadata(name)) return;
    llvm::LLVMContext& ctx = m.getContext();
    llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
    llvm::Metadata* version[] = {
        llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(i32, kSpirMajor)),
        llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(i32, kSpirMinor))};
    m.getOrInsertNamedMetadata(name)->addOperand(llvm::MDNode::get(ctx, version));
}

}  // namespace

std::string spirv_to_spir12_bitcode(std::span<const std::uint32_t> spirv) {
    // LLVMSPIRVLib keeps global state in places; one translation at a time.
    static std::mutex mutex;
    std::lock_guard lock(mutex);

    llvm::LLVMContext context;
    // LLVMSPIRVLib 15 aborts on opaque pointers; SPIR 1.2 consumers expect typed pointers anyway.
    context.setOpaquePointers(false);

    std::istringstream in(std::string(reinterpret_cast<const char*>(spirv.data()),
                                      spirv.size() * sizeof(std::uint32_t)));
    SPIRV::TranslatorOpts opts;
    // OpenCL 1.2 builtin names (_Z13get_global_idj, _Z7barrierj, ...): what SPIR 1.2 means.
    opts.setDesiredBIsRepresentation(SPIRV::BIsRepresentation::OpenCL12);
    opts.setGenKernelArgNameMDEnabled(true);

    llvm::Module* raw = nullptr;
    std::string message;
    if (!llvm::readSpirv(context, opts, in, raw, message))
        throw BuildError("LLVMSPIRVLib could not translate the SPIR-V to SPIR 1.2", message);
    std::unique_ptr<llvm::Module> module(raw);

    if (!module->getTargetTriple().starts_with("spir"))
        throw BuildError("SPIR-V translated to an unexpected target triple",
                         module->getTargetTriple());
    // Without this flag LLVM drops (and PoCL's log complains about) the translator's debug info.
    if (!module->getModuleFlag("Debug Info Version"))
        module->addModuleFlag(llvm::Module::Warning, "Debug Info Version",
                              llvm::DEBUG_METADATA_VERSION);
    ensure_version_metadata(*module, "opencl.spir.version");
    ensure_version_metadata(*module, "opencl.ocl.version");

    std::string verify_log;
    llvm::raw_string_ostream verify_stream(verify_log);
    if (llvm::verifyModule(*module, &verify_stream))
        throw BuildError("LLVMSPIRVLib produced an invalid LLVM module", verify_stream.str());

    std::string bitcode;
    llvm::raw_string_ostream out(bitcode);
    llvm::WriteBitcodeToFile(*module, out);
    out.flush();
    return bitcode;
}

}  // namespace dpk::backends::opencl
