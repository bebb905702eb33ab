// The second process of the device-directory tests: selects a device (argv[1] is a filter or
// "default") with the disk cache of $DPK_CACHE_DIR, runs vecadd on it, and prints how it was
// found and which OpenCL drivers the process loaded. With `--all` it then runs full discovery
// and checks that the device selected first is the one discovery lists under its filter; with
// `--select-only` it stops after the selection (no launch).
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>

#include "backends/opencl/icd_libraries.h"
#include "dpk/dpk.h"

namespace {

constexpr const char* kVecadd = R"(
kernel vecadd(a: f32[::1], b: f32[::1], c: f32[::1]) {
    let i = global_id(0);
    c[i] = a[i] + b[i];
}
)";

bool loaded(const std::string& library) {
    void* h = ::dlopen(library.c_str(), RTLD_NOW | RTLD_NOLOAD);
    if (h) ::dlclose(h);
    return h != nullptr;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: %s FILTER|default [--all|--select-only]\n", argv[0]);
        return 2;
    }
    try {
        using namespace dpk;
        const std::string filter = argv[1];
        Device dev = filter == "default" ? default_device() : select_device(filter);
        const runtime::DiscoveryStats found = runtime::discovery_stats();
        std::printf("filter=%s\nname=%s\nfull=%d\nalone=%zu\n", dev.filter_string().c_str(),
                    dev.name().c_str(), found.full_discovery ? 1 : 0, found.opened_from_directory);
        int drivers = 0;
        for (const std::string& lib : backends::opencl::icd_library_names()) drivers += loaded(lib);
        std::printf("drivers_loaded=%d\n", drivers);
        if (argc == 3 && std::string(argv[2]) == "--select-only") return 0;

        ProgramOptions o;
        o.cache = std::make_shared<KernelCache>(runtime::CacheConfig::disabled());
        Program p = Program::from_string("vecadd.dpk", kVecadd, o);
        Queue q(dev);
        const std::int64_t n = 256;
        std::vector<float> x(n), y(n);
        for (std::int64_t i = 0; i < n; ++i) x[i] = float(i), y[i] = float(2 * i);
        auto a = UsmArray::from_host<float>(q, x), b = UsmArray::from_host<float>(q, y);
        auto c = UsmArray::zeros(q, DType::F32, {n});
        p.kernel("vecadd").launch(q, Range(n), Range(64), {a, b, c}).wait();
        std::vector<float> got = c.to_vector<float>();
        bool correct = true;
        for (std::int64_t i = 0; i < n; ++i) correct = correct && got[i] == float(3 * i);
        std::printf("correct=%d\n", correct ? 1 : 0);

        if (argc == 3 && std::string(argv[2]) == "--all") {
            const auto& all = all_devices();
            bool listed = std::find(all.begin(), all.end(), dev) != all.end();
            std::printf("listed=%d\nsame_by_filter=%d\nfull_after=%d\n", listed ? 1 : 0,
                        select_device(dev.filter_string()) == dev ? 1 : 0,
                        runtime::discovery_stats().full_discovery ? 1 : 0);
        }
        return correct ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "device directory child: %s\n", e.what());
        return 1;
    }
}
