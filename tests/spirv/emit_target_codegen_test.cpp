// Emitter: what a target's features change in the code besides capabilities: float atomic adds
// are one OpAtomicFAddEXT on targets with float_atomic_add; the driver defects a target avoids
// change what some operations are emitted as. Every module validates.
#include <doctest/doctest.h>

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
    return compiled->spirv;
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

}  // namespace

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

TEST_CASE("emitter: zero_quotient anchors a divisor only where 0 / 0 is possible") {
    // x / y: the divisor xor'ed with a zero of the work-item; 1.0 / y and x / 2.0 cannot be
    // 0 / 0 and stay plain; 0.0 / y and x / 0.0 are anchored.
    const char* src = R"(
kernel k(a: f64[::1], b: f32[::1], o: f64[::1], p: f32[::1]) {
    let i = global_id(0);
    o[i] = a[i] / a[i + 1];
    o[i + 1] = 1.0 / a[i];
    o[i + 2] = a[i] / 2.0;
    o[i + 3] = 0.0 / a[i];
    o[i + 4] = a[i] / 0.0;
    p[i] = b[i] / b[i + 1];
}
)";
    const auto avoided = spirv_for(src, "opencl");
    CHECK(count(avoided, spv::Op::OpFDiv) == 6);
    CHECK(count(avoided, spv::Op::OpBitwiseXor) == 4);
    const auto plain = spirv_for(src, "opencl/avoids=none");
    CHECK(count(plain, spv::Op::OpFDiv) == 6);
    CHECK(count(plain, spv::Op::OpBitwiseXor) == 0);
    CHECK(count(spirv_for(src, "opencl/avoids=zero_quotient"), spv::Op::OpBitwiseXor) == 4);
}

TEST_CASE("emitter: sign_of_negation anchors a signed >> by the width less one or a variable") {
    // x >> 31 and x >> n (signed) get their count xor'ed with a zero of the launch; x >> 5 and
    // the unsigned u >> 31 stay plain.
    const char* src = R"(
kernel k(a: i32[::1], u: u32[::1], n: i32, o: i32[::1], p: u32[::1]) {
    let i = global_id(0);
    o[i] = (-a[i]) >> 31;
    o[i + 1] = (-a[i]) >> n;
    o[i + 2] = (-a[i]) >> 5;
    p[i] = u[i] >> 31u32;
}
)";
    const auto avoided = spirv_for(src, "opencl/avoids=sign_of_negation");
    CHECK(count(avoided, spv::Op::OpShiftRightArithmetic) == 3);
    CHECK(count(avoided, spv::Op::OpBitwiseXor) == 2);
    const auto plain = spirv_for(src, "opencl/avoids=none");
    CHECK(count(plain, spv::Op::OpShiftRightArithmetic) == 3);
    CHECK(count(plain, spv::Op::OpBitwiseXor) == 0);
}

TEST_CASE("emitter: remainder_of_nan makes a float remainder OpenCL.std's fmod") {
    const char* src = R"(
kernel k(a: f64[::1], b: f32[::1], c: i32[::1]) {
    let i = global_id(0);
    a[i] = a[i] % a[i + 1];
    b[i] = b[i] % 3.0;
    c[i] = c[i] % c[i + 1];
}
)";
    const auto avoided = spirv_for(src, "opencl/avoids=remainder_of_nan");
    CHECK(count(avoided, spv::Op::OpFRem) == 0);
    CHECK(count(avoided, spv::Op::OpExtInst) == 2);
    CHECK(count(avoided, spv::Op::OpSRem) == 1);
    const auto plain = spirv_for(src, "opencl/avoids=none");
    CHECK(count(plain, spv::Op::OpFRem) == 2);
    CHECK(count(plain, spv::Op::OpExtInst) == 0);
}

TEST_CASE("emitter: copy_under_branch makes copies loads and stores, their wait a barrier") {
    // A copy of 1-d elements and a whole tile (rows of 32 bytes; its row-by-row form too).
    const char* src = R"(
kernel k(a: f32[::1], m: f16[:, ::1], o: f32[::1]) {
    let t = local_array(f32, 64);
    let s = local_array(f16, (32, 16));
    async_copy(t, 0, a, 0, 64);
    async_copy(s, (0, 0), m, (0, 0), (32, 16));
    wait_copies();
    o[global_id(0)] = t[local_id(0)] + f32(s[local_id(0), 0]);
}
)";
    const auto avoided = spirv_for(src, "opencl+fp16/avoids=copy_under_branch");
    CHECK(count(avoided, spv::Op::OpGroupAsyncCopy) == 0);
    CHECK(count(avoided, spv::Op::OpGroupWaitEvents) == 0);
    CHECK(count(avoided, spv::Op::OpControlBarrier) == 1);
    CHECK(count(avoided, spv::Op::OpLoopMerge) == 4);  // 1-d, whole tile, by rows + its rows
    const auto plain = spirv_for(src, "opencl+fp16/avoids=none");
    CHECK(count(plain, spv::Op::OpGroupAsyncCopy) == 3);
    CHECK(count(plain, spv::Op::OpGroupWaitEvents) == 1);
    CHECK(count(plain, spv::Op::OpControlBarrier) == 0);
}

TEST_CASE("emitter: paired_gather_index anchors array indices narrower than 64 bits") {
    // b[j] and b[k] (i32, u16) are xor'ed with a zero of the launch before they are widened;
    // a[i] (i64) and a[3i32] (a constant) stay plain.
    const char* src = R"(
kernel k(a: i32[::1], b: i32[::1], o: i32[::1]) {
    let i = global_id(0);
    let j = a[i] & 63;
    let k = u16(a[i + 1]);
    o[i] = b[j] + b[k] + a[3i32];
}
)";
    const auto avoided = spirv_for(src, "opencl/avoids=paired_gather_index");
    CHECK(count(avoided, spv::Op::OpBitwiseXor) == 2);
    CHECK(count(spirv_for(src, "opencl/avoids=none"), spv::Op::OpBitwiseXor) == 0);
}
