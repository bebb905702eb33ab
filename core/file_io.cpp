#include "dpk/core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "dpk/core/error.h"

namespace dpk {

namespace {

constexpr std::uint64_t kChunk = 1 << 20;
constexpr std::uint64_t kFirstStreamChunk = 1 << 16;

std::string quoted(const std::filesystem::path& path) {
    return "'" + path.string() + "'";
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& why) {
    throw FileError(quoted(path) + ": " + why);
}

[[noreturn]] void fail_errno(const std::string& doing, const std::filesystem::path& path, int err) {
    throw FileError("cannot " + doing + " " + quoted(path) + ": " + std::strerror(err));
}

std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "not a regular file";
}

std::string octal_mode(mode_t mode) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
    return buf;
}

/// Why a file or folder with `st` is not private to this user, or empty.
std::string not_private_reason(const struct stat& st) {
    if (st.st_uid != ::geteuid())
        return "belongs to uid " + std::to_string(st.st_uid) + ", not to this user (uid " +
               std::to_string(::geteuid()) + ")";
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return "is writable by group or others (mode " + octal_mode(st.st_mode) + ")";
    return {};
}

void write_all(int fd, std::string_view bytes, const std::filesystem::path& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        std::size_t n = std::min<std::size_t>(bytes.size() - done, kChunk);
        ssize_t w = ::write(fd, bytes.data() + done, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) fail_errno("write", path, w < 0 ? errno : EIO);
        done += static_cast<std::size_t>(w);
    }
}

/// A name beside `path` no other writer uses.
std::filesystem::path temporary_beside(const std::filesystem::path& path) {
    static std::atomic<std::uint64_t> counter{0};
    std::filesystem::path tmp = path;
    tmp += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    return tmp;
}

/// Writes `bytes` to a new temporary beside `path` and renames it over `path`; throws FileError
/// (naming `shown`) with nothing left behind on failure.
/// `mode`: the replaced file's (kept as it was), or none for a new file (0666 less the umask).
void write_and_rename(const std::filesystem::path& path, std::string_view bytes,
                      std::optional<mode_t> mode, const std::filesystem::path& shown) {
    const std::filesystem::path tmp = temporary_beside(path);
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode.value_or(0666));
    if (fd < 0) fail_errno("write", shown, errno);
    try {
        if (mode) ::fchmod(fd, *mode);
        write_all(fd, bytes, shown);
        int fd_closed = fd;
        fd = -1;
        if (::close(fd_closed) != 0) fail_errno("write", shown, errno);
        if (::rename(tmp.c_str(), path.c_str()) != 0) fail_errno("write", shown, errno);
    } catch (...) {
        if (fd >= 0) ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
}

/// Creates the missing folders of `dir` with mode 0700 (existing ones keep theirs).
void create_private_folders(const std::filesystem::path& dir) {
    std::filesystem::path partial;
    for (const std::filesystem::path& part : dir) {
        partial /= part;
        if (partial.empty() || part == "/") continue;
        ::mkdir(partial.c_str(), 0700);
    }
}

}  // namespace

InputFile::InputFile(const std::filesystem::path& path, const FileReadPolicy& policy)
    : path_(path), policy_(policy) {
    struct stat st {};
    if (policy.no_links) {
        if (::lstat(path.c_str(), &st) != 0) fail_errno("read", path, errno);
        if (S_ISLNK(st.st_mode)) fail(path, "is a symbolic link");
    }
    // A FIFO the policy refuses is opened without blocking, so it is refused, not waited on; one
    // a user names (a .npy from another process) waits for its writer as usual.
    int flags = O_RDONLY | O_CLOEXEC | (policy.regular_only ? O_NONBLOCK : 0) |
                (policy.no_links ? O_NOFOLLOW : 0);
    fd_ = ::open(path.c_str(), flags);
    if (fd_ < 0) fail_errno("read", path, errno);
    try {
        if (::fstat(fd_, &st) != 0) fail_errno("read", path, errno);
        if (S_ISDIR(st.st_mode)) fail(path, "is a directory, not a file");
        if (policy.regular_only && !S_ISREG(st.st_mode))
            fail(path, "is " + kind_of(st.st_mode) + ", not a regular file");
        if (policy.private_only)
            if (std::string why = not_private_reason(st); !why.empty()) fail(path, why);
        if (S_ISREG(st.st_mode)) {
            size_ = static_cast<std::uint64_t>(st.st_size);
            if (*size_ > policy.max_bytes)
                fail(path, "is " + std::to_string(*size_) + " bytes, more than the " +
                               std::to_string(policy.max_bytes) + " allowed");
        }

    } catch (...) {
        ::close(fd_);
        throw;
    }
}

InputFile::~InputFile() {
    if (fd_ >= 0) ::close(fd_);
}

std::uint64_t InputFile::read_some(char* out, std::uint64_t n) {
    if (n == 0) return 0;
    if (pending_) {
        *out = *pending_;
        pending_.reset();
        return 1;
    }
    while (true) {
        ssize_t r = ::read(fd_, out, static_cast<std::size_t>(std::min(n, kChunk)));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) fail_errno("read", path_, errno);
        consumed_ += static_cast<std::uint64_t>(r);
        return static_cast<std::uint64_t>(r);
    }
}

std::string InputFile::read_exact(std::uint64_t n) {
    const std::uint64_t start = consumed_ - (pending_ ? 1 : 0);
    auto too_short = [&](std::uint64_t have) {
        fail(path_, "ends after " + std::to_string(have) + " bytes, " + std::to_string(start + n) +
                        " needed");
    };
    if (n > policy_.max_bytes || start > policy_.max_bytes - n)
        fail(path_, "needs more than the " + std::to_string(policy_.max_bytes) + " bytes allowed");
    if (size_ && (start > *size_ || n > *size_ - start)) too_short(*size_);
    std::string out;
    // A stream's size is unknown: grow as bytes arrive rather than trusting `n`.
    while (out.size() < n) {
        std::size_t old = out.size();
        std::uint64_t want = std::min<std::uint64_t>(n - old, kChunk);
        out.resize(old + want);
        std::uint64_t got = read_some(out.data() + old, want);
        out.resize(old + got);
        if (got == 0) too_short(start + old);
    }
    return out;
}

std::string InputFile::read_rest() {
    std::string out;
    if (pending_) {
        out += *pending_;
        pending_.reset();
    }
    // Room for what a regular file has left and one byte more (so the read that sees its end
    // or its growth comes next); a stream's chunks start small and double up to kChunk. Never
    // kChunk bytes of zeroes for a small file: that was most of a compile's time in dpkc.
    std::uint64_t step = std::min(
        size_ && *size_ >= consumed_ ? *size_ - consumed_ + 1 : kFirstStreamChunk, kChunk);
    while (true) {
        std::size_t old = out.size();
        out.resize(old + step);
        std::uint64_t got = read_some(out.data() + old, step);
        out.resize(old + got);
        if (got == 0) return out;
        if (consumed_ > policy_.max_bytes)
            fail(path_, "is more than the " + std::to_string(policy_.max_bytes) + " bytes allowed");
        step = std::min<std::uint64_t>(std::max<std::uint64_t>(step, out.size()), kChunk);
    }
}

bool InputFile::at_end() {
    if (pending_) return false;
    char c = 0;
    if (read_some(&c, 1) == 0) return true;
    pending_ = c;
    return false;
}

std::string read_file(const std::filesystem::path& path, const FileReadPolicy& policy) {
    InputFile in(path, policy);
    return in.read_rest();
}

std::optional<std::string> untrusted_folder_reason(const std::filesystem::path& dir) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) return std::nullopt;  // made private when first written
    if (!S_ISDIR(st.st_mode)) return "is " + kind_of(st.st_mode) + ", not a folder";
    std::string why = not_private_reason(st);
    if (why.empty()) return std::nullopt;
    return why;
}

void write_output_file(const std::filesystem::path& path, std::string_view bytes) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {  // through links, as the user means
        if (S_ISDIR(st.st_mode)) fail(path, "is a directory");
        if (S_ISREG(st.st_mode)) {
            // The file itself is replaced, not a link to it: rename over its real path.
            std::filesystem::path target = path;
            if (char* real = ::realpath(path.c_str(), nullptr)) {
                target = real;
                std::free(real);
            }
            write_and_rename(target, bytes, st.st_mode & 07777, path);
            return;
        }
        // A FIFO, a device, /dev/stdout: written through, as a shell's `>` would.
        int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_TRUNC);
        if (fd < 0) fail_errno("write", path, errno);
        try {
            write_all(fd, bytes, path);
        } catch (...) {
            ::close(fd);
            throw;
        }
        if (::close(fd) != 0) fail_errno("write", path, errno);
        return;
    }
    // Nothing there yet; a dangling link names the file to create.
    std::filesystem::path target = path;
    for (int hops = 0; ::lstat(target.c_str(), &st) == 0 && S_ISLNK(st.st_mode); ++hops) {
        if (hops == 40) fail_errno("write", path, ELOOP);
        std::error_code ec;
        std::filesystem::path next = std::filesystem::read_symlink(target, ec);
        if (ec) fail_errno("write", path, ec.value());
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    write_and_rename(target, bytes, std::nullopt, path);
}

bool replace_file_atomically(const std::filesystem::path& path, std::string_view bytes,
                             unsigned mode) {
    create_private_folders(path.parent_path());
    try {
        write_and_rename(path, bytes, static_cast<mode_t>(mode), path);
        return true;
    } catch (const FileError&) {
        return false;
    }
}

}  // namespace dpk
