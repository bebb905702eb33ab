// Emitter: what a target changes in the code besides its features' capabilities — short
// constant-range loops unrolled for targets that ask for it ("+unroll", CUDA devices), and float
// atomic adds as one OpAtomicFAddEXT on targets with float_atomic_add. Every module validates.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <spirv/unified1/spirv.hpp11>
#include <string>

#include "compiler/program.h"

using namespace dpk;
using compiler::spirv::TargetProfile;

namespace {

/// The SPIR-V of the only kernel of `source` (fully annotated) compiled for `target`.
std::vector<std::uint32_t> spirv_for(const std::string& source, const std::string& target) {
    compiler::CompileOptions options;
    options.target = *TargetProfile::parse(target);
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_string("t.dpk", source, diags, options);
    REQUIRE_MESSAGE(program, diags.render());
    auto compiled = program->compile(*program->kernels().front(), std::nullopt);
    REQUIRE_MESSAGE(compiled, diags.render());
    return compiled->image.spirv;
}

/// How many instructions with `op` the module holds.
int count(const std::vector<std::uint32_t>& words, spv::Op op) {
    int n = 0;
    for (std::size_t i = 5; i < words.size(); i += words[i] >> 16) {
        if (static_cast<spv::Op>(words[i] & 0xFFFF) == op) ++n;
        if ((words[i] >> 16) == 0) break;
    }
    return n;
}

/// The tiled matmul of the benchmarks: a tile loop over a launch-time range with a 16-step inner
/// product loop.
std::string matmul_source() {
    std::ifstream in(DPK_SOURCE_DIR "/bench/kernels/matmul.dpk");
    REQUIRE(in);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("target profiles: +unroll parses, prints last and round-trips") {
    auto t = TargetProfile::parse("opencl+unroll+fp16");
    REQUIRE(t);
    CHECK(t->unrolls_short_loops());
    CHECK(t->has(DeviceFeature::Fp16));
    CHECK(t->name() ==
          "opencl+fp64+fp16+int64_atomics-sub_groups-sub_group_shuffle-float_atomic_add+unroll");
    CHECK(TargetProfile::parse(t->name())->name() == t->name());
    CHECK(!TargetProfile::opencl().unrolls_short_loops());
    CHECK(!TargetProfile::parse("opencl+unroll-unroll")->unrolls_short_loops());
}

TEST_CASE("emitter: a constant-range loop of a small body is unrolled only for +unroll targets") {
    // The tile loop (its range known at launch only) stays a loop; the 16-step one is unrolled.
    CHECK(count(spirv_for(matmul_source(), "opencl"), spv::Op::OpLoopMerge) == 2);
    const auto unrolled = spirv_for(matmul_source(), "opencl+unroll");
    CHECK(count(unrolled, spv::Op::OpLoopMerge) == 1);
    CHECK(count(unrolled, spv::Op::OpFMul) + count(unrolled, spv::Op::OpExtInst) >= 16);
}

TEST_CASE("emitter: loops that are not unrolled") {
    auto loops = [](const std::string& body) {
        return count(spirv_for("kernel k(x: f32[::1]) {\n" + body + "\n}\n", "opencl+unroll"),
                     spv::Op::OpLoopMerge);
    };
    CHECK(loops("for k in range(4) { x[k] = 1.0; }") == 0);                        // unrolled
    CHECK(loops("for k in range(2, 10, 3) { x[k] = 1.0; }") == 0);                 // 2, 5, 8
    CHECK(loops("for k in range(17) { x[k] = 1.0; }") == 1);                       // too many steps
    CHECK(loops("for k in range(4) { if x[k] > 0.0 { break; } }") == 1);           // leaves early
    CHECK(loops("for k in range(4) { for j in range(2) { x[j] = 0.0; } }") == 1);  // inner only
    CHECK(loops("for k in range(4) { x[k] = 1.0; x[k] = 2.0; x[k] = 3.0; x[k] = 4.0; "
                "x[k] = 5.0; }") == 1);                                    // body too large
    CHECK(loops("for k in range(i64(x.shape[0])) { x[k] = 1.0; }") == 1);  // range known at launch
}

TEST_CASE("emitter: float atomic add is one OpAtomicFAddEXT with float_atomic_add") {
    const char* src = R"(
kernel k(s: f32[::1], d: f64[::1]) {
    atomic_add(s, 0, 1.5f32);
    atomic_sub(s, 1, 2.5f32);
    atomic_add(d, 0, 1.0);
    atomic_max(s, 2, 3.0f32);
}
)";
    const auto native = spirv_for(src, "opencl+float_atomic_add");
    CHECK(count(native, spv::Op::OpAtomicFAddEXT) == 3);
    CHECK(count(native, spv::Op::OpAtomicCompareExchange) == 1);  // atomic_max keeps its loop
    const auto loops = spirv_for(src, "opencl");
    CHECK(count(loops, spv::Op::OpAtomicFAddEXT) == 0);
    CHECK(count(loops, spv::Op::OpAtomicCompareExchange) == 4);
}
