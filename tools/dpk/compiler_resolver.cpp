// The seam between `dpk run` and the compiler: parses FILE with its imports, finds KERNEL, reads
// its declared parameter types and compiles it for a signature (compiler/program.h) with the
// run's compile flags.
#include <memory>
#include <string>

#include "compiler/parse/signature_parser.h"
#include "compiler/program.h"
#include "jit/device_target.h"
#include "runtime/error.h"
#include "tools/dpk/run_command.h"

namespace dpk::tools {

namespace {

/// The program must stay alive for as long as `dpk run` may specialize its kernel; its
/// diagnostics object must outlive it (Program keeps a reference).
struct CompilerSession {
    compiler::source::Diagnostics diags;
    std::unique_ptr<compiler::Program> program;
};

/// A program that does not compile: the rendered diagnostics are the message.
[[noreturn]] void throw_compile_error(const std::string& what,
                                      const compiler::source::Diagnostics& diags) {
    std::string rendered = diags.render();
    if (!rendered.empty() && rendered.back() == '\n') rendered.pop_back();
    throw error(what + (rendered.empty() ? std::string() : ":\n" + rendered));
}

}  // namespace

KernelResolver compiler_resolver() {
    return [](const std::string& file, const std::string& kernel,
              const CompileFlags& flags) -> KernelSource {
        compiler::CompileOptions options;
        options.fp_contract = flags.fp_contract;
        auto session = std::make_shared<CompilerSession>();
        session->program = compiler::Program::from_file(file, session->diags, options);
        if (!session->program) throw_compile_error("cannot compile " + file, session->diags);
        const compiler::ast::Function* fn = session->program->find_kernel(kernel);
        if (!fn) {
            std::string names;
            for (const auto* k : session->program->kernels())
                names += (names.empty() ? "" : ", ") + k->name;
            throw InvalidArgumentError(file + " has no kernel '" + kernel +
                                       "' (kernels: " + (names.empty() ? "none" : names) + ")");
        }

        KernelSource source;
        for (const auto& p : fn->params) {
            source.param_names.push_back(p.var.name);
            std::optional<ParamType> declared;
            if (p.var.type) {
                declared = compiler::parse::param_type_from_annotation(*p.var.type, fn->file,
                                                                       session->diags);
                if (!declared)
                    throw_compile_error("kernel '" + kernel + "' in " + file, session->diags);
            }
            source.declared.push_back(std::move(declared));
        }
        source.parse_signature = [session](const std::string& text) -> Signature {
            session->diags.clear();
            std::optional<Signature> sig = session->program->parse_signature(text);
            if (!sig) {
                std::string rendered = session->diags.render();
                if (!rendered.empty() && rendered.back() == '\n') rendered.pop_back();
                throw InvalidArgumentError("-s '" + text + "' is not a signature:\n" + rendered);
            }
            return *sig;
        };
        source.specialize = [session, fn, kernel, file](
                                const Signature& sig,
                                const runtime::Device& device) -> KernelImage {
            session->diags.clear();
            // For the device's own features: fp16, sub-groups, ... where it has them.
            std::optional<compiler::CompiledKernel> compiled =
                session->program->compile(*fn, sig, jit::device_target(device));
            if (!compiled)
                throw_compile_error(
                    "kernel '" + kernel + "' of " + file + " does not compile for " + sig.pretty(),
                    session->diags);
            compiled->image.param_names = compiled->param_names;
            return std::move(compiled->image);
        };
        return source;
    };
}

}  // namespace dpk::tools
