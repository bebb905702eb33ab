#include "tests/kernels/support/dpk_kernels.h"

#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>

#include "compiler/program.h"

namespace dpk::tests {

namespace {

std::string resolve(const std::string& file) {
    if (file.find('/') != std::string::npos) return source_path(file);
    return source_path("tests/kernels/dpk/" + file);
}

using Key = std::tuple<std::string, std::string, std::string, std::string>;

std::mutex& cache_mutex() {
    static std::mutex m;
    return m;
}

}  // namespace

std::string source_path(const std::string& relative) {
    return std::string(DPK_SOURCE_DIR) + "/" + relative;
}

const KernelImage& compiled_kernel(const std::string& file, const std::string& kernel,
                                   const std::string& signature, const std::string& target) {
    static std::map<Key, KernelImage> cache;
    std::lock_guard lock(cache_mutex());
    Key key{file, kernel, signature, target};
    if (auto it = cache.find(key); it != cache.end()) return it->second;

    compiler::source::Diagnostics diags;
    auto fail = [&](const std::string& what) -> std::runtime_error {
        return std::runtime_error(what + " (" + file + ", kernel '" + kernel + "'" +
                                  (signature.empty() ? "" : ", signature " + signature) + "):\n" +
                                  diags.render());
    };
    compiler::CompileOptions options;
    if (!target.empty()) {
        std::string why;
        auto parsed = compiler::spirv::TargetProfile::parse(target, &why);
        if (!parsed) throw std::runtime_error("bad target '" + target + "': " + why);
        options.target = *parsed;
    }
    auto program = compiler::Program::from_file(resolve(file), diags, options);
    if (!program) throw fail("cannot compile");
    const compiler::ast::Function* fn = program->find_kernel(kernel);
    if (!fn) throw fail("no such kernel");
    std::optional<Signature> sig;
    if (!signature.empty()) {
        sig = program->parse_signature(signature);
        if (!sig) throw fail("bad signature");
    }
    auto compiled = program->compile(*fn, sig);
    if (!compiled) throw fail("compile error");
    return cache.emplace(key, std::move(*compiled)).first->second;
}

runtime::LoadedKernel dpk_kernel(const runtime::Device& device, const std::string& file,
                                 const std::string& kernel, const std::string& signature,
                                 const std::string& target) {
    return runtime::LoadedKernel(device, compiled_kernel(file, kernel, signature, target));
}

}  // namespace dpk::tests
