// Emitter: sub-group builtins through the whole pipeline, for targets with and without
// sub-groups. Every module is validated in-process (OpenCL 2.0 environment once it declares
// Groups) and converted to SPIR 1.2 bitcode; the disassembly must hold the instructions OpenCL C
// gets from clang and llvm-spirv for the same functions.
#include "compiler/program.h"
#include "tests/spirv/emit_test_util.h"

using namespace dpk;
using namespace dpk::tests;
using compiler::spirv::TargetProfile;

namespace {

const TargetProfile kSubGroups = *TargetProfile::parse("opencl+sub_groups");
const TargetProfile kShuffles = *TargetProfile::parse("opencl+sub_groups+sub_group_shuffle");
/// Every sub-group feature: the cl_khr_subgroup_* functions too.
const TargetProfile kAllSubGroups = *TargetProfile::parse(
    "opencl+fp16+sub_groups+sub_group_shuffle+sub_group_shuffle_xor+sub_group_shuffle_relative+"
    "sub_group_ballot+sub_group_bitwise+sub_group_extended_types");

/// Compiles the only kernel of `source` for `signature` ("" = as declared) and `target`: the
/// kernel image, or nullopt with `diags` holding the errors.
std::optional<KernelImage> build(const std::string& source, const std::string& signature,
                                 const TargetProfile& target,
                                 compiler::source::Diagnostics& diags) {
    compiler::CompileOptions options;
    options.target = target;
    auto program = compiler::Program::from_string("sg.dpk", source, diags, options);
    REQUIRE_MESSAGE(program, diags.render());
    REQUIRE(program->kernels().size() == 1);
    std::optional<Signature> sig;
    if (!signature.empty()) sig = program->parse_signature(signature);
    return program->compile(*program->kernels().front(), sig);
}

/// Same, and requires success: the disassembly of a module that validates and converts.
std::string compile(const std::string& source, const std::string& signature = "",
                    const TargetProfile& target = kShuffles) {
    compiler::source::Diagnostics diags;
    auto compiled = build(source, signature, target, diags);
    INFO(diags.render());
    REQUIRE(compiled);
    const auto& words = compiled->spirv;
    const std::string text = compiler::spirv::disassemble(words);
    INFO(text);
    auto error = compiler::spirv::validate(words);
    INFO(error.value_or(""));
    REQUIRE(!error.has_value());
    CHECK(converts_to_spir(words, "sub_groups"));
    return text;
}

/// The rendered errors of a compilation that must fail.
std::string errors(const std::string& source, const std::string& signature,
                   const TargetProfile& target) {
    compiler::source::Diagnostics diags;
    CHECK(!build(source, signature, target, diags));
    return diags.render();
}

bool has(const std::string& text, const std::string& snippet) {
    return text.find(snippet) != std::string::npos;
}

}  // namespace

TEST_CASE("sub-groups: queries load u32 builtins once per function and widen them to i64") {
    const std::string t = compile(R"(
kernel k(out: i64[::1]) {
    let i = global_id(0);
    out[i] = sub_group_size() + sub_group_local_id() + sub_group_id() + num_sub_groups();
    out[i + 1] = sub_group_size();
}
)");
    for (const char* b :
         {"SubgroupSize", "SubgroupLocalInvocationId", "SubgroupId", "NumSubgroups"}) {
        CAPTURE(b);
        CHECK(has(t, std::string("OpDecorate %__spirv_BuiltIn") + b + " BuiltIn " + b));
        CHECK(has(t, std::string("%__spirv_BuiltIn") + b + " = OpVariable %_ptr_Input_uint Input"));
    }
    CHECK(has(t, "OpLoad %uint %__spirv_BuiltInSubgroupSize"));
    CHECK(!has(t, "OpCapability Groups"));  // builtins alone need no capability
    // In the entry point's interface, after the work-item builtin.
    CHECK(has(t, "%__spirv_BuiltInGlobalInvocationId %__spirv_BuiltInSubgroupSize"));
    std::size_t loads = 0;
    for (auto at = t.find("OpLoad %uint %__spirv_BuiltInSubgroupSize"); at != std::string::npos;
         at = t.find("OpLoad %uint %__spirv_BuiltInSubgroupSize", at + 1))
        ++loads;
    CHECK(loads == 1);
    CHECK(has(t, "OpUConvert %ulong"));
}

TEST_CASE("sub-groups: reductions and scans are Groups instructions at Subgroup scope") {
    const std::string src = R"(
kernel k(x, out) {
    let i = global_id(0);
    out[i] = sub_group_reduce_add(x[i]) + sub_group_reduce_min(x[i]) + sub_group_reduce_max(x[i])
        + sub_group_scan_inclusive_add(x[i]) + sub_group_scan_exclusive_min(x[i])
        + sub_group_scan_exclusive_max(x[i]);
}
)";
    const std::string i32 = compile(src, "void(i32[::1], i32[::1])");
    CHECK(has(i32, "OpCapability Groups"));
    CHECK(has(i32, "%uint_3 = OpConstant %uint 3"));  // Scope Subgroup
    CHECK(has(i32, "OpGroupIAdd %uint %uint_3 Reduce"));
    CHECK(has(i32, "OpGroupSMin %uint %uint_3 Reduce"));
    CHECK(has(i32, "OpGroupSMax %uint %uint_3 Reduce"));
    CHECK(has(i32, "OpGroupIAdd %uint %uint_3 InclusiveScan"));
    CHECK(has(i32, "OpGroupSMin %uint %uint_3 ExclusiveScan"));
    CHECK(has(i32, "OpGroupSMax %uint %uint_3 ExclusiveScan"));
    const std::string u64 = compile(src, "void(u64[::1], u64[::1])");
    CHECK(has(u64, "OpGroupUMin %ulong %uint_3 Reduce"));
    CHECK(has(u64, "OpGroupUMax %ulong %uint_3 ExclusiveScan"));
    const std::string f64 = compile(src, "void(f64[::1], f64[::1])");
    CHECK(has(f64, "OpGroupFAdd %double %uint_3 Reduce"));
    CHECK(has(f64, "OpGroupFMin %double %uint_3 ExclusiveScan"));
    CHECK(has(f64, "OpGroupFMax %double %uint_3 Reduce"));
}

TEST_CASE("sub-groups: broadcast is OpGroupBroadcast, shuffle OpSubgroupShuffleINTEL, u32 ids") {
    const std::string t = compile(R"(
kernel k(x: f32[::1], n: i64) {
    let i = global_id(0);
    x[i] = sub_group_broadcast(x[i], 2) + sub_group_broadcast(x[i], n)
        + sub_group_shuffle(x[i], sub_group_local_id() ^ 1);
}
)");
    CHECK(has(t, "OpCapability Groups"));
    CHECK(has(t, "OpCapability SubgroupShuffleINTEL"));
    CHECK(has(t, "OpExtension \"SPV_INTEL_subgroups\""));
    CHECK(has(t, "OpGroupBroadcast %float %uint_3 %"));
    CHECK(has(t, "%uint_2\n"));            // the literal id, as a u32 constant
    CHECK(has(t, "OpSConvert %uint %n"));  // the i64 id, narrowed to u32
    CHECK(has(t, "OpSubgroupShuffleINTEL %float %"));
    // A module without Groups (shuffles only) is still an OpenCL 1.2 module.
    const std::string shuffle_only = compile(
        "kernel k(x: i64[::1]) { let i = global_id(0); x[i] = sub_group_shuffle(x[i], 0); }");
    CHECK(!has(shuffle_only, "OpCapability Groups"));
    CHECK(has(shuffle_only, "OpSubgroupShuffleINTEL %ulong %"));
}

TEST_CASE("sub-groups: sub_group_barrier is OpControlBarrier at Subgroup execution scope") {
    const std::string t = compile(R"(
kernel k(x: f32[::1], t: local f32[:]) {
    t[local_id(0)] = x[global_id(0)];
    sub_group_barrier(local);
    sub_group_barrier(global);
    barrier(local);
}
)");
    // Execution Subgroup (3), memory Workgroup (2), SequentiallyConsistent | WorkgroupMemory (or
    // CrossWorkgroupMemory): what clang + llvm-spirv give OpenCL C's sub_group_barrier.
    CHECK(has(t, "OpControlBarrier %uint_3 %uint_2 %uint_272"));
    CHECK(has(t, "OpControlBarrier %uint_3 %uint_2 %uint_528"));
    CHECK(has(t, "OpControlBarrier %uint_2 %uint_2 %uint_272"));
    CHECK(!has(t, "OpCapability Groups"));
}

TEST_CASE("sub-groups: in a device function, a generic one included") {
    const std::string t = compile(R"(
func lane_max(v) { return sub_group_reduce_max(v); }
kernel k(x: f32[::1], n: i32[::1]) {
    let i = global_id(0);
    x[i] = lane_max(x[i]);
    n[i] = lane_max(n[i]);
}
)");
    CHECK(has(t, "OpGroupFMax %float %uint_3 Reduce"));
    CHECK(has(t, "OpGroupSMax %uint %uint_3 Reduce"));
}

TEST_CASE("sub-groups: a target without them is one error, at the first use, naming the call") {
    const std::string src =
        "kernel k(x: f32[::1]) {\n"
        "    let i = global_id(0);\n"
        "    let s = sub_group_size();\n"
        "    x[i] = sub_group_reduce_add(x[i]) + f32(s);\n"
        "}\n";
    const std::string e = errors(src, "", TargetProfile::opencl());
    CHECK(e ==
          "sg.dpk:3:13: error: the target (opencl+fp64-fp16+int64_atomics-sub_groups-"
          "sub_group_shuffle-float_atomic_add-sub_group_shuffle_xor-sub_group_shuffle_relative-"
          "sub_group_ballot-sub_group_bitwise-sub_group_extended_types-cooperative_matrix-ordered_"
          "copies-bf16-group_matrix) has no sub-groups "
          "(cl_khr_subgroups), needed for "
          "sub_group_size\n"
          "      let s = sub_group_size();\n"
          "              ^~~~~~~~~~~~~~~~\n");
    // Named after the device when the target is a device's.
    const std::string d = errors(src, "", TargetProfile::opencl().for_device("opencl:cpu:0 (X)"));
    CHECK(has(d,
              "error: device opencl:cpu:0 (X) has no sub-groups (cl_khr_subgroups), needed "
              "for sub_group_size"));
    // Shuffles are a feature of their own.
    const std::string s = errors(
        "kernel k(x: f32[::1]) {\n    x[0] = sub_group_broadcast(x[0], 0) + "
        "sub_group_shuffle(x[0], 1);\n}\n",
        "", kSubGroups);
    CHECK(has(s,
              "sg.dpk:2:43: error: the target (opencl+fp64-fp16+int64_atomics+sub_groups-"
              "sub_group_shuffle-float_atomic_add-sub_group_shuffle_xor-sub_group_shuffle_relative-"
              "sub_group_ballot-sub_group_bitwise-sub_group_extended_types-cooperative_matrix-"
              "ordered_copies-bf16-group_matrix) has no sub-group "
              "shuffles (cl_intel_subgroups), needed for "
              "sub_group_shuffle"));
    // A sub_group_barrier alone is enough to need sub-groups.
    CHECK(has(errors("kernel k() { sub_group_barrier(local); }", "", TargetProfile::opencl()),
              "has no sub-groups (cl_khr_subgroups), needed for sub_group_barrier"));
}

TEST_CASE("sub-groups: relative and xor shuffles are GroupNonUniform shuffles in SPIR-V 1.3") {
    const std::string t = compile(R"(
kernel k(x: f32[::1], n: i64) {
    let i = global_id(0);
    x[i] = sub_group_shuffle_down(x[i], 1) + sub_group_shuffle_up(x[i], n)
        + sub_group_shuffle_xor(x[i], 3);
}
)",
                                  "", kAllSubGroups);
    CHECK(has(t, "; Version: 1.3"));
    CHECK(has(t, "OpCapability GroupNonUniformShuffleRelative"));
    CHECK(has(t, "OpCapability GroupNonUniformShuffle\n"));
    CHECK(!has(t, "OpCapability Groups"));
    CHECK(has(t, "OpGroupNonUniformShuffleDown %float %uint_3 %"));
    CHECK(has(t, "OpGroupNonUniformShuffleUp %float %uint_3 %"));
    CHECK(has(t, "OpGroupNonUniformShuffleXor %float %uint_3 %"));
    // Outside the sub-group a work item keeps its own value: a guard on the lane, then a select.
    CHECK(has(t, "OpULessThan %bool"));
    CHECK(has(t, "OpULessThanEqual %bool"));
    CHECK(has(t, "OpSelect %float"));
    // A module without them stays SPIR-V 1.0.
    CHECK(has(
        compile("kernel k(x: i32[::1]) { x[0] = sub_group_reduce_add(x[0]); }", "", kAllSubGroups),
        "; Version: 1.0"));
}

TEST_CASE("sub-groups: bitwise reductions and scans are GroupNonUniformBitwise instructions") {
    const std::string src = R"(
kernel k(x, out) {
    let i = global_id(0);
    out[i] = sub_group_reduce_and(x[i]) ^ sub_group_reduce_or(x[i]) ^ sub_group_reduce_xor(x[i])
        ^ sub_group_scan_inclusive_and(x[i]) ^ sub_group_scan_inclusive_or(x[i])
        ^ sub_group_scan_inclusive_xor(x[i]) ^ sub_group_scan_exclusive_and(x[i])
        ^ sub_group_scan_exclusive_or(x[i]) ^ sub_group_scan_exclusive_xor(x[i]);
}
)";
    const std::string t = compile(src, "void(u32[::1], u32[::1])", kAllSubGroups);
    CHECK(has(t, "OpCapability GroupNonUniformArithmetic"));
    for (const char* op : {"And", "Or", "Xor"})
        for (const char* g : {"Reduce", "InclusiveScan", "ExclusiveScan"}) {
            CAPTURE(op);
            CAPTURE(g);
            CHECK(has(t, std::string("OpGroupNonUniformBitwise") + op + " %uint %uint_3 " + g));
        }
    const std::string i64 = compile(src, "void(i64[::1], i64[::1])", kAllSubGroups);
    CHECK(has(i64, "OpGroupNonUniformBitwiseXor %ulong %uint_3 Reduce"));
    const std::string u8 = compile(src, "void(u8[::1], u8[::1])", kAllSubGroups);
    CHECK(has(u8, "OpGroupNonUniformBitwiseOr %uchar %uint_3 InclusiveScan"));
}

TEST_CASE("sub-groups: any and all are OpGroupAny/All; ballot the low 64 bits of the mask") {
    const std::string t = compile(R"(
kernel k(x: f32[::1], out: u64[::1], flags: i32[::1]) {
    let i = global_id(0);
    out[i] = sub_group_ballot(x[i] > 0.0);
    flags[i] = i32(sub_group_any(x[i] > 1.0)) + i32(sub_group_all(x[i] > 2.0));
}
)",
                                  "", kAllSubGroups);
    CHECK(has(t, "OpCapability Groups"));
    CHECK(has(t, "OpCapability GroupNonUniformBallot"));
    CHECK(has(t, "OpGroupAny %bool %uint_3 %"));
    CHECK(has(t, "OpGroupAll %bool %uint_3 %"));
    CHECK(has(t, "OpGroupNonUniformBallot %v4uint %uint_3 %"));
    CHECK(has(t, "OpCompositeExtract %uint %"));
    CHECK(has(t, "OpShiftLeftLogical %ulong"));
    // any / all alone are cl_khr_subgroups' own: SPIR-V 1.0.
    const std::string vote =
        compile("kernel k(x: i32[::1]) { x[0] = i32(sub_group_all(x[0] > 0)); }", "", kSubGroups);
    CHECK(has(vote, "; Version: 1.0"));
    CHECK(has(vote, "OpGroupAll %bool"));
}

TEST_CASE("sub-groups: 8/16-bit ints and f16 are Groups instructions of that width") {
    const std::string src = R"(
kernel k(x, out) {
    let i = global_id(0);
    out[i] = sub_group_reduce_add(x[i]) + sub_group_scan_inclusive_max(x[i])
        + sub_group_broadcast(x[i], 0) + sub_group_shuffle_down(x[i], 1);
}
)";
    CHECK(has(compile(src, "void(i8[::1], i8[::1])", kAllSubGroups), "OpGroupIAdd %uchar %uint_3"));
    CHECK(has(compile(src, "void(u16[::1], u16[::1])", kAllSubGroups),
              "OpGroupUMax %ushort %uint_3 InclusiveScan"));
    const std::string f16 = compile(src, "void(f16[::1], f16[::1])", kAllSubGroups);
    CHECK(has(f16, "OpGroupFAdd %half %uint_3 Reduce"));
    CHECK(has(f16, "OpGroupNonUniformShuffleDown %half"));
}

TEST_CASE("sub-groups: each cl_khr_subgroup_* function names its missing extension") {
    struct Case {
        const char* call;
        const char* missing;
    };
    const Case cases[] = {
        {"sub_group_shuffle_down(x[0], 1)",
         "has no sub-group relative shuffles (cl_khr_subgroup_shuffle_relative), needed for "
         "sub_group_shuffle_down"},
        {"sub_group_shuffle_up(x[0], 1)",
         "has no sub-group relative shuffles (cl_khr_subgroup_shuffle_relative), needed for "
         "sub_group_shuffle_up"},
        {"sub_group_shuffle_xor(x[0], 1)",
         "has no sub-group xor shuffles (cl_khr_subgroup_shuffle), needed for "
         "sub_group_shuffle_xor"},
        {"sub_group_reduce_or(x[0])",
         "has no sub-group bitwise reductions and scans (cl_khr_subgroup_non_uniform_arithmetic), "
         "needed for sub_group_reduce_or"},
        {"i32(sub_group_ballot(x[0] > 0))",
         "has no sub-group ballots (cl_khr_subgroup_ballot), needed for sub_group_ballot"},
        {"i32(sub_group_reduce_add(i8(x[0])))",
         "has no 8- and 16-bit sub-group values (cl_khr_subgroup_extended_types), needed for "
         "sub_group_reduce_add"},
    };
    const TargetProfile device = kShuffles.for_device("opencl:cpu:7 (X, Y)");
    for (const Case& c : cases) {
        CAPTURE(c.call);
        const std::string e = errors(
            std::string("kernel k(x: i32[::1]) {\n    x[0] = ") + c.call + ";\n}\n", "", device);
        INFO(e);
        // At the call: column 12, or 16 inside i32(...).
        const std::string at = std::string(c.call).starts_with("i32(") ? "2:16" : "2:12";
        CHECK(has(e, "sg.dpk:" + at + ": error: device opencl:cpu:7 (X, Y) " + c.missing));
    }
    // any / all need sub-groups only.
    compile("kernel k(x: i32[::1]) { x[0] = i32(sub_group_any(x[0] > 0)); }", "", kSubGroups);
}
