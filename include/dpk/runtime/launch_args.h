// The vocabulary of a launch: ranges of work items, launch-sized local memory and the arguments
// a kernel takes. What every part of the runtime that speaks of launches shares; the launch
// itself is dpk/runtime/launch.h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dpk/runtime/scalar.h"
#include "dpk/runtime/usm_array.h"

namespace dpk::runtime {

/// A 1-3 dimensional range of work items (global) or of a work-group (local).
class Range {
public:
    Range(std::size_t x) : extent_{x, 1, 1}, dims_(1) {}  // NOLINT: Range{n} reads naturally
    Range(std::size_t x, std::size_t y) : extent_{x, y, 1}, dims_(2) {}
    Range(std::size_t x, std::size_t y, std::size_t z) : extent_{x, y, z}, dims_(3) {}

    std::uint32_t dims() const { return dims_; }
    std::size_t operator[](std::size_t d) const { return extent_[d]; }
    std::size_t total() const { return extent_[0] * extent_[1] * extent_[2]; }
    const std::array<std::size_t, 3>& extents() const { return extent_; }
    /// "(64, 8)".
    std::string str() const;

private:
    std::array<std::size_t, 3> extent_;
    std::uint32_t dims_;
};

/// Work-group memory for a `local T[:]` parameter: `count` elements of `dtype`, sized at launch.
struct LocalMemory {
    DType dtype = DType::F32;
    std::size_t count = 0;
};

/// One launch argument: a USM array, a scalar or launch-sized local memory. Host memory is not an
/// argument: move it into a UsmArray (UsmArray::from_host) first. An array argument refers to the
/// UsmArray, which must outlive the launch call (the allocation itself is kept safe by its
/// owners: freeing waits for the commands that use it).
class KernelArg {
public:
    enum class Kind : std::uint8_t { Array, Scalar, Local };

    KernelArg(const UsmArray& array) : kind_(Kind::Array), array_(&array) {}  // NOLINT
    KernelArg(Scalar value) : kind_(Kind::Scalar), scalar_(value) {}          // NOLINT
    KernelArg(Half value) : kind_(Kind::Scalar), scalar_(value) {}            // NOLINT: f16
    KernelArg(BFloat16 value) : kind_(Kind::Scalar), scalar_(value) {}        // NOLINT: bf16
    template <ScalarValue T>
    KernelArg(T value) : kind_(Kind::Scalar), scalar_(value) {}          // NOLINT
    KernelArg(LocalMemory local) : kind_(Kind::Local), local_(local) {}  // NOLINT
    /// Host pointers are never kernel arguments (compute follows data).
    template <typename T>
    KernelArg(T*) = delete;
    template <typename T>
    KernelArg(const std::vector<T>&) = delete;

    Kind kind() const { return kind_; }
    const UsmArray& array() const { return *array_; }
    const Scalar& scalar() const { return scalar_; }
    const LocalMemory& local() const { return local_; }

private:
    Kind kind_;
    const UsmArray* array_ = nullptr;
    Scalar scalar_;
    LocalMemory local_;
};

}  // namespace dpk::runtime
