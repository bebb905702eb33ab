// bf16 in SPIR-V: one encoding per target. With the bf16 feature (the CUDA target, level-zero) it
// is SPV_KHR_bfloat16's OpTypeFloat 16 BFloat16KHR, converted by OpFConvert; without it (the
// OpenCL CPU drivers) its bits, OpTypeInt 16, converted by integer operations. Arithmetic runs in
// f32 either way. Both validate (the bf16 module on dpk's stand-in).
#include <doctest/doctest.h>

#include <algorithm>

#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "core/spirv_bfloat16.h"
#include "core/spirv_cooperative_matrix.h"

using namespace dpk;
using compiler::spirv::TargetProfile;

namespace {

constexpr const char* kScale = R"(
kernel scale(x: bf16[::1], s: bf16) {
    let i = global_id(0);
    x[i] = x[i] * s + 1.0bf16;
}
)";

constexpr const char* kGemm = R"(
kernel gemm(a: bf16[:, ::1], b: bf16[:, ::1], c: f32[:, ::1]) {
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        acc = matrix_mad(matrix_load(a, (0, k), (16, 16), "a"),
                         matrix_load(b, (k, 0), (16, 16), "b"), acc);
    }
    matrix_store(c, (0, 0), acc);
}
)";

std::optional<KernelImage> build(const std::string& source, const std::string& target,
                                 compiler::source::Diagnostics& diags) {
    compiler::CompileOptions options;
    options.target = *TargetProfile::parse(target);
    auto program = compiler::Program::from_string("bf.dpk", source, diags, options);
    REQUIRE_MESSAGE(program, diags.render());
    return program->compile(*program->kernels().front(), std::nullopt);
}

std::vector<std::vector<std::uint32_t>> instructions(const std::vector<std::uint32_t>& words,
                                                     spv::Op op) {
    std::vector<std::vector<std::uint32_t>> out;
    for (std::size_t i = 5; i < words.size();) {
        const std::uint32_t count = words[i] >> spv::WordCountShift;
        if (static_cast<spv::Op>(words[i] & spv::OpCodeMask) == op)
            out.emplace_back(words.begin() + static_cast<std::ptrdiff_t>(i + 1),
                             words.begin() + static_cast<std::ptrdiff_t>(i + count));
        i += count;
    }
    return out;
}

bool has_capability(const std::vector<std::uint32_t>& w, spv::Capability c) {
    const auto caps = instructions(w, spv::Op::OpCapability);
    return std::find(caps.begin(), caps.end(), std::vector{static_cast<std::uint32_t>(c)}) !=
           caps.end();
}

}  // namespace

TEST_CASE("bf16: without the feature it is OpTypeInt 16, arithmetic in f32 by integer rounding") {
    compiler::source::Diagnostics diags;
    auto image = build(kScale, "opencl", diags);
    INFO(diags.render());
    REQUIRE(image);
    const auto& w = image->spirv;
    CHECK(!compiler::spirv::validate(w));
    CHECK(!has_capability(w, spirv_khr::kCapabilityBFloat16Type));
    CHECK(!has_capability(w, spv::Capability::Float16));
    CHECK(has_capability(w, spv::Capability::Int16));
    // No 16-bit float type; a 16-bit integer; the rounding's NaN test and shifts.
    for (const auto& t : instructions(w, spv::Op::OpTypeFloat)) CHECK(t[1] != 16);
    const auto ints = instructions(w, spv::Op::OpTypeInt);
    CHECK(std::any_of(ints.begin(), ints.end(), [](const auto& t) { return t[1] == 16; }));
    CHECK(instructions(w, spv::Op::OpFConvert).empty());
    CHECK(!instructions(w, spv::Op::OpUGreaterThan).empty());
    CHECK(instructions(w, spv::Op::OpFMul).size() == 1);  // in f32
    CHECK(instructions(w, spv::Op::OpFAdd).size() == 1);
    CHECK(instructions(w, spv::Op::OpExtInst).empty());  // not contracted into a mad
    // The constant 1.0bf16: its bits.
    const auto constants = instructions(w, spv::Op::OpConstant);
    CHECK(std::any_of(constants.begin(), constants.end(),
                      [](const auto& c) { return c.size() == 3 && c[2] == 0x3f80; }));
}

TEST_CASE("bf16: with the feature it is SPV_KHR_bfloat16's float type, converted by OpFConvert") {
    for (const char* target : {"opencl+bf16", "level-zero"}) {
        CAPTURE(target);
        compiler::source::Diagnostics diags;
        auto image = build(kScale, target, diags);
        INFO(diags.render());
        REQUIRE(image);
        const auto& w = image->spirv;
        auto error = compiler::spirv::validate(w);
        INFO(error.value_or(""));
        CHECK(!error);
        CHECK(has_capability(w, spirv_khr::kCapabilityBFloat16Type));
        CHECK(!has_capability(w, spv::Capability::Float16));
        const auto ext = instructions(w, spv::Op::OpExtension);
        CHECK(std::count_if(ext.begin(), ext.end(), [](const auto& e) {
                  return std::string(reinterpret_cast<const char*>(e.data())) ==
                         spirv_khr::kExtensionBFloat16;
              }) == 1);
        const auto floats = instructions(w, spv::Op::OpTypeFloat);
        CHECK(std::count_if(floats.begin(), floats.end(), [](const auto& t) {
                  return t.size() == 3 && t[1] == 16 && t[2] == spirv_khr::kFPEncodingBFloat16;
              }) == 1);
        // x * s: both widened, the product rounded; + 1.0: the product widened (the constant is
        // an f32 constant), the sum rounded.
        CHECK(instructions(w, spv::Op::OpFConvert).size() == 5);
        CHECK(instructions(w, spv::Op::OpUGreaterThan).empty());
    }
    // Without the feature no such capability is accepted: the target names it.
    CHECK(TargetProfile::parse("level-zero")->has(DeviceFeature::Bf16));
    CHECK(!TargetProfile::parse("opencl")->has(DeviceFeature::Bf16));
}

TEST_CASE("bf16: matrices of bf16 factors declare BFloat16CooperativeMatrixKHR and validate") {
    compiler::source::Diagnostics diags;
    auto image = build(kGemm, "level-zero", diags);
    INFO(diags.render());
    REQUIRE(image);
    const auto& w = image->spirv;
    auto error = compiler::spirv::validate(w);
    INFO(error.value_or(""));
    CHECK(!error);
    CHECK(has_capability(w, spirv_khr::kCapabilityBFloat16CooperativeMatrix));
    CHECK(has_capability(w, spirv_khr::kCapabilityCooperativeMatrix));
    CHECK(instructions(w, spirv_khr::kOpCooperativeMatrixMulAdd).size() == 1);
    // Emulated where the target has no matrices: bf16 tiles as arrays of 16-bit integers.
    compiler::source::Diagnostics cpu_diags;
    auto cpu = build(kGemm, "opencl", cpu_diags);
    INFO(cpu_diags.render());
    REQUIRE(cpu);
    CHECK(!compiler::spirv::validate(cpu->spirv));
    CHECK(!has_capability(cpu->spirv, spirv_khr::kCapabilityBFloat16CooperativeMatrix));
}

TEST_CASE("bf16: a bf16 accumulator is not one of the device's matrix types") {
    compiler::source::Diagnostics diags;
    CHECK(!build(R"(
kernel k(a: bf16[:, ::1], c: bf16[:, ::1]) {
    let x = matrix_load(a, (0, 0), (16, 16), "a");
    let y = matrix_load(a, (0, 0), (16, 16), "b");
    matrix_store(c, (0, 0), matrix_mad(x, y, matrix_fill(0.0bf16, (16, 16), "acc")));
}
)",
                 "level-zero", diags));
    CHECK(diags.render().find(
              "has no cooperative matrix of type matrix(bf16, rows=16, cols=16, use=\"acc\"); "
              "its matrix types are matrix(f16, rows=16, cols=16, use=\"a\"), matrix(f16, "
              "rows=16, cols=16, use=\"b\"), matrix(bf16, rows=16, cols=16, use=\"a\"), "
              "matrix(bf16, rows=16, cols=16, use=\"b\"), matrix(f32, rows=16, cols=16, "
              "use=\"acc\")") != std::string::npos);
}

TEST_CASE("bf16: f16 and bf16 in one module: both 16-bit float types validate") {
    compiler::source::Diagnostics diags;
    auto image = build(R"(
kernel k(h: f16[::1], b: bf16[::1]) {
    let i = global_id(0);
    b[i] = bf16(h[i]);
    h[i] = f16(b[i]);
}
)",
                       "level-zero", diags);
    INFO(diags.render());
    REQUIRE(image);
    auto error = compiler::spirv::validate(image->spirv);
    INFO(error.value_or(""));
    CHECK(!error);
    CHECK(instructions(image->spirv, spv::Op::OpTypeFloat).size() == 3);  // f16, bf16, f32
}
