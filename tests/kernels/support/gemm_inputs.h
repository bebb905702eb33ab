// The GEMM tests' inputs and their host product: element i of a row-major a and b, multiples of
// 1/4 in [-1, 1], so that every product and sum of a small GEMM is exact in f32 (any order of
// the sums gives the same c).
#pragma once

#include <cstdint>
#include <vector>

#include "dpk/runtime/scalar.h"

namespace dpk::tests {

inline double gemm_a_value(std::int64_t i) {
    return static_cast<double>(i * 7 % 9) / 4.0 - 1.0;
}

inline double gemm_b_value(std::int64_t i) {
    return static_cast<double>(i * 5 % 9) / 4.0 - 1.0;
}

/// The f16 bits of f(0) .. f(n - 1).
inline std::vector<std::uint16_t> half_bits(std::int64_t n, double (*f)(std::int64_t)) {
    std::vector<std::uint16_t> h(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        h[static_cast<std::size_t>(i)] = runtime::Half(f(i)).bits();
    return h;
}

/// f(0) .. f(n - 1) as f32.
inline std::vector<float> float_values(std::int64_t n, double (*f)(std::int64_t)) {
    std::vector<float> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = static_cast<float>(f(i));
    return v;
}

/// c = a * b + c0 (every element c0 to start) on the host; a is m x k, b k x n, row-major.
inline std::vector<float> gemm_product(std::int64_t m, std::int64_t k, std::int64_t n, float c0) {
    std::vector<float> c(static_cast<std::size_t>(m * n), c0);
    for (std::int64_t r = 0; r < m; ++r)
        for (std::int64_t col = 0; col < n; ++col)
            for (std::int64_t i = 0; i < k; ++i)
                c[static_cast<std::size_t>(r * n + col)] +=
                    static_cast<float>(gemm_a_value(r * k + i) * gemm_b_value(i * n + col));
    return c;
}

}  // namespace dpk::tests
