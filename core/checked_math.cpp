#include "core/checked_math.h"

#include <limits>

namespace dpk {

std::optional<std::int64_t> checked_product(std::span<const std::int64_t> extents) {
    std::int64_t product = 1;
    bool overflow = false;
    for (std::int64_t e : extents) {
        if (e < 0) return std::nullopt;
        if (e == 0) return 0;
        std::optional<std::int64_t> p = checked_mul(product, e);
        if (!p)
            overflow = true;  // a later zero extent still makes it 0
        else
            product = *p;
    }
    if (overflow) return std::nullopt;
    return product;
}

std::optional<std::int64_t> checked_bytes(std::int64_t count, std::uint64_t item_bytes) {
    if (count < 0 ||
        item_bytes > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return std::nullopt;
    return checked_mul(count, static_cast<std::int64_t>(item_bytes));
}

std::string extents_string(std::span<const std::int64_t> extents) {
    std::string s = "(";
    for (std::size_t i = 0; i < extents.size(); ++i)
        s += (i ? ", " : "") + std::to_string(extents[i]);
    if (extents.size() == 1) s += ",";
    return s + ")";
}

}  // namespace dpk
