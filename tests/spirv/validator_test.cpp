// In-process validation and disassembly.
#include "compiler/spirv/validator.h"

#include <doctest/doctest.h>

#include "compiler/spirv/module_builder.h"

using namespace dpk::compiler::spirv;

namespace {

std::vector<std::uint32_t> kernel_with(spv::Capability extra) {
    ModuleBuilder b(TargetProfile::level_zero());
    b.require(spv::Capability::Addresses, "test");
    b.require(spv::Capability::Kernel, "test");
    b.require(spv::Capability::Int64, "test");
    if (extra != spv::Capability::Kernel) b.require(extra, "test");
    b.memory_model(spv::AddressingModel::Physical64, spv::MemoryModel::OpenCL);
    Id void_type = b.type_void();
    Id fn_type = b.type_function(void_type, {});
    Id fn = b.next_id();
    std::vector<std::uint32_t> body;
    encode(body, spv::Op::OpFunction,
           {void_type, fn, operand(spv::FunctionControlMask::MaskNone), fn_type});
    encode(body, spv::Op::OpLabel, {b.next_id()});
    encode(body, spv::Op::OpReturn, {});
    encode(body, spv::Op::OpFunctionEnd, {});
    b.add_function(body);
    b.entry_point(spv::ExecutionModel::Kernel, fn, "k", {});
    b.name(fn, "k");
    return b.finish(0x00010000);
}

}  // namespace

TEST_CASE("validator: valid module passes for OpenCL 1.2") {
    auto words = kernel_with(spv::Capability::Kernel);
    CHECK(default_validation_env(words) == SPV_ENV_OPENCL_1_2);
    CHECK(!validate(words).has_value());
}

TEST_CASE("validator: broken modules give the validator's message") {
    auto words = kernel_with(spv::Capability::Kernel);
    auto truncated = words;
    truncated.resize(truncated.size() - 1);  // drops OpFunctionEnd
    auto error = validate(truncated);
    REQUIRE(error.has_value());
    CHECK(error->find("OpenCL") != std::string::npos);
    CHECK(validate(std::vector<std::uint32_t>{1, 2}).has_value());
    auto bad_magic = words;
    bad_magic[0] = 0;
    CHECK(validate(bad_magic).has_value());
}

TEST_CASE("validator: optional OpenCL capabilities SPIRV-Tools' OpenCL env rejects") {
    auto words = kernel_with(spv::Capability::Int64Atomics);
    // SPIRV-Tools does not know cl_khr_int64_base_atomics: the strict OpenCL env rejects it...
    auto strict = validate(words, {.env = SPV_ENV_OPENCL_1_2});
    REQUIRE(strict.has_value());
    CHECK(strict->find("Int64Atomics") != std::string::npos);
    // ...so by default such a module is validated as universal SPIR-V 1.0.
    CHECK(default_validation_env(words) == SPV_ENV_UNIVERSAL_1_0);
    CHECK(!validate(words).has_value());
}

TEST_CASE("validator: Groups (sub-group collectives) is validated for OpenCL 2.0") {
    auto words = kernel_with(spv::Capability::Groups);
    // OpenCL 1.2 has no Groups; OpenCL 2.0 has them, and still checks OpenCL's rules.
    auto strict = validate(words, {.env = SPV_ENV_OPENCL_1_2});
    REQUIRE(strict.has_value());
    CHECK(strict->find("Groups") != std::string::npos);
    CHECK(default_validation_env(words) == SPV_ENV_OPENCL_2_0);
    CHECK(!validate(words).has_value());
}

TEST_CASE("validator: disassembly uses friendly names and is deterministic") {
    auto words = kernel_with(spv::Capability::Kernel);
    std::string text = disassemble(words);
    CHECK(text.find("OpEntryPoint Kernel %k \"k\"") != std::string::npos);
    CHECK(text.find("; Version: 1.0") != std::string::npos);
    CHECK(text == disassemble(words));
    std::string bare = disassemble(words, {.header = false});
    CHECK(bare.find("; Version") == std::string::npos);
    CHECK(bare.rfind("OpCapability Addresses", 0) == 0);
    CHECK(disassemble(std::vector<std::uint32_t>{1, 2, 3}).rfind("; error:", 0) == 0);
}
