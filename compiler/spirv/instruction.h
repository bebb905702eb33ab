// The SPIR-V instruction encoder: packs opcodes, operand words and string literals into words.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <spirv/unified1/spirv.hpp11>
#include <string_view>
#include <type_traits>
#include <vector>

namespace dpk::compiler::spirv {

/// A SPIR-V result id (0 means "none").
using Id = std::uint32_t;

/// Number of words a string literal takes: its UTF-8 bytes plus a terminating NUL, padded to a
/// whole word.
std::size_t string_word_count(std::string_view s);

/// Appends a string literal: bytes in little-endian order within each word, NUL-terminated and
/// zero-padded to a word boundary (SPIR-V spec 2.2.1 "Literal String").
void append_string(std::vector<std::uint32_t>& words, std::string_view s);

/// The first word of an instruction: word count in the high half, opcode in the low half.
constexpr std::uint32_t instruction_head(spv::Op op, std::size_t word_count) {
    return static_cast<std::uint32_t>(word_count) << spv::WordCountShift |
           (static_cast<std::uint32_t>(op) & spv::OpCodeMask);
}

/// An instruction under construction: opcode plus operand words, appended to a word stream with
/// `encode_to`. Use it where operands include strings or variable-length lists; `encode` below
/// is the allocation-free path for fixed operand lists.
class Instruction {
public:
    explicit Instruction(spv::Op op) : op_(op) {}

    /// Appends one operand word (an id or a literal number).
    Instruction& word(std::uint32_t w) {
        operands_.push_back(w);
        return *this;
    }
    /// Appends an enumerant operand (spv::StorageClass, spv::Decoration, ...).
    template <typename Enum>
    requires std::is_enum_v<Enum> Instruction& word(Enum e) {
        return word(static_cast<std::uint32_t>(e));
    }
    /// Appends several operand words.
    Instruction& words(std::span<const std::uint32_t> ws) {
        operands_.insert(operands_.end(), ws.begin(), ws.end());
        return *this;
    }
    /// Appends a string literal operand.
    Instruction& string(std::string_view s) {
        append_string(operands_, s);
        return *this;
    }

    spv::Op op() const { return op_; }
    const std::vector<std::uint32_t>& operands() const { return operands_; }
    /// Total words including the leading word.
    std::size_t word_count() const { return operands_.size() + 1; }

    /// Appends the encoded instruction to `out`.
    void encode_to(std::vector<std::uint32_t>& out) const;

private:
    spv::Op op_;
    std::vector<std::uint32_t> operands_;
};

/// Appends `op` with the given operand words to `out`.
void encode(std::vector<std::uint32_t>& out, spv::Op op, std::span<const std::uint32_t> operands);
inline void encode(std::vector<std::uint32_t>& out, spv::Op op,
                   std::initializer_list<std::uint32_t> operands) {
    encode(out, op, std::span<const std::uint32_t>(operands.begin(), operands.size()));
}

/// The enumerant as an operand word.
template <typename Enum>
requires std::is_enum_v<Enum>
constexpr std::uint32_t operand(Enum e) {
    return static_cast<std::uint32_t>(e);
}

}  // namespace dpk::compiler::spirv
