#include "core/bfloat16.h"

#include <bit>

namespace dpk {

namespace {
constexpr std::uint32_t kF32SignBit = 0x80000000u;
constexpr std::uint32_t kF32Magnitude = 0x7fffffffu;
constexpr std::uint32_t kF32Infinity = 0x7f800000u;
constexpr int kDroppedBits = 16;  // f32's mantissa bits bf16 has not
constexpr std::uint32_t kBelowHalf = (1u << (kDroppedBits - 1)) - 1;  // 0x7fff
}  // namespace

std::uint16_t bf16_bits(float v) {
    const auto bits = std::bit_cast<std::uint32_t>(v);
    if ((bits & kF32Magnitude) > kF32Infinity)
        return static_cast<std::uint16_t>(((bits & kF32SignBit) >> kDroppedBits) | kBf16QuietNan);
    // Round to nearest even: add just under half a unit, plus one when the kept part is odd. A
    // carry out of the mantissa steps the exponent (up to infinity past the largest bf16).
    const std::uint32_t odd = (bits >> kDroppedBits) & 1u;
    return static_cast<std::uint16_t>((bits + kBelowHalf + odd) >> kDroppedBits);
}

float bf16_value(std::uint16_t bits) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << kDroppedBits);
}

}  // namespace dpk
