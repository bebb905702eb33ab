// The on-disk caches: they survive a restart (a second process, a fresh cache object), and
// corrupted, truncated, foreign or other-version entries are ignored and rebuilt, never trusted.
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <set>

#include "runtime/sealed_file.h"
#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

namespace {

constexpr const char* kMatmulSig = "void(f32[:, ::1], f32[:, ::1], f32[:, ::1])";

std::set<std::filesystem::path> files_in(const std::filesystem::path& dir) {
    std::set<std::filesystem::path> out;
    if (!std::filesystem::exists(dir)) return out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file()) out.insert(e.path());
    return out;
}

/// Specializes matmul with a fresh cache object on `dir`, checks a launch, returns the stats.
KernelCache::Stats specialize_matmul(const std::filesystem::path& dir, const Device& dev) {
    Program p = tests::seed_program(dir);
    p.kernel("matmul").specialize(kMatmulSig, dev);
    Queue q(dev);
    const std::int64_t n = 32;
    auto a = UsmArray::from_host<float>(q, std::vector<float>(n * n, 2.0f), {n, n});
    auto c = UsmArray::zeros(q, DType::F32, {n, n});
    p.kernel("matmul").launch(q, Range(n, n), Range(16, 16), {a, a, c}).wait();
    for (float v : c.to_vector<float>()) REQUIRE(v == 4.0f * n);
    return p.cache().stats();
}

std::string run_child(const std::filesystem::path& dir, const Device& dev) {
    std::string cmd =
        std::string(DPK_CACHE_CHILD) + " '" + dir.string() + "' " + dev.filter_string();
    FILE* pipe = ::popen(cmd.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buf[256];
    while (std::fgets(buf, sizeof buf, pipe)) out += buf;
    int status = ::pclose(pipe);
    CHECK(status == 0);
    return out;
}

void rewrite(const std::filesystem::path& file, const std::function<void(std::string&)>& edit) {
    std::string bytes = *runtime::read_file_bytes(file);
    edit(bytes);
    REQUIRE(runtime::write_file_atomically(file, bytes));
}

}  // namespace

TEST_CASE("the disk cache survives a restart: a second process and a fresh cache object") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        tests::TempDir dir("cache");
        KernelCache::Stats cold = specialize_matmul(dir.path(), dev);
        CHECK(cold.front_end_compiles == 1);
        CHECK(cold.programs.builds == 1);
        CHECK(cold.image_writes == 1);
        CHECK(cold.programs.disk_writes == 1);  // both drivers here give a program binary
        CHECK(files_in(dir.path() / "images").size() == 1);
        CHECK(files_in(dir.path() / "programs").size() == 1);

        // Another process: no front end, no driver build.
        std::string child = run_child(dir.path(), dev);
        INFO("child: " << child);
        CHECK(child.find("front_end_compiles=0 image_hits=1 builds=0 disk_hits=1 correct=1") !=
              std::string::npos);

        // A fresh cache object in this process: the same.
        KernelCache::Stats warm = specialize_matmul(dir.path(), dev);
        CHECK(warm.front_end_compiles == 0);
        CHECK(warm.image_hits == 1);
        CHECK(warm.programs.builds == 0);
        CHECK(warm.programs.disk_hits == 1);
        CHECK(warm.image_rejected + warm.programs.disk_rejected == 0);
    }
}

TEST_CASE("flipped bytes, truncation and another format version: ignored and rebuilt") {
    using Edit = std::function<void(std::string&)>;
    const std::vector<std::pair<const char*, Edit>> damages{
        {"flipped payload bytes",
         [](std::string& b) {
             b[b.size() / 2] ^= 0x5a;
             b[b.size() - 1] ^= 0x01;
         }},
        {"truncated", [](std::string& b) { b.resize(b.size() / 2); }},
        {"other format version", [](std::string& b) { b[8] = 99; }},
        {"flipped header magic", [](std::string& b) { b[0] ^= 0x20; }},
        {"empty file", [](std::string& b) { b.clear(); }},
    };
    for (const Device& dev : devices_under_test()) {
        for (const auto& entry : damages) {
            // Not structured bindings: INFO's lambda names them, which clang before 16 refuses.
            const char* what = entry.first;
            const Edit& damage = entry.second;
            INFO("device " << device_label(dev) << ", damage: " << what);
            tests::TempDir dir("corrupt");
            specialize_matmul(dir.path(), dev);
            for (const auto& f : files_in(dir.path())) rewrite(f, damage);
            KernelCache::Stats s = specialize_matmul(dir.path(), dev);  // numbers checked inside
            CHECK(s.image_rejected == 1);
            CHECK(s.programs.disk_rejected == 1);
            CHECK(s.front_end_compiles == 1);
            CHECK(s.programs.builds == 1);
            // The rebuilt entries replaced the damaged ones.
            KernelCache::Stats again = specialize_matmul(dir.path(), dev);
            CHECK(again.front_end_compiles == 0);
            CHECK(again.programs.builds == 0);
            CHECK(again.programs.disk_hits == 1);
        }
    }
}

TEST_CASE("foreign entries (intact, but made for something else) are not trusted") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        tests::TempDir dir("foreign");
        {
            Program p = tests::seed_program(dir.path());
            p.kernel("saxpy").specialize("void(f32, f32[::1], f32[::1])", dev);
        }
        const auto saxpy_files = files_in(dir.path());
        specialize_matmul(dir.path(), dev);
        std::vector<std::filesystem::path> matmul_files;
        for (const auto& f : files_in(dir.path()))
            if (!saxpy_files.count(f)) matmul_files.push_back(f);
        REQUIRE(matmul_files.size() == 2);
        // Overwrite matmul's entries with saxpy's (valid envelopes, wrong contents).
        for (const auto& m : matmul_files)
            for (const auto& s : saxpy_files)
                if (m.parent_path() == s.parent_path())
                    REQUIRE(runtime::write_file_atomically(m, *runtime::read_file_bytes(s)));
        KernelCache::Stats s = specialize_matmul(dir.path(), dev);
        CHECK(s.image_rejected == 1);
        CHECK(s.programs.disk_rejected == 1);
        CHECK(s.front_end_compiles == 1);
        CHECK(s.programs.builds == 1);
    }
}

TEST_CASE("a changed source is a different entry; the same source in another program hits") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        tests::TempDir dir("source");
        auto cache = tests::private_cache(dir.path());
        ProgramOptions o;
        o.cache = cache;
        const std::string v1 = "kernel k(x: f32[::1]) { let i = global_id(0); x[i] = 1.0; }";
        const std::string v2 = "kernel k(x: f32[::1]) { let i = global_id(0); x[i] = 2.0; }";
        Queue q(dev);
        auto x = UsmArray::zeros(q, DType::F32, {8});
        for (const std::string& text : {v1, v2, v1}) {
            Program p = Program::from_string("k.dpk", text, o);
            p.kernel("k").launch(q, Range(8), {x}).wait();
            CHECK(x.to_vector<float>()[7] == (text == v1 ? 1.0f : 2.0f));
        }
        // v1 and v2 compiled once each; the second v1 came from the caches.
        CHECK(cache->stats().front_end_compiles == 2);
    }
}

TEST_CASE("cache location from the environment; DPK_CACHE=0 turns it off") {
    auto set = [](const char* k, const char* v) {
        if (v)
            ::setenv(k, v, 1);
        else
            ::unsetenv(k);
    };
    const char* keys[] = {"DPK_CACHE", "DPK_CACHE_DIR", "XDG_CACHE_HOME", "HOME"};
    std::vector<std::optional<std::string>> saved;
    for (const char* k : keys)
        saved.push_back(std::getenv(k) ? std::optional<std::string>(std::getenv(k)) : std::nullopt);

    set("DPK_CACHE", nullptr);
    set("DPK_CACHE_DIR", "/tmp/dpk-explicit");
    CHECK(runtime::CacheConfig::from_environment().enabled);
    CHECK(runtime::CacheConfig::from_environment().dir == "/tmp/dpk-explicit");
    set("DPK_CACHE_DIR", nullptr);
    set("XDG_CACHE_HOME", "/tmp/xdg");
    CHECK(runtime::CacheConfig::from_environment().dir == "/tmp/xdg/dpk");
    set("XDG_CACHE_HOME", nullptr);
    set("HOME", "/home/someone");
    CHECK(runtime::CacheConfig::from_environment().dir == "/home/someone/.cache/dpk");
    set("DPK_CACHE", "0");
    CHECK_FALSE(runtime::CacheConfig::from_environment().enabled);
    set("DPK_CACHE", "off");
    CHECK_FALSE(runtime::CacheConfig::from_environment().enabled);

    for (std::size_t i = 0; i < 4; ++i) set(keys[i], saved[i] ? saved[i]->c_str() : nullptr);
}

TEST_CASE("entries that are not private regular files are not read: FIFO, link to /dev/zero") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        tests::TempDir dir("special");
        specialize_matmul(dir.path(), dev);
        const auto entries = files_in(dir.path() / "images");
        REQUIRE(entries.size() == 1);
        const std::filesystem::path image = *entries.begin();
        // A FIFO with no writer hung the reader before; a link to /dev/zero read until memory
        // ran out. Both are now refused unread, removed and rebuilt.
        for (const std::string kind : {"fifo", "zero link", "group-writable"}) {
            INFO(kind);
            std::filesystem::remove(image);
            if (kind == "fifo") {
                REQUIRE(::mkfifo(image.c_str(), 0600) == 0);
            } else if (kind == "zero link") {
                std::filesystem::create_symlink("/dev/zero", image);
            } else {
                REQUIRE(runtime::write_file_atomically(image, "x"));
                ::chmod(image.c_str(), 0666);
            }
            KernelCache::Stats s = specialize_matmul(dir.path(), dev);
            CHECK(s.image_rejected == 1);
            CHECK(s.front_end_compiles == 1);
            CHECK(std::filesystem::is_regular_file(std::filesystem::symlink_status(image)));
        }
    }
}

TEST_CASE("a re-sealed image whose SPIR-V fails validation is removed and rebuilt") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        tests::TempDir dir("resealed");
        specialize_matmul(dir.path(), dev);
        const std::filesystem::path image = *files_in(dir.path() / "images").begin();
        // Unseal, break the first instruction after the SPIR-V header, seal again: the
        // checksum passes, the validator must not.
        std::string payload(runtime::unseal(*runtime::read_file_bytes(image),
                                            KernelCache::kImageMagic,
                                            KernelCache::kImageFormatVersion, "t"));
        const std::string magic("\x03\x02\x23\x07", 4);
        const std::size_t at = payload.find(magic);
        REQUIRE(at != std::string::npos);
        const std::uint32_t bad = 0x0001ffff;  // word count 1, opcode 65535
        std::memcpy(payload.data() + at + 5 * 4, &bad, 4);
        REQUIRE(runtime::write_file_atomically(
            image,
            runtime::seal(KernelCache::kImageMagic, KernelCache::kImageFormatVersion, payload)));
        KernelCache::Stats s = specialize_matmul(dir.path(), dev);
        CHECK(s.image_rejected == 1);
        CHECK(s.front_end_compiles == 1);
        KernelCache::Stats again = specialize_matmul(dir.path(), dev);  // evicted, then rewritten
        CHECK(again.image_hits == 1);
        CHECK(again.image_rejected == 0);
    }
}

TEST_CASE("a cache folder others can write is not used, and that is said") {
    auto devices = devices_under_test();
    if (devices.empty()) return;
    tests::TempDir dir("shared");
    ::chmod(dir.path().c_str(), 0777);
    KernelCache::Stats s = specialize_matmul(dir.path(), devices[0]);
    CHECK(s.image_writes == 0);
    CHECK(s.programs.disk_writes == 0);
    CHECK(files_in(dir.path()).empty());
    ::chmod(dir.path().c_str(), 0755);  // only the owner writes: used
    s = specialize_matmul(dir.path(), devices[0]);
    CHECK(s.image_writes == 1);
    CHECK((std::filesystem::status(dir.path() / "images").permissions() &
           std::filesystem::perms::all) == std::filesystem::perms::owner_all);
}
