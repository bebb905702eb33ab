#include "runtime/kernel_variants.h"

#include <algorithm>
#include <cstdint>

#include "backends/backend.h"

namespace dpk::runtime {

namespace {

constexpr std::int64_t kIndex32Limit = std::int64_t{1} << 31;

/// The elements an array argument reaches, relative to its data pointer: [lo, hi], or empty.
struct Reach {
    std::int64_t lo = 0;
    std::int64_t hi = -1;
    bool empty() const { return hi < lo; }
};

/// Computed with saturation at the 32-bit limit: enough for both facts, no overflow.
Reach reach_of(const UsmArray& a, bool* fits32) {
    Reach r;
    r.hi = 0;
    const auto& shape = a.shape();
    const auto& strides = a.strides();
    for (std::size_t d = 0; d < shape.size(); ++d) {
        const std::int64_t extent = shape[d];
        if (extent == 0) return Reach{};
        const std::int64_t stride = strides[d];
        if (extent >= kIndex32Limit || stride >= kIndex32Limit || stride <= -kIndex32Limit) {
            *fits32 = false;
            continue;
        }
        const std::int64_t span = (extent - 1) * stride;  // |span| < 2^62: no overflow
        (span < 0 ? r.lo : r.hi) += span;
        if (r.hi >= kIndex32Limit || r.lo <= -kIndex32Limit) *fits32 = false;
        r.hi = std::min(r.hi, kIndex32Limit);
        r.lo = std::max(r.lo, -kIndex32Limit);
    }
    return r;
}

/// Byte range [begin, end) of an array argument; begin == end when it reaches nothing.
struct Bytes {
    std::uintptr_t begin = 0, end = 0;
};

Bytes bytes_of(const UsmArray& a) {
    const auto& shape = a.shape();
    const auto& strides = a.strides();
    const auto size = static_cast<std::int64_t>(dtype_size(a.dtype()));
    std::int64_t lo = 0, hi = 0;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] == 0) return {};
        const std::int64_t span = (shape[d] - 1) * strides[d];  // checked when the view was made
        (span < 0 ? lo : hi) += span;
    }
    const auto base = reinterpret_cast<std::uintptr_t>(a.data());
    return {base + static_cast<std::uintptr_t>(lo * size),
            base + static_cast<std::uintptr_t>((hi + 1) * size)};
}

}  // namespace

LaunchFacts launch_facts(const KernelAbi& abi, std::span<const KernelArg> args, const Range& global,
                         LaunchFacts wanted) {
    LaunchFacts facts;
    if (wanted.has(LaunchFact::Index32)) {
        bool fits = true;
        for (std::uint32_t d = 0; d < global.dims(); ++d)
            fits &= global[d] < static_cast<std::uint64_t>(kIndex32Limit);
        for (const KernelArg& a : args) {
            if (!fits) break;
            if (a.kind() == KernelArg::Kind::Array)
                reach_of(a.array(), &fits);
            else if (a.kind() == KernelArg::Kind::Local)
                fits &= a.local().count < static_cast<std::uint64_t>(kIndex32Limit);
        }
        facts.set(LaunchFact::Index32, fits);
    }
    if (wanted.has(LaunchFact::NoAlias)) {
        bool apart = true;
        for (std::uint32_t w : abi.written_arrays) {
            if (w >= args.size() || args[w].kind() != KernelArg::Kind::Array) continue;
            const Bytes written = bytes_of(args[w].array());
            if (written.begin == written.end) continue;
            for (std::size_t o = 0; o < args.size() && apart; ++o) {
                if (o == w || args[o].kind() != KernelArg::Kind::Array) continue;
                const Bytes other = bytes_of(args[o].array());
                apart = other.begin == other.end || other.end <= written.begin ||
                        written.end <= other.begin;
            }
        }
        facts.set(LaunchFact::NoAlias, apart);
    }
    if (wanted.has(LaunchFact::InRange) && !abi.range_guards.empty()) {
        // global_id(d) < global[d] (1 in the dimensions the range does not have): the guard
        // `global_id(d) < A.shape[axis]` holds for every work item when global[d] <= that extent.
        bool inside = true;
        for (const RangeGuard& g : abi.range_guards) {
            inside = g.dim < global.extents().size() && g.param < args.size() &&
                     args[g.param].kind() == KernelArg::Kind::Array;
            if (inside) {
                const auto& shape = args[g.param].array().shape();
                inside = g.axis < shape.size() && shape[g.axis] >= 0 &&
                         global[g.dim] <= static_cast<std::uint64_t>(shape[g.axis]);
            }
            if (!inside) break;
        }
        facts.set(LaunchFact::InRange, inside);
    }
    return facts;
}

const LoadedVariant* choose_variant(std::span<const LoadedVariant> variants, LaunchFacts facts,
                                    std::uint64_t group) {
    for (const LoadedVariant& v : variants) {
        if (!facts.covers(v.facts)) continue;
        const std::uint64_t max = v.kernel->attributes().max_work_group_size;
        if (group && max && group > max) continue;
        return &v;
    }
    return nullptr;
}

}  // namespace dpk::runtime
