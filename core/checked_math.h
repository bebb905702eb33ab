// Sizes computed with overflow checks: element counts, byte sizes, strides, offsets and ranges.
// Every layer that multiplies or adds sizes a user chose goes through these, so an overflow is
// found where the numbers are made and reported with them, never wrapped into a small size.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace dpk {

/// a * b, or nullopt when the product does not fit T.
template <std::integral T>
constexpr std::optional<T> checked_mul(T a, T b) {
    T out{};
    if (__builtin_mul_overflow(a, b, &out)) return std::nullopt;
    return out;
}

/// a + b, or nullopt when the sum does not fit T.
template <std::integral T>
constexpr std::optional<T> checked_add(T a, T b) {
    T out{};
    if (__builtin_add_overflow(a, b, &out)) return std::nullopt;
    return out;
}

/// The product of non-negative extents (1 for none), or nullopt when it exceeds int64. A zero
/// extent makes the product 0 even when the others would overflow.
std::optional<std::int64_t> checked_product(std::span<const std::int64_t> extents);

/// `count` elements of `item_bytes` each, in bytes, or nullopt when that exceeds int64 (the
/// largest size an offset in a kernel can reach).
std::optional<std::int64_t> checked_bytes(std::int64_t count, std::uint64_t item_bytes);

/// "(4294967296, 4294967296)": extents as messages print them.
std::string extents_string(std::span<const std::int64_t> extents);

}  // namespace dpk
