#include "runtime/sealed_file.h"

#include <cstring>

#include "dpk/core/error.h"
#include "runtime/content_hash.h"

namespace dpk::runtime {

namespace {
constexpr std::size_t kHeaderSize = 32;
constexpr std::uint64_t kChecksumSeed = 0x6470'6b73'6561'6c31ULL;  // "dpksea l1"

template <typename T>
void put(std::string& out, T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));  // little-endian hosts (see content_hash.cpp)
    out.append(b, sizeof(T));
}
template <typename T>
T get(std::string_view in, std::size_t at) {
    T v;
    std::memcpy(&v, in.data() + at, sizeof(T));
    return v;
}
}  // namespace

void ByteWriter::u32(std::uint32_t v) {
    put(bytes_, v);
}
void ByteWriter::u64(std::uint64_t v) {
    put(bytes_, v);
}
void ByteWriter::bytes(const void* data, std::size_t size) {
    u64(size);
    bytes_.append(static_cast<const char*>(data), size);
}

void ByteReader::fail(const std::string& message) const {
    throw FormatError(what_ + ": " + message);
}

std::string_view ByteReader::take(std::size_t n) {
    if (n > data_.size() - pos_)
        fail("truncated (needs " + std::to_string(n) + " more bytes at offset " +
             std::to_string(pos_) + ", has " + std::to_string(data_.size() - pos_) + ")");
    std::string_view v = data_.substr(pos_, n);
    pos_ += n;
    return v;
}
std::uint8_t ByteReader::u8() {
    return static_cast<std::uint8_t>(take(1)[0]);
}
std::uint32_t ByteReader::u32() {
    return get<std::uint32_t>(take(4), 0);
}
std::uint64_t ByteReader::u64() {
    return get<std::uint64_t>(take(8), 0);
}
std::string_view ByteReader::bytes() {
    std::uint64_t n = u64();
    if (n > data_.size() - pos_)
        fail("a field of " + std::to_string(n) + " bytes at offset " + std::to_string(pos_) +
             " runs past the end (" + std::to_string(data_.size()) + " bytes)");
    return take(static_cast<std::size_t>(n));
}

std::string seal(FileMagic magic, std::uint32_t version, std::string_view payload) {
    std::string out;
    out.reserve(kHeaderSize + payload.size());
    char m[8] = {};
    std::memcpy(m, magic.data(), std::min<std::size_t>(magic.size(), 8));
    out.append(m, 8);
    put(out, version);
    put(out, std::uint32_t{0});
    put(out, static_cast<std::uint64_t>(payload.size()));
    put(out, hash64(payload, kChecksumSeed));
    out.append(payload);
    return out;
}

std::string_view unseal(std::string_view file, FileMagic magic, std::uint32_t version,
                        const std::string& what) {
    if (file.size() < kHeaderSize || std::memcmp(file.data(), magic.data(), magic.size()) != 0)
        throw FormatError(what + ": not a dpk '" + std::string(magic) + "' file");
    auto v = get<std::uint32_t>(file, 8);
    if (v != version)
        throw FormatError(what + ": format version " + std::to_string(v) + ", this build reads " +
                          std::to_string(version));
    auto size = get<std::uint64_t>(file, 16);
    if (size != file.size() - kHeaderSize)
        throw FormatError(what + ": the header promises " + std::to_string(size) +
                          " bytes of payload, the file has " +
                          std::to_string(file.size() - kHeaderSize) + " (truncated or extended)");
    std::string_view payload = file.substr(kHeaderSize);
    if (hash64(payload, kChecksumSeed) != get<std::uint64_t>(file, 24))
        throw FormatError(what + ": checksum mismatch (the file is corrupted)");
    return payload;
}

std::optional<std::string> read_file_bytes(const std::filesystem::path& path,
                                           const FileReadPolicy& policy) {
    try {
        return read_file(path, policy);
    } catch (const FileError&) {
        return std::nullopt;
    }
}

bool write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
    return replace_file_atomically(path, bytes, 0600);
}

}  // namespace dpk::runtime
