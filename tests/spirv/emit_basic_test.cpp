// Emitter: the first kernels (vecadd, saxpy): parameters, global_id, if, arithmetic, the ABI.
#include <unistd.h>

#include "compiler/spirv/module_context.h"
#include "tests/spirv/emit_test_util.h"

using namespace dpk;
using namespace dpk::tests;
using ast::BinaryOp;
using sema::Builtin;

namespace {

/// kernel vecadd(a, b, c) { let i = global_id(0); c[i] = a[i] + b[i]; } for arrays of `t`.
void build_vecadd(TestProgram& p, DType t, Layout layout = Layout::C) {
    FunctionBuilder k(p, "vecadd", true);
    const auto* at = p.array(t, 1, layout);
    auto a = k.param("a", at);
    auto b = k.param("b", at);
    auto c = k.param("c", at);
    auto i = k.let("i", k.call(
                            Builtin::GlobalId,
                            [&] {
                                std::vector<ast::ExprPtr> args;
                                args.push_back(k.lit(0));
                                return args;
                            }(),
                            p.scalar(DType::I64)));
    std::vector<ast::ExprPtr> ci, ai, bi;
    ci.push_back(k.var(i));
    ai.push_back(k.var(i));
    bi.push_back(k.var(i));
    k.assign(k.index(k.var(c), std::move(ci)),
             k.bin(BinaryOp::Add, k.index(k.var(a), std::move(ai)),
                   k.index(k.var(b), std::move(bi)), p.scalar(t)));
    auto pt = ParamType::array(t, 1, layout);
    k.finish_kernel(Signature({pt, pt, pt}));
}

std::vector<ast::ExprPtr> args(ast::ExprPtr a) {
    std::vector<ast::ExprPtr> v;
    v.push_back(std::move(a));
    return v;
}

}  // namespace

TEST_CASE("emit: vecadd f32 is a valid OpenCL kernel with the expected ABI") {
    TestProgram p;
    build_vecadd(p, DType::F32);
    auto e = emit_valid(p);
    CHECK(e.has("OpCapability Addresses"));
    CHECK(e.has("OpCapability Kernel"));
    CHECK(e.has("OpCapability Int64"));
    CHECK(!e.uses(spv::Capability::Float64));
    CHECK(!e.uses(spv::Capability::Int8));
    CHECK(e.has("OpMemoryModel Physical64 OpenCL"));
    CHECK(e.has("OpEntryPoint Kernel %vecadd \"vecadd\" %__spirv_BuiltInGlobalInvocationId"));
    CHECK(e.has("OpDecorate %__spirv_BuiltInGlobalInvocationId BuiltIn GlobalInvocationId"));
    CHECK(e.has("OpDecorate %__spirv_BuiltInGlobalInvocationId Constant"));
    CHECK(e.has("OpDecorate %a Alignment 4"));
    CHECK(e.has("%a = OpFunctionParameter %_ptr_CrossWorkgroup_float"));
    CHECK(e.has("%a_shape0 = OpFunctionParameter %ulong"));
    CHECK(e.has("%i = OpCompositeExtract %ulong"));
    CHECK(e.has("OpInBoundsPtrAccessChain %_ptr_CrossWorkgroup_float %a %i"));
    CHECK(e.has("OpFAdd %float"));
    CHECK(e.has("Aligned 4"));
    CHECK(!e.has("OpTypeFloat 64"));

    const KernelAbi& abi = e.result.abi;
    REQUIRE(abi.args.size() == 6);
    CHECK(abi.args[0] == AbiArg{AbiArg::Kind::GlobalPointer, 0, 0, DType::F32});
    CHECK(abi.args[1] == AbiArg{AbiArg::Kind::Shape, 0, 0, DType::I64});
    CHECK(abi.args[2] == AbiArg{AbiArg::Kind::GlobalPointer, 1, 0, DType::F32});
    CHECK(abi.args[5] == AbiArg{AbiArg::Kind::Shape, 2, 0, DType::I64});
    CHECK(abi.work_dims_used == 1);
    CHECK(abi.static_local_bytes == 0);
}

TEST_CASE("emit: vecadd for i32, i64, f64 and layout Any") {
    {
        TestProgram p;
        build_vecadd(p, DType::I32);
        auto e = emit_valid(p);
        CHECK(e.has("OpIAdd %uint"));
        CHECK(e.has("OpTypeInt 32 0"));  // signedness 0: the opcode carries the sign
    }
    {
        TestProgram p;
        build_vecadd(p, DType::F64);
        auto e = emit_valid(p);
        CHECK(e.uses(spv::Capability::Float64));
        CHECK(e.has("OpFAdd %double"));
        CHECK(e.has("OpDecorate %a Alignment 8"));
    }
    {
        TestProgram p;
        build_vecadd(p, DType::I64, Layout::Any);
        auto e = emit_valid(p);
        // Strided: the offset multiplies by the stride argument.
        CHECK(e.has("%a_stride0 = OpFunctionParameter %ulong"));
        CHECK(e.has("OpIMul %ulong %i %a_stride0"));
        const auto& abi = e.result.abi;
        REQUIRE(abi.args.size() == 9);
        CHECK(abi.args[2] == AbiArg{AbiArg::Kind::Stride, 0, 0, DType::I64});
    }
}

TEST_CASE("emit: saxpy with a scalar, .shape and if") {
    TestProgram p;
    FunctionBuilder k(p, "saxpy", true);
    const auto* f32 = p.scalar(DType::F32);
    const auto* i64 = p.scalar(DType::I64);
    const auto* at = p.array(DType::F32, 1);
    auto alpha = k.param("alpha", f32);
    auto x = k.param("x", at);
    auto y = k.param("y", at);
    auto i = k.let("i", k.call(Builtin::GlobalId, args(k.lit(0)), i64));
    k.if_(k.bin(BinaryOp::Lt, k.var(i), k.member_dim(k.var(x), "shape", 0), p.scalar(DType::Bool)),
          [&] {
              auto ax = k.bin(BinaryOp::Mul, k.var(alpha), k.index(k.var(x), args(k.var(i))), f32);
              k.assign(k.index(k.var(y), args(k.var(i))),
                       k.bin(BinaryOp::Add, std::move(ax), k.index(k.var(y), args(k.var(i))), f32));
          });
    auto pa = ParamType::array(DType::F32, 1, Layout::C);
    k.finish_kernel(Signature({ParamType::scalar(DType::F32), pa, pa}));
    auto e = emit_valid(p);
    CHECK(e.has("%alpha = OpFunctionParameter %float"));
    CHECK(e.has("OpSLessThan %bool %i %x_shape0"));
    CHECK(e.has("OpSelectionMerge"));
    CHECK(e.has("OpBranchConditional"));
    CHECK(e.has(" mad %alpha "));  // alpha * x[i] + y[i], contracted by default
    REQUIRE(e.result.abi.args.size() == 5);
    CHECK(e.result.abi.args[0] == AbiArg{AbiArg::Kind::Scalar, 0, 0, DType::F32});
}

TEST_CASE("emit: the generated SPIR-V passes spirv-val and converts with llvm-spirv (PoCL path)") {
    TestProgram p;
    build_vecadd(p, DType::F32);
    auto e = emit_valid(p);
    auto path = write_spv(e.result.words, "vecadd");
    if (run("command -v spirv-val >/dev/null 2>&1") == 0) {
        CHECK(run("spirv-val --target-env opencl1.2 " + path.string()) == 0);
    } else {
        MESSAGE("skipped: spirv-val not installed");
    }
    if (run("command -v llvm-spirv-15 >/dev/null 2>&1") == 0) {
        // SPIR-V -> LLVM bitcode for OpenCL 1.2, the conversion the PoCL backend does in-process.
        auto bc = path;
        bc.replace_extension(".bc");
        CHECK(run("llvm-spirv-15 -r --spirv-target-env=CL1.2 " + path.string() + " -o " +
                  bc.string()) == 0);
        std::filesystem::remove(bc);
    } else {
        MESSAGE("skipped: llvm-spirv-15 not installed");
    }
    std::filesystem::remove(path);
}

TEST_CASE("emit: f16 constants round to nearest even") {
    using compiler::spirv::to_half_bits;
    CHECK(to_half_bits(1.0) == 0x3c00);
    CHECK(to_half_bits(-2.0) == 0xc000);
    CHECK(to_half_bits(65504.0) == 0x7bff);
    CHECK(to_half_bits(65520.0) == 0x7c00);        // overflows to infinity
    CHECK(to_half_bits(1.00048828125) == 0x3c00);  // tie: to even
    CHECK(to_half_bits(1.00146484375) == 0x3c02);  // tie: to even
    CHECK(to_half_bits(1e-7) == 0x0002);           // subnormal
    CHECK(to_half_bits(-0.0) == 0x8000);
}
