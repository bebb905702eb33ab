// Launching a loaded kernel: ranges, arguments, and the checked, asynchronous launch.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "runtime/event.h"
#include "runtime/loaded_kernel.h"
#include "runtime/queue.h"
#include "runtime/scalar.h"
#include "runtime/usm_array.h"

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

/// Launches `kernel` over `global` with a driver-chosen work-group size. Checks the arguments
/// against the kernel's signature (SignatureMismatchError, InvalidArgumentError) and the range
/// against the device and kernel (InvalidRangeError) on the host, then enqueues after `deps` and
/// returns at once with the launch's event.
Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
             std::span<const KernelArg> args, std::span<const Event> deps = {});
/// As above with an explicit work-group size `local` (same dims as `global`, dividing it).
Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
             const Range& local, std::span<const KernelArg> args, std::span<const Event> deps = {});

inline Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
                    std::initializer_list<KernelArg> args, std::initializer_list<Event> deps = {}) {
    return launch(queue, kernel, global, std::span(args.begin(), args.size()),
                  std::span(deps.begin(), deps.size()));
}
inline Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
                    const Range& local, std::initializer_list<KernelArg> args,
                    std::initializer_list<Event> deps = {}) {
    return launch(queue, kernel, global, local, std::span(args.begin(), args.size()),
                  std::span(deps.begin(), deps.size()));
}

}  // namespace dpk::runtime
