#include "dpk/jit/program.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "compiler/ast/type_annotation.h"
#include "compiler/parse/signature_parser.h"
#include "dpk/core/error.h"
#include "dpk/core/file_io.h"
#include "dpk/jit/compile_error.h"
#include "jit/program_state.h"
#include "jit/source_digest.h"

namespace dpk {

namespace {

std::string join(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s.empty() ? "none" : s;
}

/// DPK_CHECK_BOUNDS: "1" turns bounds checks on for every program, "0" or unset leaves them as
/// the options say; anything else is an error rather than a guess.
bool bounds_checks_from_environment() {
    const char* value = std::getenv("DPK_CHECK_BOUNDS");
    if (!value || !*value || std::string_view(value) == "0") return false;
    if (std::string_view(value) == "1") return true;
    throw InvalidArgumentError("DPK_CHECK_BOUNDS=" + std::string(value) +
                               ": expected 1 (bounds-checked kernels) or 0");
}

std::shared_ptr<jit::ProgramState> make_state(std::string name, std::string text,
                                              ProgramOptions options) {
    auto s = std::make_shared<jit::ProgramState>();
    s->name = std::move(name);
    s->text = std::move(text);
    s->stdlib = compiler::stdlib_dir(options.stdlib_dir);
    s->cache = options.cache ? options.cache : KernelCache::process_default();
    s->options = std::move(options);
    s->options.check_bounds = s->options.check_bounds || bounds_checks_from_environment();
    // The text and its imports, found and read once by the compiler's resolution (imports
    // beside the file, `std.*` in the stdlib): hashed now, compiled from on a miss.
    s->sources = std::make_shared<compiler::ProgramSources>(s->name, s->text, s->stdlib);
    s->sources->read_imports();
    s->digest = jit::source_digest(*s->sources);
    s->scanned_names = s->sources->scanned_kernel_names();
    return s;
}

}  // namespace

Program Program::from_file(const std::filesystem::path& path, ProgramOptions options) {
    std::string text = read_file(path);  // FileError says why (missing, a directory, ...)
    return Program(make_state(path.string(), std::move(text), std::move(options)));
}

Program Program::from_string(std::string name, std::string text, ProgramOptions options) {
    return Program(make_state(std::move(name), std::move(text), std::move(options)));
}

Kernel Program::kernel(std::string_view name) const {
    std::vector<std::string> names = state_->kernel_names();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        state_->check();  // a program that does not parse says so rather than "no kernel"
        names = state_->kernel_names();
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw InvalidArgumentError("program '" + state_->name + "' has no kernel '" +
                                       std::string(name) + "' (kernels: " + join(names) + ")");
    }
    jit::KernelState& k = state_->kernel_state(std::string(name));
    return Kernel(std::shared_ptr<jit::KernelState>(state_, &k));  // keeps the program alive
}

std::vector<std::string> Program::kernel_names() const {
    return state_->kernel_names();
}

std::optional<std::int64_t> Program::integer_constant(std::string_view name) const {
    return state_->integer_constant(name);
}

void Program::check() const {
    state_->check();
}

const std::string& Program::name() const {
    return state_->name;
}

KernelCache& Program::cache() const {
    return *state_->cache;
}

}  // namespace dpk

namespace dpk::jit {

std::mutex& front_end_mutex() {
    static std::mutex m;
    return m;
}

compiler::CompileOptions ProgramState::compile_options() const {
    compiler::CompileOptions co;
    co.stdlib_dir = stdlib;
    co.fp_contract = options.fp_contract;
    co.warnings_as_errors = options.warnings_as_errors;
    co.check_bounds = options.check_bounds;
    co.asserts = options.asserts;
    return co;
}

compiler::Program& ProgramState::front_end() {
    if (front_end_) return *front_end_;
    if (front_end_error_)
        throw CompileError("program '" + name + "' does not compile", *front_end_error_);
    diags_.clear();
    // The texts read at creation (and hashed) are the texts compiled; nothing is read again.
    front_end_ = compiler::Program::from_sources(sources, diags_, compile_options());
    if (!front_end_) {
        front_end_error_ = diags_.render();
        throw CompileError("program '" + name + "' does not compile", *front_end_error_);
    }
    return *front_end_;
}

void ProgramState::check() {
    std::lock_guard lock(front_end_mutex());
    compiler::Program& program = front_end();
    diags_.clear();
    if (!program.check_annotated_kernels())
        throw CompileError("program '" + name + "' does not compile", diags_.render());
}

const compiler::ast::Function& ProgramState::find_kernel(const std::string& kernel) {
    const compiler::ast::Function* fn = front_end().find_kernel(kernel);
    if (!fn) {
        std::vector<std::string> names;
        for (const auto* k : front_end().kernels()) names.push_back(k->name);
        throw InvalidArgumentError("program '" + name + "' has no kernel '" + kernel +
                                   "' (kernels: " + join(names) + ")");
    }
    return *fn;
}

std::optional<std::int64_t> ProgramState::integer_constant(std::string_view constant) {
    std::lock_guard lock(front_end_mutex());
    compiler::Program& program = front_end();
    diags_.clear();
    auto value = program.integer_constant(constant);
    if (diags_.has_errors())
        throw CompileError("program '" + name + "' does not compile", diags_.render());
    return value;
}

std::vector<std::string> ProgramState::kernel_names() {
    std::lock_guard lock(front_end_mutex());
    if (!front_end_) return scanned_names;
    std::vector<std::string> names;
    for (const auto* k : front_end_->kernels()) names.push_back(k->name);
    return names;
}

KernelState& ProgramState::kernel_state(const std::string& kernel) {
    std::lock_guard lock(kernels_mutex_);
    auto it = kernels_.find(kernel);
    if (it == kernels_.end())
        it = kernels_.emplace(kernel, std::make_unique<KernelState>(*this, kernel)).first;
    return *it->second;
}

std::string ProgramState::image_request(const std::string& kernel, const std::string& what) const {
    return std::string(compiler_fingerprint()) + "\n" + digest.hex() + "\n" +
           compile_options().codegen_key() + "\n" + kernel + "\n" + what;
}

std::optional<KernelImage> ProgramState::lookup_image(const std::string& request) {
    {
        std::lock_guard lock(images_mutex_);
        if (auto it = images_.find(request); it != images_.end()) return it->second;
    }
    const runtime::ContentKey key = runtime::ContentKeyBuilder().add(request).key();
    std::optional<KernelImage> image = cache->load_image(key, request);
    if (image) {
        std::lock_guard lock(images_mutex_);
        images_.emplace(request, *image);
    }
    return image;
}

void ProgramState::remember_image(const std::string& request, const KernelImage& image) {
    {
        std::lock_guard lock(images_mutex_);
        images_.insert_or_assign(request, image);
        // An image whose compilation warned stays out of the disk cache, so that every process
        // compiles it and sees its warnings.
        if (warnings_.count(warnings_key(image.kernel_name, image.signature))) return;
    }
    cache->store_image(runtime::ContentKeyBuilder().add(request).key(), request, image);
}

KernelImage ProgramState::image(const std::string& kernel, const Signature& signature,
                                const compiler::spirv::TargetProfile& target) {
    const std::string request =
        image_request(kernel, "target " + target.name() + "\nsignature " + signature.key());
    auto usable = [&](const std::optional<KernelImage>& i) {
        return i && i->kernel_name == kernel && runtime::without_devices(i->signature) == signature;
    };
    if (std::optional<KernelImage> known = lookup_image(request); usable(known)) return *known;

    std::lock_guard lock(front_end_mutex());
    {
        std::lock_guard images_lock(images_mutex_);  // compiled meanwhile by another thread?
        if (auto it = images_.find(request); it != images_.end() && usable(it->second))
            return it->second;
    }
    const compiler::ast::Function& fn = find_kernel(kernel);
    diags_.clear();
    std::optional<KernelImage> compiled = front_end_->compile(fn, signature, target);
    cache->note_front_end_compile();
    if (!compiled)
        throw CompileError("kernel '" + kernel + "' does not compile for " + signature.pretty(),
                           diags_.render());
    KernelImage image = std::move(*compiled);
    if (std::vector<std::string> w = diags_.rendered_warnings(); !w.empty()) {
        std::lock_guard warnings_lock(images_mutex_);
        warnings_[warnings_key(kernel, signature)] = std::move(w);
    }
    remember_image(request, image);
    return image;
}

Signature ProgramState::infer_number_types(const std::string& kernel, const Signature& partial,
                                           const std::vector<std::optional<bool>>& untyped) {
    std::lock_guard lock(front_end_mutex());
    const compiler::ast::Function& fn = find_kernel(kernel);
    diags_.clear();
    std::optional<Signature> sig = front_end_->infer_number_types(fn, partial, untyped);
    if (!sig)
        throw CompileError("kernel '" + kernel + "': its uses give a number argument no one type",
                           diags_.render());
    return *sig;
}

std::string ProgramState::warnings_key(const std::string& kernel, const Signature& signature) {
    return kernel + "\n" + runtime::without_devices(signature).key();
}

std::vector<std::string> ProgramState::warnings(const std::string& kernel,
                                                const Signature& signature) {
    std::lock_guard lock(images_mutex_);
    auto it = warnings_.find(warnings_key(kernel, signature));
    return it == warnings_.end() ? std::vector<std::string>{} : it->second;
}

DeclaredParams ProgramState::declared_params(const std::string& kernel) {
    std::lock_guard lock(front_end_mutex());
    const compiler::ast::Function& fn = find_kernel(kernel);
    DeclaredParams out;
    for (const compiler::ast::Param& p : fn.params) {
        out.names.push_back(p.var.name);
        if (!p.var.type) {
            out.types.emplace_back();
            continue;
        }
        compiler::source::Diagnostics diags;
        out.types.push_back(compiler::ast::param_type_of(*p.var.type, fn.file, diags));
        if (!out.types.back())
            throw CompileError(
                "kernel '" + kernel + "': parameter '" + p.var.name + "' has an invalid type",
                diags.render());
    }
    return out;
}

}  // namespace dpk::jit
