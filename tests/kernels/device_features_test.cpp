// Device features reach the compiler through the JIT: each device's target has its own fp64,
// fp16, 64-bit atomics, sub-groups and shuffles; a kernel that needs a feature compiles where the
// device has it and fails at specialize, naming the device, where it has not; and the features are
// part of the kernel-image cache key, so an image made for one device is never served to a device
// without what it uses.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dpk/dpk.h"
#include "jit/device_target.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

const char* kHalfSource = R"(
kernel twice(x: f16[::1], y: f32[::1]) {
    let i = global_id(0);
    y[i] = f32(x[i] * 2.0);
}
)";

const char* kSubGroupSource = R"(
kernel sizes(out: i64[::1]) {
    out[global_id(0)] = sub_group_size();
}
)";

ProgramOptions with_cache(std::shared_ptr<KernelCache> cache) {
    ProgramOptions options;
    options.cache = std::move(cache);
    return options;
}

/// A fresh disk cache folder, removed at the end of the test.
struct TempCacheDir {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("dpk_device_features_" + std::to_string(::getpid()));
    TempCacheDir() { std::filesystem::remove_all(path); }
    ~TempCacheDir() { std::filesystem::remove_all(path); }
};

}  // namespace

TEST_SUITE("device_features") {
    TEST_CASE("device targets: the features of each device, named after it") {
        for (const Device& dev : tests::devices_under_test()) {
            const DeviceInfo& i = dev.info();
            const compiler::spirv::TargetProfile t = jit::device_target(dev);
            INFO("device " << tests::device_label(dev) << ", target " << t.name());
            for (DeviceFeature f : {DeviceFeature::Fp64, DeviceFeature::Fp16,
                                    DeviceFeature::Int64Atomics, DeviceFeature::SubGroups})
                CHECK(t.has(f) == i.has(f));
            CHECK(t.has(DeviceFeature::SubGroupShuffle) ==
                  (i.has(DeviceFeature::SubGroups) && i.has(DeviceFeature::SubGroupShuffle)));
            CHECK(t.device().find(dev.filter_string()) == 0);
            CHECK(compiler::spirv::TargetProfile::parse(t.name())->name() == t.name());
            MESSAGE(tests::device_label(dev) << ": target " << t.name());
        }
    }

    TEST_CASE("fp16: compiles and runs where the device has cl_khr_fp16, a named error elsewhere") {
        Program p = Program::from_string(
            "half.dpk", kHalfSource,
            with_cache(std::make_shared<KernelCache>(CacheConfig::disabled())));
        const std::vector<std::uint16_t> halves = {0x3E00, 0xC080, 0x3800,
                                                   0x4200};  // 1.5 -2.25 .5 3
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Kernel k = p.kernel("twice");
            if (!dev.info().has(DeviceFeature::Fp16)) {
                try {
                    k.specialize("void(f16[::1], f32[::1])", dev);
                    FAIL("no error");
                } catch (const CompileError& e) {
                    const std::string what = e.what();
                    MESSAGE("f16 on " << tests::device_label(dev) << ":\n" << what);
                    CHECK(what.find("device " + dev.filter_string()) != std::string::npos);
                    CHECK(what.find("lacks SPIR-V capability Float16 (cl_khr_fp16)") !=
                          std::string::npos);
                }
                continue;
            }
            CompiledKernel c = k.specialize("void(f16[::1], f32[::1])", dev);
            Queue q(dev);
            UsmArray x = UsmArray::from_host(q, DType::F16, {4}, halves.data(), halves.size() * 2);
            UsmArray y = UsmArray::zeros(q, DType::F32, {4});
            c.launch(q, Range(4), {x, y}).wait();
            CHECK(y.to_vector<float>() == std::vector<float>{3.0f, -4.5f, 1.0f, 6.0f});
        }
    }

    TEST_CASE("f16 host scalars: Half rounds to the nearest f16, and an f16 parameter takes it") {
        // Ties to even, subnormals, overflow to infinity, NaN.
        CHECK(Half(1.0).bits() == 0x3c00);
        CHECK(Half(-2.0).bits() == 0xc000);
        CHECK(Half(0.1).bits() == 0x2e66);
        CHECK(Half(65504.0).bits() == 0x7bff);
        CHECK(Half(65519.0).bits() == 0x7bff);
        CHECK(Half(65520.0).bits() == 0x7c00);        // half-way to 65536: to even, infinity
        CHECK(Half(0x1p-24).bits() == 0x0001);        // the smallest subnormal
        CHECK(Half(0x1p-25).bits() == 0x0000);        // half of it: to even, zero
        CHECK(Half(0x1.8p-24).bits() == 0x0002);      // 1.5 of it: to even, 2
        CHECK(Half(1.0 + 0x1p-11).bits() == 0x3c00);  // tie: stays even
        CHECK(Half(1.0 + 0x1p-11 + 0x1p-12).bits() == 0x3c01);  // above the tie: up
        CHECK(Half(std::nan("")).bits() == 0x7e00);
        CHECK(Half(-0.0).bits() == 0x8000);
        for (std::uint32_t b = 0; b < 0x7c00; ++b)  // every finite f16 round-trips
            REQUIRE(Half(Half::from_bits(static_cast<std::uint16_t>(b)).value()).bits() == b);
        const Scalar s = Half(1.5);
        CHECK(s.dtype() == DType::F16);
        CHECK(s.size() == 2);
        CHECK(s.as_double() == 1.5);
        CHECK(Scalar::from_double(DType::F16, 0.1).as_double() == Half(0.1).value());
        CHECK(Scalar(1.5f).exact_as(DType::F16).has_value());
        CHECK(!Scalar(0.1f).exact_as(DType::F16).has_value());  // not an f16 value
        CHECK(s.str() == "1.5:f16");

        Program p =
            Program::from_string("scale.dpk",
                                 "kernel scale(x: f16[::1], a: f16, y: f32[::1]) {\n"
                                 "    let i = global_id(0);\n    y[i] = f32(x[i] * a);\n}\n");
        const std::vector<std::uint16_t> halves = {0x4000, 0xbc00, 0x3800, 0x4200};  // 2 -1 .5 3
        int ran = 0;
        for (const Device& dev : tests::devices_under_test()) {
            if (!dev.info().has(DeviceFeature::Fp16)) continue;
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            UsmArray x = UsmArray::from_host(q, DType::F16, {4}, halves.data(), halves.size() * 2);
            UsmArray y = UsmArray::zeros(q, DType::F32, {4});
            p.kernel("scale").launch(q, Range(4), {x, Half(1.5), y}).wait();
            CHECK(y.to_vector<float>() == std::vector<float>{3.0f, -1.5f, 0.75f, 4.5f});
            // A float that is an f16 value converts exactly; one that is not is refused.
            p.kernel("scale").launch(q, Range(4), {x, 0.25f, y}).wait();
            CHECK(y.to_vector<float>() == std::vector<float>{0.5f, -0.25f, 0.125f, 0.75f});
            CHECK_THROWS_AS(p.kernel("scale").launch(q, Range(4), {x, 0.1f, y}),
                            SignatureMismatchError);
            ++ran;
        }
        if (ran == 0) MESSAGE("SKIPPED the f16 launch: no device with fp16");
    }

    TEST_CASE("kernel-image cache: an image is never served to a device without its features") {
        std::vector<Device> with, without;
        for (const Device& dev : tests::devices_under_test())
            (dev.info().has(DeviceFeature::SubGroups) ? with : without).push_back(dev);
        if (with.empty() || without.empty()) {
            MESSAGE("SKIPPED: needs a device with sub-groups and one without (found "
                    << with.size() << " with, " << without.size() << " without)");
            return;
        }
        TempCacheDir dir;
        auto cache = std::make_shared<KernelCache>(CacheConfig::at(dir.path));
        // Compiled (and stored on disk) for the device with sub-groups first ...
        Program first = Program::from_string("sizes.dpk", kSubGroupSource, with_cache(cache));
        first.kernel("sizes").specialize("void(i64[::1])", with.front());
        CHECK(cache->stats().image_writes >= 1);
        // ... then, by a fresh program on the same disk cache, for the device without: an error,
        // not the image made for the other device.
        Program second = Program::from_string("sizes.dpk", kSubGroupSource, with_cache(cache));
        CHECK_THROWS_AS(second.kernel("sizes").specialize("void(i64[::1])", without.front()),
                        CompileError);
        // Compile on launch goes the same way (its own cache entry, keyed by the argument types).
        Queue q(without.front());
        UsmArray out = UsmArray::zeros(q, DType::I64, {4});
        CHECK_THROWS_AS(second.kernel("sizes").launch(q, Range(4), {out}), CompileError);
        // The device with sub-groups is served from the disk cache: no second front-end run.
        const auto before = cache->stats().front_end_compiles;
        Program third = Program::from_string("sizes.dpk", kSubGroupSource, with_cache(cache));
        third.kernel("sizes").specialize("void(i64[::1])", with.front());
        CHECK(cache->stats().front_end_compiles == before);
    }

}  // TEST_SUITE
