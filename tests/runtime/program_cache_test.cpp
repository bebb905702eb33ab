// The program cache's disk key: a driver binary cached for one ingest revision (what the backend
// hands the driver: DeviceInfo::ingest_revision) is never served under another. Runs on a
// stand-in context that "builds" a fixed binary, so it needs no device.
#include "runtime/program_cache.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "dpk/core/error.h"

using namespace dpk;
using dpk::runtime::CacheConfig;
using dpk::runtime::ProgramCache;

namespace {

namespace fs = std::filesystem;

/// A program whose driver binary is a few fixed bytes.
class StandInProgram : public backends::Program {
public:
    std::unique_ptr<backends::Kernel> create_kernel(const std::string& name) override {
        throw BuildError("stand-in program", "no kernel " + name);
    }
    std::string build_log() const override { return {}; }
    SpirvIngest ingest() const override { return SpirvIngest::IL; }
    std::vector<std::uint8_t> binary() const override { return {0xd9, 0x6b, 0x01, 0x02}; }
};

/// A context that builds StandInPrograms and takes back only their binary.
class StandInContext : public backends::Context {
public:
    std::unique_ptr<backends::Program> create_program(std::span<const std::uint32_t>,
                                                      const std::string&) override {
        return std::make_unique<StandInProgram>();
    }
    std::unique_ptr<backends::Program> create_program_from_binary(
        std::span<const std::uint8_t> binary, const std::string&) override {
        if (std::vector<std::uint8_t>(binary.begin(), binary.end()) != StandInProgram().binary())
            throw BuildError("stand-in context", "not its binary");
        return std::make_unique<StandInProgram>();
    }
    void* allocate(UsmType, std::size_t, std::size_t) override {
        throw BuildError("stand-in context", "no memory");
    }
    void deallocate(void*) noexcept override {}
    std::unique_ptr<backends::Queue> create_queue(bool) override {
        throw BuildError("stand-in context", "no queues");
    }
    std::unique_ptr<backends::Queue> adopt_queue(void*, bool) override {
        throw BuildError("stand-in context", "no queues");
    }
    std::optional<UsmType> usm_type_of(const void*, std::size_t) override { return std::nullopt; }
    void* native_handle() const override { return nullptr; }
    const void* id() const override { return this; }
};

DeviceInfo device_with_revision(std::string revision) {
    DeviceInfo info;
    info.backend = "stand-in";
    info.name = "stand-in device";
    info.driver_version = "1.0";
    info.spirv = SpirvIngest::IL;
    info.ingest_revision = std::move(revision);
    return info;
}

std::set<fs::path> entries_in(const fs::path& dir) {
    std::set<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir / "programs")) out.insert(e.path());
    return out;
}

}  // namespace

TEST_CASE("a program cached under one ingest revision is a miss under another") {
    const fs::path dir =
        fs::temp_directory_path() / ("dpk_program_cache_test_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::shared_ptr<backends::Context> context = std::make_shared<StandInContext>();
    const std::string filter = "stand-in:cpu:0";
    const std::vector<std::uint32_t> spirv = {0x07230203, 0x00010000, 0, 8, 0};
    const DeviceInfo old_revision = device_with_revision("cuda-" + std::string(64, 'a'));
    const DeviceInfo new_revision = device_with_revision("cuda-" + std::string(64, 'b'));
    // A fresh cache object each time: its memory is empty, as in a new process.
    auto build = [&](const DeviceInfo& info) {
        ProgramCache cache(CacheConfig::at(dir));
        REQUIRE(cache.program({info, filter, context}, spirv, "") != nullptr);
        return cache.stats();
    };

    ProgramCache::Stats s = build(old_revision);
    CHECK(s.builds == 1);
    CHECK(s.disk_writes == 1);
    s = build(old_revision);  // the same revision: served from disk
    CHECK(s.disk_hits == 1);
    CHECK(s.builds == 0);

    const std::set<fs::path> before = entries_in(dir);
    REQUIRE(before.size() == 1);
    s = build(new_revision);  // another revision: another key, so the old entry is not read
    CHECK(s.disk_hits == 0);
    CHECK(s.disk_rejected == 0);
    CHECK(s.builds == 1);
    CHECK(s.disk_writes == 1);
    std::set<fs::path> after = entries_in(dir);
    REQUIRE(after.size() == 2);

    // Even an old entry under the new key is refused: the entry records the revision too.
    for (const fs::path& p : before) after.erase(p);
    fs::copy_file(*before.begin(), *after.begin(), fs::copy_options::overwrite_existing);
    s = build(new_revision);
    CHECK(s.disk_rejected == 1);
    CHECK(s.disk_hits == 0);
    CHECK(s.builds == 1);

    CHECK(ProgramCache::device_identity(old_revision) !=
          ProgramCache::device_identity(new_revision));
    fs::remove_all(dir);
}
