// Signature strings (numba notation and the explicit usm_ndarray form) and annotations.
#include <doctest/doctest.h>

#include "compiler/ast/type_annotation.h"
#include "compiler/parse/signature_parser.h"
#include "tests/parse/parse_helpers.h"

namespace dpk::tests {
namespace {

using compiler::ast::param_type_of;
using compiler::parse::parse_param_type;
using compiler::parse::parse_signature;

std::string key_of(std::string_view text) {
    source::Diagnostics diags;
    auto sig = parse_signature(text, diags);
    if (!sig) return "error: " + diags.render();
    return sig->key();
}

std::string first_error(std::string_view text) {
    source::Diagnostics diags;
    auto sig = parse_signature(text, diags);
    if (sig || diags.all().empty()) return "no error";
    const auto& d = diags.all()[0];
    return (d.file_name.empty() ? std::string("?") : d.file_name) + ":" + std::to_string(d.range.begin.line) +
           ":" + std::to_string(d.range.begin.column) + ": " + d.message;
}

TEST_CASE("numba notation gives the same key as the C++ builder") {
    Signature cpp({ParamType::scalar(DType::F32), ParamType::array(DType::F32, 1, Layout::C),
                   ParamType::array(DType::F32, 2, Layout::C), ParamType::local_array(DType::F32),
                   ParamType::array(DType::F32, 2, Layout::C, UsmType::Shared, "opencl:cpu:0")});
    CHECK(key_of("void(f32, f32[::1], f32[:, ::1], local f32[:], usm_ndarray(f32, ndim=2, "
                 "layout=\"C\", usm_type=\"shared\", device=\"opencl:cpu:0\"))") == cpp.key());
    CHECK(key_of("void(float32, float32[::1],float32[:,::1], local float32[:], "
                 "usm_ndarray(float32, device=\"opencl:cpu:0\", usm_type=\"shared\", ndim=2))") ==
          cpp.key());
}

TEST_CASE("each array spelling maps to the expected ParamType") {
    auto key = [](std::vector<ParamType> p) { return Signature(std::move(p)).key(); };
    CHECK(key_of("void()") == key({}));
    CHECK(key_of("void(f32[:])") == key({ParamType::array(DType::F32, 1, Layout::Any)}));
    CHECK(key_of("void(f32[::1])") == key({ParamType::array(DType::F32, 1, Layout::C)}));
    CHECK(key_of("void(f64[:, :])") == key({ParamType::array(DType::F64, 2, Layout::Any)}));
    CHECK(key_of("void(f32[::1, :])") == key({ParamType::array(DType::F32, 2, Layout::F)}));
    CHECK(key_of("void(i32[:, :, ::1])") == key({ParamType::array(DType::I32, 3, Layout::C)}));
    CHECK(key_of("void(u8[::1, :, :])") == key({ParamType::array(DType::U8, 3, Layout::F)}));
    CHECK(key_of("void(bool, i64, u32)") ==
          key({ParamType::scalar(DType::Bool), ParamType::scalar(DType::I64),
               ParamType::scalar(DType::U32)}));
}

TEST_CASE("the explicit form: defaults and keyword arguments in any order") {
    CHECK(key_of("void(usm_ndarray(f32))") == key_of("void(f32[::1])"));
    CHECK(key_of("void(usm_ndarray(f32, ndim=2))") == key_of("void(f32[:, ::1])"));
    CHECK(key_of("void(usm_ndarray(f32, layout=\"F\", ndim=2))") == key_of("void(f32[::1, :])"));
    CHECK(key_of("void(usm_ndarray(f32, ndim=2, layout=\"A\"))") == key_of("void(f32[:, :])"));
    CHECK(key_of("void(usm_ndarray(f64, usm_type=\"host\", layout=\"F\", ndim=3))") ==
          Signature({ParamType::array(DType::F64, 3, Layout::F, UsmType::Host)}).key());
    // One dimension has one contiguous layout.
    CHECK(key_of("void(usm_ndarray(f32, layout=\"F\"))") == key_of("void(f32[::1])"));
}

TEST_CASE("signature errors point into the signature text") {
    CHECK(first_error("void(f32, flot32[::1])") ==
          "<signature>:1:11: unknown type 'flot32' in signature");
    CHECK(first_error("void(flot32)") == "<signature>:1:6: unknown type 'flot32' in signature");
    CHECK(first_error("int(f32)") ==
          "<signature>:1:1: a signature starts with 'void(' (kernels return nothing), found "
          "'int'");
    CHECK(first_error("void(f32[::1, ::1])")
              .rfind("<signature>:1:6: invalid array type "
                     "'f32[::1, ::1]'",
                     0) == 0);
    CHECK(first_error("void(f32[::2])") ==
          "<signature>:1:12: only '::1' (unit stride) can be written in an array type, "
          "found '::2'");
    CHECK(first_error("void(f32,)") == "<signature>:1:10: unexpected ')', expected a type");
    CHECK(first_error("void(f32") ==
          "<signature>:1:9: unexpected end of file, expected ')' or ','");
    CHECK(first_error("void(local f32)") ==
          "<signature>:1:6: 'local' needs an array type, e.g. 'local f32[:]'");
    CHECK(first_error("void(local f32[:, :])") ==
          "<signature>:1:6: a local array is one-dimensional and sized at launch: write "
          "'local f32[:]'");
    CHECK(first_error("void(local f32[::1])") ==
          "<signature>:1:6: a local array is one-dimensional and sized at launch: write "
          "'local f32[:]'");
    CHECK(first_error("void(usm_ndarray(f32, ndim=2, ndim=3))") ==
          "<signature>:1:31: 'ndim' is given twice");
    CHECK(first_error("void(usm_ndarray(f32, shape=2))") ==
          "<signature>:1:23: unknown argument 'shape' of usm_ndarray (expected ndim, layout, "
          "usm_type or device)");
    CHECK(first_error("void(usm_ndarray(f32, layout=\"X\"))") ==
          "<signature>:1:30: unknown layout \"X\" (expected \"C\", \"F\" or \"A\")");
    CHECK(
        first_error("void(usm_ndarray(f32, usm_type=\"gpu\"))") ==
        "<signature>:1:32: unknown usm_type \"gpu\" (expected \"device\", \"shared\" or \"host\")");
    CHECK(first_error("void(usm_ndarray(f32, ndim=\"2\"))") ==
          "<signature>:1:28: 'ndim' must be an integer");
    CHECK(first_error("void(usm_ndarray(f32, ndim=0))") ==
          "<signature>:1:28: 'ndim' must be between 1 and 32");
    CHECK(first_error("void(ndarray(f32))") ==
          "<signature>:1:6: unknown type 'ndarray(...)' (the explicit array type is "
          "'usm_ndarray(...)')");
    CHECK(first_error("void(usm_ndarray(f32, device=\"x))") ==
          "<signature>:1:30: unterminated string (missing closing '\"')");
}

TEST_CASE("signature diagnostics render after the call returned") {
    source::Diagnostics diags;
    CHECK_FALSE(parse_signature("void(f32, flot32)", diags));
    CHECK(diags.render() ==
          "<signature>:1:11: error: unknown type 'flot32' in signature\n"
          "  void(f32, flot32)\n"
          "            ^~~~~~\n");
}

TEST_CASE("a signature from a caller-owned file") {
    source::SourceFile file("sig.txt", "void(f32[::1])");
    source::Diagnostics diags;
    auto sig = parse_signature(file, diags);
    REQUIRE(sig);
    CHECK(sig->key() == Signature({ParamType::array(DType::F32, 1, Layout::C)}).key());
}

TEST_CASE("one parameter type") {
    source::Diagnostics diags;
    auto t = parse_param_type("usm_ndarray(f32, ndim=2, layout=\"F\")", diags);
    REQUIRE(t);
    CHECK(*t == ParamType::array(DType::F32, 2, Layout::F));
    CHECK_FALSE(parse_param_type("f32[", diags));
    CHECK(diags.has_errors());
}

TEST_CASE("kernel annotations convert like signature types") {
    auto p = parse(
        "kernel k(a: f32, b: f32[::1], c: f64[::1, :], d: local i32[:],\n"
        "         e: usm_ndarray(u8, ndim=3, layout=\"A\", usm_type=\"shared\"),\n"
        "         f: flot32) {}");
    REQUIRE_MESSAGE(p->module, p->errors());
    const auto& params = p->module->functions.at(0)->params;
    std::vector<std::optional<ParamType>> types;
    source::Diagnostics diags;
    for (const auto& prm : params)
        types.push_back(param_type_of(*prm.var.type, p->file.get(), diags));
    CHECK(types[0] == ParamType::scalar(DType::F32));
    CHECK(types[1] == ParamType::array(DType::F32, 1, Layout::C));
    CHECK(types[2] == ParamType::array(DType::F64, 2, Layout::F));
    CHECK(types[3] == ParamType::local_array(DType::I32));
    CHECK(types[4] == ParamType::array(DType::U8, 3, Layout::Any, UsmType::Shared));
    CHECK_FALSE(types[5]);
    REQUIRE(diags.all().size() == 1);
    CHECK(diags.all()[0].message == "unknown type 'flot32'");
    CHECK(diags.all()[0].range.begin.line == 3);
    CHECK(diags.all()[0].range.begin.column == 13);
}

}  // namespace
}  // namespace dpk::tests
