// Kernel variants: a target with variants adds one entry point per set of launch facts, same
// parameters; Index32 computes offsets in i32, NoAlias marks pointers NoAlias (and NoWrite where
// the kernel only reads the array). Every module validates.
#include <doctest/doctest.h>

#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "dpk/core/launch_facts.h"

using namespace dpk;
using compiler::spirv::TargetProfile;

namespace {

struct Compiled {
    KernelImage image;
    std::string text;
    bool has(std::string_view s) const { return text.find(s) != std::string::npos; }
    std::size_t count(std::string_view s) const {
        std::size_t n = 0;
        for (auto at = text.find(s); at != std::string::npos; at = text.find(s, at + 1)) ++n;
        return n;
    }
};

Compiled compile(const std::string& source, const TargetProfile& target) {
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_string("variants.dpk", source, diags);
    REQUIRE(program);
    auto out = program->compile(*program->kernels().front(), std::nullopt, target);
    REQUIRE(out);
    Compiled c{*out, compiler::spirv::disassemble(out->spirv)};
    INFO(c.text);
    REQUIRE(!compiler::spirv::validate(c.image.spirv).has_value());
    return c;
}

const char* kCopy = R"(
kernel scale(x: f32[:, ::1], y: f32[:, ::1], s: f32) {
    let i = global_id(1); let j = global_id(0);
    y[i, j] = x[i, j] * s + x[i + 1, j - 1];
})";

}  // namespace

TEST_CASE("variants: one entry point per set of facts, in the target's order") {
    const TargetProfile target = TargetProfile::opencl().with_variants(
        {LaunchFacts{LaunchFact::Index32, LaunchFact::NoAlias}, LaunchFacts{LaunchFact::Index32}});
    Compiled c = compile(kCopy, target);
    REQUIRE(c.image.variants.size() == 2);
    CHECK(c.image.variants[0].entry_point == "scale__index32__noalias");
    CHECK(c.image.variants[0].facts == LaunchFacts{LaunchFact::Index32, LaunchFact::NoAlias});
    CHECK(c.image.variants[1].entry_point == "scale__index32");
    CHECK(c.has("OpEntryPoint Kernel %scale \"scale\""));
    CHECK(c.has("\"scale__index32__noalias\""));
    CHECK(c.has("\"scale__index32\""));
    CHECK(c.image.abi.written_arrays == std::vector<std::uint32_t>{1});
    // The general entry point computes offsets in i64, the variants in i32.
    CHECK(c.count("OpIMul %uint ") >= 4);  // two accesses with a row each, in two variants
    CHECK(c.has("OpIMul %ulong "));
}

TEST_CASE("variants: NoAlias marks every array, NoWrite the ones the kernel only reads") {
    const TargetProfile target =
        TargetProfile::opencl().with_variants({LaunchFacts{LaunchFact::NoAlias}});
    Compiled c = compile(kCopy, target);
    REQUIRE(c.image.variants.size() == 1);
    CHECK(c.image.variants[0].entry_point == "scale__noalias");
    CHECK(c.count("FuncParamAttr NoAlias") == 2);  // x and y of the variant only
    CHECK(c.count("FuncParamAttr NoWrite") == 1);  // x
    CHECK(!c.has("OpIMul %uint "));                // no Index32: 64-bit offsets
}

TEST_CASE("variants: atomics and calls count as writes") {
    Compiled c = compile(R"(
func put(a: f32[::1], i: i64) { a[i] = 1.0; }
kernel k(a: f32[::1], b: i32[::1], c: f32[::1], d: f32[::1]) {
    let i = global_id(0);
    atomic_add(b, 0, 1);
    put(c, i);
    a[i] = d[i];
})",
                         TargetProfile::opencl().with_variants({LaunchFacts{LaunchFact::NoAlias}}));
    CHECK(c.image.abi.written_arrays == std::vector<std::uint32_t>{0, 1, 2});
    CHECK(c.count("FuncParamAttr NoWrite") == 1);  // d
}

TEST_CASE("variants: none without a target that asks; the target's name spells them") {
    Compiled c = compile(kCopy, TargetProfile::opencl());
    CHECK(c.image.variants.empty());
    CHECK(c.count("OpEntryPoint") == 1);
    const TargetProfile t = TargetProfile::opencl().with_variants(
        {LaunchFacts{LaunchFact::Index32, LaunchFact::NoAlias}, LaunchFacts{LaunchFact::Index32}});
    CHECK(t.name().ends_with("/variants=index32+noalias,index32"));
    auto parsed = TargetProfile::parse(t.name());
    REQUIRE(parsed);
    CHECK(parsed->name() == t.name());
    CHECK(parsed->variants() == t.variants());
    std::string error;
    CHECK(!TargetProfile::parse("opencl/variants=fast", &error));
    CHECK(error.find("bad variant 'fast'") != std::string::npos);
}
