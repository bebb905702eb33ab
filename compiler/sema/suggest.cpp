#include "compiler/sema/suggest.h"

#include <algorithm>

namespace dpk::compiler::sema {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment distance, three rolling rows.
    std::vector<std::size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], prev2[j - 2] + 1);
        }
        std::swap(prev2, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::optional<std::string_view> closest_name(std::string_view name,
                                             const std::vector<std::string_view>& candidates) {
    std::size_t limit = std::max<std::size_t>(1, name.size() / 3);
    std::optional<std::string_view> best;
    std::size_t best_distance = limit + 1;
    for (std::string_view c : candidates) {
        if (c == name) continue;
        std::size_t d = edit_distance(name, c);
        if (d < best_distance && d < std::max(name.size(), c.size())) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

}  // namespace dpk::compiler::sema
