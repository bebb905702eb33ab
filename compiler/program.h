// The compiler's front door: a program (a .dpk file or a string) with its imports, compiled to
// validated SPIR-V kernel images one specialization at a time.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/ast/ast.h"
#include "compiler/program_sources.h"
#include "compiler/source/diagnostics.h"
#include "compiler/spirv/target_profile.h"
#include "dpk/core/kernel_abi.h"

namespace dpk::compiler {

namespace sema {
class ProgramChecker;
}

/// How a program is compiled.
struct CompileOptions {
    /// SPIR-V version word (0x00010000 is SPIR-V 1.0).
    std::uint32_t spirv_version = 0x00010000;
    /// Folder that holds `import std.NAME;` modules; empty means dpk's own stdlib (installed or
    /// in the source tree; $DPK_STDLIB_PATH when set): see compiler::stdlib_dir().
    /// Program::from_sources takes the folder its sources were read with instead.
    std::filesystem::path stdlib_dir;
    /// Contract `a * b + c` (and `- c`, `c -`, `+=`, `-=`) into one multiply-add that the driver
    /// may fuse, as OpenCL C does by default (see spirv::EmitOptions::fp_contract). The language
    /// default; off rounds every operation on its own.
    bool fp_contract = true;
    /// Report warnings (an integer quotient converted to a float implicitly, ...) as errors,
    /// so a program that warns does not compile (`dpkc -Werror`).
    bool warnings_as_errors = false;
    /// Check every array index against the array's shape (spirv::EmitOptions::check_bounds).
    bool check_bounds = false;
    /// Compile `assert(cond, message)` (spirv::EmitOptions::asserts); off: asserts emit nothing.
    bool asserts = true;

    /// The options that change the emitted code, as text ("spirv 0x00010000 fp_contract"): part
    /// of every cache key for compiled kernels, with "werror" when warnings are errors (they
    /// decide whether a kernel compiles), "check_bounds" for bounds-checked kernels and
    /// "no_asserts" when asserts are compiled out. `stdlib_dir` is not in it (what the imports
    /// contain is keyed by the sources).
    std::string codegen_key() const;
    /// What kernels are compiled for: the capabilities and device features (fp16, sub-groups,
    /// ...) they may use. The default is dpkc's: OpenCL with fp64 and 64-bit atomics, without
    /// fp16 and sub-groups. The JIT compiles for each device's own (Program::compile's `target`).
    spirv::TargetProfile target = spirv::TargetProfile::opencl();
};

/// A parsed and checked program. Diagnostics go to the Diagnostics object given at creation,
/// which must outlive the Program.
class Program {
public:
    /// Parses and checks a .dpk file and its imports. Returns null (with diagnostics) on errors.
    static std::unique_ptr<Program> from_file(const std::filesystem::path& path,
                                              source::Diagnostics& diags,
                                              CompileOptions options = {});
    /// Same for program text embedded in C++; `name` is used in diagnostics.
    static std::unique_ptr<Program> from_string(std::string name, std::string text,
                                                source::Diagnostics& diags,
                                                CompileOptions options = {});
    /// Same for sources read beforehand (ProgramSources::read_imports): the texts compiled are
    /// those of `sources`, never read again, so a key hashed from them describes this program.
    /// An import that the sources did not read is an internal error.
    static std::unique_ptr<Program> from_sources(std::shared_ptr<ProgramSources> sources,
                                                 source::Diagnostics& diags,
                                                 CompileOptions options = {});
    ~Program();

    /// Kernels of the main module, in source order.
    std::vector<const ast::Function*> kernels() const;
    const ast::Function* find_kernel(std::string_view name) const;

    /// Specializes `kernel` for `signature` (or as annotated when absent) and emits validated
    /// SPIR-V. Returns nullopt with diagnostics on any error; a failed compilation does not
    /// affect later ones.
    std::optional<KernelImage> compile(const ast::Function& kernel,
                                       const std::optional<Signature>& signature);
    /// Same for `target` instead of CompileOptions::target (one program, several devices).
    std::optional<KernelImage> compile(const ast::Function& kernel,
                                       const std::optional<Signature>& signature,
                                       const spirv::TargetProfile& target);
    /// The signature for arguments some of which are untyped numbers (sema::ProgramChecker::
    /// infer_number_types): `untyped[i]` set means parameter i is an untyped integer (false) or
    /// float (true) typed by its uses. Nullopt with diagnostics when the uses disagree.
    std::optional<Signature> infer_number_types(const ast::Function& kernel,
                                                const Signature& partial,
                                                const std::vector<std::optional<bool>>& untyped);
    /// Types every kernel of the main module whose parameters are all annotated (it needs no
    /// signature), as `compile` would, without emitting anything. False with diagnostics on any
    /// error. Generic kernels and the device functions only they call are typed when a signature
    /// is known.
    bool check_annotated_kernels();

    /// sema::ProgramChecker::integer_constant: the main module's integer `const name`.
    std::optional<std::int64_t> integer_constant(std::string_view name);

    /// Parses a signature string (`void(f32, f32[::1])` or the usm_ndarray form).
    std::optional<Signature> parse_signature(std::string_view text);

    source::Diagnostics& diagnostics() { return diags_; }

private:
    Program(source::Diagnostics& diags, CompileOptions options);
    bool load();
    bool load_imports(ast::Module& module, const std::filesystem::path& dir, int depth);

    source::Diagnostics& diags_;
    CompileOptions options_;
    std::shared_ptr<ProgramSources> sources_;
    std::vector<std::unique_ptr<source::SourceFile>> files_;
    std::vector<std::unique_ptr<ast::Module>> modules_;  // main module first
    /// Every module loaded, by its file's canonical path (the main module only when it was read
    /// from a file): an import of a loaded file links to the module already there.
    std::vector<std::pair<std::filesystem::path, const ast::Module*>> loaded_;
    std::unique_ptr<sema::ProgramChecker> checker_;
};

}  // namespace dpk::compiler
