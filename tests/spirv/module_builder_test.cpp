// ModuleBuilder: section order, interning, capabilities against target profiles.
#include "compiler/spirv/module_builder.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "compiler/spirv/validator.h"

using namespace dpk::compiler::spirv;

namespace {

/// The smallest valid kernel module: an empty kernel.
std::vector<std::uint32_t> empty_kernel(ModuleBuilder& b) {
    b.require(spv::Capability::Addresses, "test");
    b.require(spv::Capability::Kernel, "test");
    b.memory_model(spv::AddressingModel::Physical64, spv::MemoryModel::OpenCL);
    Id void_type = b.type_void();
    Id fn_type = b.type_function(void_type, {});
    Id fn = b.next_id();
    Id label = b.next_id();
    std::vector<std::uint32_t> body;
    encode(body, spv::Op::OpFunction,
           {void_type, fn, operand(spv::FunctionControlMask::MaskNone), fn_type});
    encode(body, spv::Op::OpLabel, {label});
    encode(body, spv::Op::OpReturn, {});
    encode(body, spv::Op::OpFunctionEnd, {});
    b.add_function(body);
    b.entry_point(spv::ExecutionModel::Kernel, fn, "empty", {});
    b.name(fn, "empty");
    return b.finish(0x00010000);
}

std::vector<spv::Op> opcodes(const std::vector<std::uint32_t>& words) {
    std::vector<spv::Op> ops;
    for (std::size_t i = 5; i < words.size(); i += words[i] >> spv::WordCountShift)
        ops.push_back(static_cast<spv::Op>(words[i] & spv::OpCodeMask));
    return ops;
}

}  // namespace

TEST_CASE("builder: header, bound written last, valid minimal module") {
    ModuleBuilder b;
    auto words = empty_kernel(b);
    REQUIRE(words.size() > 5);
    CHECK(words[0] == spv::MagicNumber);
    CHECK(words[1] == 0x00010000u);
    CHECK(words[3] == b.bound());
    CHECK(words[4] == 0u);
    CHECK(!validate(words).has_value());
}

TEST_CASE("builder: sections are joined in logical layout order whatever the call order") {
    ModuleBuilder b;
    // Deliberately out of order: names and decorations and types before capabilities.
    Id i32 = b.type_int(32);
    Id c = b.constant(i32, 7);
    b.name(c, "seven");
    Id ptr = b.type_pointer(spv::StorageClass::Workgroup, i32);
    Id var = b.global_variable(ptr, spv::StorageClass::Workgroup);
    b.decorate(var, spv::Decoration::Alignment, {4});
    b.ext_inst_import("OpenCL.std");
    auto words = empty_kernel(b);
    auto ops = opcodes(words);
    auto pos = [&](spv::Op op) { return std::find(ops.begin(), ops.end(), op) - ops.begin(); };
    CHECK(pos(spv::Op::OpCapability) < pos(spv::Op::OpExtInstImport));
    CHECK(pos(spv::Op::OpExtInstImport) < pos(spv::Op::OpMemoryModel));
    CHECK(pos(spv::Op::OpMemoryModel) < pos(spv::Op::OpEntryPoint));
    CHECK(pos(spv::Op::OpEntryPoint) < pos(spv::Op::OpName));
    CHECK(pos(spv::Op::OpName) < pos(spv::Op::OpDecorate));
    CHECK(pos(spv::Op::OpDecorate) < pos(spv::Op::OpTypeInt));
    CHECK(pos(spv::Op::OpTypeInt) < pos(spv::Op::OpConstant));
    CHECK(pos(spv::Op::OpVariable) < pos(spv::Op::OpFunction));
    auto error = validate(words);
    INFO(error.value_or(""));
    CHECK(!error.has_value());
}

TEST_CASE("builder: types, pointers, function types and constants are interned") {
    ModuleBuilder b;
    Id i32 = b.type_int(32);
    CHECK(b.type_int(32) == i32);
    CHECK(b.type_int(64) != i32);
    Id f32 = b.type_float(32);
    CHECK(b.type_float(32) == f32);
    CHECK(f32 != i32);
    Id p1 = b.type_pointer(spv::StorageClass::CrossWorkgroup, f32);
    CHECK(b.type_pointer(spv::StorageClass::CrossWorkgroup, f32) == p1);
    CHECK(b.type_pointer(spv::StorageClass::Workgroup, f32) != p1);
    std::vector<Id> params{p1, i32};
    Id fn = b.type_function(b.type_void(), params);
    CHECK(b.type_function(b.type_void(), params) == fn);
    CHECK(b.type_function(b.type_void(), std::vector<Id>{i32}) != fn);
    Id c1 = b.constant(i32, 1);
    CHECK(b.constant(i32, 1) == c1);
    CHECK(b.constant(i32, 2) != c1);
    CHECK(b.constant(b.type_int(64), 1) != c1);
    CHECK(b.constant(i32, 0x100000001ull) == c1);  // masked to the width
    CHECK(b.constant_bool(true) == b.constant_bool(true));
    CHECK(b.constant_bool(true) != b.constant_bool(false));
    CHECK(b.ext_inst_import("OpenCL.std") == b.ext_inst_import("OpenCL.std"));
    Id vec = b.type_vector(b.type_int(64), 3);
    Id in = b.type_pointer(spv::StorageClass::Input, vec);
    Id gid = b.builtin_variable(spv::BuiltIn::GlobalInvocationId, in);
    CHECK(b.builtin_variable(spv::BuiltIn::GlobalInvocationId, in) == gid);
    CHECK(b.builtin_variables() == std::vector<Id>{gid});
    // A 64-bit constant takes two words, low word first.
    Id i64c = b.constant(b.type_int(64), 0x1122334455667788ull);
    const auto& g = b.section(Section::Globals);
    const std::uint32_t head = instruction_head(spv::Op::OpConstant, 5);
    bool found = false;
    for (std::size_t i = 0; i + 4 < g.size(); i += g[i] >> spv::WordCountShift) {
        if (g[i] != head || g[i + 2] != i64c) continue;
        found = true;
        CHECK(g[i + 3] == 0x55667788u);
        CHECK(g[i + 4] == 0x11223344u);
    }
    CHECK(found);
}

TEST_CASE("builder: equal inputs give equal bytes") {
    ModuleBuilder a, b;
    for (ModuleBuilder* m : {&a, &b}) {
        m->type_float(32);
        m->constant(m->type_int(32), 5);
        m->ext_inst_import("OpenCL.std");
    }
    CHECK(empty_kernel(a) == empty_kernel(b));
}

TEST_CASE("builder: require() deduplicates and keeps the first reason") {
    ModuleBuilder b;
    CHECK(b.require(spv::Capability::Kernel, "kernels"));
    CHECK(b.require(spv::Capability::Kernel, "again"));
    b.type_int(8);
    b.type_int(8);
    b.type_float(64);
    const auto& caps = b.capabilities();
    REQUIRE(caps.size() == 3);
    CHECK(caps[0] == CapabilityUse{spv::Capability::Kernel, "kernels"});
    CHECK(caps[1].capability == spv::Capability::Int8);
    CHECK(caps[2].capability == spv::Capability::Float64);
    CHECK(b.errors().empty());
    const auto& section = b.section(Section::Capabilities);
    CHECK(section.size() == 6);  // three OpCapability of two words each
}

TEST_CASE("builder: a capability the target lacks is an error naming it") {
    ModuleBuilder b(TargetProfile::parse("opencl-fp64-int64_atomics").value());
    b.type_float(32);
    CHECK(b.errors().empty());
    b.type_float(64);
    REQUIRE(b.errors().size() == 1);
    CHECK(b.errors()[0].find("Float64") != std::string::npos);
    CHECK(b.errors()[0].find("f64") != std::string::npos);
    CHECK(!b.has_capability(spv::Capability::Float64));
    CHECK(!b.require(spv::Capability::Int64Atomics, "atomic_add on i64"));
    CHECK(b.errors().size() == 2);
    CHECK(b.errors()[1].find("atomic_add on i64") != std::string::npos);
}

TEST_CASE("target profiles: OpenCL and Level Zero") {
    auto cl = TargetProfile::opencl();
    CHECK(cl.supports(spv::Capability::Kernel));
    CHECK(cl.supports(spv::Capability::Float64));
    CHECK(cl.supports(spv::Capability::Int64Atomics));
    CHECK(!cl.supports(spv::Capability::Float16));
    CHECK(!cl.supports(spv::Capability::Shader));
    auto ze = TargetProfile::level_zero();
    CHECK(ze.supports(spv::Capability::Float16));
    auto ze_nofp64 = TargetProfile::parse("level-zero-fp64").value();
    CHECK(!ze_nofp64.supports(spv::Capability::Float64));
    CHECK(ze_nofp64.name() != ze.name());
    CHECK(capability_name(spv::Capability::Int64Atomics) == "Int64Atomics");
}
