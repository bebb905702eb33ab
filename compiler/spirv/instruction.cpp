#include "compiler/spirv/instruction.h"

#include <cassert>
#include <limits>

namespace dpk::compiler::spirv {

namespace {
constexpr std::size_t kBytesPerWord = sizeof(std::uint32_t);
constexpr std::size_t kBitsPerByte = 8;
constexpr std::size_t kMaxWordCount = std::numeric_limits<std::uint16_t>::max();
}  // namespace

std::size_t string_word_count(std::string_view s) {
    return s.size() / kBytesPerWord + 1;
}

void append_string(std::vector<std::uint32_t>& words, std::string_view s) {
    const std::size_t count = string_word_count(s);
    const std::size_t first = words.size();
    words.resize(first + count, 0);  // the zero padding includes the terminating NUL
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto byte = static_cast<std::uint32_t>(static_cast<unsigned char>(s[i]));
        words[first + i / kBytesPerWord] |= byte << (kBitsPerByte * (i % kBytesPerWord));
    }
}

void Instruction::encode_to(std::vector<std::uint32_t>& out) const {
    assert(word_count() <= kMaxWordCount && "SPIR-V instruction too long");
    out.push_back(instruction_head(op_, word_count()));
    out.insert(out.end(), operands_.begin(), operands_.end());
}

void encode(std::vector<std::uint32_t>& out, spv::Op op, std::span<const std::uint32_t> operands) {
    assert(operands.size() + 1 <= kMaxWordCount && "SPIR-V instruction too long");
    out.push_back(instruction_head(op, operands.size() + 1));
    out.insert(out.end(), operands.begin(), operands.end());
}

}  // namespace dpk::compiler::spirv
