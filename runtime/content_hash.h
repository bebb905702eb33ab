// Content hashes for cache keys and file checksums (non-cryptographic, deterministic everywhere).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace dpk::runtime {

/// XXH64 of `size` bytes with `seed`: fast, well mixed, stable across runs and machines.
std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed = 0);
/// XXH64 of a byte string.
inline std::uint64_t hash64(std::string_view s, std::uint64_t seed = 0) {
    return hash_bytes(s.data(), s.size(), seed);
}

/// A 128-bit content key: two independent 64-bit hashes. Used to name cache entries; entries
/// also store what they were made from, so a key collision is detected, never trusted.
struct ContentKey {
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;

    /// 32 lowercase hex digits (a file name).
    std::string hex() const;
    friend bool operator==(const ContentKey&, const ContentKey&) = default;
};

/// Builds a ContentKey from a sequence of fields; each field is length-prefixed so that
/// ("ab", "c") and ("a", "bc") differ.
class ContentKeyBuilder {
public:
    ContentKeyBuilder& add(std::string_view field);
    ContentKeyBuilder& add(const void* data, std::size_t size);
    ContentKeyBuilder& add(std::uint64_t value);
    ContentKey key() const;

private:
    std::string bytes_;
};

}  // namespace dpk::runtime
