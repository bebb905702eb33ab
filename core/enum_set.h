// A set of the values of a small enumeration (at most 32), as one word: device features, driver
// defects.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace dpk {

/// The values of `E` (an enum whose values are 0..31) that are in the set.
template <typename E>
class EnumSet {
public:
    constexpr EnumSet() = default;
    constexpr EnumSet(std::initializer_list<E> on) {
        for (E e : on) set(e);
    }

    constexpr bool has(E e) const { return (bits_ & bit(e)) != 0; }
    constexpr void set(E e, bool on = true) { bits_ = on ? bits_ | bit(e) : bits_ & ~bit(e); }
    constexpr bool empty() const { return bits_ == 0; }
    friend constexpr bool operator==(EnumSet, EnumSet) = default;

private:
    static constexpr std::uint32_t bit(E e) { return 1u << static_cast<unsigned>(e); }
    std::uint32_t bits_ = 0;
};

}  // namespace dpk
