// Cooperative matrices in SPIR-V: matrix_load / matrix_store / matrix_fill / matrix_mad become
// SPV_KHR_cooperative_matrix instructions that validate (the matrix instructions by dpk's own
// rules, the rest by SPIRV-Tools), bounds-checked tiles are guarded as a whole, and targets
// without the feature or without the type say so.
#include <doctest/doctest.h>

#include <algorithm>

#include "compiler/program.h"
#include "compiler/spirv/validator.h"
#include "core/spirv_cooperative_matrix.h"

using namespace dpk;
using compiler::spirv::TargetProfile;

namespace {

constexpr const char* kGemm = R"(
kernel gemm(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let row = group_id(1) * 16;
    let col = (group_id(0) * num_sub_groups() + sub_group_id()) * 16;
    var acc = matrix_fill(0.0f32, (16, 16), "acc");
    for k in range(0, a.shape[1], 16) {
        let x = matrix_load(a, (row, k), (16, 16), "a");
        let y = matrix_load(b, (k, col), (16, 16), "b");
        acc = matrix_mad(x, y, acc);
    }
    matrix_store(c, (row, col), acc);
}
)";

std::optional<KernelImage> build(const std::string& source, const TargetProfile& target,
                                 compiler::source::Diagnostics& diags, bool check_bounds = false) {
    compiler::CompileOptions options;
    options.target = target;
    options.check_bounds = check_bounds;
    auto program = compiler::Program::from_string("mx.dpk", source, diags, options);
    REQUIRE_MESSAGE(program, diags.render());
    return program->compile(*program->kernels().front(), std::nullopt);
}

/// Every instruction of `words` with opcode `op`: its operands.
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

/// The low word of the OpConstant `id` of `words`.
std::optional<std::uint32_t> constant_value(const std::vector<std::uint32_t>& words,
                                            std::uint32_t id) {
    for (const auto& c : instructions(words, spv::Op::OpConstant))
        if (c[1] == id) return c[2];
    return std::nullopt;
}

/// Compiles `source` for a target with matrices (level-zero) and one without (opencl), requires
/// valid modules and hands each to `check` with whether its matrices are native.
template <typename Check>
void for_both_kinds(const char* source, Check check) {
    for (const char* target : {"level-zero", "opencl"}) {
        CAPTURE(target);
        compiler::source::Diagnostics diags;
        auto image = build(source, *TargetProfile::parse(target), diags);
        INFO(diags.render());
        REQUIRE(image);
        auto error = compiler::spirv::validate(image->spirv);
        INFO(error.value_or(""));
        CHECK(!error);
        check(image->spirv, std::string(target) == "level-zero");
    }
}

}  // namespace

TEST_CASE("matrices: a GEMM becomes KHR cooperative-matrix instructions that validate") {
    for (bool bounds : {false, true}) {
        CAPTURE(bounds);
        compiler::source::Diagnostics diags;
        auto image = build(kGemm, TargetProfile::level_zero(), diags, bounds);
        INFO(diags.render());
        REQUIRE(image);
        const auto& w = image->spirv;
        auto error = compiler::spirv::validate(w);
        INFO(error.value_or(""));
        CHECK(!error);
        const auto caps = instructions(w, spv::Op::OpCapability);
        CHECK(std::count(caps.begin(), caps.end(),
                         std::vector{static_cast<std::uint32_t>(
                             spirv_khr::kCapabilityCooperativeMatrix)}) == 1);
        // Three types (a, b, accumulator), two loads, one multiply-add, one store.
        CHECK(instructions(w, spirv_khr::kOpTypeCooperativeMatrix).size() == 3);
        CHECK(instructions(w, spirv_khr::kOpCooperativeMatrixLoad).size() == 2);
        CHECK(instructions(w, spirv_khr::kOpCooperativeMatrixMulAdd).size() == 1);
        const auto stores = instructions(w, spirv_khr::kOpCooperativeMatrixStore);
        REQUIRE(stores.size() == 1);
        CHECK(stores[0].size() == 4);  // pointer, object, layout, stride
        // In bounds-checked mode each load and the store sit behind a check of the whole tile
        // (a selection each, and the report's own); without it there is no branch but the loop.
        const std::size_t selections = instructions(w, spv::Op::OpSelectionMerge).size();
        CHECK((bounds ? selections >= 3 : selections == 0));
    }
}

TEST_CASE("matrices: F-ordered arrays load column-major with the first extent as stride") {
    compiler::source::Diagnostics diags;
    auto image = build(R"(
kernel k(a: f16[::1, :], c: f32[:, ::1]) {
    let x = matrix_load(a, (0, 0), (16, 16), "a");
    let y = matrix_load(a, (0, 16), (16, 16), "b");
    matrix_store(c, (0, 0), matrix_mad(x, y, matrix_fill(1.0f32, (16, 16), "acc")));
}
)",
                       TargetProfile::level_zero(), diags);
    INFO(diags.render());
    REQUIRE(image);
    CHECK(!compiler::spirv::validate(image->spirv));
    // Loads name the ColumnMajor layout constant (1), the store the RowMajor one (0).
    auto value_of = [&](std::uint32_t id) { return constant_value(image->spirv, id); };
    for (const auto& load : instructions(image->spirv, spirv_khr::kOpCooperativeMatrixLoad))
        CHECK(value_of(load[3]) == 1u);
    for (const auto& store : instructions(image->spirv, spirv_khr::kOpCooperativeMatrixStore))
        CHECK(value_of(store[2]) == 0u);
}

TEST_CASE("matrices: a type the target does not multiply is an error listing the ones it does") {
    compiler::source::Diagnostics diags;
    CHECK(!build(R"(
kernel k(c: f32[:, ::1]) {
    matrix_store(c, (0, 0), matrix_fill(0.0f32, (8, 8), "acc"));
}
)",
                 TargetProfile::level_zero(), diags));
    CHECK(diags.render().find(
              "has no cooperative matrix of type matrix(f32, rows=8, cols=8, use=\"acc\"); its "
              "matrix types are matrix(f16, rows=16, cols=16, use=\"a\"), matrix(f16, rows=16, "
              "cols=16, use=\"b\"), matrix(bf16, rows=16, cols=16, use=\"a\"), matrix(bf16, "
              "rows=16, cols=16, use=\"b\"), matrix(f32, rows=16, cols=16, use=\"acc\")") !=
          std::string::npos);
}

TEST_CASE("matrices: the validator checks the matrix instructions SPIRV-Tools cannot read") {
    compiler::source::Diagnostics diags;
    auto image = build(kGemm, TargetProfile::level_zero(), diags);
    REQUIRE(image);
    std::vector<std::uint32_t> w = image->spirv;
    // Swap the multiply-add's A and B operands.
    for (std::size_t i = 5; i < w.size();) {
        const std::uint32_t count = w[i] >> spv::WordCountShift;
        if (static_cast<spv::Op>(w[i] & spv::OpCodeMask) == spirv_khr::kOpCooperativeMatrixMulAdd)
            std::swap(w[i + 3], w[i + 4]);
        i += count;
    }
    auto error = compiler::spirv::validate(w);
    REQUIRE(error);
    CHECK(error->find("OpCooperativeMatrixMulAddKHR: operands must be matrices of uses A, B") !=
          std::string::npos);
}

TEST_CASE("matrices: tiles of local arrays validate, with the array's extent as stride") {
    compiler::source::Diagnostics diags;
    auto image = build(R"(
kernel k(a: f16[:, ::1], c: f32[:, ::1]) {
    let s = local_array(f16, (16, 48));
    for e in range(local_id(0), 768, local_size(0)) { s[e / 48, e % 48] = a[e / 48, e % 48]; }
    barrier(local);
    let x = matrix_load(s, (0, 16), (16, 16), "a");
    let y = matrix_load(s, (0, 32), (16, 16), "b");
    matrix_store(c, (0, 0), matrix_mad(x, y, matrix_fill(0.0f32, (16, 16), "acc")));
}
)",
                       TargetProfile::level_zero(), diags);
    INFO(diags.render());
    REQUIRE(image);
    auto error = compiler::spirv::validate(image->spirv);
    INFO(error.value_or(""));
    CHECK(!error);
    auto value_of = [&](std::uint32_t id) { return constant_value(image->spirv, id); };
    const auto loads = instructions(image->spirv, spirv_khr::kOpCooperativeMatrixLoad);
    REQUIRE(loads.size() == 2);
    for (const auto& load : loads) CHECK(value_of(load[4]) == 48u);  // the stride: 48 elements
}

TEST_CASE("matrices: a target without them gets the emulation: arrays and loops, no KHR") {
    for (bool bounds : {false, true}) {
        CAPTURE(bounds);
        compiler::source::Diagnostics diags;
        auto image = build(kGemm, *TargetProfile::parse("opencl+fp16+sub_groups"), diags, bounds);
        INFO(diags.render());
        REQUIRE(image);
        auto error = compiler::spirv::validate(image->spirv);
        INFO(error.value_or(""));
        CHECK(!error);
        CHECK(instructions(image->spirv, spirv_khr::kOpTypeCooperativeMatrix).empty());
        CHECK(instructions(image->spirv, spirv_khr::kOpCooperativeMatrixMulAdd).empty());
        // The user's loop, the loads' and the store's, and the multiply-add's two.
        CHECK(instructions(image->spirv, spv::Op::OpLoopMerge).size() == 6);
    }
}

TEST_CASE("matrices: element-wise arithmetic validates (native) and is emulated elsewhere") {
    const char* source = R"(
kernel k(c0: f32[:, ::1], c: f32[:, ::1], alpha: f32) {
    var r = matrix_load(c0, (0, 0), (16, 16), "acc") * alpha;
    r += 2.0 * r - matrix_fill(1.0f32, (16, 16), "acc");
    r /= 4.0;
    matrix_store(c, (0, 0), -r);
}
)";
    for_both_kinds(source, [](const std::vector<std::uint32_t>& words, bool native) {
        CHECK(instructions(words, spv::Op::OpMatrixTimesScalar).size() == (native ? 2u : 0u));
        // -r: one OpFNegate of the matrix, or one in the emulation's element loop.
        CHECK(instructions(words, spv::Op::OpFNegate).size() == 1u);
    });
}

TEST_CASE("matrices: math builtins act element by element on each work item's share") {
    const char* source = R"(
kernel k(c: f32[:, ::1]) {
    let m = matrix_load(c, (0, 0), (16, 16), "acc");
    matrix_store(c, (0, 0), clamp(exp(m), 0.0, 2.0));
}
)";
    for_both_kinds(source, [](const std::vector<std::uint32_t>& words, bool native) {
        // Natively each of the 8 elements a work item holds, twice (exp, then clamp's max and
        // min); emulated, one loop per builtin over the 256 elements.
        CHECK(instructions(words, spv::Op::OpCompositeInsert).size() == (native ? 16u : 0u));
        CHECK(instructions(words, spv::Op::OpLoopMerge).size() == (native ? 0u : 4u));
    });
}

TEST_CASE("matrices: i8 and u8 factors with i32 accumulators: signed-component operands") {
    // i8 x i8 marks A, B, C and the result signed (0xF); u8 x u8 only C and the result (0xC).
    for_both_kinds(R"(
kernel k(a: i8[:, ::1], b: i8[:, ::1], ua: u8[:, ::1], ub: u8[::1, :], c: i32[:, ::1]) {
    let s = matrix_mad(matrix_load(a, (0, 0), (16, 32), "a"), matrix_load(b, (0, 0), (32, 16), "b"),
                       matrix_load(c, (0, 0), (16, 16), "acc"));
    let u = matrix_mad(matrix_load(ua, (0, 0), (16, 32), "a"),
                       matrix_load(ub, (0, 0), (32, 16), "b"), matrix_fill(0i32, (16, 16), "acc"));
    matrix_store(c, (0, 0), s);
    matrix_store(c, (16, 0), u);
}
)",
                   [](const std::vector<std::uint32_t>& w, bool native) {
                       const auto mads = instructions(w, spirv_khr::kOpCooperativeMatrixMulAdd);
                       if (!native) {
                           CHECK(mads.empty());
                           return;
                       }
                       // i8 and u8 are one SPIR-V type (OpTypeInt 8 0): a, b, acc.
                       CHECK(instructions(w, spirv_khr::kOpTypeCooperativeMatrix).size() == 3);
                       REQUIRE(mads.size() == 2);
                       CHECK(mads[0].size() == 6);  // type, result, A, B, C, operands
                       CHECK(mads[0][5] == 0xFu);
                       CHECK(mads[1][5] == 0xCu);
                   });
}

TEST_CASE("matrices: the validator checks the multiply-add's signed-component operands") {
    compiler::source::Diagnostics diags;
    auto image = build(kGemm, TargetProfile::level_zero(), diags);
    REQUIRE(image);
    std::vector<std::uint32_t> w;
    // Float factors with MatrixASignedComponentsKHR: the multiply-add gets a sixth word.
    const std::vector<std::uint32_t>& in = image->spirv;
    for (std::size_t i = 0; i < in.size();) {
        const std::uint32_t count = i < 5 ? 1 : in[i] >> spv::WordCountShift;
        const bool mad = i >= 5 && static_cast<spv::Op>(in[i] & spv::OpCodeMask) ==
                                       spirv_khr::kOpCooperativeMatrixMulAdd;
        w.push_back(mad ? in[i] + (1u << spv::WordCountShift) : in[i]);
        w.insert(w.end(), in.begin() + static_cast<std::ptrdiff_t>(i + 1),
                 in.begin() + static_cast<std::ptrdiff_t>(i + count));
        if (mad) w.push_back(spirv_khr::kMatrixASigned);
        i += count;
    }
    auto error = compiler::spirv::validate(w);
    REQUIRE(error);
    CHECK(error->find("signed-component and saturation operands are for integer matrices") !=
          std::string::npos);
}

TEST_CASE("matrices: an i8 tile of another shape is an error listing the device's types") {
    compiler::source::Diagnostics diags;
    CHECK(!build(R"(
kernel k(a: i8[:, ::1], c: i32[:, ::1]) {
    let x = matrix_load(a, (0, 0), (16, 16), "a");
    let y = matrix_load(a, (0, 0), (16, 16), "b");
    matrix_store(c, (0, 0), matrix_mad(x, y, matrix_fill(0i32, (16, 16), "acc")));
}
)",
                 TargetProfile::level_zero(), diags));
    CHECK(diags.render().find("has no cooperative matrix of type matrix(i8, rows=16, cols=16, "
                              "use=\"a\"); its matrix types are ") != std::string::npos);
    CHECK(diags.render().find("matrix(i8, rows=16, cols=32, use=\"a\"), matrix(i8, rows=32, "
                              "cols=16, use=\"b\"), matrix(u8, rows=16, cols=32, use=\"a\"), "
                              "matrix(u8, rows=32, cols=16, use=\"b\"), matrix(i32, rows=16, "
                              "cols=16, use=\"acc\")") != std::string::npos);
}

TEST_CASE("matrices: the emulation takes any accumulator; matrix units only theirs") {
    // Programs written when every pairing was the emulation's keep compiling there (products and
    // sums in the accumulator's type); a target with matrix units has no i16 accumulator (its
    // pairings are checked by tests/errors/matrix_mad_*_accumulator.dpk).
    const char* source = R"(
kernel k(a: i8[:, ::1], c: i16[:, ::1]) {
    let x = matrix_load(a, (0, 0), (16, 32), "a");
    let y = matrix_load(a, (0, 0), (32, 16), "b");
    matrix_store(c, (0, 0), matrix_mad(x, y, matrix_fill(0i16, (16, 16), "acc")));
}
)";
    compiler::source::Diagnostics emulated;
    auto image = build(source, *TargetProfile::parse("opencl+sub_groups"), emulated);
    INFO(emulated.render());
    CHECK(image);
    compiler::source::Diagnostics native;
    CHECK(!build(source, TargetProfile::level_zero(), native));
    CHECK(native.render().find("has no cooperative matrix of type matrix(i16") !=
          std::string::npos);
}

namespace {

// A work-group's GEMM: one 64 x 64 tile of c per work-group of 128 work items, a's 64 x 16 and
// b's 16 x 64 tiles staged in local memory.
constexpr const char* kGroupGemm = R"(
@local_size(128)
kernel gemm(a: f16[:, ::1], b: f16[:, ::1], c: f32[:, ::1]) {
    let sa = local_array(f16, (64, 16));
    let sb = local_array(f16, (16, 64));
    let row = group_id(1) * 64;
    let col = group_id(0) * 64;
    var acc = matrix_fill(0.0f32, (64, 64), "acc", "group");
    for k in range(0, a.shape[1], 16) {
        async_copy(sa, (0, 0), a, (row, k), (64, 16));
        async_copy(sb, (0, 0), b, (k, col), (16, 64));
        wait_copies();
        acc = matrix_mad(matrix_load(sa, (0, 0), (64, 16), "a", "group"),
                         matrix_load(sb, (0, 0), (16, 64), "b", "group"), acc);
        barrier(local);
    }
    matrix_store(c, (row, col), max(acc * 2.0 - matrix_fill(1.0f32, (64, 64), "acc", "group"),
                                    0.0));
}
)";

}  // namespace

TEST_CASE("group matrices: OpTypeCooperativeMatrixKHR of Workgroup scope that validates") {
    for (bool bounds : {false, true}) {
        CAPTURE(bounds);
        compiler::source::Diagnostics diags;
        auto image = build(kGroupGemm, TargetProfile::level_zero(), diags, bounds);
        INFO(diags.render());
        REQUIRE(image);
        const auto& w = image->spirv;
        auto error = compiler::spirv::validate(w);
        INFO(error.value_or(""));
        CHECK(!error);
        // Three types: component, scope Workgroup (2), rows, columns, use.
        auto value_of = [&](std::uint32_t id) { return constant_value(w, id); };
        const auto types = instructions(w, spirv_khr::kOpTypeCooperativeMatrix);
        REQUIRE(types.size() == 3);
        std::vector<std::vector<std::uint32_t>> shapes;
        for (const auto& t : types) {
            CHECK(value_of(t[2]) == static_cast<std::uint32_t>(spv::Scope::Workgroup));
            shapes.push_back({*value_of(t[3]), *value_of(t[4]), *value_of(t[5])});
        }
        CHECK(shapes == std::vector<std::vector<std::uint32_t>>{{64, 64, 2}, {64, 16, 0},
                                                                 {16, 64, 1}});
        // Loads of the local tiles: RowMajor, strides 16 and 64; one multiply-add, one store.
        const auto loads = instructions(w, spirv_khr::kOpCooperativeMatrixLoad);
        REQUIRE(loads.size() == 2);
        CHECK(value_of(loads[0][3]) == 0u);
        CHECK(value_of(loads[0][4]) == 16u);
        CHECK(value_of(loads[1][4]) == 64u);
        CHECK(instructions(w, spirv_khr::kOpCooperativeMatrixMulAdd).size() == 1);
        CHECK(instructions(w, spirv_khr::kOpCooperativeMatrixStore).size() == 1);
    }
}

TEST_CASE("group matrices: emulated, the store is spread over the work-group's linear ids") {
    compiler::source::Diagnostics diags;
    auto image = build(kGroupGemm, *TargetProfile::parse("opencl+fp16+sub_groups"), diags);
    INFO(diags.render());
    REQUIRE(image);
    auto error = compiler::spirv::validate(image->spirv);
    INFO(error.value_or(""));
    CHECK(!error);
    CHECK(instructions(image->spirv, spirv_khr::kOpTypeCooperativeMatrix).empty());
    // The store's loop starts at the local linear id, not at the sub-group local id.
    const std::string text = compiler::spirv::disassemble(image->spirv);
    CHECK(text.find("BuiltIn LocalInvocationId") != std::string::npos);
    CHECK(text.find("BuiltIn SubgroupLocalInvocationId") == std::string::npos);
}

TEST_CASE("group matrices: the validator wants one scope in a multiply-add") {
    compiler::source::Diagnostics diags;
    auto image = build(kGemm, TargetProfile::level_zero(), diags);
    REQUIRE(image);
    std::vector<std::uint32_t> w = image->spirv;
    // The A type's scope becomes the accumulator use's constant (2: Workgroup).
    const auto types = instructions(w, spirv_khr::kOpTypeCooperativeMatrix);
    std::uint32_t two = 0;
    for (const auto& t : types)
        if (constant_value(w, t[5]) == 2u) two = t[5];
    REQUIRE(two != 0);
    for (std::size_t i = 5; i < w.size();) {
        const std::uint32_t count = w[i] >> spv::WordCountShift;
        if (static_cast<spv::Op>(w[i] & spv::OpCodeMask) == spirv_khr::kOpTypeCooperativeMatrix &&
            constant_value(w, w[i + 6]) == 0u)
            w[i + 3] = two;
        i += count;
    }
    auto error = compiler::spirv::validate(w);
    REQUIRE(error);
    CHECK(error->find("OpCooperativeMatrixMulAddKHR: the operands and the result type must be "
                      "of one scope") != std::string::npos);
}

TEST_CASE("group matrices: scope in types, a device's types and its work-group size") {
    compiler::source::Diagnostics diags;
    // Without @local_size(128) on a target with work-group matrices.
    std::string no_size = kGroupGemm;
    no_size.erase(0, no_size.find("kernel"));
    CHECK(!build(no_size, TargetProfile::level_zero(), diags));
    CHECK(diags.render().find(
              "error: matrix_fill: a work-group matrix on the target (level-zero+") !=
          std::string::npos);
    CHECK(diags.render().find(
              "is held by one work-group of 128 work items (four sub-groups of 32, each holding a "
              "quarter of its rows): the kernel must declare @local_size(128)\n") !=
          std::string::npos);
    compiler::source::Diagnostics wrong;
    std::string other_size = kGroupGemm;
    other_size.replace(other_size.find("(128)"), 5, "(64, 2)");
    CHECK(!build(other_size, TargetProfile::level_zero(), wrong));
    CHECK(wrong.render().find("the kernel must declare @local_size(128), not @local_size(64, 2, "
                              "1)\n") != std::string::npos);
    // (128, 1, 1) is the same size.
    compiler::source::Diagnostics three;
    std::string three_d = kGroupGemm;
    three_d.replace(three_d.find("(128)"), 5, "(128, 1, 1)");
    CHECK(build(three_d, TargetProfile::level_zero(), three));
    // A target with sub-group matrices only lists those.
    compiler::source::Diagnostics sub;
    CHECK(!build(kGroupGemm, *TargetProfile::parse("level-zero-group_matrix"), sub));
    CHECK(sub.render().find("has no cooperative matrix of type matrix(f32, rows=64, cols=64, "
                            "use=\"acc\", scope=\"group\"); its matrix types are matrix(f16, "
                            "rows=16, cols=16, use=\"a\"), ") != std::string::npos);
    CHECK(sub.render().find("scope=\"group\"), matrix(") == std::string::npos);
    // A target with both lists the group types last.
    compiler::source::Diagnostics both;
    CHECK(!build(R"(
@local_size(128)
kernel k(c: f32[:, ::1]) {
    matrix_store(c, (0, 0), matrix_fill(0.0f32, (32, 64), "acc", "group"));
}
)",
                 TargetProfile::level_zero(), both));
    CHECK(both.render().find("matrix(f32, rows=64, cols=64, use=\"acc\", scope=\"group\")\n") !=
          std::string::npos);
}
