// The device directory: a full discovery records the OpenCL devices in the disk cache, and a
// later process opens the one it asks for with only its driver loaded. Every case runs child
// processes (discovery happens once per process), each launching vecadd on the device it got.
#include "runtime/device_directory.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include "backends/opencl/icd_libraries.h"
#include "runtime/sealed_file.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::TempDir;

namespace {

using Output = std::map<std::string, std::string>;

/// Runs the child with the disk cache in `cache` (and `env`, "NAME=VALUE ..."); its key=value
/// lines. The child exits 0 only when vecadd gave the right numbers.
Output run_child(const std::filesystem::path& cache, const std::string& selection,
                 const std::string& env = "", const std::string& flags = "") {
    const std::string cmd = "env -u DPK_CACHE DPK_CACHE_DIR='" + cache.string() + "' " + env + " " +
                            DPK_DEVICE_DIRECTORY_CHILD + " '" + selection + "' " + flags;
    FILE* pipe = ::popen(cmd.c_str(), "r");
    REQUIRE(pipe != nullptr);
    Output out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, pipe)) {
        std::string line(buf);
        if (!line.empty() && line.back() == '\n') line.pop_back();
        auto eq = line.find('=');
        if (eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
    }
    const int status = ::pclose(pipe);
    INFO("command: " << cmd);
    CHECK(status == 0);
    CHECK(out["correct"] == "1");
    return out;
}

std::filesystem::path directory_file(const std::filesystem::path& cache) {
    return cache / "devices.dpkdev";
}

/// The OpenCL devices under test (the directory records OpenCL only).
std::vector<Device> opencl_devices() {
    std::vector<Device> out;
    for (const Device& d : tests::devices_under_test())
        if (d.backend() == "opencl") out.push_back(d);
    return out;
}

/// Fills a directory in `cache` with a first process, checks that process ran full discovery.
void fill(const std::filesystem::path& cache, const Device& dev) {
    Output first = run_child(cache, dev.filter_string());
    CHECK(first["full"] == "1");
    CHECK(first["alone"] == "0");
    CHECK(first["filter"] == dev.filter_string());
    REQUIRE(std::filesystem::exists(directory_file(cache)));
}

/// After an untrusted directory: this process ran full discovery, the next opens alone again.
void check_rebuilt(const std::filesystem::path& cache, const Device& dev) {
    Output again = run_child(cache, dev.filter_string());
    CHECK(again["full"] == "1");
    CHECK(again["filter"] == dev.filter_string());
    CHECK(again["name"] == dev.name());
    Output next = run_child(cache, dev.filter_string());
    CHECK(next["full"] == "0");
    CHECK(next["alone"] == "1");
}

}  // namespace

TEST_CASE("a later process opens the device it asks for with only its driver loaded") {
    const std::size_t drivers = backends::opencl::icd_library_names().size();
    for (const Device& dev : opencl_devices()) {
        INFO("device " << device_label(dev));
        TempDir cache("devdir");
        fill(cache.path(), dev);
        Output second = run_child(cache.path(), dev.filter_string(), "", "--all");
        CHECK(second["full"] == "0");
        CHECK(second["alone"] == "1");
        CHECK(second["filter"] == dev.filter_string());
        CHECK(second["name"] == dev.name());
        CHECK(second["drivers_loaded"] == "1");
        // Full discovery afterwards lists the same device object under the same filter.
        CHECK(second["full_after"] == "1");
        CHECK(second["listed"] == "1");
        CHECK(second["same_by_filter"] == "1");
        if (drivers < 2) MESSAGE("only one OpenCL driver installed: nothing else to skip loading");
    }
}

TEST_CASE("the default device from the directory is the one full discovery picks") {
    if (opencl_devices().empty()) return;
    TempDir cache("devdir");
    Output first = run_child(cache.path(), "default");
    CHECK(first["full"] == "1");
    CHECK(first["filter"] == default_device().filter_string());
    Output second = run_child(cache.path(), "default");
    CHECK(second["full"] == "0");
    CHECK(second["alone"] == "1");
    CHECK(second["filter"] == default_device().filter_string());
}

TEST_CASE("a corrupted, truncated or foreign directory is ignored and rewritten") {
    for (const Device& dev : opencl_devices()) {
        INFO("device " << device_label(dev));
        TempDir cache("devdir");
        fill(cache.path(), dev);
        const auto file = directory_file(cache.path());
        const std::string good = *runtime::read_file_bytes(file);
        std::string flipped = good;
        flipped[flipped.size() / 2] ^= 0x20;
        for (const std::string& bad : {flipped, good.substr(0, good.size() - 7),
                                       std::string("not a dpk device directory")}) {
            REQUIRE(runtime::write_file_atomically(file, bad));
            check_rebuilt(cache.path(), dev);
            CHECK(*runtime::read_file_bytes(file) == good);
        }
    }
}

TEST_CASE("a record that no longer matches its device is not trusted") {
    for (const Device& dev : opencl_devices()) {
        INFO("device " << device_label(dev));
        TempDir cache("devdir");
        fill(cache.path(), dev);
        const auto config = runtime::CacheConfig::at(cache.path());
        const runtime::DeviceDirectory good = *runtime::DeviceDirectory::load(config);
        auto tamper = [&](auto edit) {
            runtime::DeviceDirectory d = good;
            for (runtime::DeviceRecord& r : d.devices)
                if (r.filter == dev.filter_string()) edit(r);
            REQUIRE(d.store(config));
            check_rebuilt(cache.path(), dev);
            CHECK(*runtime::DeviceDirectory::load(config) == good);
        };
        tamper([](runtime::DeviceRecord& r) { r.driver_version = "0.0 (another driver)"; });
        // The OpenCL token: ICD library, platform index, device index, one per line.
        tamper([](runtime::DeviceRecord& r) {
            r.token = r.token.substr(0, r.token.rfind('\n') + 1) + "99";
        });
        tamper([](runtime::DeviceRecord& r) {
            r.token = "libdpk-no-such-driver.so" + r.token.substr(r.token.find('\n'));
        });
    }
}

TEST_CASE("another ICD configuration does not use the directory of this one") {
    const auto devices = opencl_devices();
    if (devices.empty()) return;
    const Device& dev = devices.front();
    TempDir cache("devdir"), vendors("vendors");
    fill(cache.path(), dev);
    // The same drivers listed from another folder: the loader's configuration is not the same.
    for (const auto& e : std::filesystem::directory_iterator("/etc/OpenCL/vendors"))
        std::filesystem::copy_file(e.path(), vendors.path() / e.path().filename());
    const std::string other = "OCL_ICD_VENDORS='" + vendors.path().string() + "'";
    Output first = run_child(cache.path(), dev.filter_string(), other);
    CHECK(first["full"] == "1");
    CHECK(first["name"] == dev.name());
    Output second = run_child(cache.path(), dev.filter_string(), other);
    CHECK(second["full"] == "0");
    CHECK(second["alone"] == "1");
    Output back = run_child(cache.path(), dev.filter_string());
    CHECK(back["full"] == "1");
}

TEST_CASE("with the disk cache off no directory is written or read") {
    const auto devices = opencl_devices();
    if (devices.empty()) return;
    TempDir cache("devdir");
    for (int i = 0; i < 2; ++i) {
        Output out = run_child(cache.path(), devices.front().filter_string(), "DPK_CACHE=0");
        CHECK(out["full"] == "1");
        CHECK(out["alone"] == "0");
    }
    CHECK(!std::filesystem::exists(directory_file(cache.path())));
}
