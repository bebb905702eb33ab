// A minus sign folds into an integer literal: each signed type's minimum, suffixed or taking its
// type from the context, is one constant of that type in the emitted module.
#include <doctest/doctest.h>

#include "tests/spirv/emit_test_util.h"

TEST_CASE("negative literals: signed minimums are emitted as constants") {
    const std::string text = dpk::tests::compile_program_valid(
        "kernel k(a: i8[::1], b: i16[::1], c: i32[::1], d: i64[::1]) {\n"
        "    a[0] = -128i8;\n"
        "    b[0] = -32768i16;\n"
        "    c[0] = -2147483648i32;\n"
        "    c[1] = -2147483648;\n"
        "    c[2] = -(2147483648i32);\n"
        "    d[0] = -9223372036854775808i64;\n"
        "    let m = -9223372036854775808;\n"
        "    d[1] = m;\n"
        "}\n",
        "k");
    INFO(text);
    // Integer types have signedness 0: the minimum's bits read as unsigned.
    CHECK(text.find("OpConstant %uchar 128\n") != std::string::npos);
    CHECK(text.find("OpConstant %ushort 32768\n") != std::string::npos);
    CHECK(text.find("OpConstant %uint 2147483648\n") != std::string::npos);
    CHECK(text.find("OpConstant %ulong 9223372036854775808\n") != std::string::npos);
    CHECK(text.find("OpSNegate") == std::string::npos);  // folded, not negated at run time
}
