// Emitter: one check per language feature, from source through the whole pipeline; every module
// is validated in-process, then its disassembly is searched for the instructions that implement
// the feature.
#include <spirv/unified1/spirv.hpp11>

#include "compiler/parse/parser.h"
#include "compiler/parse/signature_parser.h"
#include "compiler/sema/sema.h"
#include "tests/spirv/emit_test_util.h"

using namespace dpk;
using namespace dpk::tests;

namespace {

std::string messages(const compiler::source::Diagnostics& diags) {
    std::string out;
    for (const auto& d : diags.all())
        out += std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.column) +
               ": " + d.message + "\n";
    return out;
}

/// Parses and specializes `kernel` (default: the first) of `source` for `signature` ("" = as
/// declared), then emits it with `options`.
EmitResult emit(const std::string& source, const std::string& signature = "",
                const EmitOptions& options = {}, const std::string& kernel = "") {
    compiler::source::Diagnostics diags;
    compiler::source::SourceFile file("test.dpk", source);
    auto module = compiler::parse::parse_module(file, diags);
    INFO(messages(diags));
    REQUIRE(module);
    compiler::sema::ProgramChecker checker({module.get()}, diags);
    const compiler::ast::Function* k = nullptr;
    for (const auto& f : module->functions)
        if (f->is_kernel && (kernel.empty() || f->name == kernel) && !k) k = f.get();
    REQUIRE(k);
    std::optional<Signature> sig;
    if (!signature.empty()) sig = compiler::parse::parse_signature(signature, diags);
    auto typed = checker.specialize(*k, sig);
    INFO(messages(diags));
    REQUIRE(typed);
    return compiler::spirv::emit_kernel(*typed, options);
}

/// Same, and requires success and a module that validates.
Emitted compile(const std::string& source, const std::string& signature = "",
                const EmitOptions& options = {}, const std::string& kernel = "") {
    Emitted out;
    out.result = emit(source, signature, options, kernel);
    std::string errors;
    for (const auto& e : out.result.errors) errors += e.message + "\n";
    INFO(errors);
    REQUIRE(out.result.ok());
    out.text = compiler::spirv::disassemble(out.result.words);
    auto error = compiler::spirv::validate(out.result.words);
    INFO(out.text);
    INFO(error.value_or(""));
    REQUIRE(!error.has_value());
    CHECK(converts_to_spir(out.result.words, "features"));
    return out;
}

}  // namespace

TEST_CASE("features: a * b + c is one mad unless fp_contract is off, keeping operand order") {
    const char* src = R"(
kernel k(a: f32[::1], b: f64[::1], n: i32[::1]) {
    let i = global_id(0);
    a[0] = a[1] * a[2] + a[3];
    a[4] = a[5] - a[6] * a[7];
    a[8] += a[9] * a[10];
    a[11] -= a[12] * a[13];
    b[0] = b[1] * b[2] - b[3];
    b[1] = f64(a[1] * a[2]) + b[2];
    n[0] = n[1] * n[2] + n[3];
})";
    auto on = compile(src);
    CHECK(on.count(" mad ") == 5);      // four f32, one f64: b[1] rounds the f32 product first
    CHECK(on.count("OpFMul") == 1);     // that f32 product
    CHECK(on.count("OpFNegate") == 3);  // a[6], a[12] and b[3] (negation is exact)
    CHECK(!on.has("OpFSub"));
    CHECK(on.count("OpFAdd") == 1);  // b[1]
    CHECK(on.has("OpIMul"));         // integers are never contracted
    CHECK(on.has("OpIAdd"));
    CHECK(!on.has("ContractionOff"));
    EmitOptions separate;
    separate.fp_contract = false;
    auto off = compile(src, "", separate);
    CHECK(!off.has(" mad "));
    CHECK(off.count("OpFMul") == 6);
    CHECK(off.count("OpFAdd") == 3);  // a[0], a[8], b[1]
    CHECK(off.count("OpFSub") == 3);  // a[4], a[11], b[0]
    CHECK(!off.has("OpFNegate"));
    CHECK(off.count("OpExecutionMode") == 1);  // and the driver is told not to fuse either
    CHECK(off.has("OpExecutionMode %k ContractionOff"));
}

TEST_CASE("features: integer division and remainder carry the sign in the opcode") {
    const char* src = "kernel k(a, b) { let i = global_id(0); a[i] = a[i] / b[i] + a[i] % b[i]; }";
    auto s = compile(src, "void(i32[::1], i32[::1])");
    CHECK(s.has("OpSDiv %uint"));
    CHECK(s.has("OpSRem %uint"));
    CHECK(s.has("OpTypeInt 32 0"));
    CHECK(!s.has("OpTypeInt 32 1"));
    auto u = compile(src, "void(u32[::1], u32[::1])");
    CHECK(u.has("OpUDiv %uint"));
    CHECK(u.has("OpUMod %uint"));
    auto f = compile(src, "void(f32[::1], f32[::1])");
    CHECK(f.has("OpFDiv %float"));
    // A float remainder is OpenCL.std's fmod where the target avoids remainder_of_nan, as the
    // generic opencl target does.
    CHECK(f.has(" fmod "));
    CHECK(!f.has("OpFRem"));
}

TEST_CASE("features: shifts and comparisons follow signedness") {
    const char* src = R"(
kernel k(a, b, out: bool[::1]) {
    let i = global_id(0);
    a[i] = (a[i] >> b[i]) + (a[i] << b[i]);
    out[i] = a[i] < b[i];
})";
    auto s = compile(src, "void(i64[::1], i64[::1], bool[::1])");
    CHECK(s.has("OpShiftRightArithmetic %ulong"));
    CHECK(s.has("OpShiftLeftLogical %ulong"));
    CHECK(s.has("OpSLessThan %bool"));
    CHECK(s.uses(spv::Capability::Int8));  // bool arrays are bytes
    CHECK(s.has("OpSelect %uchar"));
    auto u = compile(src, "void(u16[::1], u16[::1], bool[::1])");
    CHECK(u.has("OpShiftRightLogical %ushort"));
    CHECK(u.has("OpULessThan %bool"));
    CHECK(u.uses(spv::Capability::Int16));
    auto f = compile(R"(
kernel k(a: f32[::1], out: bool[::1]) { let i = global_id(0); out[i] = a[i] != a[i + 1]; })");
    CHECK(f.has("OpFUnordNotEqual %bool"));  // true for NaN, as in C
}

TEST_CASE("features: f32 stays f32; f64 appears only where written") {
    auto f32 = compile(R"(
kernel k(a: f32[::1]) { let i = global_id(0); a[i] = a[i] * 2.0 + 1.5; })");
    CHECK(!f32.uses(spv::Capability::Float64));
    CHECK(!f32.has("OpTypeFloat 64"));
    CHECK(!f32.has("OpFConvert"));
    auto widen = compile(R"(
kernel k(a: f32[::1], b: f64[::1]) { let i = global_id(0); b[i] = f64(a[i]); a[i] = f32(b[i]); })");
    CHECK(widen.uses(spv::Capability::Float64));
    CHECK(widen.count("OpFConvert") == 2);
}

TEST_CASE("features: casts between ints, floats and bool") {
    auto e = compile(R"(
kernel k(f: f32[::1], i: i32[::1], u: u32[::1], l: i64[::1], ul: u64[::1], b: bool[::1]) {
    let g = global_id(0);
    i[g] = i32(f[g]);
    u[g] = u32(f[g]);
    f[g] = f32(i[g]) + f32(u[g]);
    l[g] = i64(i[g]);
    ul[g] = u64(u[g]);
    b[g] = bool(i[g]);
    i[g] = i32(b[g]);
    i[g] = i32(l[g]);
})");
    CHECK(e.has("OpConvertFToS %uint"));
    CHECK(e.has("OpConvertFToU %uint"));
    CHECK(e.has("OpConvertSToF %float"));
    CHECK(e.has("OpConvertUToF %float"));
    CHECK(e.has("OpSConvert %ulong"));
    CHECK(e.has("OpUConvert %ulong"));
    CHECK(e.has("OpINotEqual %bool"));
    CHECK(e.has("OpSelect %uint"));
    CHECK(e.has("OpSConvert %uint"));  // i64 -> i32 truncates
}

TEST_CASE("features: barrier and fence encodings") {
    auto e = compile(R"(
kernel k(a: f32[::1]) {
    barrier(local);
    barrier(global);
    barrier(local | global);
    fence(local);
    fence(global);
    device_fence(global);
})");
    // Workgroup scope (2); SequentiallyConsistent 0x10 | WorkgroupMemory 0x100 = 0x110 = 272,
    // | CrossWorkgroupMemory 0x200: 0x210 = 528, both 0x310 = 784.
    CHECK(e.has("OpControlBarrier %uint_2 %uint_2 %uint_272"));
    CHECK(e.has("OpControlBarrier %uint_2 %uint_2 %uint_528"));
    CHECK(e.has("OpControlBarrier %uint_2 %uint_2 %uint_784"));
    CHECK(e.has("OpMemoryBarrier %uint_2 %uint_272"));
    CHECK(e.has("OpMemoryBarrier %uint_2 %uint_528"));
    CHECK(e.has("OpMemoryBarrier %uint_1 %uint_528"));  // device_fence: Device scope (1)
}

TEST_CASE("features: float atomics are compare-exchange loops on the bit pattern") {
    auto e = compile(R"(
kernel k(a: f32[::1], l: local f32[:]) {
    let i = global_id(0);
    atomic_add(a, 0, a[i]);
    atomic_max(l, 0, a[i]);
    let old = atomic_xchg(a, 1, 2.0);
    let prev = atomic_cas(a, 2, old, 3.0);
})");
    CHECK(e.count("OpLoopMerge") == 2);
    CHECK(e.count("OpAtomicCompareExchange %uint") == 3);
    CHECK(e.has("OpBitcast %_ptr_CrossWorkgroup_uint"));
    CHECK(e.has("OpBitcast %_ptr_Workgroup_uint"));
    CHECK(e.has("OpPhi %uint"));
    CHECK(e.has("fmax"));
    CHECK(e.has("OpAtomicExchange %uint"));
    CHECK(!e.has("OpAtomicFAddEXT"));
    CHECK(e.result.capabilities.size() == 3);  // no float-atomic capability or extension
    // Device scope (1) on global memory, Workgroup scope (2) on local memory, Relaxed (0).
    CHECK(e.has(" %uint_1 %uint_0 %uint_0 "));
    CHECK(e.has(" %uint_2 %uint_0 %uint_0 "));
}

TEST_CASE("features: integer atomics, 64-bit atomics need Int64Atomics") {
    const char* src = R"(
kernel k(a, b) {
    let i = global_id(0);
    atomic_add(a, 0, b[i]); atomic_sub(a, 1, b[i]); atomic_min(a, 2, b[i]);
    atomic_max(a, 3, b[i]); atomic_and(a, 4, b[i]); atomic_or(a, 5, b[i]);
    atomic_xor(a, 6, b[i]); atomic_xchg(a, 7, b[i]); atomic_cas(a, 8, b[i], b[i + 1]);
})";
    auto s = compile(src, "void(i32[::1], i32[::1])");
    for (const char* op :
         {"OpAtomicIAdd", "OpAtomicISub", "OpAtomicSMin", "OpAtomicSMax", "OpAtomicAnd",
          "OpAtomicOr", "OpAtomicXor", "OpAtomicExchange", "OpAtomicCompareExchange"})
        CHECK_MESSAGE(s.has(op), std::string(op));
    CHECK(!s.uses(spv::Capability::Int64Atomics));
    auto u = compile(src, "void(u32[::1], u32[::1])");
    CHECK(u.has("OpAtomicUMin"));
    CHECK(u.has("OpAtomicUMax"));
    auto l = compile(src, "void(i64[::1], i64[::1])");
    CHECK(l.uses(spv::Capability::Int64Atomics));
    CHECK(compiler::spirv::default_validation_env(l.result.words) == SPV_ENV_UNIVERSAL_1_0);
    // A target without 64-bit atomics: an error naming the capability and the use.
    EmitOptions no64;
    no64.target = compiler::spirv::TargetProfile::parse("opencl-int64_atomics").value();
    auto r = emit(src, "void(i64[::1], i64[::1])", no64);
    REQUIRE(!r.ok());
    CHECK(r.words.empty());
    CHECK(r.errors[0].message.find("Int64Atomics") != std::string::npos);
    CHECK(r.errors[0].message.find("atomic_add") != std::string::npos);
    CHECK(r.errors[0].range.begin.line == 4);  // the statement that needed it
}

TEST_CASE("features: a target without fp64 rejects f64 code with a located error") {
    EmitOptions nofp64;
    nofp64.target = compiler::spirv::TargetProfile::parse("opencl-fp64").value();
    auto ok = emit("kernel k(a: f32[::1]) { a[0] = a[1] * 2.0; }", "", nofp64);
    CHECK(ok.ok());
    auto r = emit("kernel k(a: f32[::1]) {\n    let x = 1.5;\n    a[0] = f32(x);\n}", "", nofp64);
    REQUIRE(!r.ok());
    CHECK(r.errors[0].message.find("Float64") != std::string::npos);
    CHECK(r.errors[0].range.begin.line == 2);
}

TEST_CASE("features: short-circuit && and || branch around side effects and loads") {
    auto e = compile(R"(
kernel k(a: i64[::1], n: i64) {
    let i = global_id(0);
    if i < n && a[i] > 0 { a[i] = 0; }
    let both = i > 0 && n > 0;
    if both || a[0] == 1 { a[1] = 1; }
})");
    CHECK(e.count("OpPhi %bool") == 2);         // a[i] and a[0] are loads: branch around them
    CHECK(e.count("OpLogicalAnd %bool") == 1);  // names and comparisons: no branch needed
}

TEST_CASE("features: loops — for with constant and run-time steps, while, break, continue") {
    auto e = compile(R"(
kernel k(a: i64[::1], s: i64) {
    var t: i64 = 0;
    for i in range(10) { t += i; }
    for i in range(10, 0, -1) { if i == 5 { continue; } t += i; }
    for i in range(0, 10, s) { t += i; if t > 100 { break; } }
    while t > 0 { t = t / 2; }
    a[0] = t;
})");
    CHECK(e.count("OpLoopMerge") == 4);
    CHECK(e.has("OpSLessThan %bool %i %ulong_10"));
    CHECK(e.has("OpSGreaterThan %bool %i_0 %ulong_0"));
    CHECK(e.has("OpSelect %bool"));  // the step's sign is known only at run time
    CHECK(e.count("OpPhi %ulong") == 3);
}

TEST_CASE("features: local_array and private_array") {
    auto e = compile(R"(
kernel k(a: f32[::1]) {
    let t = local_array(f32, (4, 8));
    let p = private_array(i32, 3);
    let l = local_id(0);
    t[l, 1] = a[l];
    p[2] = 7;
    barrier(local);
    a[l] = t[l, 1] + f32(p[2]);
})");
    // A 2-d local array is an array of rows, indexed once per dimension.
    CHECK(e.has("%_arr_float_uint_8 = OpTypeArray %float %uint_8"));
    CHECK(e.has("OpTypeArray %_arr_float_uint_8 %uint_4"));
    CHECK(e.has("%t = OpVariable %_ptr_Workgroup__arr__arr_float_uint_8_uint_4 Workgroup"));
    CHECK(e.has("OpVariable %_ptr_Function__arr_uint_uint_3 Function"));
    CHECK(e.has("OpInBoundsAccessChain %_ptr_Workgroup_float %t %l %ulong_1"));
    CHECK(e.has("OpInBoundsAccessChain %_ptr_Function_uint %p %ulong_2"));
    CHECK(e.result.abi.static_local_bytes == 4 * 8 * 4);
    CHECK(e.result.abi.work_dims_used == 1);
}

TEST_CASE("features: shapes, strides and size for C, F and Any layouts") {
    const char* src = R"(
kernel k(a, out: i64[::1]) {
    out[0] = a.shape[0]; out[1] = a.shape[1]; out[2] = a.strides[0]; out[3] = a.strides[1];
    out[4] = a.size;
})";
    auto c = compile(src, "void(f32[:, ::1], i64[::1])");
    CHECK(!c.has("a_stride"));
    CHECK(c.has("OpIMul %ulong %a_shape0 %a_shape1"));  // size
    auto any = compile(src, "void(f32[:, :], i64[::1])");
    CHECK(any.has("%a_stride1 = OpFunctionParameter %ulong"));
    REQUIRE(any.result.abi.args.size() == 7);
    CHECK(any.result.abi.args[3] == AbiArg{AbiArg::Kind::Stride, 0, 0, DType::I64});
}

TEST_CASE("features: math through OpenCL.std, isnan/isinf, select") {
    auto e = compile(R"(
kernel k(a: f32[::1], i: i32[::1], u: u32[::1], b: bool[::1]) {
    let g = global_id(0);
    a[g] = sqrt(a[g]) + exp(a[g]) + pow(a[g], a[g]) + fma(a[g], a[g], a[g]) + min(a[g], a[g])
         + clamp(a[g], 0.0, 1.0) + abs(a[g]) + atan2(a[g], a[g]) + select(b[g], a[g], 0.0);
    i[g] = min(i[g], 3) + max(i[g], 1) + abs(i[g]) + clamp(i[g], 0, 9);
    u[g] = min(u[g], u[g]) + abs(u[g]);
    b[g] = isnan(a[g]) || isinf(a[g]);
})");
    CHECK(e.has("OpExtInstImport \"OpenCL.std\""));
    for (const char* f : {"sqrt", "exp", "pow", "fma", "fmin", "fclamp", "fabs", "atan2", "s_min",
                          "s_max", "s_clamp", "u_min"})
        CHECK_MESSAGE(e.has(std::string(" ") + f + " %"), std::string(f));
    CHECK(!e.has("u_abs"));  // |u| is u
    CHECK(!e.has("s_abs"));  // abs(MIN) == MIN: a negation and a select, not s_abs
    CHECK(e.has("OpSNegate %uint"));
    CHECK(e.has("OpIsNan %bool"));
    CHECK(e.has("OpIsInf %bool"));
    CHECK(e.has("OpSelect %float"));
}

TEST_CASE("features: device functions are instantiated once and called") {
    auto e = compile(R"(
func sq(x) { return x * x; }
func first(v) { return v[0]; }
kernel k(a: f32[::1], b: i32[::1]) {
    a[0] = sq(a[1]) + sq(a[2]) + first(a);
    b[0] = sq(b[1]);
})");
    CHECK(e.count("OpFunctionCall %float") == 3);
    CHECK(e.count("OpFunctionCall %uint") == 1);
    CHECK(e.count(" = OpFunction ") == 4);  // sq(f32), sq(i32), first(f32[::1]), k
    CHECK(e.has("OpReturnValue"));
}

TEST_CASE("features: early return in kernels and functions") {
    auto e = compile(R"(
func signum(x: i64) -> i64 { if x < 0 { return -1; } else if x > 0 { return 1; } return 0; }
kernel k(a: i64[::1]) {
    let i = global_id(0);
    if i >= a.shape[0] { return; }
    a[i] = signum(a[i]);
})");
    CHECK(e.count("OpReturnValue") == 3);
    CHECK(e.count("OpReturn\n") == 2);
}

TEST_CASE("features: work-item builtins and the dimensions they use") {
    auto e = compile(R"(
kernel k(a: i64[::1]) {
    a[0] = global_id(2) + local_id(0) + group_id(1) + global_size(0) + local_size(0) + num_groups(0);
})");
    for (const char* b : {"GlobalInvocationId", "LocalInvocationId", "WorkgroupId", "GlobalSize",
                          "WorkgroupSize", "NumWorkgroups"})
        CHECK_MESSAGE(e.has(std::string("BuiltIn ") + b), std::string(b));
    CHECK(e.result.abi.work_dims_used == 3);
    CHECK(e.count("OpLoad %v3ulong") == 6);  // one load per builtin, in the entry block
}

TEST_CASE("features: small ints and bool kernel arguments") {
    auto e = compile(R"(
kernel k(a: i8[::1], b: u16[::1], flag: bool, n: u8) {
    if flag { a[0] = i8(n); b[0] = u16(a[1]) + 1; }
})");
    CHECK(e.uses(spv::Capability::Int8));
    CHECK(e.uses(spv::Capability::Int16));
    CHECK(e.has("%flag = OpFunctionParameter %uchar"));  // bool arguments are bytes
    CHECK(e.has("OpINotEqual %bool %flag"));
    REQUIRE(e.result.abi.args.size() == 6);
    CHECK(e.result.abi.args[4] == AbiArg{AbiArg::Kind::Scalar, 2, 0, DType::Bool});
}

TEST_CASE("features: SPIR-V 1.4 lists work-group variables in the interface") {
    EmitOptions v14;
    v14.spirv_version = 0x00010400;
    auto e = compile(R"(
kernel k(a: f32[::1]) { let t = local_array(f32, 16); t[0] = a[0]; a[1] = t[0]; })",
                     "", v14);
    CHECK(e.has("; Version: 1.4"));
    CHECK(e.has("OpEntryPoint Kernel %k \"k\" %t"));
}

TEST_CASE("features: output is deterministic and names can be left out") {
    const char* src = R"(
func sq(x) { return x * x; }
kernel k(a: f32[::1]) { let i = global_id(0); a[i] = sq(a[i]); })";
    auto a = compile(src);
    auto b = compile(src);
    CHECK(a.result.words == b.result.words);
    EmitOptions no_names;
    no_names.debug_names = false;
    auto c = compile(src, "", no_names);
    CHECK(!c.has("OpName"));
    CHECK(c.result.words.size() < a.result.words.size());
    EmitOptions no_alias;
    no_alias.no_alias_array_params = true;
    auto d = compile(src, "", no_alias);
    CHECK(d.has("OpDecorate %a FuncParamAttr NoAlias"));
}

TEST_CASE("features: f16 needs a target with Float16") {
    const char* src = R"(
kernel h(a: f16[::1]) { let i = global_id(0); a[i] = a[i] * f16(2.0) + sqrt(a[i]); })";
    auto r = emit(src);  // default target: OpenCL without cl_khr_fp16
    REQUIRE(!r.ok());
    CHECK(r.errors[0].message.find("Float16") != std::string::npos);
    EmitOptions ze;
    ze.target = compiler::spirv::TargetProfile::level_zero();
    auto e = compile(src, "", ze);
    CHECK(e.uses(spv::Capability::Float16));
    CHECK(e.has("OpTypeFloat 16"));
    CHECK(e.has("OpConstant %half 0x1p+1"));
}

TEST_CASE("features: atomics on elements narrower than 32 bits never reach the emitter") {
    // Sema rejects them with a diagnostic at the call; the emitter keeps its own check as a guard.
    compiler::source::Diagnostics diags;
    compiler::source::SourceFile file("test.dpk", "kernel k(b: u8[::1]) { atomic_add(b, 0, 1); }");
    auto module = compiler::parse::parse_module(file, diags);
    REQUIRE(module);
    compiler::sema::ProgramChecker checker({module.get()}, diags);
    CHECK(checker.specialize(*module->functions.front(), std::nullopt) == nullptr);
    REQUIRE(diags.has_errors());
    CHECK(diags.all().front().message.find("32- or 64-bit") != std::string::npos);
    CHECK(diags.all().front().range.begin.line == 1);
    CHECK(diags.all().front().range.begin.column == 35);  // the array argument
}

TEST_CASE("features: awkward control flow stays well formed") {
    auto e = compile(R"(
func f(n: i64) -> i64 {
    for i in range(n) {
        while true {
            if i > 3 { return i; } else { break; }
        }
        if i == 2 { continue; } else { if i == 7 { break; } }
    }
    if n > 0 { return 1; } else { return 2; }
}
kernel k(a: i64[::1]) {
    var j: i64 = 0;
    while j < 10 {
        j += 1;
        if j == 3 { continue; }
        if j > 8 && a[j] > 0 || j == 5 { break; }
        for q in range(j) { if q == 2 { return; } }
    }
    a[0] = f(j);
    return;
})");
    CHECK(e.has("OpUnreachable"));  // the merge after `if ... return else return`
}
