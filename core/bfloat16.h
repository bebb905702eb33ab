// bfloat16 on the host: the bits of a value rounded to bf16 (f32's sign, 8 exponent bits and top
// 7 mantissa bits) and the value of bf16 bits. One definition for the compiler's constants, the
// runtime's host scalars and the tests' references.
#pragma once

#include <cstdint>

namespace dpk {

/// The quiet NaN a rounding to bf16 gives for a NaN, without its sign bit (0x7fc0).
inline constexpr std::uint16_t kBf16QuietNan = 0x7fc0;

/// `v` rounded to the nearest bf16, ties to even: what a kernel's bf16(x) of an f32 gives.
/// Past the largest bf16 (0x1.fep127) by half a unit or more: infinity; NaN: kBf16QuietNan with
/// the sign of `v`.
std::uint16_t bf16_bits(float v);
/// The value of bf16 bits, exactly (every bf16 is an f32).
float bf16_value(std::uint16_t bits);

}  // namespace dpk
