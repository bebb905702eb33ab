#include "compiler/program.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "compiler/parse/parser.h"
#include "compiler/parse/signature_parser.h"
#include "compiler/sema/sema.h"
#include "compiler/spirv/emitter.h"
#include "compiler/spirv/validator.h"
#include "dpk/core/error.h"
#include "dpk/core/file_io.h"

namespace dpk::compiler {

std::string CompileOptions::codegen_key() const {
    char version[16];
    std::snprintf(version, sizeof version, "0x%08x", static_cast<unsigned>(spirv_version));
    return std::string("spirv ") + version + (fp_contract ? " fp_contract" : " no_fp_contract") +
           (warnings_as_errors ? " werror" : "") + (check_bounds ? " check_bounds" : "") +
           (asserts ? "" : " no_asserts");
}

Program::Program(source::Diagnostics& diags, CompileOptions options)
    : diags_(diags), options_(std::move(options)) {
    diags_.set_warnings_as_errors(options_.warnings_as_errors);
}

Program::~Program() = default;

std::unique_ptr<Program> Program::from_file(const std::filesystem::path& path,
                                            source::Diagnostics& diags, CompileOptions options) {
    std::string text;
    try {
        text = read_file(path);
    } catch (const FileError& e) {
        diags.error(nullptr, {}, e.what());  // missing, a directory, unreadable: says which
        return nullptr;
    }
    auto sources = std::make_shared<ProgramSources>(path.string(), std::move(text),
                                                    stdlib_dir(options.stdlib_dir), true);
    return from_sources(std::move(sources), diags, std::move(options));
}

std::unique_ptr<Program> Program::from_string(std::string name, std::string text,
                                              source::Diagnostics& diags, CompileOptions options) {
    auto sources = std::make_shared<ProgramSources>(std::move(name), std::move(text),
                                                    stdlib_dir(options.stdlib_dir));
    return from_sources(std::move(sources), diags, std::move(options));
}

std::unique_ptr<Program> Program::from_sources(std::shared_ptr<ProgramSources> sources,
                                               source::Diagnostics& diags, CompileOptions options) {
    options.stdlib_dir = sources->stdlib();
    std::unique_ptr<Program> program(new Program(diags, std::move(options)));
    program->sources_ = std::move(sources);
    if (!program->load()) return nullptr;
    return program;
}

bool Program::load() {
    files_.push_back(std::make_unique<source::SourceFile>(sources_->name(), sources_->text()));
    auto module = parse::parse_module(*files_.back(), diags_);
    if (!module || diags_.has_errors()) return false;
    modules_.push_back(std::move(module));
    if (!sources_->main_canonical().empty())
        loaded_.emplace_back(sources_->main_canonical(), modules_.front().get());
    if (!load_imports(*modules_.front(), sources_->dir(), 0)) return false;

    std::vector<const ast::Module*> modules;
    for (const auto& m : modules_) modules.push_back(m.get());
    checker_ = std::make_unique<sema::ProgramChecker>(std::move(modules), diags_);
    return checker_->check() && !diags_.has_errors();
}

std::optional<std::int64_t> Program::integer_constant(std::string_view name) {
    return checker_->integer_constant(name);
}

bool Program::check_annotated_kernels() {
    const std::size_t errors_before = diags_.error_count();
    for (const ast::Function* k : kernels()) {
        const bool annotated = std::all_of(k->params.begin(), k->params.end(),
                                           [](const ast::Param& p) { return p.var.type; });
        if (annotated) checker_->specialize(*k, std::nullopt);
    }
    return diags_.error_count() == errors_before;
}

bool Program::load_imports(ast::Module& module, const std::filesystem::path& dir, int depth) {
    for (auto& import : module.imports) {
        if (depth >= kMaxImportDepth) {
            diags_.error(import.file, import.range, "imports nest too deeply");
            return false;
        }
        const ImportTarget target = locate_import(import.path, dir, sources_->stdlib());
        const SourceText* file = sources_->read(target);
        if (!file) {
            diags_.error(import.file, import.range,
                         "internal compiler error: module '" + target.dotted +
                             "' was not among the sources read before compiling");
            return false;
        }
        auto loaded = std::find_if(loaded_.begin(), loaded_.end(),
                                   [&](const auto& l) { return l.first == file->canonical; });
        if (loaded != loaded_.end()) {  // already loaded (also breaks import cycles)
            import.module = loaded->second;
            continue;
        }
        if (!file->text) {
            const char* where =
                target.in_stdlib ? " in the standard library)" : " beside this file)";
            diags_.error(import.file, import.range,
                         "cannot find module '" + target.dotted + "' (looked for " +
                             target.relative.string() + where);
            return false;
        }
        files_.push_back(std::make_unique<source::SourceFile>(target.path.string(), *file->text));
        auto imported = parse::parse_module(*files_.back(), diags_);
        if (!imported || diags_.has_errors()) return false;
        modules_.push_back(std::move(imported));
        ast::Module& added = *modules_.back();
        loaded_.emplace_back(file->canonical, &added);
        import.module = &added;
        if (!load_imports(added, target.path.parent_path(), depth + 1)) return false;
    }
    return true;
}

std::vector<const ast::Function*> Program::kernels() const {
    std::vector<const ast::Function*> out;
    if (modules_.empty()) return out;
    for (const auto& f : modules_.front()->functions)
        if (f->is_kernel) out.push_back(f.get());
    return out;
}

const ast::Function* Program::find_kernel(std::string_view name) const {
    for (const auto* k : kernels())
        if (k->name == name) return k;
    return nullptr;
}

std::optional<Signature> Program::parse_signature(std::string_view text) {
    return parse::parse_signature(text, diags_);
}

std::optional<Signature> Program::infer_number_types(
    const ast::Function& kernel, const Signature& partial,
    const std::vector<std::optional<bool>>& untyped) {
    const std::size_t errors_before = diags_.error_count();
    auto sig = checker_->infer_number_types(kernel, partial, untyped);
    if (diags_.error_count() > errors_before) return std::nullopt;
    return sig;
}

std::optional<KernelImage> Program::compile(const ast::Function& kernel,
                                            const std::optional<Signature>& signature) {
    return compile(kernel, signature, options_.target);
}

std::optional<KernelImage> Program::compile(const ast::Function& kernel,
                                            const std::optional<Signature>& signature,
                                            const spirv::TargetProfile& target) {
    // Judge this compilation by the errors it adds: earlier failures (another signature) stay
    // in the diagnostics but must not fail this one.
    const std::size_t errors_before = diags_.error_count();
    auto typed = checker_->specialize(kernel, signature);
    if (!typed || diags_.error_count() > errors_before) return std::nullopt;

    spirv::EmitOptions emit_options;
    emit_options.spirv_version = options_.spirv_version;
    emit_options.fp_contract = options_.fp_contract;
    emit_options.check_bounds = options_.check_bounds;
    emit_options.asserts = options_.asserts;
    emit_options.target = target;
    auto emitted = spirv::emit_kernel(*typed, emit_options);
    if (!emitted.ok()) {
        for (const auto& e : emitted.errors) {
            if (e.file)
                diags_.error(e.file, e.range, e.message);
            else
                diags_.error(kernel.file, kernel.name_range, e.message);
        }
        return std::nullopt;
    }
    if (auto error = spirv::validate(emitted.words)) {
        // Our own output failed validation: a compiler bug, reported at the kernel.
        diags_.error(
            kernel.file, kernel.name_range,
            "internal compiler error: invalid SPIR-V for kernel '" + kernel.name + "': " + *error);
        return std::nullopt;
    }
    KernelImage out;
    out.kernel_name = kernel.name;
    out.signature = typed->signature;
    out.abi = std::move(emitted.abi);
    out.variants = std::move(emitted.variants);
    out.spirv = std::move(emitted.words);
    // Validated just above: what the module needs goes with it, so nothing scans it again.
    out.requirements = std::move(emitted.requirements);
    for (const auto& p : kernel.params) out.param_names.push_back(p.var.name);
    return out;
}

}  // namespace dpk::compiler
