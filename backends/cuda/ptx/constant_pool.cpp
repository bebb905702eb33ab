#include "backends/cuda/ptx/constant_pool.h"

#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "backends/cuda/ptx/ptx_types.h"

namespace dpk::backends::cuda {

namespace {

constexpr std::size_t kHexDigits = 16;
constexpr std::size_t kLowWordDigits = 8;

struct ConstantMove {
    std::string_view indent, reg, hex;
};

/// `line` as `INDENT mov.f64|mov.b64 WS %REG, 0dHEX;`, or nullopt.
std::optional<ConstantMove> constant_move(std::string_view line) {
    const std::size_t b = line.find_first_not_of(" \t");
    if (b == std::string_view::npos) return std::nullopt;
    ConstantMove m{line.substr(0, b), {}, {}};
    std::string_view s = line.substr(b);
    if (s.rfind("mov.f64", 0) != 0 && s.rfind("mov.b64", 0) != 0) return std::nullopt;
    s.remove_prefix(7);
    const std::size_t r = s.find_first_not_of(" \t");
    if (r == 0 || r == std::string_view::npos || s[r] != '%') return std::nullopt;
    s.remove_prefix(r);
    std::size_t n = 1;
    while (n < s.size() && is_identifier_char(s[n])) ++n;
    if (n == 1) return std::nullopt;
    m.reg = s.substr(0, n);
    s.remove_prefix(n);
    constexpr std::string_view kSep = ", 0d";
    if (s.rfind(kSep, 0) != 0) return std::nullopt;
    s.remove_prefix(kSep.size());
    if (s.size() != kHexDigits + 1 || s.back() != ';') return std::nullopt;
    m.hex = s.substr(0, kHexDigits);
    for (char c : m.hex)
        if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
    return m;
}

bool low_word_zero(std::string_view hex) {
    return hex.substr(kHexDigits - kLowWordDigits).find_first_not_of('0') == std::string_view::npos;
}

}  // namespace

PooledF64Constants pool_f64_constants(std::string_view ptx) {
    PooledF64Constants out;
    std::map<std::string, std::size_t, std::less<>> slots;
    std::vector<std::string_view> order;
    out.text.reserve(ptx.size());
    while (!ptx.empty()) {
        const std::size_t nl = ptx.find('\n');
        const std::string_view line = ptx.substr(0, nl);
        ptx = nl == std::string_view::npos ? std::string_view{} : ptx.substr(nl + 1);
        std::optional<ConstantMove> m = constant_move(line);
        if (m && !low_word_zero(m->hex)) {
            auto it = slots.find(m->hex);
            if (it == slots.end() && slots.size() < kMaxPooledF64Constants) {
                it = slots.emplace(std::string(m->hex), order.size()).first;
                order.push_back(m->hex);
            }
            if (it != slots.end()) {
                out.text += m->indent;
                out.text += "ld.const.f64 \t";
                out.text += m->reg;
                out.text += ", [";
                out.text += kF64ConstantTable;
                out.text += '+';
                out.text += std::to_string(it->second * sizeof(std::uint64_t));
                out.text += "];";
                if (nl != std::string_view::npos) out.text += '\n';
                continue;
            }
        }
        out.text += line;
        if (nl != std::string_view::npos) out.text += '\n';
    }
    if (order.empty()) return out;
    out.declaration = ".const .align 8 .b64 ";
    out.declaration += kF64ConstantTable;
    out.declaration += '[';
    out.declaration += std::to_string(order.size());
    out.declaration += "] = {";
    for (std::size_t i = 0; i < order.size(); ++i) {
        out.declaration += i % 4 == 0 ? "\n\t" : " ";
        out.declaration += "0x";
        out.declaration += order[i];
        out.declaration += i + 1 < order.size() ? "," : "";
    }
    out.declaration += "\n};\n";
    return out;
}

}  // namespace dpk::backends::cuda
