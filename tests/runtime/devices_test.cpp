// Device discovery, dpctl-style filter strings, the default device, and measured device facts.
#include <doctest/doctest.h>

#include <cstdlib>
#include <set>

#include "backends/backend.h"
#include "dpk/core/error.h"
#include "dpk/runtime/device.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::device_label;

namespace {
bool is_pocl(const Device& d) {
    return d.info().platform_name == "Portable Computing Language";
}
bool is_intel_cpu(const Device& d) {
    return d.info().platform_name == "Intel(R) OpenCL";
}
}  // namespace

TEST_CASE("discovery: every device has a unique filter string that selects it") {
    if (all_devices().empty()) {
        MESSAGE("SKIPPED: no device found at all");
        return;
    }
    std::set<std::string> filters;
    std::size_t listed = 0;
    for (const PlatformListing& p : platforms()) listed += p.devices.size();
    CHECK(listed == all_devices().size());
    for (const Device& d : all_devices()) {
        INFO(device_label(d));
        CHECK(filters.insert(d.filter_string()).second);
        CHECK(select_device(d.filter_string()) == d);
        CHECK(!d.name().empty());
        CHECK(d.info().max_work_group_size > 0);
        CHECK(d.info().local_mem_size > 0);
        CHECK(d.info().max_work_item_dims >= 3);
    }
}

TEST_CASE("filter strings: backend, type, index and their combinations") {
    auto cl = select_devices("opencl");
    if (cl.empty()) {
        MESSAGE("SKIPPED: no OpenCL device");
        return;
    }
    CHECK(select_devices("opencl:0").front() == cl.front());
    CHECK(select_devices("opencl:" + std::to_string(cl.size() - 1)).front() == cl.back());
    CHECK(select_devices("opencl:" + std::to_string(cl.size())).empty());
    auto cpus = select_devices("cpu");
    for (const Device& d : cpus) CHECK(d.info().kind == DeviceKind::Cpu);
    CHECK(select_devices("opencl:cpu").size() <= cpus.size());
    if (!cpus.empty()) {
        CHECK(select_device("opencl:cpu:0") == select_devices("opencl:cpu").front());
        CHECK(select_device("cpu:0") == cpus.front());
    }
    CHECK_THROWS_WITH_AS(select_devices("opencl:cpu:0:1"),
                         doctest::Contains("index must come last"), InvalidArgumentError);
    CHECK_THROWS_WITH_AS(select_devices("hip:gpu"), doctest::Contains("unknown part \"hip\""),
                         InvalidArgumentError);
    // Every registered backend is a filter prefix, named in the error for an unknown one.
    for (const backends::BackendEntry* b : backends::registered_backends()) {
        const std::string name(b->name);
        CHECK_NOTHROW(select_devices(name));
        CHECK_THROWS_WITH_AS(select_devices("hip"), doctest::Contains(name.c_str()),
                             InvalidArgumentError);
    }
    CHECK_THROWS_AS(select_devices("opencl::0"), InvalidArgumentError);
    CHECK_THROWS_AS(select_devices(""), InvalidArgumentError);
    CHECK_THROWS_AS(select_devices("cpu:opencl"), InvalidArgumentError);
    // No Level Zero driver here: the error lists what there is and why Level Zero is missing.
    if (select_devices("level_zero").empty()) {
        try {
            select_device("level_zero:gpu:0");
            FAIL("level_zero:gpu:0 matched nothing but did not throw");
        } catch (const DeviceNotFoundError& e) {
            std::string m = e.what();
            CHECK(m.find("no device matches \"level_zero:gpu:0\"") != std::string::npos);
            CHECK(m.find(cl.front().filter_string()) != std::string::npos);
            CHECK(m.find("no Level Zero driver found") != std::string::npos);
        }
    }
}

TEST_CASE("the default device takes SPIR-V, prefers a GPU, then IL, and $DPK_DEVICE overrides it") {
    const char* env = std::getenv("DPK_DEVICE");
    const std::string saved = env ? env : "";
    unsetenv("DPK_DEVICE");
    std::vector<Device> devices;
    for (const Device& x : all_devices())
        if (x.takes_spirv()) devices.push_back(x);
    if (devices.empty()) {
        CHECK_THROWS_AS(default_device(), DeviceNotFoundError);
        MESSAGE("SKIPPED: no SPIR-V device; default_device() throws as it should");
    } else {
        Device d = default_device();
        CHECK(d.takes_spirv());
        bool any_gpu = false, any_il = false;
        for (const Device& x : devices) {
            any_gpu |= x.info().kind == DeviceKind::Gpu;
            any_il |= x.info().spirv == SpirvIngest::IL;
        }
        if (any_gpu)
            CHECK(d.info().kind == DeviceKind::Gpu);
        else if (any_il)
            CHECK(d.info().spirv == SpirvIngest::IL);
        MESSAGE("default device: " << device_label(d));

        setenv("DPK_DEVICE", devices.back().filter_string().c_str(), 1);
        CHECK(default_device() == devices.back());
        setenv("DPK_DEVICE", "level_zero:gpu:7", 1);
        CHECK_THROWS_AS(default_device(), DeviceNotFoundError);
    }
    if (saved.empty())
        unsetenv("DPK_DEVICE");
    else
        setenv("DPK_DEVICE", saved.c_str(), 1);
}

TEST_CASE(
    "measured: PoCL takes SPIR-V translated to SPIR 1.2 and has fine-grain SVM, no Intel USM") {
    Device pocl = tests::device_where(is_pocl, "PoCL");
    if (!pocl) return;
    const DeviceInfo& i = pocl.info();
    if (i.platform_version.find("PoCL 3.1") == std::string::npos || !pocl.takes_spirv()) {
        MESSAGE(
            "SKIPPED: these are Debian 12's PoCL 3.1 facts with the SPIR 1.2 translator; this "
            "is "
            << i.platform_version << " (" << i.spirv_detail << ")");
        return;
    }
    CHECK(i.spirv == SpirvIngest::Translated);
    CHECK(i.svm_capabilities == 0xb);  // coarse + fine-grain buffer + atomics
    CHECK_FALSE(i.has_intel_usm);
    CHECK(i.supports(UsmType::Device));
    CHECK(i.supports(UsmType::Shared));
    CHECK(i.supports(UsmType::Host));  // CPU: device memory is host memory
}

TEST_CASE("measured: Intel's CPU runtime takes SPIR-V as IL and has Intel USM") {
    Device intel = tests::device_where(is_intel_cpu, "Intel OpenCL CPU runtime");
    if (!intel) return;
    const DeviceInfo& i = intel.info();
    CHECK(i.spirv == SpirvIngest::IL);
    CHECK(i.spirv_detail.find("SPIR-V_1.0") != std::string::npos);
    CHECK(i.has_intel_usm);
    CHECK(i.svm_capabilities == 0xf);  // + fine-grain system
    CHECK(i.usm_backing(UsmType::Device) == "cl_intel_unified_shared_memory");
}

TEST_CASE("backends that found nothing say why") {
    for (const BackendProblem& p : backend_problems()) {
        CHECK(!p.problem.empty());
        MESSAGE(p.backend << ": " << p.problem);
    }
}
