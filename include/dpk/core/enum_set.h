// A set of the values of a small enumeration (at most 32), as one word: device features, driver
// defects; and the lookup of a value by its name.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace dpk {

/// The values of `E` (an enum whose values are 0..31) that are in the set; `kAll` lists every
/// value.
template <typename E, const auto& kAll>
class EnumSet {
public:
    constexpr EnumSet() = default;
    constexpr EnumSet(std::initializer_list<E> on) {
        for (E e : on) set(e);
    }
    /// Every value.
    static constexpr EnumSet all() {
        EnumSet s;
        for (E e : kAll) s.set(e);
        return s;
    }

    constexpr bool has(E e) const { return (bits_ & bit(e)) != 0; }
    constexpr void set(E e, bool on = true) { bits_ = on ? bits_ | bit(e) : bits_ & ~bit(e); }
    constexpr bool empty() const { return bits_ == 0; }
    friend constexpr bool operator==(EnumSet, EnumSet) = default;

private:
    static constexpr std::uint32_t bit(E e) { return 1u << static_cast<unsigned>(e); }
    std::uint32_t bits_ = 0;
};

/// The names of the values of `all`, joined by ", " (for messages listing what is valid).
template <typename E, typename All>
std::string enum_names(const All& all, std::string_view (*name_of)(E)) {
    std::string s;
    for (E e : all) s.append(s.empty() ? "" : ", ").append(name_of(e));
    return s;
}

/// The value of `all` whose `name_of` is `name`, if any.
template <typename E, typename All>
std::optional<E> enum_named(const All& all, std::string_view (*name_of)(E), std::string_view name) {
    for (E e : all)
        if (name_of(e) == name) return e;
    return std::nullopt;
}

}  // namespace dpk
