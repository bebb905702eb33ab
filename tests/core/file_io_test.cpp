// Whole-file reads and writes: every failure a FileError naming the file, outputs written
// through links and special files, nothing partial left behind, policies for untrusted files.
#include "dpk/core/file_io.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "dpk/core/error.h"

using namespace dpk;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "dpk-file-io-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::permissions(path, fs::perms::owner_all, ec);
        fs::remove_all(path, ec);
    }
    /// Names in the folder, sorted (to see that no temporary stayed behind).
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(path)) out.push_back(e.path().filename());
        std::sort(out.begin(), out.end());
        return out;
    }
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("reads: whole files, and clear errors for what is not one") {
    TempDir dir;
    std::ofstream(dir.path / "a.txt") << "hello";
    CHECK(read_file(dir.path / "a.txt") == "hello");
    CHECK_THROWS_WITH_AS(read_file(dir.path), doctest::Contains("is a directory"), FileError);
    CHECK_THROWS_WITH_AS(read_file(dir.path / "missing"),
                         doctest::Contains("No such file or directory"), FileError);
    FileReadPolicy small;
    small.max_bytes = 4;
    CHECK_THROWS_WITH_AS(read_file(dir.path / "a.txt", small),
                         doctest::Contains("is 5 bytes, more than the 4 allowed"), FileError);
    // A stream is cut off at the limit rather than read until memory runs out.
    CHECK_THROWS_WITH_AS(read_file("/dev/zero", small),
                         doctest::Contains("more than the 4 bytes allowed"), FileError);

    InputFile in(dir.path / "a.txt");
    CHECK(in.size() == 5u);
    CHECK(in.read_exact(2) == "he");
    CHECK_FALSE(in.at_end());
    CHECK(in.read_exact(3) == "llo");
    CHECK(in.at_end());
    InputFile again(dir.path / "a.txt");
    CHECK_THROWS_WITH_AS(again.read_exact(6), doctest::Contains("ends after 5 bytes, 6 needed"),
                         FileError);
}

TEST_CASE("reads: files of every size and streams come back whole") {
    TempDir dir;
    // Empty, one byte, around the first read's size and the 1 MiB chunk, several chunks.
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{65535}, std::size_t{65537},
                          (std::size_t{1} << 20) - 1, std::size_t{1} << 20,
                          (std::size_t{3} << 20) + 5}) {
        std::string data(n, '\0');
        for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<char>('a' + (i * 7919) % 26);
        std::ofstream(dir.path / "f", std::ios::binary) << data;
        INFO("size " << n);
        CHECK(read_file(dir.path / "f") == data);
        // After a byte that at_end() read ahead.
        InputFile in(dir.path / "f");
        if (n > 0) {
            CHECK_FALSE(in.at_end());
            CHECK(in.read_rest() == data);
        }
    }
    // A stream without a size: a pipe a writer fills with more than the first chunk.
    const fs::path fifo = dir.path / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string data((std::size_t{1} << 17) + 3, 'z');
    pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::ofstream(fifo, std::ios::binary) << data;
        std::_Exit(0);
    }
    CHECK(read_file(fifo) == data);
    int status = 0;
    ::waitpid(child, &status, 0);
}

TEST_CASE("the policy for files others may have planted: regular, no link, private") {
    TempDir dir;
    FileReadPolicy strict;
    strict.regular_only = true;
    strict.no_links = true;
    strict.private_only = true;
    const fs::path entry = dir.path / "entry";
    std::ofstream(entry) << "data";
    ::chmod(entry.c_str(), 0600);
    CHECK(read_file(entry, strict) == "data");

    // A FIFO with no writer: refused at once, not waited on.
    const fs::path fifo = dir.path / "fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH_AS(read_file(fifo, strict),
                         doctest::Contains("is a FIFO, not a regular file"), FileError);
    // A link, even to a private regular file, and a link to /dev/zero.
    fs::create_symlink(entry, dir.path / "link");
    CHECK_THROWS_WITH_AS(read_file(dir.path / "link", strict),
                         doctest::Contains("is a symbolic link"), FileError);
    fs::create_symlink("/dev/zero", dir.path / "zero");
    CHECK_THROWS_AS(read_file(dir.path / "zero", strict), FileError);
    // Writable by others.
    ::chmod(entry.c_str(), 0622);
    CHECK_THROWS_WITH_AS(read_file(entry, strict),
                         doctest::Contains("is writable by group or others (mode 0622)"),
                         FileError);

    CHECK_FALSE(untrusted_folder_reason(dir.path));
    CHECK_FALSE(untrusted_folder_reason(dir.path / "not-yet"));
    ::chmod(dir.path.c_str(), 0777);
    CHECK(untrusted_folder_reason(dir.path) == "is writable by group or others (mode 0777)");
    ::chmod(dir.path.c_str(), 0700);
    CHECK(untrusted_folder_reason(entry) == "is not a regular file, not a folder");
}

TEST_CASE("outputs: replaced whole, written through links and special files, never partial") {
    TempDir dir;
    const fs::path out = dir.path / "out.bin";
    write_output_file(out, "first");
    CHECK(slurp(out) == "first");
    ::chmod(out.c_str(), 0640);
    write_output_file(out, "second");
    CHECK(slurp(out) == "second");
    CHECK((fs::status(out).permissions() & fs::perms::all) ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));

    // Through a link: the target changes, the link stays a link (also a dangling one).
    fs::create_symlink("target.bin", dir.path / "link.bin");
    write_output_file(dir.path / "link.bin", "through");
    CHECK(fs::is_symlink(dir.path / "link.bin"));
    CHECK(slurp(dir.path / "target.bin") == "through");
    write_output_file(dir.path / "link.bin", "again");
    CHECK(slurp(dir.path / "target.bin") == "again");

    // A full device: the error is reported (not exit 0 with an empty file).
    CHECK_THROWS_WITH_AS(write_output_file("/dev/full", "x"),
                         doctest::Contains("No space left on device"), FileError);
    // A link to it is written through, not replaced by a regular file.
    fs::create_symlink("/dev/full", dir.path / "full");
    CHECK_THROWS_AS(write_output_file(dir.path / "full", "x"), FileError);
    CHECK(fs::is_symlink(dir.path / "full"));
    // /dev/null takes anything; a pipe behind /dev/stdout-like /proc links is written through.
    write_output_file("/dev/null", "discarded");
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    write_output_file("/proc/self/fd/" + std::to_string(fds[1]), "piped");
    ::close(fds[1]);
    char got[8] = {};
    CHECK(::read(fds[0], got, sizeof got) == 5);
    CHECK(std::string(got) == "piped");
    ::close(fds[0]);

    CHECK_THROWS_WITH_AS(write_output_file(dir.path, "x"), doctest::Contains("is a directory"),
                         FileError);
    // A folder that cannot be written: an error, and nothing left behind.
    fs::create_directory(dir.path / "ro");
    ::chmod((dir.path / "ro").c_str(), 0500);
    if (::geteuid() != 0) {  // root writes anywhere
        CHECK_THROWS_AS(write_output_file(dir.path / "ro" / "x", "x"), FileError);
        CHECK(fs::is_empty(dir.path / "ro"));
    }
    CHECK(dir.names() ==
          std::vector<std::string>{"full", "link.bin", "out.bin", "ro", "target.bin"});
}

TEST_CASE("files dpk owns: replaced atomically in folders made private") {
    TempDir dir;
    const fs::path entry = dir.path / "a" / "b" / "entry";
    REQUIRE(replace_file_atomically(entry, "x"));
    CHECK(slurp(entry) == "x");
    CHECK((fs::status(entry).permissions() & fs::perms::all) ==
          (fs::perms::owner_read | fs::perms::owner_write));
    CHECK((fs::status(dir.path / "a").permissions() & fs::perms::all) == fs::perms::owner_all);
    CHECK_FALSE(replace_file_atomically("/proc/no/such/entry", "x"));
}
