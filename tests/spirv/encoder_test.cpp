// The instruction encoder: exact words.
#include <doctest/doctest.h>

#include "compiler/spirv/instruction.h"

using namespace dpk::compiler::spirv;
using Words = std::vector<std::uint32_t>;

TEST_CASE("encoder: first word packs word count and opcode") {
    CHECK(instruction_head(spv::Op::OpCapability, 2) == 0x00020011u);
    CHECK(instruction_head(spv::Op::OpTypeInt, 4) == 0x00040015u);
    CHECK(instruction_head(spv::Op::OpFunctionEnd, 1) == 0x00010038u);
}

TEST_CASE("encoder: string literals are NUL-terminated, little-endian and padded") {
    Words w;
    append_string(w, "");
    CHECK(w == Words{0});
    w.clear();
    append_string(w, "abc");  // 3 bytes + NUL fit one word
    CHECK(w == Words{0x00636261u});
    w.clear();
    append_string(w, "abcd");  // 4 bytes: the NUL needs a word of its own
    CHECK(w == Words{0x64636261u, 0});
    w.clear();
    append_string(w, "OpenCL.std");
    CHECK(w == Words{0x6e65704fu, 0x732e4c43u, 0x00006474u});
    CHECK(string_word_count("") == 1);
    CHECK(string_word_count("abc") == 1);
    CHECK(string_word_count("abcd") == 2);
    CHECK(string_word_count("OpenCL.std") == 3);
}

TEST_CASE("encoder: fixed operand lists") {
    Words w;
    encode(w, spv::Op::OpTypeInt, {7, 32, 0});
    CHECK(w == Words{0x00040015u, 7, 32, 0});
    w.clear();
    encode(w, spv::Op::OpMemoryModel,
           {operand(spv::AddressingModel::Physical64), operand(spv::MemoryModel::OpenCL)});
    CHECK(w == Words{0x0003000eu, 2, 2});
    w.clear();
    encode(w, spv::Op::OpReturn, {});
    CHECK(w == Words{0x000100fdu});
}

TEST_CASE("encoder: instructions with strings and id lists") {
    Words w;
    Instruction(spv::Op::OpName).word(5).string("main").encode_to(w);
    CHECK(w == Words{0x00040005u, 5, 0x6e69616du, 0});
    w.clear();
    const Words interface { 9, 10 };
    Instruction(spv::Op::OpEntryPoint)
        .word(spv::ExecutionModel::Kernel)
        .word(4)
        .string("k")
        .words(interface)
        .encode_to(w);
    // Kernel = 6, "k" = one word, then the interface ids.
    CHECK(w == Words{0x0006000fu, 6, 4, 0x0000006bu, 9, 10});
    w.clear();
    Instruction(spv::Op::OpExtInstImport).word(1).string("OpenCL.std").encode_to(w);
    CHECK(w == Words{0x0005000bu, 1, 0x6e65704fu, 0x732e4c43u, 0x00006474u});
}
