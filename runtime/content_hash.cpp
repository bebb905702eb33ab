#include "runtime/content_hash.h"

#include <cstring>

namespace dpk::runtime {

namespace {

constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr std::uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t kPrime3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;
constexpr std::uint64_t kPrime5 = 0x27D4EB2F165667C5ULL;

std::uint64_t rotl(std::uint64_t x, int r) {
    return (x << r) | (x >> (64 - r));
}
std::uint64_t read64(const unsigned char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;  // little-endian hosts only (x86-64, aarch64): the caches are per machine anyway
}
std::uint32_t read32(const unsigned char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
std::uint64_t round(std::uint64_t acc, std::uint64_t input) {
    acc += input * kPrime2;
    acc = rotl(acc, 31);
    return acc * kPrime1;
}
std::uint64_t merge(std::uint64_t acc, std::uint64_t val) {
    acc ^= round(0, val);
    return acc * kPrime1 + kPrime4;
}

}  // namespace

std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed) {
    const auto* p = static_cast<const unsigned char*>(data);
    const unsigned char* end = p + size;
    std::uint64_t h;
    if (size >= 32) {
        std::uint64_t v1 = seed + kPrime1 + kPrime2, v2 = seed + kPrime2, v3 = seed,
                      v4 = seed - kPrime1;
        const unsigned char* limit = end - 32;
        do {
            v1 = round(v1, read64(p));
            v2 = round(v2, read64(p + 8));
            v3 = round(v3, read64(p + 16));
            v4 = round(v4, read64(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
        h = merge(h, v1);
        h = merge(h, v2);
        h = merge(h, v3);
        h = merge(h, v4);
    } else {
        h = seed + kPrime5;
    }
    h += static_cast<std::uint64_t>(size);
    while (p + 8 <= end) {
        h ^= round(0, read64(p));
        h = rotl(h, 27) * kPrime1 + kPrime4;
        p += 8;
    }
    if (p + 4 <= end) {
        h ^= static_cast<std::uint64_t>(read32(p)) * kPrime1;
        h = rotl(h, 23) * kPrime2 + kPrime3;
        p += 4;
    }
    while (p < end) {
        h ^= (*p) * kPrime5;
        h = rotl(h, 11) * kPrime1;
        ++p;
    }
    h ^= h >> 33;
    h *= kPrime2;
    h ^= h >> 29;
    h *= kPrime3;
    h ^= h >> 32;
    return h;
}

std::string ContentKey::hex() const {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(32, '0');
    for (int i = 0; i < 16; ++i) {
        s[15 - i] = kDigits[(hi >> (4 * i)) & 0xf];
        s[31 - i] = kDigits[(lo >> (4 * i)) & 0xf];
    }
    return s;
}

ContentKeyBuilder& ContentKeyBuilder::add(const void* data, std::size_t size) {
    add(static_cast<std::uint64_t>(size));
    bytes_.append(static_cast<const char*>(data), size);
    return *this;
}

ContentKeyBuilder& ContentKeyBuilder::add(std::string_view field) {
    return add(field.data(), field.size());
}

ContentKeyBuilder& ContentKeyBuilder::add(std::uint64_t value) {
    char b[8];
    std::memcpy(b, &value, 8);
    bytes_.append(b, 8);
    return *this;
}

ContentKey ContentKeyBuilder::key() const {
    return {hash64(bytes_, 0x6470'6b5f'6869'0001ULL), hash64(bytes_, 0x6470'6b5f'6c6f'0002ULL)};
}

}  // namespace dpk::runtime
