// The SPIR 1.2 translator, a plugin loaded only when a device needs it (see
// spir_translator_abi.h): SPIR-V -> SPIR 1.2 bitcode with LLVMSPIRVLib 15, adjusted for PoCL.
// Keeping LLVM here keeps it out of every process that never translates.
#include <LLVMSPIRVLib.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/LoopRotation.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <memory>
#include <mutex>
#include <sstream>
#include <vector>

#include "backends/backend.h"
#include "backends/opencl/spir_translator_abi.h"

namespace dpk::backends::opencl {

namespace {

/// Why a translation failed: a headline and the translator's or verifier's text.
struct TranslationFailure {
    std::string title;
    std::string detail;
};

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

/// OpMemoryBarrier becomes the OpenCL 1.2 builtin `mem_fence(flags)` (and its read_/write_
/// forms), which PoCL 3.1's kernel library does not define (it has `_cl_mem_fence`): the build
/// fails with "Cannot find symbol _Z9mem_fencej in kernel library". Each call is replaced by an
/// LLVM `fence seq_cst`, a full fence, which orders at least what the builtin orders.
void lower_mem_fences(llvm::Module& m) {
    for (const char* name : {"_Z9mem_fencej", "_Z14read_mem_fencej", "_Z15write_mem_fencej"}) {
        llvm::Function* f = m.getFunction(name);
        if (!f) continue;
        std::vector<llvm::CallInst*> calls;
        for (llvm::User* u : f->users())
            if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) calls.push_back(call);
        for (llvm::CallInst* call : calls) {
            new llvm::FenceInst(m.getContext(), llvm::AtomicOrdering::SequentiallyConsistent,
                                llvm::SyncScope::System, call);
            call->eraseFromParent();
        }
        if (f->use_empty()) f->eraseFromParent();
    }
}

/// OpenCL's mad(a, b, c) is "a correctly rounded fma or a multiply and an add, each correctly
/// rounded": exactly LLVM's llvm.fmuladd, which is what clang emits for a contracted `a * b + c`
/// in OpenCL C. As a call into PoCL's kernel library the product and sum stay opaque to the
/// vectorizer until late (tiled matmul 256x256: 9% slower than with the intrinsic).
void lower_mad_to_fmuladd(llvm::Module& m) {
    for (const char* name : {"_Z3madfff", "_Z3madddd"}) {
        llvm::Function* f = m.getFunction(name);
        if (!f) continue;
        std::vector<llvm::CallInst*> calls;
        for (llvm::User* u : f->users())
            if (auto* call = llvm::dyn_cast<llvm::CallInst>(u); call && call->arg_size() == 3)
                calls.push_back(call);
        for (llvm::CallInst* call : calls) {
            llvm::IRBuilder<> b(call);
            llvm::Value* fused = b.CreateIntrinsic(
                llvm::Intrinsic::fmuladd, {call->getType()},
                {call->getArgOperand(0), call->getArgOperand(1), call->getArgOperand(2)});
            call->replaceAllUsesWith(fused);
            call->eraseFromParent();
        }
        if (f->use_empty()) f->eraseFromParent();
    }
}

/// True when loop metadata already says how to unroll (llvm.loop.unroll.*).
bool has_unroll_directive(const llvm::MDNode* loop_id) {
    if (!loop_id) return false;
    for (const llvm::MDOperand& op : loop_id->operands()) {
        const auto* node = llvm::dyn_cast_or_null<llvm::MDNode>(op.get());
        if (!node || node->getNumOperands() == 0) continue;
        const auto* name = llvm::dyn_cast_or_null<llvm::MDString>(node->getOperand(0).get());
        if (name && name->getString().startswith("llvm.loop.unroll.")) return true;
    }
    return false;
}

/// PoCL compiles OpenCL C source with loop unrolling off (clang's CodeGenOptions::UnrollLoops =
/// false, which puts llvm.loop.unroll.disable on every loop) and builds its loops over work items
/// around the code as it finds it; a SPIR module reaches those passes as it is, so its loops would
/// be unrolled first and the work-item loops vectorized worse (tiled matmul, TILE 16, 256x256 on
/// PoCL 3.1: 15.0 ms with the inner loop unrolled, 11.8 ms without; the OpenCL C source 10.4 ms).
/// Every loop without an unroll directive gets the same llvm.loop.unroll.disable PoCL's front end
/// would give it. Intel's IL path is untouched: it unrolls to its advantage.
void disable_loop_unrolling(llvm::Module& m) {
    llvm::LLVMContext& ctx = m.getContext();
    llvm::MDNode* disable =
        llvm::MDNode::get(ctx, llvm::MDString::get(ctx, "llvm.loop.unroll.disable"));
    for (llvm::Function& f : m) {
        if (f.isDeclaration()) continue;
        llvm::DominatorTree dom(f);
        llvm::LoopInfo loops(dom);
        for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
            llvm::MDNode* old_id = loop->getLoopID();
            if (has_unroll_directive(old_id)) continue;
            // A loop id is a distinct node whose first operand is itself.
            llvm::SmallVector<llvm::Metadata*, 4> ops{nullptr};
            if (old_id)
                for (unsigned i = 1; i < old_id->getNumOperands(); ++i)
                    ops.push_back(old_id->getOperand(i).get());
            ops.push_back(disable);
            llvm::MDNode* id = llvm::MDNode::getDistinct(ctx, ops);
            id->replaceOperandWith(0, id);
            loop->setLoopID(id);
        }
    }
}

/// Loops in the shape clang gives PoCL from OpenCL C source (promoted, simplified, rotated).
void canonicalize_loops(llvm::Module& m) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb;
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::FunctionPassManager fpm;
    fpm.addPass(llvm::PromotePass());
    fpm.addPass(llvm::SimplifyCFGPass());
    fpm.addPass(llvm::LoopSimplifyPass());
    fpm.addPass(llvm::createFunctionToLoopPassAdaptor(llvm::LoopRotatePass()));
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
    mpm.run(m, mam);
}

std::string translate(std::span<const std::uint32_t> spirv) {
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
        throw TranslationFailure{"LLVMSPIRVLib could not translate the SPIR-V to SPIR 1.2",
                                 message};
    std::unique_ptr<llvm::Module> module(raw);

    if (!module->getTargetTriple().starts_with("spir"))
        throw TranslationFailure{"SPIR-V translated to an unexpected target triple",
                                 module->getTargetTriple()};
    // Without this flag LLVM drops (and PoCL's log complains about) the translator's debug info.
    if (!module->getModuleFlag("Debug Info Version"))
        module->addModuleFlag(llvm::Module::Warning, "Debug Info Version",
                              llvm::DEBUG_METADATA_VERSION);
    lower_mem_fences(*module);
    lower_mad_to_fmuladd(*module);
    canonicalize_loops(*module);
    disable_loop_unrolling(*module);
    ensure_version_metadata(*module, "opencl.spir.version");
    ensure_version_metadata(*module, "opencl.ocl.version");

    std::string verify_log;
    llvm::raw_string_ostream verify_stream(verify_log);
    if (llvm::verifyModule(*module, &verify_stream))
        throw TranslationFailure{"LLVMSPIRVLib produced an invalid LLVM module",
                                 verify_stream.str()};

    std::string bitcode;
    llvm::raw_string_ostream out(bitcode);
    llvm::WriteBitcodeToFile(*module, out);
    out.flush();
    return bitcode;
}

}  // namespace
}  // namespace dpk::backends::opencl

extern "C" DPK_SPIR_EXPORT const char* dpk_spir_translator_revision() {
    return dpk::backends::opencl::kSpirTranslationRevision;
}

extern "C" DPK_SPIR_EXPORT int dpk_spir_translate(const std::uint32_t* words, std::size_t count,
                                                  const DpkSpirOutput* out) {
    try {
        std::string bitcode = dpk::backends::opencl::translate({words, count});
        out->bitcode(out->context, bitcode.data(), bitcode.size());
        return 1;
    } catch (const dpk::backends::opencl::TranslationFailure& f) {
        out->error(out->context, f.title.c_str(), f.detail.c_str());
    } catch (const std::exception& e) {
        out->error(out->context, "the SPIR 1.2 translation failed", e.what());
    }
    return 0;
}
