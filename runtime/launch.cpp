#include "dpk/runtime/launch.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>

#include "backends/backend.h"
#include "core/checked_math.h"
#include "dpk/core/error.h"
#include "runtime/argument_check.h"
#include "runtime/backend_access.h"
#include "runtime/bounds_record.h"
#include "runtime/checked_launch.h"
#include "runtime/loaded_kernel_state.h"

namespace dpk::runtime {

namespace {

constexpr std::uint32_t kMaxDims = 3;
/// Work-item ids are 64-bit signed integers in a kernel: a range numbers at most this many.
constexpr std::uint64_t kMaxWorkItems = std::numeric_limits<std::int64_t>::max();

/// The product of a range's extents, or nullopt above kMaxWorkItems (or on overflow).
std::optional<std::uint64_t> work_items(const Range& r) {
    std::uint64_t total = 1;
    for (std::uint32_t d = 0; d < r.dims(); ++d) {
        std::optional<std::uint64_t> t = checked_mul<std::uint64_t>(total, r[d]);
        if (!t || *t > kMaxWorkItems) return std::nullopt;
        total = *t;
    }
    return total;
}

std::string kernel_label(const LoadedKernel& k) {
    return "kernel '" + k.name() + "'";
}

/// The parameter's source name, or empty when the image has none.
std::string_view param_name(const LoadedKernel& k, std::size_t i) {
    const auto& names = k.image().param_names;
    return i < names.size() ? std::string_view(names[i]) : std::string_view();
}

/// The local range a launch runs with: `local`, or where it is null the kernel's `@local_size`
/// in the global range's dimensions (stored in `storage`); null when neither says one.
const Range* local_for_launch(const LoadedKernel& k, const Range& global, const Range* local,
                              std::optional<Range>& storage) {
    const auto& required = k.image().abi.required_local_size;
    if (local || !k.image().abi.requires_local_size()) return local;
    switch (global.dims()) {
        case 1: storage.emplace(required[0]); break;
        case 2: storage.emplace(required[0], required[1]); break;
        default: storage.emplace(required[0], required[1], required[2]); break;
    }
    return &*storage;
}

std::string extents_text(const std::array<std::uint32_t, 3>& e) {
    return "(" + std::to_string(e[0]) + ", " + std::to_string(e[1]) + ", " + std::to_string(e[2]) +
           ")";
}

void check_range(const LoadedKernel& k, const Range& global, const Range* local,
                 std::uint64_t launch_local_bytes) {
    const backends::DeviceInfo& dev = k.device().info();
    // Built only for a message: a launch that passes allocates nothing here.
    auto who = [&] {
        return kernel_label(k) + " on " + k.device().filter_string() + " (" + dev.name + ")";
    };
    const std::uint32_t dims = global.dims();
    if (dims < 1 || dims > kMaxDims || (dev.max_work_item_dims && dims > dev.max_work_item_dims))
        throw InvalidRangeError(who() + ": a " + std::to_string(dims) +
                                "-d range; the device allows 1 to " +
                                std::to_string(std::min(kMaxDims, dev.max_work_item_dims)));
    if (!work_items(global))
        throw InvalidRangeError(who() + ": global range " + global.str() +
                                " has more work items than a kernel's 64-bit signed ids can "
                                "number (at most " +
                                std::to_string(kMaxWorkItems) + ")");
    // Fewer dimensions than the kernel reads is refused (its ids there would all be 0); more are
    // accepted when each extra one has extent 1, as OpenCL accepts them: they repeat nothing.
    const std::uint32_t used = k.image().abi.work_dims_used;
    if (used > 0 && dims < used)
        throw InvalidRangeError(who() + ": the kernel uses " + std::to_string(used) +
                                " work-item dimension(s) but the global range " + global.str() +
                                " has " + std::to_string(dims) +
                                " (ids of missing dimensions would all be 0)");
    if (used > 0)
        for (std::uint32_t d = used; d < dims; ++d)
            if (global[d] != 1 || (local && local->dims() == dims && (*local)[d] != 1))
                throw InvalidRangeError(
                    who() + ": the kernel uses " + std::to_string(used) +
                    " work-item dimension(s); dimension " + std::to_string(d) + " of the " +
                    (global[d] != 1 ? "global range " + global.str()
                                    : "local range " + local->str()) +
                    " must then have extent 1 (more would repeat the same work)");
    for (std::uint32_t d = 0; d < dims; ++d)
        if (global[d] == 0)
            throw InvalidRangeError(who() + ": global range " + global.str() +
                                    " is empty in dimension " + std::to_string(d));
    const std::uint64_t total_local = checked_add(k.state().static_local_bytes, launch_local_bytes)
                                          .value_or(std::numeric_limits<std::uint64_t>::max());
    if (total_local > dev.local_mem_size)
        throw InvalidRangeError(
            who() + ": needs " + std::to_string(total_local) + " bytes of local memory (" +
            std::to_string(k.state().static_local_bytes) + " static + " +
            std::to_string(launch_local_bytes) + " given at launch); the device has " +
            std::to_string(dev.local_mem_size));
    if (!local) return;
    if (k.image().abi.requires_local_size()) {
        // `@local_size`: that size or nothing (the kernel's code may be compiled for it alone).
        const auto& required = k.image().abi.required_local_size;
        for (std::uint32_t d = 0; d < kMaxDims; ++d) {
            const std::uint64_t given = d < local->dims() ? (*local)[d] : 1;
            if (given != required[d])
                throw InvalidRangeError(who() + ": local range " + local->str() +
                                        " is not the kernel's @local_size " +
                                        extents_text(required) +
                                        (d >= dims ? " (the range has " + std::to_string(dims) +
                                                         " dimension(s); the kernel's size needs " +
                                                         std::to_string(d + 1) + ")"
                                                   : "") +
                                        "; launch with that local range, or with none");
        }
    }
    if (local->dims() != dims)
        throw InvalidRangeError(who() + ": local range " + local->str() + " has " +
                                std::to_string(local->dims()) + " dims, global range " +
                                global.str() + " has " + std::to_string(dims));
    for (std::uint32_t d = 0; d < dims; ++d) {
        if ((*local)[d] == 0)
            throw InvalidRangeError(who() + ": local range " + local->str() +
                                    " is empty in dimension " + std::to_string(d));
        if (global[d] % (*local)[d] != 0)
            throw InvalidRangeError(who() + ": global range " + global.str() +
                                    " is not a multiple of local range " + local->str() +
                                    " in dimension " + std::to_string(d) +
                                    "; round the global size up (and bounds-check in the kernel) "
                                    "or pick a local size that divides it");
        if (dev.max_work_item_sizes[d] && (*local)[d] > dev.max_work_item_sizes[d])
            throw InvalidRangeError(who() + ": local range " + local->str() +
                                    " exceeds the device's " + "limit of " +
                                    std::to_string(dev.max_work_item_sizes[d]) +
                                    " work items in dimension " + std::to_string(d));
    }
    const std::uint64_t group =
        work_items(*local).value_or(std::numeric_limits<std::uint64_t>::max());
    if (group > dev.max_work_group_size)
        throw InvalidRangeError(who() + ": a work-group of " + std::to_string(group) +
                                " work items " + local->str() +
                                " exceeds the device's maximum work-group size " +
                                std::to_string(dev.max_work_group_size));
    const std::uint64_t kernel_max = k.attributes().max_work_group_size;
    if (kernel_max && group > kernel_max)
        throw InvalidRangeError(who() + ": a work-group of " + std::to_string(group) +
                                " work items " + local->str() +
                                " exceeds this kernel's maximum work-group size " +
                                std::to_string(kernel_max) + " (CL_KERNEL_WORK_GROUP_SIZE)");
}

/// Backend events of the dependencies, on the stack for the common short lists.
class DepList {
public:
    explicit DepList(std::span<const Event> deps) {
        for (const Event& e : deps) {
            backends::Event* b = detail::backend_of(e);
            if (!b) continue;
            if (count_ < small_.size())
                small_[count_] = b;
            else {
                if (large_.empty()) large_.assign(small_.begin(), small_.end());
                large_.push_back(b);
            }
            ++count_;
        }
    }
    backends::Queue::Deps span() const {
        return {large_.empty() ? small_.data() : large_.data(), count_};
    }

private:
    std::array<backends::Event*, 8> small_{};
    std::vector<backends::Event*> large_;
    std::size_t count_ = 0;
};

/// Scalars converted to their parameters' dtypes (they fit: exactly) into `converted`, one per
/// parameter; returns the bytes of work-group memory the launch gives (InvalidArgumentError for
/// LocalMemory of 0 elements or of a size that overflows).
std::uint64_t convert_arguments(const LoadedKernel& k, std::span<const KernelArg> args,
                                Scalar* converted) {
    const auto& params = k.signature().params;
    std::uint64_t launch_local_bytes = 0;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const ParamType& p = params[i];
        const KernelArg& a = args[i];
        if (p.is_scalar()) {
            converted[i] = *a.scalar().exact_as(p.dtype);  // fits: converts exactly
        } else if (p.is_local_array()) {
            if (a.local().count == 0)
                throw InvalidArgumentError(kernel_label(k) + ": " +
                                           parameter_label(i, param_name(k, i)) +
                                           ": LocalMemory with 0 elements");
            std::optional<std::uint64_t> bytes =
                checked_mul<std::uint64_t>(a.local().count, dtype_size(p.dtype));
            std::optional<std::uint64_t> sum =
                bytes ? checked_add(launch_local_bytes, *bytes) : std::nullopt;
            if (!sum)
                throw InvalidArgumentError(kernel_label(k) + ": " +
                                           parameter_label(i, param_name(k, i)) +
                                           ": LocalMemory of " + std::to_string(a.local().count) +
                                           " " + std::string(dtype_name(p.dtype)) +
                                           " elements: its size in bytes overflows 64 bits");
            launch_local_bytes = *sum;
        }
    }
    return launch_local_bytes;
}

/// Whether `global` has an extent of 0 in a valid number of dimensions: a launch over it runs
/// nothing (as in SYCL). Not a product that wraps: 2^32 x 2^32 is no empty range.
bool empty_range(const Range& global) {
    bool empty = false;
    for (std::uint32_t d = 0; d < global.dims() && d < kMaxDims; ++d) empty |= global[d] == 0;
    return empty && global.dims() >= 1 && global.dims() <= kMaxDims;
}

/// The kernel's ABI applied to the arguments: for each entry-point slot, `set.pointer(slot, p)`,
/// `set.value(slot, size, data)`, `set.local(slot, bytes)` or `set.bounds_record(slot)`. The one
/// place that says which slot gets what (data pointers, shapes, strides, local memory and its
/// length, scalars, the bounds record).
template <typename Setter>
void for_each_entry_point_arg(const KernelAbi& abi, std::span<const KernelArg> args,
                              const Scalar* converted, Setter& set) {
    for (std::uint32_t slot = 0; slot < abi.args.size(); ++slot) {
        const AbiArg& a = abi.args[slot];
        if (a.kind == AbiArg::Kind::BoundsRecord) {  // no source parameter
            set.bounds_record(slot);
            continue;
        }
        const KernelArg& arg = args[a.param];
        switch (a.kind) {
            case AbiArg::Kind::GlobalPointer: set.pointer(slot, arg.array().data()); break;
            case AbiArg::Kind::Shape: {
                std::int64_t v = arg.array().shape()[a.dim];
                set.value(slot, sizeof v, &v);
                break;
            }
            case AbiArg::Kind::Stride: {
                std::int64_t v = arg.array().strides()[a.dim];
                set.value(slot, sizeof v, &v);
                break;
            }
            case AbiArg::Kind::LocalPointer:
                set.local(slot, arg.local().count * dtype_size(a.dtype));
                break;
            case AbiArg::Kind::LocalLength: {
                auto v = static_cast<std::int64_t>(arg.local().count);
                set.value(slot, sizeof v, &v);
                break;
            }
            case AbiArg::Kind::Scalar:
                set.value(slot, converted[a.param].size(), converted[a.param].data());
                break;
            case AbiArg::Kind::BoundsRecord: break;  // above
        }
    }
}

/// The general kernel, or the variant the launch's facts allow (a few compares per array).
backends::Kernel* kernel_for_launch(const LoadedKernel::State& s, const Range& global,
                                    const Range* local, std::span<const KernelArg> args) {
    if (s.variants.empty()) return s.kernel.get();
    const LaunchFacts facts = launch_facts(s.image.abi, args, global, s.variant_facts);
    const LoadedVariant* v =
        choose_variant(s.variants, facts, local ? local->total() : std::uint64_t{0});
    return v ? v->kernel.get() : s.kernel.get();
}

}  // namespace

void check_queue_live(const Queue& queue, std::string_view kernel, std::string_view made_for) {
    if (!queue)
        throw InvalidArgumentError("kernel '" + std::string(kernel) +
                                   "': launched on a queue that was moved from; launch on a queue "
                                   "made for " +
                                   std::string(made_for));
}

CheckedLaunch check_arguments(const Queue& live_queue, const LoadedKernel& k,
                              std::span<const KernelArg> args) {
    const auto& params = k.signature().params;
    if (args.size() != params.size())
        throw InvalidArgumentError(kernel_label(k) + " takes " + std::to_string(params.size()) +
                                   " arguments " + k.signature().pretty() + ", " +
                                   std::to_string(args.size()) + " were given");
    if (live_queue.device() != k.device())
        throw InvalidArgumentError(kernel_label(k) + " was built for " +
                                   k.device().filter_string() + ", the queue is on " +
                                   live_queue.device().filter_string());
    // Arguments against the signature: enum and pointer compares only.
    const std::vector<ParamCheck>& checks = k.state().param_checks;
    for (std::size_t i = 0; i < params.size(); ++i)
        if (!checks[i].fits(args[i], k.device(), ScalarFit::ExactValue))
            throw_argument_mismatch(k.name(), i, param_name(k, i), params[i], args[i], k.device(),
                                    "signature " + k.signature().pretty());
    return CheckedLaunch(live_queue, k, args);
}

CheckedLaunch check_launch(const Queue& queue, const LoadedKernel& k,
                           std::span<const KernelArg> args) {
    check_queue_live(queue, k.name(), "the kernel's device");
    return check_arguments(queue, k, args);
}

Event launch_checked(const CheckedLaunch& checked, const Range& global, const Range* local,
                     std::span<const Event> deps) {
    const Queue& queue = checked.queue();
    const LoadedKernel& k = checked.kernel();
    const std::span<const KernelArg> args = checked.args();
    const auto& params = k.signature().params;
    std::array<Scalar, 16> converted_small{};
    std::vector<Scalar> converted_large;
    Scalar* converted = converted_small.data();
    if (params.size() > converted_small.size()) {
        converted_large.resize(params.size());
        converted = converted_large.data();
    }
    const std::uint64_t launch_local_bytes = convert_arguments(k, args, converted);
    if (empty_range(global)) {
        // An empty range runs nothing (as in SYCL): the event completes with the dependencies.
        Event::wait_all(deps);
        return Event();
    }
    std::optional<Range> declared;
    local = local_for_launch(k, global, local, declared);
    check_range(k, global, local, launch_local_bytes);

    backends::NdRange range;
    range.dims = global.dims();
    range.global = global.extents();
    if (local) {
        range.has_local = true;
        range.local = local->extents();
    }
    DepList dep_list(deps);
    // A bounds-checked kernel writes its first out-of-bounds access here (its last argument).
    std::shared_ptr<BoundsRecord> bounds;
    if (k.image().abi.checks_bounds()) {
        queue.bounds_records().prune();
        bounds = std::make_shared<BoundsRecord>(k, global, args);
    }

    LoadedKernel::State& s = k.state();
    backends::Kernel& kernel = *kernel_for_launch(s, global, local, args);
    std::lock_guard lock(s.launch_mutex);
    struct KernelSetter {
        backends::Kernel& kernel;
        void* bounds;
        void pointer(std::uint32_t slot, void* p) { kernel.set_pointer_arg(slot, p); }
        void value(std::uint32_t slot, std::size_t size, const void* v) {
            kernel.set_value_arg(slot, size, v);
        }
        void local(std::uint32_t slot, std::size_t bytes) { kernel.set_local_arg(slot, bytes); }
        void bounds_record(std::uint32_t slot) { kernel.set_pointer_arg(slot, bounds); }
    } setter{kernel, bounds ? bounds->data() : nullptr};
    for_each_entry_point_arg(s.image.abi, args, converted, setter);
    std::shared_ptr<backends::Event> event =
        detail::backend_of(queue).launch(kernel, range, dep_list.span());
    const bool prints = s.image.abi.prints;
    if (prints) queue.bounds_records().note_print();
    if (!bounds) return detail::make_event(std::move(event), nullptr, prints);
    bounds->set_event(event);
    queue.bounds_records().add(bounds);
    return detail::make_event(std::move(event), std::move(bounds), prints);
}

PreparedLaunch prepare_launch(const Queue& queue, const LoadedKernel& k, const Range& global,
                              const Range* local, std::span<const KernelArg> args) {
    check_launch(queue, k, args);
    std::vector<Scalar> converted(k.signature().params.size());
    const std::uint64_t launch_local_bytes = convert_arguments(k, args, converted.data());
    PreparedLaunch out;
    if (empty_range(global)) {
        out.empty = true;
        return out;
    }
    std::optional<Range> declared;
    local = local_for_launch(k, global, local, declared);
    check_range(k, global, local, launch_local_bytes);
    if (local) out.local = *local;
    out.entry_point = k.entry_point_for(global, args, local);
    struct Collector {
        std::vector<EntryPointArg>& out;
        void pointer(std::uint32_t, const void* p) {
            out.push_back({EntryPointArg::Kind::Pointer, p, sizeof p, {}});
        }
        void value(std::uint32_t, std::size_t size, const void* v) {
            EntryPointArg a{EntryPointArg::Kind::Value, nullptr, size, {}};
            std::memcpy(a.value.data(), v, std::min(size, a.value.size()));
            out.push_back(a);
        }
        void local(std::uint32_t, std::size_t bytes) {
            out.push_back({EntryPointArg::Kind::Local, nullptr, bytes, {}});
        }
        void bounds_record(std::uint32_t) {
            out.push_back({EntryPointArg::Kind::BoundsRecord, nullptr, sizeof(void*), {}});
        }
    } collector{out.args};
    out.args.reserve(k.image().abi.args.size());
    for_each_entry_point_arg(k.image().abi, args, converted.data(), collector);
    return out;
}

Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
             std::span<const KernelArg> args, std::span<const Event> deps) {
    return launch_checked(check_launch(queue, kernel, args), global, nullptr, deps);
}

Event launch(const Queue& queue, const LoadedKernel& kernel, const Range& global,
             const Range& local, std::span<const KernelArg> args, std::span<const Event> deps) {
    return launch_checked(check_launch(queue, kernel, args), global, &local, deps);
}

}  // namespace dpk::runtime
