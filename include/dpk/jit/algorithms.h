// Device-wide algorithms over 1-d USM arrays: reduce, scans, compaction, histogram, radix sort.
// Their kernels are written in dpk (stdlib/algorithms.dpk) and compiled by the JIT for each dtype.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "dpk/runtime/event.h"
#include "dpk/runtime/queue.h"
#include "dpk/runtime/usm_array.h"

namespace dpk::algorithms {

/// The operator of a reduction.
enum class ReduceOp : std::uint8_t { Sum, Min, Max };

// Every algorithm: enqueues its kernels on `queue` after `depends_on` and returns the event of
// its last command without waiting. Arrays are 1-d, contiguous and on the queue's device; the
// scratch memory it needs comes from the queue's scratch cache (reused by later calls on the
// queue, released with the queue's last copy or by release_scratch) and is also owned by the
// returned event (and its copies) until it goes. Bad arguments throw InvalidArgumentError naming
// the parameter.

/// out[0] = in[0] op in[1] op ... (the identity for an empty `in`: 0, the dtype's largest value
/// for Min, its lowest for Max; +inf / -inf for floats). `out`: one element of in's dtype.
/// Every arithmetic dtype. Floats are summed in a fixed tree order that differs from a
/// sequential loop's; Min and Max skip NaNs (OpenCL's fmin / fmax): NaNs only give the identity.
runtime::Event reduce(const runtime::Queue& queue, const runtime::UsmArray& in,
                      const runtime::UsmArray& out, ReduceOp op,
                      std::span<const runtime::Event> depends_on = {});

/// How a scan (and copy_if, which scans its flags) is made; both give the same integers.
enum class ScanMethod : std::uint8_t {
    /// LookBack on GPUs that can run it (faster there: one pass; float sums may then differ
    /// between runs by rounding), ReduceThenScan elsewhere.
    Auto,
    /// Three launches (the chunks' totals, their scan, each chunk's scan from its offset); no
    /// work-group waits for another, so every device; float sums in a fixed order.
    ReduceThenScan,
    /// One pass: each work-group takes the next tile and waits for the sums the tiles before it
    /// published (a decoupled look-back, a sub-group reading sub_group_size() tiles at a time).
    /// Needs sub-groups with ballots, a 32- or 64-bit dtype (of `out`; copy_if counts in i64)
    /// and running work-groups that make progress (CUDA gives it; OpenCL does not promise it);
    /// float sums are grouped by which tiles were done first, so they can differ between runs
    /// by rounding.
    LookBack,
};

/// out[i] = in[0] + ... + in[i]; `out` of in's dtype and size (it may not be `in`). Integers
/// wrap as the dtype's arithmetic does.
runtime::Event inclusive_scan(const runtime::Queue& queue, const runtime::UsmArray& in,
                              const runtime::UsmArray& out,
                              std::span<const runtime::Event> depends_on = {},
                              ScanMethod method = ScanMethod::Auto);

/// out[i] = in[0] + ... + in[i - 1], out[0] = 0.
runtime::Event exclusive_scan(const runtime::Queue& queue, const runtime::UsmArray& in,
                              const runtime::UsmArray& out,
                              std::span<const runtime::Event> depends_on = {},
                              ScanMethod method = ScanMethod::Auto);

/// Stream compaction: the elements in[i] whose flags[i] != 0, in order, to out[0, count), and
/// count[0] = how many (an i64 array of one element, on the device: read it after the event).
/// `flags`: any integer or bool dtype, in's size; `out`: in's dtype, at least in's size.
runtime::Event copy_if(const runtime::Queue& queue, const runtime::UsmArray& in,
                       const runtime::UsmArray& flags, const runtime::UsmArray& out,
                       const runtime::UsmArray& count,
                       std::span<const runtime::Event> depends_on = {},
                       ScanMethod method = ScanMethod::Auto);

/// bins[b] = how many elements of `in` equal lo + b, for b < bins.size() (values outside the
/// range are not counted). `in`: any integer dtype; `bins`: u32. `lo` must be a value of in's
/// dtype.
runtime::Event histogram(const runtime::Queue& queue, const runtime::UsmArray& in,
                         const runtime::UsmArray& bins, std::int64_t lo,
                         std::span<const runtime::Event> depends_on = {});

/// How a radix sort places keys; all are stable and give the same result.
enum class SortMethod : std::uint8_t {
    /// Segments on CPU devices; on others OneSweep where the device can run it, else Tiles.
    Auto,
    /// Each work item counts and moves its own run of consecutive keys, in order: the fastest
    /// on CPUs, uncoalesced on GPUs.
    Segments,
    /// Each work-group reads a tile of keys along its length and ranks them together (a
    /// work-group scan of packed digit counters): coalesced reads on GPUs.
    Tiles,
    /// 8-bit digits; the digit counts of every pass from one read of the keys, then one launch
    /// a pass: each work-group takes the next tile, ranks its keys by sub-group ballots, finds
    /// where each digit's keys of the tile go from what the tiles before it published (a
    /// decoupled look-back per digit) and writes them through work-group memory. Needs
    /// sub-groups with ballots, work-groups of 256 and running work-groups that make progress,
    /// as ScanMethod::LookBack (CUDA gives it; OpenCL does not promise it), and 64-bit atomics
    /// from 2^30 keys.
    OneSweep,
};

/// Sorts `keys` in place, ascending: u32, i32, u64, i64, f32, f64 (floats in IEEE total order:
/// -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN). LSD radix sort: 4 bits a pass, 8 with
/// SortMethod::OneSweep.
runtime::Event sort(const runtime::Queue& queue, const runtime::UsmArray& keys,
                    std::span<const runtime::Event> depends_on = {},
                    SortMethod method = SortMethod::Auto);

/// Sorts `keys` in place as `sort` does and moves values[i] with keys[i]; stable: values of equal
/// keys keep their order. `values`: any dtype, keys' size.
runtime::Event sort_by_key(const runtime::Queue& queue, const runtime::UsmArray& keys,
                           const runtime::UsmArray& values,
                           std::span<const runtime::Event> depends_on = {},
                           SortMethod method = SortMethod::Auto);

/// Bytes of device memory the algorithms keep cached for `queue` between calls (scratch that no
/// call is using now): at most the larger of 1 GiB and the last call's scratch.
std::size_t cached_scratch_bytes(const runtime::Queue& queue);

/// Frees the scratch memory the algorithms keep cached for `queue` (the memory of a call whose
/// returned event still exists goes with the last copy of that event). Later calls allocate
/// again. The cache is also released with the queue's last copy.
void release_scratch(const runtime::Queue& queue);

}  // namespace dpk::algorithms
