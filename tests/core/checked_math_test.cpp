// Checked size arithmetic: overflow is found, never wrapped.
#include "core/checked_math.h"

#include <doctest/doctest.h>

#include <limits>
#include <vector>

using namespace dpk;

namespace {
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
}

TEST_CASE("products and sums that fit, and those that do not") {
    CHECK(checked_mul<std::int64_t>(1LL << 31, 1LL << 31) == std::int64_t{1} << 62);
    CHECK_FALSE(checked_mul<std::int64_t>(1LL << 32, 1LL << 32));
    CHECK_FALSE(checked_mul<std::uint64_t>(1ULL << 32, 1ULL << 32));
    CHECK(checked_add<std::uint64_t>(1, 2) == 3u);
    CHECK_FALSE(checked_add<std::uint64_t>(std::numeric_limits<std::uint64_t>::max(), 1));
    CHECK_FALSE(checked_add<std::int64_t>(kMax, 1));
}

TEST_CASE("extents: the element count, a zero extent, overflow, negative extents") {
    CHECK(checked_product(std::vector<std::int64_t>{}) == 1);
    CHECK(checked_product(std::vector<std::int64_t>{2, 3, 4}) == 24);
    CHECK_FALSE(checked_product(std::vector<std::int64_t>{4294967296, 4294967296}));
    CHECK_FALSE(checked_product(std::vector<std::int64_t>{1LL << 62, 4}));
    // A zero anywhere makes the array empty, however large the other extents.
    CHECK(checked_product(std::vector<std::int64_t>{1LL << 62, 1LL << 62, 0}) == 0);
    CHECK_FALSE(checked_product(std::vector<std::int64_t>{3, -1}));
}

TEST_CASE("bytes of elements") {
    CHECK(checked_bytes(1LL << 60, 4) == std::int64_t{1} << 62);
    CHECK_FALSE(checked_bytes(1LL << 62, 4));  // 2^64 bytes: the UsmArray::zeros({2^62, 4}) case
    CHECK_FALSE(checked_bytes(-1, 4));
    CHECK(checked_bytes(kMax, 1) == kMax);
    CHECK(extents_string(std::vector<std::int64_t>{4294967296, 4294967296}) ==
          "(4294967296, 4294967296)");
    CHECK(extents_string(std::vector<std::int64_t>{7}) == "(7,)");
}
