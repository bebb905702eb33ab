// Which work-group arrays (module-scope Workgroup variables) the translator lays out swizzled,
// and which pointer values point into which array.
//
// A swizzled array keeps its 16-byte chunks, but the chunk at byte offset o sits at
// o ^ (((o >> 7) & 7) << 4): within each 1024 bytes, chunk c of 128-byte line l moves to chunk
// c ^ (l & 7) of that line. Eight rows of a tile 32, 64 or 128 bytes wide then lie in eight
// different bank groups, so the ldmatrix of a tile (eight 16-byte rows a phase) has no bank
// conflict; unswizzled, rows of 32 bytes conflict 2-way, of 64 bytes 4-way, of 128 bytes 8-way.
// The layout is invisible to the program: every access to the array goes through the same
// mapping (translate its final address), so an array is swizzled only where every pointer into
// it can be followed from the variable to the access, each access lies within one chunk, and
// cooperative-matrix loads of 16-bit elements read it (where ldmatrix is used).
#pragma once

#include <cstdint>
#include <map>
#include <set>

#include "backends/cuda/ptx/spirv_module.h"

namespace dpk::backends::cuda {

/// The period of the swizzle: a swizzled array starts at a multiple of it, so the mapping can be
/// applied to its addresses as they are.
inline constexpr std::uint64_t kSwizzlePeriod = 1024;

struct SharedSwizzle {
    /// Each pointer value (a result id) into work-group memory: the Workgroup variable it points
    /// into, or itself where it comes from elsewhere (a parameter, a load).
    std::map<Id, Id> roots;
    /// The Workgroup variables laid out swizzled.
    std::set<Id> swizzled;

    /// Whether `pointer` points into a swizzled array.
    bool swizzles(Id pointer) const {
        auto it = roots.find(pointer);
        return it != roots.end() && swizzled.count(it->second) != 0;
    }
};

/// The plan for module `m` (no array swizzled below sm_80, which has no cp.async copies to fill
/// them in chunks of 16 bytes).
SharedSwizzle plan_shared_swizzle(const SpirvModule& m, std::uint32_t sm);

}  // namespace dpk::backends::cuda
