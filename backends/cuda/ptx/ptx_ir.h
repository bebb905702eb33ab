// The translator's output before it is text: a list of PTX items (instructions with their
// operands, labels, and the declarations and scoped call blocks printed as they are). Selection
// appends items; lowering passes (constant_pool.h) rewrite them; print() makes the text once, at
// the end.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "backends/cuda/ptx/ptx_types.h"

namespace dpk::backends::cuda {

/// An immediate operand as a value: its scalar type and bits (printed as PTX writes it: 0fHEX
/// for f32, 0dHEX for f64, 0xHEX for f16 bits, decimal or 0xHEX for integers).
struct PtxImmediate {
    Scalar type;
    std::uint64_t bits = 0;
};

/// "0f3F800000", "0d3FF0000000000000", "42", "0xFFFFFFFF", ...
std::string immediate_text(const PtxImmediate& imm);

/// An instruction operand: a typed immediate, or the text of a register, address, symbol or
/// label.
struct PtxOperand {
    PtxOperand(std::string text) : value(std::move(text)) {}    // NOLINT: operands read as text
    PtxOperand(const char* text) : value(std::string(text)) {}  // NOLINT
    PtxOperand(PtxImmediate imm) : value(imm) {}                // NOLINT
    std::variant<std::string, PtxImmediate> value;

    const PtxImmediate* immediate() const { return std::get_if<PtxImmediate>(&value); }
    std::string text() const;
};

struct PtxInstruction {
    std::string guard;   // "@%p1", "@!%p1" or empty
    std::string opcode;  // with its modifiers and types: "add.rn.f32", "ld.global.nc.u32"
    std::vector<PtxOperand> operands;
};

/// One line of a function or module.
struct PtxItem {
    enum class Kind : std::uint8_t {
        Instruction,  // `inst`, printed "\t[guard ]opcode \tA, B;"
        Label,        // `text` is its name, printed "name:"
        Verbatim,     // `text` printed as it is: declarations, "{", "}", call blocks
    };
    Kind kind = Kind::Verbatim;
    PtxInstruction inst;
    std::string text;
    std::string comment;  // printed after the line as "  // comment"

    static PtxItem label(std::string name) { return {Kind::Label, {}, std::move(name), {}}; }
    static PtxItem verbatim(std::string text) { return {Kind::Verbatim, {}, std::move(text), {}}; }
};

using PtxItems = std::vector<PtxItem>;

/// The item's line, without the newline.
std::string print(const PtxItem& item);
/// Every item's line, each ended by a newline.
std::string print(const PtxItems& items);

/// `line` (one line of PTX, as nvcc or this translator prints it) as an item: a label, an
/// instruction (its f64/f32 immediates typed) or, for anything else, verbatim. An instruction is
/// taken only when printing it gives `line` back exactly, so print(parse_line(l)) == l always.
PtxItem parse_line(std::string_view line);
/// Every line of `text` (split at newlines; a final newline ends the last line).
PtxItems parse_lines(std::string_view text);

}  // namespace dpk::backends::cuda
