// Facts about a launch's arguments that a kernel variant may assume (arrays that fit 32-bit
// indices, arrays that do not overlap, a range inside the arrays its guards compare with), and
// the variants a specialization carries for them.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dpk {

/// One fact a launch checks before it picks a variant compiled on it.
enum class LaunchFact : std::uint8_t {
    /// Every array's reachable element offsets, every extent and stride, and the global range
    /// fit in 31 bits: index arithmetic may run in 32 bits.
    Index32,
    /// No array the kernel writes overlaps another array argument.
    NoAlias,
    /// Every range guard of the kernel holds for every work item (KernelAbi::range_guards: the
    /// launch's global extent in the guard's dimension is at most the array's extent), so the
    /// guard's comparison is a constant.
    InRange,
};

/// A set of launch facts.
class LaunchFacts {
public:
    constexpr LaunchFacts() = default;
    constexpr LaunchFacts(std::initializer_list<LaunchFact> on) {
        for (LaunchFact f : on) set(f);
    }
    constexpr bool has(LaunchFact f) const { return (bits_ & bit(f)) != 0; }
    constexpr void set(LaunchFact f, bool on = true) {
        bits_ = static_cast<std::uint8_t>(on ? bits_ | bit(f) : bits_ & ~bit(f));
    }
    constexpr bool empty() const { return bits_ == 0; }
    /// Whether every fact of `other` is in this set.
    constexpr bool covers(LaunchFacts other) const { return (bits_ & other.bits_) == other.bits_; }
    constexpr std::uint8_t bits() const { return bits_; }
    static constexpr LaunchFacts from_bits(std::uint8_t b) {
        LaunchFacts f;
        f.bits_ = b;
        return f;
    }
    /// "index32+noalias"; "general" for the empty set.
    std::string name() const;
    /// The set a name() spells, if it is one.
    static std::optional<LaunchFacts> parse(std::string_view name);

    friend constexpr bool operator==(LaunchFacts, LaunchFacts) = default;

private:
    static constexpr std::uint8_t bit(LaunchFact f) {
        return static_cast<std::uint8_t>(1u << static_cast<unsigned>(f));
    }
    std::uint8_t bits_ = 0;
};

/// One extra entry point of a specialization: the same kernel and ABI, compiled assuming `facts`.
struct KernelVariant {
    std::string entry_point;
    LaunchFacts facts;

    friend bool operator==(const KernelVariant&, const KernelVariant&) = default;
};

/// The entry point of the variant of kernel `kernel` compiled on `facts` ("matmul__index32").
std::string variant_entry_point(std::string_view kernel, LaunchFacts facts);

}  // namespace dpk
