// dpk's binary files (disk-cache entries, AOT bundles): little-endian fields in a sealed envelope
// with a magic, a format version, the payload size and a checksum.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "dpk/core/file_io.h"

namespace dpk::runtime {

/// Appends little-endian fields to a byte string.
class ByteWriter {
public:
    void u8(std::uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
    void u32(std::uint32_t v);
    void u64(std::uint64_t v);
    /// A u64 length, then the bytes.
    void bytes(const void* data, std::size_t size);
    void str(std::string_view s) { bytes(s.data(), s.size()); }

    const std::string& data() const { return bytes_; }
    std::string take() { return std::move(bytes_); }

private:
    std::string bytes_;
};

/// Reads what ByteWriter wrote; every read is bounds-checked and throws FormatError naming
/// `what` when the data ends early or a length is impossible.
class ByteReader {
public:
    ByteReader(std::string_view data, std::string what) : data_(data), what_(std::move(what)) {}

    std::uint8_t u8();
    std::uint32_t u32();
    std::uint64_t u64();
    /// A length-prefixed byte string (a view into the data).
    std::string_view bytes();
    std::string str() { return std::string(bytes()); }
    bool at_end() const { return pos_ == data_.size(); }
    /// Throws FormatError("<what>: <message>").
    [[noreturn]] void fail(const std::string& message) const;

private:
    std::string_view take(std::size_t n);
    std::string_view data_;
    std::size_t pos_ = 0;
    std::string what_;
};

/// An 8-character file magic ("dpkimage", "dpkbundl").
using FileMagic = std::string_view;

/// The payload in an envelope: magic (8 bytes), format version (u32), reserved (u32), payload
/// size (u64), payload checksum (u64, XXH64), payload.
std::string seal(FileMagic magic, std::uint32_t version, std::string_view payload);
/// The payload of a sealed file; throws FormatError naming `what` and the reason (not a dpk file
/// of this kind, another format version, truncated, checksum mismatch).
std::string_view unseal(std::string_view file, FileMagic magic, std::uint32_t version,
                        const std::string& what);

/// The largest sealed file dpk reads (a cache entry, a bundle): larger ones are refused unread.
constexpr std::uint64_t kMaxSealedFileBytes = std::uint64_t{1} << 30;

/// The whole file under `policy`, or nullopt if it cannot be read or the policy refuses it.
std::optional<std::string> read_file_bytes(const std::filesystem::path& path,
                                           const FileReadPolicy& policy = {});
/// Writes through a temporary file in the same folder (folders created private) and renames it
/// into place with mode 0600, so readers see the old file, no file, or the whole new one.
/// Returns false (and leaves no temporary behind) on failure; never throws.
bool write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace dpk::runtime
