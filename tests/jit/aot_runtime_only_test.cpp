// Scenario 9 from the application's side: a program linked against the dpk runtime ONLY (no
// compiler, no ANTLR, no jit; CMake links dpk_runtime alone and jit_aot_links_runtime_only checks
// the binary) loads a bundle written by dpk-aot and launches with the same signature enforcement.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <filesystem>

// No dpk/core/error.h: dpk/runtime/kernel_bundle.h brings the errors (dpk::error and its
// subclasses) that an AOT program catches.
#include "dpk/runtime/kernel_bundle.h"
#include "runtime/program_cache.h"
#include "runtime/sealed_file.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {
std::vector<Device> spirv_devices() {
    std::vector<Device> out;
    for (const Device& d : all_devices())
        if (d.takes_spirv()) out.push_back(d);
    if (out.empty()) MESSAGE("SKIPPED: no OpenCL or Level Zero device that takes SPIR-V was found");
    return out;
}
}  // namespace

TEST_CASE("a bundle from dpk-aot runs from a runtime-only program, signatures enforced") {
    KernelBundle bundle = KernelBundle::read(DPK_AOT_BUNDLE);
    CHECK(bundle.kernel_names() == std::vector<std::string>{"saxpy", "vecadd", "matmul"});
    CHECK(bundle.images().size() == 4);
    for (const Device& dev : spirv_devices()) {
        INFO("device " << dev.filter_string() << " (" << dev.info().platform_name << ")");
        LoadOptions options;
        ProgramCache programs(CacheConfig::disabled());
        options.program_cache = &programs;
        auto saxpy = bundle.load("saxpy", dev, options);
        auto vecadd = bundle.load("vecadd", dev, options);
        auto matmul = bundle.load("matmul", dev, options);
        CHECK(vecadd->size() == 2);
        // Attributes are there before any launch.
        CHECK(matmul->all()[0].attributes().max_work_group_size >= 256);

        Queue q(dev);
        const std::int64_t n = 1000;
        std::vector<float> hx(n), hy(n, 1.0f);
        for (std::int64_t i = 0; i < n; ++i) hx[i] = static_cast<float>(i);
        auto x = UsmArray::from_host<float>(q, hx);
        auto y = UsmArray::from_host<float>(q, hy);
        saxpy->launch(q, Range(1024), {KernelArg(3.0f), x, y}).wait();
        auto out = y.to_vector<float>();
        for (std::int64_t i = 0; i < n; ++i) REQUIRE(out[i] == 1.0f + 3.0f * static_cast<float>(i));

        std::vector<std::int32_t> hi(64, 21);
        auto a = UsmArray::from_host<std::int32_t>(q, hi);
        auto c = UsmArray::zeros(q, DType::I32, {64});
        vecadd->launch(q, Range(64), {KernelArg(a), a, c}).wait();
        CHECK(c.to_vector<std::int32_t>()[63] == 42);

        const std::int64_t m = 32;
        auto ones = UsmArray::from_host<float>(q, std::vector<float>(m * m, 1.0f), {m, m});
        auto mc = UsmArray::zeros(q, DType::F32, {m, m});
        matmul->launch(q, Range(m, m), Range(16, 16), {KernelArg(ones), ones, mc}).wait();
        CHECK(mc.to_vector<float>()[5] == static_cast<float>(m));

        // The same enforcement as the JIT: wrong dtype, layout; nothing launched.
        auto d = UsmArray::zeros(q, DType::F64, {64});
        try {
            vecadd->launch(q, Range(64), {KernelArg(d), d, d});
            FAIL("no SignatureMismatchError");
        } catch (const SignatureMismatchError& e) {
            std::string what = e.what();
            CHECK(what.find("kernel 'vecadd'") != std::string::npos);
            CHECK(what.find("parameter 0 'a'") != std::string::npos);
            CHECK(what.find("void(f32[::1], f32[::1], f32[::1]) on") != std::string::npos);
            CHECK(what.find("void(i32[::1], i32[::1], i32[::1]) on") != std::string::npos);
        }
        auto f_order = UsmArray::zeros(q, DType::F32, {m, m}, UsmType::Device, Layout::F);
        CHECK_THROWS_AS(
            matmul->launch(q, Range(m, m), Range(16, 16), {KernelArg(ones), f_order, mc}),
            SignatureMismatchError);
        CHECK(mc.to_vector<float>()[5] == static_cast<float>(m));
    }
}

TEST_CASE("an image needing sub-groups runs where the device has them and is refused elsewhere") {
    KernelBundle bundle = KernelBundle::read(DPK_AOT_SUB_GROUP_BUNDLE);
    for (const Device& dev : spirv_devices()) {
        INFO("device " << dev.filter_string() << " (" << dev.info().platform_name << ")");
        if (!dev.info().has(DeviceFeature::SubGroups)) {
            MESSAGE(dev.filter_string() << " has no sub-groups: the image must be refused");
            CHECK_THROWS_WITH_AS(
                bundle.load("sg_sum", dev),
                ("kernel 'sg_sum' (void(f32[::1], f32[::1], i64[::1])) needs sub_groups "
                 "(capability Groups in its SPIR-V), which device '" +
                 dev.name() + "' (" + dev.info().platform_name +
                 ") does not have (it does not report cl_khr_subgroups); compile it for a "
                 "target without that feature, or run it on a device that has it")
                    .c_str(),
                UnsupportedDeviceFeatureError);
            continue;
        }
        auto sg_sum = bundle.load("sg_sum", dev);
        Queue q(dev);
        const std::int64_t n = 256;
        auto x = UsmArray::from_host<float>(q, std::vector<float>(n, 1.0f));
        auto sum = UsmArray::zeros(q, DType::F32, {n});
        auto size = UsmArray::zeros(q, DType::I64, {n});
        sg_sum->launch(q, Range(n), Range(64), {KernelArg(x), sum, size}).wait();
        auto sums = sum.to_vector<float>();
        auto sizes = size.to_vector<std::int64_t>();
        MESSAGE(dev.filter_string() << " ran sg_sum with sub-groups of " << sizes[0]);
        for (std::int64_t i = 0; i < n; ++i) {
            REQUIRE(sizes[i] >= 1);
            REQUIRE(sums[i] == static_cast<float>(sizes[i]));  // the sum of 1.0 over its sub-group
        }
    }
}

TEST_CASE("a damaged bundle is refused with a clear error") {
    std::string bytes = *read_file_bytes(DPK_AOT_BUNDLE);
    bytes[bytes.size() / 2] ^= 0x40;
    try {
        KernelBundle::decode(bytes, "bundle under test");
        FAIL("no FormatError");
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()).find("checksum mismatch") != std::string::npos);
    }
    CHECK_THROWS_WITH_AS(KernelBundle::read("/nonexistent/x.dpkb"),
                         "cannot read '/nonexistent/x.dpkb': No such file or directory", FileError);
    CHECK_THROWS_WITH_AS(KernelBundle::read("/tmp"), "'/tmp': is a directory, not a file",
                         FileError);
}

TEST_CASE("a bundle's kernels are built through dpk's program cache unless given another") {
    // ctest points DPK_CACHE_DIR at a folder of the build tree; the first test case used a
    // private cache, so each load here is one more build (or disk hit) of the default cache.
    KernelBundle bundle = KernelBundle::read(DPK_AOT_BUNDLE);
    ProgramCache& programs = ProgramCache::process_default();
    REQUIRE(programs.config().enabled);
    auto served = [&] {
        const ProgramCache::Stats s = programs.stats();
        return s.memory_hits + s.disk_hits + s.builds;
    };
    for (const Device& dev : spirv_devices()) {
        INFO("device " << dev.filter_string());
        const auto before = served();
        auto saxpy = bundle.load("saxpy", dev);
        CHECK(served() == before + 1);
    }
    if (!spirv_devices().empty()) {
        const std::filesystem::path dir = programs.config().dir / "programs";
        CHECK(std::filesystem::is_directory(dir));
        CHECK(!std::filesystem::is_empty(dir));
    }
}
