#include "backends/cuda/math/ptx_math_library.h"

#include <algorithm>
#include <span>
#include <string>
#include <unordered_map>

#include "backends/cuda/math/ptx_math_functions.h"
#include "backends/cuda/math/ptx_math_library_data.h"

namespace dpk::backends::cuda {

namespace {

/// The OpenCL.std functions the library implements, in ptx_math_functions.h's order.
#define DPK_MATH_NAME(name) #name,
constexpr std::string_view kFunctionNames[] = {DPK_MATH_UNARY_FUNCTIONS(DPK_MATH_NAME)
                                                   DPK_MATH_BINARY_FUNCTIONS(DPK_MATH_NAME)};
#undef DPK_MATH_NAME
constexpr std::span<const std::string_view> kFunctions(kFunctionNames);

struct Index {
    std::unordered_map<std::string_view, std::size_t> position;  // symbol -> table index
    std::vector<std::vector<std::size_t>> deps;                  // table indices
    std::vector<std::string> entry_names;                        // "__dpk_<name>_f32/_f64"
};

const Index& index() {
    static const Index idx = [] {
        Index i;
        const std::size_t n = detail::kPtxMathSymbolCount;
        for (std::size_t k = 0; k < n; ++k) i.position.emplace(detail::kPtxMathSymbols[k].name, k);
        i.deps.resize(n);
        for (std::size_t k = 0; k < n; ++k) {
            std::string_view d = detail::kPtxMathSymbols[k].dependencies;
            while (!d.empty()) {
                const std::size_t sp = d.find(' ');
                const std::string_view name = d.substr(0, sp);
                if (auto it = i.position.find(name); it != i.position.end())
                    i.deps[k].push_back(it->second);
                d = sp == std::string_view::npos ? std::string_view{} : d.substr(sp + 1);
            }
        }
        for (std::string_view f : kFunctions)
            for (const char* suffix : {"_f32", "_f64"})
                i.entry_names.push_back("__dpk_" + std::string(f) + suffix);
        return i;
    }();
    return idx;
}

}  // namespace

std::optional<std::string_view> ptx_math_symbol(std::string_view opencl_name, unsigned bits) {
    if (bits != 32 && bits != 64) return std::nullopt;
    const auto it = std::find(kFunctions.begin(), kFunctions.end(), opencl_name);
    if (it == kFunctions.end()) return std::nullopt;
    const auto pos = static_cast<std::size_t>(it - kFunctions.begin()) * 2 + (bits == 64 ? 1 : 0);
    const std::string_view symbol = index().entry_names[pos];
    if (!index().position.count(symbol)) return std::nullopt;  // not generated
    return symbol;
}

std::vector<std::string_view> ptx_math_closure(std::string_view symbol) {
    const Index& idx = index();
    const auto it = idx.position.find(symbol);
    if (it == idx.position.end()) return {};
    // Mark what `symbol` reaches, then list it in table order: the table has every symbol after
    // the symbols it references, so that is definition order, `symbol` last.
    std::vector<bool> needed(detail::kPtxMathSymbolCount, false);
    std::vector<std::size_t> stack{it->second};
    needed[it->second] = true;
    while (!stack.empty()) {
        const std::size_t k = stack.back();
        stack.pop_back();
        for (std::size_t d : idx.deps[k])
            if (!needed[d]) {
                needed[d] = true;
                stack.push_back(d);
            }
    }
    std::vector<std::string_view> out;
    for (std::size_t k = 0; k < needed.size(); ++k)
        if (needed[k]) out.emplace_back(detail::kPtxMathSymbols[k].name);
    return out;
}

std::string_view ptx_math_definition(std::string_view symbol) {
    const auto it = index().position.find(symbol);
    if (it == index().position.end()) return {};
    return detail::kPtxMathSymbols[it->second].ptx;
}

}  // namespace dpk::backends::cuda
