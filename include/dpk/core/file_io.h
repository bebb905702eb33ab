// Whole files read and written with every failure reported: the sources, .npy files, bundles and
// cache entries dpk reads, and the outputs and cache entries it writes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "dpk/core/error.h"

namespace dpk {

/// A file could not be read or written (missing, a directory, too large, disk full, refused by a
/// FileReadPolicy); the message names the file and the reason.
class FileError : public error {
public:
    using error::error;
};

/// What a read accepts. A directory is never read.
struct FileReadPolicy {
    /// A larger file is refused before anything is read (a stream is cut off there).
    std::uint64_t max_bytes = std::numeric_limits<std::uint64_t>::max();
    /// Regular files only: a FIFO, a device or a socket is refused (a FIFO is opened without
    /// blocking, so a FIFO with no writer does not hang the reader).
    bool regular_only = false;
    /// The path itself must not be a symbolic link.
    bool no_links = false;
    /// The file must belong to this user and not be writable by group or others.
    bool private_only = false;
};

/// A file opened for reading under a policy; reads are exact or throw FileError.
class InputFile {
public:
    /// Opens `path`; throws FileError naming it and the reason.
    InputFile(const std::filesystem::path& path, const FileReadPolicy& policy = {});
    ~InputFile();
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    /// The size of a regular file; nullopt for a stream (FIFO, device).
    std::optional<std::uint64_t> size() const { return size_; }
    /// Exactly `n` bytes, or FileError saying how many there were ("`what`: ... ends after").
    std::string read_exact(std::uint64_t n);
    /// Everything left, within the policy's max_bytes.
    std::string read_rest();
    /// Whether nothing is left (reads one byte at most).
    bool at_end();
    const std::filesystem::path& path() const { return path_; }

private:
    std::uint64_t read_some(char* out, std::uint64_t n);
    std::filesystem::path path_;
    FileReadPolicy policy_;
    int fd_ = -1;
    std::optional<std::uint64_t> size_;
    std::uint64_t consumed_ = 0;
    std::optional<char> pending_;
};

/// The whole file under `policy`; throws FileError naming the path and the reason.
std::string read_file(const std::filesystem::path& path, const FileReadPolicy& policy = {});

/// Why `dir` cannot be trusted with files other processes of this user will run (another
/// owner, writable by group or others, not a directory), or nullopt when it can.
std::optional<std::string> untrusted_folder_reason(const std::filesystem::path& dir);

/// Writes `bytes` as the content of `path`, as a user expects of an output file: a regular file
/// (or none yet) is written beside it and renamed over it, so a failure leaves the old file or
/// none; a symbolic link is followed and its target replaced the same way; a special file
/// (/dev/stdout, a FIFO, a device) is written through. Every write, the flush and the close are
/// checked; on failure nothing that was written stays behind and FileError says why.
void write_output_file(const std::filesystem::path& path, std::string_view bytes);

/// Writes `bytes` to a temporary in the folder of `path` (created with mode 0700 when missing)
/// and renames it over `path` with `mode`: readers see the old file, none, or the whole new one.
/// For files dpk owns (cache entries). Returns false, leaving no temporary behind, on failure.
bool replace_file_atomically(const std::filesystem::path& path, std::string_view bytes,
                             unsigned mode = 0600);

}  // namespace dpk
