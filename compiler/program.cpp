#include "compiler/program.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "compiler/parse/parser.h"
#include "compiler/parse/signature_parser.h"
#include "compiler/sema/sema.h"
#include "compiler/spirv/emitter.h"
#include "compiler/spirv/validator.h"

namespace dpk::compiler {

namespace {

/// Imports nest at most this deep (a cycle is caught earlier; this bounds pathological chains).
constexpr int kMaxImportDepth = 32;

std::filesystem::path default_stdlib_dir() {
    if (const char* env = std::getenv("DPK_STDLIB_PATH"); env && *env) return env;
    return DPK_STDLIB_DIR;
}

std::optional<std::string> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

std::string CompileOptions::codegen_key() const {
    char version[16];
    std::snprintf(version, sizeof version, "0x%08x", static_cast<unsigned>(spirv_version));
    return std::string("spirv ") + version + (fp_contract ? " fp_contract" : " no_fp_contract");
}

Program::Program(source::Diagnostics& diags, CompileOptions options)
    : diags_(diags), options_(std::move(options)) {
    if (options_.stdlib_dir.empty()) options_.stdlib_dir = default_stdlib_dir();
}

Program::~Program() = default;

std::unique_ptr<Program> Program::from_file(const std::filesystem::path& path,
                                            source::Diagnostics& diags, CompileOptions options) {
    auto text = read_file(path);
    if (!text) {
        diags.error(nullptr, {}, "cannot read '" + path.string() + "'");
        return nullptr;
    }
    std::unique_ptr<Program> program(new Program(diags, std::move(options)));
    program->loaded_paths_.push_back(std::filesystem::weakly_canonical(path));
    auto file = std::make_unique<source::SourceFile>(path.string(), std::move(*text));
    if (!program->load(std::move(file))) return nullptr;
    return program;
}

std::unique_ptr<Program> Program::from_string(std::string name, std::string text,
                                              source::Diagnostics& diags, CompileOptions options) {
    std::unique_ptr<Program> program(new Program(diags, std::move(options)));
    auto file = std::make_unique<source::SourceFile>(std::move(name), std::move(text));
    if (!program->load(std::move(file))) return nullptr;
    return program;
}

bool Program::load(std::unique_ptr<source::SourceFile> file) {
    std::filesystem::path dir = std::filesystem::path(file->name()).parent_path();
    files_.push_back(std::move(file));
    auto module = parse::parse_module(*files_.back(), diags_);
    if (!module || diags_.has_errors()) return false;
    modules_.push_back(std::move(module));
    if (!load_imports(*modules_.front(), dir, 0)) return false;

    std::vector<const ast::Module*> modules;
    for (const auto& m : modules_) modules.push_back(m.get());
    checker_ = std::make_unique<sema::ProgramChecker>(std::move(modules), diags_);
    return checker_->check() && !diags_.has_errors();
}

bool Program::load_imports(const ast::Module& module, const std::filesystem::path& dir,
                           int depth) {
    for (const auto& import : module.imports) {
        if (depth >= kMaxImportDepth) {
            diags_.error(import.file, import.range, "imports nest too deeply");
            return false;
        }
        // `import std.a.b;` -> STDLIB/a/b.dpk; `import a.b;` -> DIR/a/b.dpk beside the importer.
        std::filesystem::path path;
        std::size_t first = 0;
        if (!import.path.empty() && import.path.front() == "std") {
            path = options_.stdlib_dir;
            first = 1;
        } else {
            path = dir;
        }
        std::string dotted;
        std::filesystem::path relative;
        for (std::size_t i = 0; i < import.path.size(); ++i) {
            dotted += (i ? "." : "") + import.path[i];
            if (i >= first) relative /= import.path[i];
        }
        relative += ".dpk";
        path /= relative;
        auto canonical = std::filesystem::weakly_canonical(path);
        if (std::find(loaded_paths_.begin(), loaded_paths_.end(), canonical) != loaded_paths_.end())
            continue;  // already loaded (also breaks import cycles)
        auto text = read_file(path);
        if (!text) {
            diags_.error(import.file, import.range,
                         "cannot find module '" + dotted + "' (looked for " + relative.string() +
                             (first ? " in the standard library)" : " beside this file)"));
            return false;
        }
        loaded_paths_.push_back(canonical);
        files_.push_back(std::make_unique<source::SourceFile>(path.string(), std::move(*text)));
        auto imported = parse::parse_module(*files_.back(), diags_);
        if (!imported || diags_.has_errors()) return false;
        modules_.push_back(std::move(imported));
        const ast::Module& added = *modules_.back();
        if (!load_imports(added, path.parent_path(), depth + 1)) return false;
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

std::optional<CompiledKernel> Program::compile(const ast::Function& kernel,
                                               const std::optional<Signature>& signature) {
    return compile(kernel, signature, options_.target);
}

std::optional<CompiledKernel> Program::compile(const ast::Function& kernel,
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
        diags_.error(kernel.file, kernel.name_range,
                     "internal compiler error: invalid SPIR-V for kernel '" + kernel.name +
                         "': " + *error);
        return std::nullopt;
    }
    CompiledKernel out;
    out.image.kernel_name = kernel.name;
    out.image.signature = typed->signature;
    out.image.abi = std::move(emitted.abi);
    out.image.spirv = std::move(emitted.words);
    for (const auto& p : kernel.params) out.param_names.push_back(p.var.name);
    return out;
}

}  // namespace dpk::compiler
