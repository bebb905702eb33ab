#include "backends/opencl/spir_translation.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "backends/opencl/spir_translator_abi.h"
#include "core/install_layout.h"
#include "dpk/core/error.h"

namespace dpk::backends::opencl {

namespace {

namespace fs = std::filesystem;

/// The loaded plugin, or why there is none (headline and detail).
struct Translator {
    DpkSpirTranslateFn translate = nullptr;
    std::string title;
    std::string problem;
};

#ifdef DPK_SPIR_TRANSLATOR_NOT_BUILT
// This build had no LLVM 15 / LLVMSPIRVLib (backends/CMakeLists.txt): the plugin was not made, so
// unless one is supplied (DPK_SPIR_TRANSLATOR, or copied where it is looked for), say just that.
constexpr bool kTranslatorBuilt = false;
#else
constexpr bool kTranslatorBuilt = true;
#endif
constexpr const char* kNotBuiltTitle =
    "SPIR 1.2 translation not built (LLVM 15 / LLVMSPIRVLib missing at build time)";

/// Where the plugin may be: $DPK_SPIR_TRANSLATOR alone when set; else beside the binary that
/// holds the runtime and relative to it where an installed dpk keeps it (bin/ -> lib/dpk), then
/// where this build tree made it, then in the prefix dpk was configured for.
std::vector<fs::path> candidate_paths() {
    if (const char* env = std::getenv("DPK_SPIR_TRANSLATOR"); env && *env) return {env};
    std::vector<fs::path> paths;
    for (const fs::path& dir : install_layout::plugin_folders())
        paths.push_back(dir / kSpirTranslatorFile);
#ifdef DPK_SPIR_TRANSLATOR_BUILD_PATH
    paths.insert(paths.end() - 1, fs::path(DPK_SPIR_TRANSLATOR_BUILD_PATH));
#endif
    return paths;
}

}  // namespace

std::optional<std::string> spir_translation_unavailable() {
    if (kTranslatorBuilt) return std::nullopt;
    std::error_code ec;
    for (const fs::path& path : candidate_paths())
        if (fs::exists(path, ec)) return std::nullopt;
    return std::string(kNotBuiltTitle);
}

namespace {

Translator load_translator() {
    std::string looked;
    for (const fs::path& path : candidate_paths()) {
        looked += "\n  " + path.string();
        std::error_code ec;
        if (!fs::exists(path, ec)) {
            looked += " (not there)";
            continue;
        }
        // Kept loaded for the process, like the drivers.
        void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            looked += std::string(" (cannot be loaded: ") + ::dlerror() + ")";
            continue;
        }
        auto revision = reinterpret_cast<DpkSpirRevisionFn>(::dlsym(handle, kSpirRevisionSymbol));
        auto translate =
            reinterpret_cast<DpkSpirTranslateFn>(::dlsym(handle, kSpirTranslateSymbol));
        if (!revision || !translate) {
            looked += " (not a dpk SPIR translator)";
            continue;
        }
        if (std::string_view(revision()) != kSpirTranslationRevision) {
            looked += std::string(" (translator revision \"") + revision() +
                      "\", this runtime needs \"" + kSpirTranslationRevision + "\")";
            continue;
        }
        return {translate, "", ""};
    }
    const char* env = std::getenv("DPK_SPIR_TRANSLATOR");
    if (!kTranslatorBuilt && !(env && *env))
        return {nullptr, kNotBuiltTitle,
                "this dpk was built without LLVM 15 + LLVMSPIRVLib 15, so devices that take SPIR-V "
                "only as SPIR 1.2 (cl_khr_spir, e.g. PoCL) cannot build kernels; rebuild with "
                "llvm-15-dev and libllvmspirvlib-15-dev installed (DPK_WITH_LLVM=AUTO or ON).\n"
                "dpk looked for " +
                    std::string(kSpirTranslatorFile) + " in:" + looked +
                    "\nor set DPK_SPIR_TRANSLATOR to the path of one built with this runtime"};
    return {nullptr, "the SPIR 1.2 translator (LLVMSPIRVLib plugin) is not available",
            "dpk looked for " + std::string(kSpirTranslatorFile) + " in:" + looked +
                "\nset DPK_SPIR_TRANSLATOR to the path of the one built with this runtime"};
}

const Translator& translator() {
    static const Translator t = load_translator();
    return t;
}

struct Result {
    std::string bitcode;
    std::string title;
    std::string detail;
};

}  // namespace

std::string spirv_to_spir12_bitcode(std::span<const std::uint32_t> spirv) {
    const Translator& t = translator();
    if (!t.translate) throw BuildError(t.title, t.problem);
    Result result;
    DpkSpirOutput out{&result,
                      [](void* r, const char* data, std::size_t size) {
                          static_cast<Result*>(r)->bitcode.assign(data, size);
                      },
                      [](void* r, const char* title, const char* detail) {
                          static_cast<Result*>(r)->title = title;
                          static_cast<Result*>(r)->detail = detail;
                      }};
    if (!t.translate(spirv.data(), spirv.size(), &out))
        throw BuildError(result.title, result.detail);
    return std::move(result.bitcode);
}

}  // namespace dpk::backends::opencl
