// "Did you mean ...?" for misspelled names.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace dpk::compiler::sema {

/// Edit distance (insertions, deletions, substitutions, adjacent transpositions).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `name` when it is close enough to be a likely typo (at most one
/// edit per three characters, at least one); the first such candidate on ties.
std::optional<std::string_view> closest_name(std::string_view name,
                                             const std::vector<std::string_view>& candidates);

}  // namespace dpk::compiler::sema
