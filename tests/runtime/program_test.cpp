// Programs from SPIR-V: each device's path (IL / SPIR 1.2), attributes, and build errors.
#include <doctest/doctest.h>

#include "dpk/core/error.h"
#include "dpk/runtime/kernel_bundle.h"
#include "dpk/runtime/launch.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {
bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

KernelImage image_of(const std::string& name) {
    KernelImage k;
    k.kernel_name = name;
    k.signature = Signature({ParamType::array(DType::F32, 1, Layout::C)});
    AbiArg ptr;
    ptr.kind = AbiArg::Kind::GlobalPointer;
    ptr.dtype = DType::F32;
    AbiArg shape;
    shape.kind = AbiArg::Kind::Shape;
    k.abi.args = {ptr, shape};
    k.abi.work_dims_used = 1;
    k.spirv = tests::assemble_kernel(name);
    return k;
}
}  // namespace

TEST_CASE("each device builds by its own path and reports kernel attributes") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        LoadedKernel k(dev, tests::block_sum_image());
        CHECK(k.ingest() == dev.info().spirv);
        CHECK(k.ingest() != SpirvIngest::None);
        const KernelAttributes& a = k.attributes();
        CHECK(a.max_work_group_size > 0);
        CHECK(a.max_work_group_size <= dev.info().max_work_group_size);
        CHECK(a.preferred_work_group_size_multiple > 0);
        MESSAGE(device_label(dev) << ": block_sum max work-group " << a.max_work_group_size
                                  << ", preferred multiple " << a.preferred_work_group_size_multiple
                                  << ", local " << a.local_mem_size << " B, private "
                                  << a.private_mem_size << " B, registers " << a.registers);
        // Registers are reported by CUDA only (a kernel always uses some there).
        CHECK((a.registers > 0) == (dev.backend() == "cuda"));
        if (dev.info().platform_name == "Portable Computing Language")
            CHECK(k.ingest() == SpirvIngest::Translated);
        if (dev.info().platform_name == "Intel(R) OpenCL") CHECK(k.ingest() == SpirvIngest::IL);
    }
}

TEST_CASE("invalid SPIR-V is rejected by the validator before any driver sees it") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        KernelImage truncated = tests::vecadd_image();
        truncated.spirv.resize(truncated.spirv.size() - 7);
        try {
            LoadedKernel k(dev, truncated);
            FAIL("a truncated module was accepted");
        } catch (const BuildError& e) {
            CHECK(contains(e.what(), "is invalid (spirv-val --target-env opencl1.2)"));
            CHECK(!e.build_log().empty());
        }
        KernelImage empty = tests::vecadd_image();
        empty.spirv.clear();
        CHECK_THROWS_WITH_AS(LoadedKernel(dev, empty), doctest::Contains("is empty"), BuildError);
    }
}

TEST_CASE("images read from a bundle are validated and scanned once, when read") {
    std::vector<KernelImage> images{tests::vecadd_image()};
    CHECK_FALSE(images[0].requirements.has_value());  // built by hand: not checked yet
    KernelBundle read = KernelBundle::decode(KernelBundle::encode(images, "test"), "a bundle");
    REQUIRE(read.images().size() == 1);
    REQUIRE(read.images()[0].requirements.has_value());  // LoadedKernel takes it as checked
    CHECK(read.images()[0].requirements->empty());
    KernelImage truncated = tests::vecadd_image();
    truncated.spirv.resize(truncated.spirv.size() - 7);
    images.push_back(truncated);
    CHECK_THROWS_WITH_AS(KernelBundle::decode(KernelBundle::encode(images, "test"), "a bundle"),
                         doctest::Contains("is invalid (spirv-val --target-env opencl1.2)"),
                         FormatError);
}

TEST_CASE("an image's payload format is checked against what the device loads") {
    KernelImage other = tests::vecadd_image();
    other.format = static_cast<PayloadFormat>(7);  // a format no backend of this build loads
    for (const Device& dev : devices_under_test()) {
        INFO(device_label(dev));
        CHECK(dev.info().loads(PayloadFormat::Spirv));
        CHECK_FALSE(dev.info().loads(other.format));
        CHECK_THROWS_WITH_AS(LoadedKernel(dev, other),
                             ("kernel 'vecadd' (void(f32[::1], f32[::1], f32[::1])) is a payload "
                              "format 7 image; device '" +
                              dev.filter_string() + "' (" + dev.name() +
                              ") cannot load it: no backend loads payload format 7")
                                 .c_str(),
                             UnsupportedDeviceFeatureError);
    }
    // The format travels with the image; a reader refuses one it does not know.
    const std::vector<KernelImage> unknown{other}, known{tests::vecadd_image()};
    CHECK_THROWS_WITH_AS(KernelBundle::decode(KernelBundle::encode(unknown, "test"), "a bundle"),
                         doctest::Contains("invalid payload format 7"), FormatError);
    KernelBundle read = KernelBundle::decode(KernelBundle::encode(known, "test"), "a bundle");
    CHECK(read.images().at(0).format == PayloadFormat::Spirv);
}

TEST_CASE("bundles keep the variants and written arrays; a bad variant is a FormatError") {
    KernelImage image = tests::vecadd_image();
    image.abi.written_arrays = {2};
    image.variants = {{"vecadd__noalias", LaunchFacts{LaunchFact::NoAlias}}};
    KernelBundle read = KernelBundle::decode(KernelBundle::encode({&image, 1}, "test"), "a bundle");
    REQUIRE(read.images().size() == 1);
    CHECK(read.images()[0].abi.written_arrays == std::vector<std::uint32_t>{2});
    CHECK(read.images()[0].variants == image.variants);
    KernelImage unknown = image;
    unknown.variants[0].facts = LaunchFacts::from_bits(0x80);
    CHECK_THROWS_WITH_AS(
        KernelBundle::decode(KernelBundle::encode({&unknown, 1}, "test"), "a bundle"),
        doctest::Contains("invalid kernel variant 'vecadd__noalias'"), FormatError);
    KernelImage scalar_written = image;
    scalar_written.abi.written_arrays = {5};
    CHECK_THROWS_WITH_AS(
        KernelBundle::decode(KernelBundle::encode({&scalar_written, 1}, "test"), "a bundle"),
        doctest::Contains("invalid written array parameter 5"), FormatError);
}

TEST_CASE("bundles keep the range guards; an invalid one is a FormatError") {
    KernelImage image = tests::vecadd_image();
    image.abi.range_guards = {{0, 0, 0}, {0, 2, 0}};
    image.variants = {{"vecadd__inrange", LaunchFacts{LaunchFact::InRange}}};
    KernelBundle read = KernelBundle::decode(KernelBundle::encode({&image, 1}, "test"), "a bundle");
    REQUIRE(read.images().size() == 1);
    CHECK(read.images()[0].abi.range_guards == image.abi.range_guards);
    CHECK(read.images()[0].variants == image.variants);
    // A dimension past 2, an axis past the array's, a parameter out of range, out of order.
    const std::vector<std::pair<RangeGuard, std::string>> bad = {
        {{3, 0, 0}, "invalid range guard (dimension 3, parameter 0, axis 0)"},
        {{0, 1, 1}, "invalid range guard (dimension 0, parameter 1, axis 1)"},
        {{0, 9, 0}, "invalid range guard (dimension 0, parameter 9, axis 0)"}};
    for (const auto& [guard, message] : bad) {
        KernelImage broken = image;
        broken.abi.range_guards = {guard};
        CHECK_THROWS_WITH_AS(
            KernelBundle::decode(KernelBundle::encode({&broken, 1}, "test"), "a bundle"),
            doctest::Contains(message.c_str()), FormatError);
    }
    KernelImage unsorted = image;
    unsorted.abi.range_guards = {{0, 2, 0}, {0, 0, 0}};
    CHECK_THROWS_WITH_AS(
        KernelBundle::decode(KernelBundle::encode({&unsorted, 1}, "test"), "a bundle"),
        doctest::Contains("invalid range guard (dimension 0, parameter 0, axis 0)"), FormatError);
}

TEST_CASE("a module the driver cannot build throws BuildError with the driver's log") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        try {
            LoadedKernel k(dev, image_of("undefined_call"));
            // Some drivers link lazily; then the launch must fail cleanly instead.
            Queue q(dev);
            auto a = UsmArray::zeros(q, DType::F32, {4});
            CHECK_THROWS_AS(launch(q, k, Range(4), {a}).wait(), error);
            MESSAGE(device_label(dev) << ": the unresolved call surfaced at launch, not at build");
        } catch (const BuildError& e) {
            CHECK(contains(e.what(), "building the kernel for device"));
            CHECK(contains(e.what(), dev.info().name));
            MESSAGE(device_label(dev) << ": build log of an unresolved call:\n" << e.build_log());
        }
    }
}

TEST_CASE("bad build options and missing entry points are BuildErrors") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        // OpenCL: the driver's clBuildProgram error; CUDA: no build options at all.
        CHECK_THROWS_WITH_AS(
            LoadedKernel(dev, tests::vecadd_image(), LoadOptions{"-cl-no-such-option-dpk"}),
            doctest::Contains("-cl-no-such-option-dpk"), BuildError);
        KernelImage wrong = tests::vecadd_image();
        wrong.kernel_name = "no_such_kernel";
        CHECK_THROWS_WITH_AS(LoadedKernel(dev, wrong),
                             doctest::Contains("no kernel 'no_such_kernel'"), BuildError);
    }
}

TEST_CASE("an ABI that does not fit the signature or the driver's kernel is rejected at load") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        KernelImage extra = tests::vecadd_image();
        extra.abi.args.pop_back();
        CHECK_THROWS_WITH_AS(LoadedKernel(dev, extra), doctest::Contains("the driver reports 6"),
                             InvalidArgumentError);
        KernelImage bad = tests::vecadd_image();
        bad.abi.args[1].dim = 3;
        CHECK_THROWS_WITH_AS(LoadedKernel(dev, bad),
                             doctest::Contains("dimension 3 of a 1-d array"), InvalidArgumentError);
        KernelImage scalar = tests::saxpy_image();
        scalar.abi.args[0].dtype = DType::F64;
        CHECK_THROWS_AS(LoadedKernel(dev, scalar), InvalidArgumentError);
    }
}

TEST_CASE("a device that cannot take SPIR-V says so") {
    for (const Device& dev : all_devices()) {
        if (dev.takes_spirv()) continue;
        CHECK_THROWS_AS(LoadedKernel(dev, tests::vecadd_image()), UnsupportedDeviceFeatureError);
        return;
    }
    MESSAGE("SKIPPED: every device found takes SPIR-V (no rusticl/Clover/NVIDIA here)");
}
