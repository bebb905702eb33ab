#include "backends/cuda/ptx/ptx_ir.h"

#include <cctype>

namespace dpk::backends::cuda {

namespace {

constexpr std::uint32_t kWordBits = 32;
constexpr std::size_t kF32Digits = 8;
constexpr std::size_t kF64Digits = 16;

/// `digits` upper-case hex digits of `v` appended to `out`.
void append_hex(std::string& out, std::uint64_t v, std::size_t digits) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    const std::size_t at = out.size();
    out.resize(at + digits);
    for (std::size_t i = digits; i-- > 0; v >>= 4) out[at + i] = kDigits[v & 0xF];
}

void append_immediate(std::string& out, const PtxImmediate& imm) {
    const Scalar& s = imm.type;
    std::uint64_t bits = imm.bits;
    if (s.is_float()) {  // f16: its bits, moved as .b16
        const bool f32 = s.bits == kWordBits, f64 = s.bits == 2 * kWordBits;
        out += f32 ? "0f" : f64 ? "0d" : "0x";
        append_hex(out, bits, f32 ? kF32Digits : f64 ? kF64Digits : 4);
        return;
    }
    if (s.bits < 2 * kWordBits) bits &= (std::uint64_t{1} << s.bits) - 1;
    if (bits <= 0xFFFFu) {
        out += std::to_string(bits);
        return;
    }
    out += "0x";
    append_hex(out, bits, s.bits <= kWordBits ? kF32Digits : kF64Digits);
}

void append_operand(std::string& out, const PtxOperand& o) {
    if (const PtxImmediate* imm = o.immediate())
        append_immediate(out, *imm);
    else
        out += std::get<std::string>(o.value);
}

void append_item(std::string& line, const PtxItem& item) {
    switch (item.kind) {
        case PtxItem::Kind::Instruction: {
            line.push_back('\t');
            if (!item.inst.guard.empty()) {
                line += item.inst.guard;
                line += ' ';
            }
            line += item.inst.opcode;
            const char* sep = " \t";
            for (const PtxOperand& o : item.inst.operands) {
                line += sep;
                append_operand(line, o);
                sep = ", ";
            }
            line += ';';
            break;
        }
        case PtxItem::Kind::Label:
            line += item.text;
            line += ':';
            break;
        case PtxItem::Kind::Verbatim: line += item.text; break;
    }
    if (!item.comment.empty()) {
        line += "  // ";
        line += item.comment;
    }
}

/// `text` as a float immediate in PTX's own spelling (0f + 8 or 0d + 16 upper-case hex digits).
std::optional<PtxImmediate> float_immediate(std::string_view text) {
    if (text.size() < 2 || text[0] != '0' || (text[1] != 'f' && text[1] != 'd')) return {};
    const std::size_t digits = text[1] == 'f' ? kF32Digits : kF64Digits;
    if (text.size() != 2 + digits) return {};
    std::uint64_t bits = 0;
    for (char c : text.substr(2)) {
        if (!std::isdigit(static_cast<unsigned char>(c)) && (c < 'A' || c > 'F')) return {};
        bits = bits * 16 + static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'A' + 10);
    }
    const Scalar type{Scalar::Kind::Float, text[1] == 'f' ? kWordBits : 2 * kWordBits};
    return PtxImmediate{type, bits};
}

}  // namespace

std::string immediate_text(const PtxImmediate& imm) {
    std::string text;
    append_immediate(text, imm);
    return text;
}

std::string PtxOperand::text() const {
    std::string text;
    append_operand(text, *this);
    return text;
}

std::string print(const PtxItem& item) {
    std::string line;
    append_item(line, item);
    return line;
}

std::string print(const PtxItems& items) {
    std::string text;
    text.reserve(items.size() * 32);
    for (const PtxItem& item : items) {
        append_item(text, item);
        text += '\n';
    }
    return text;
}

PtxItem parse_line(std::string_view line) {
    PtxItem verbatim = PtxItem::verbatim(std::string(line));
    if (!line.empty() && line.back() == ':' && line.find_first_of(" \t") == std::string_view::npos)
        return PtxItem::label(std::string(line.substr(0, line.size() - 1)));
    if (line.size() < 3 || line[0] != '\t' || line.back() != ';' || line.find("//") != line.npos)
        return verbatim;
    std::string_view s = line.substr(1, line.size() - 2);
    PtxInstruction inst;
    if (!s.empty() && s[0] == '@') {
        const std::size_t sp = s.find(' ');
        if (sp == std::string_view::npos) return verbatim;
        inst.guard = std::string(s.substr(0, sp));
        s.remove_prefix(sp + 1);
    }
    const std::size_t sep = s.find(" \t");
    inst.opcode = std::string(s.substr(0, sep));
    if (inst.opcode.empty() || inst.opcode[0] == '.' ||
        inst.opcode.find_first_of(" \t{},") != std::string::npos)
        return verbatim;
    if (sep != std::string_view::npos) {
        std::string_view ops = s.substr(sep + 2);
        while (true) {
            const std::size_t comma = ops.find(", ");
            const std::string_view op = ops.substr(0, comma);
            if (auto imm = float_immediate(op))
                inst.operands.emplace_back(*imm);
            else
                inst.operands.emplace_back(std::string(op));
            if (comma == std::string_view::npos) break;
            ops.remove_prefix(comma + 2);
        }
    }
    PtxItem item;
    item.kind = PtxItem::Kind::Instruction;
    item.inst = std::move(inst);
    return print(item) == line ? item : verbatim;
}

PtxItems parse_lines(std::string_view text) {
    PtxItems items;
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        items.push_back(parse_line(text.substr(0, nl)));
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    }
    return items;
}

}  // namespace dpk::backends::cuda
