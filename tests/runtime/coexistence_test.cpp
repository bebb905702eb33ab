// PoCL and Intel's OpenCL CPU runtime each carry an LLVM; both are loaded into one process by
// the ICD loader (next to our own LLVM for SPIR conversion). They must not break each other.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>

#include "dpk/runtime/launch.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {
bool is_pocl(const Device& d) {
    return d.info().platform_name == "Portable Computing Language";
}
bool is_intel(const Device& d) {
    return d.info().platform_name == "Intel(R) OpenCL";
}

/// Distinct shared objects mapped into this process whose path contains `part`.
std::set<std::string> mapped_libraries(const std::string& part) {
    std::ifstream maps("/proc/self/maps");
    std::set<std::string> libs;
    std::string line;
    while (std::getline(maps, line)) {
        std::size_t slash = line.find('/');
        if (slash == std::string::npos) continue;
        std::string path = line.substr(slash);
        if (path.find(part) != std::string::npos) libs.insert(path);
    }
    return libs;
}

void vecadd_on(const Device& dev, float scale) {
    Queue q(dev);
    LoadedKernel k(dev, tests::vecadd_image());
    std::vector<float> a(512, scale), b(512, 1.0f);
    auto da = UsmArray::from_host<float>(q, a);
    auto db = UsmArray::from_host<float>(q, b);
    auto dc = UsmArray::zeros(q, DType::F32, {512});
    launch(q, k, Range(512), Range(32), {da, db, dc}).wait();
    CHECK(dc.to_vector<float>() == std::vector<float>(512, scale + 1.0f));
}
}  // namespace

TEST_CASE("PoCL and Intel's CPU runtime build and run kernels in one process, interleaved") {
    Device pocl = tests::device_where(is_pocl, "PoCL");
    Device intel = tests::device_where(is_intel, "Intel OpenCL CPU runtime");
    if (!pocl || !intel) return;
    // Intel first, then PoCL (SPIR through our LLVM), then both again with new programs.
    vecadd_on(intel, 1.0f);
    vecadd_on(pocl, 2.0f);
    vecadd_on(intel, 3.0f);
    vecadd_on(pocl, 4.0f);

    // Both at once: launches in flight on both devices.
    Queue qp(pocl), qi(intel);
    LoadedKernel kp(pocl, tests::saxpy_image()), ki(intel, tests::saxpy_image());
    auto xp = UsmArray::zeros(qp, DType::F32, {1 << 20}),
         yp = UsmArray::zeros(qp, DType::F32, {1 << 20});
    auto xi = UsmArray::zeros(qi, DType::F32, {1 << 20}),
         yi = UsmArray::zeros(qi, DType::F32, {1 << 20});
    xp.fill(1.0f).wait();
    xi.fill(1.0f).wait();
    std::vector<Event> events;
    for (int i = 0; i < 5; ++i) {
        events.push_back(launch(qp, kp, Range(1 << 20), {2.0f, xp, yp}));
        events.push_back(launch(qi, ki, Range(1 << 20), {3.0f, xi, yi}));
    }
    Event::wait_all(events);
    CHECK(yp.to_vector<float>()[12345] == 10.0f);
    CHECK(yi.to_vector<float>()[54321] == 15.0f);

    auto llvm = mapped_libraries("libLLVM-");
    std::string list;
    for (const auto& l : llvm) list += "\n  " + l;
    MESSAGE("LLVM shared objects in this process:" << list);
    CHECK(llvm.size() == 1);  // PoCL and our SPIR conversion share Debian's libLLVM-15
    auto intel_libs = mapped_libraries("intel-opencl-rt");
    list.clear();
    for (const auto& l : intel_libs) list += "\n  " + l;
    MESSAGE("Intel runtime objects (their LLVM is internal, no exported LLVM symbols):" << list);
}
