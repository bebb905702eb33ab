#include "dpk/jit/algorithms.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/program_sources.h"
#include "dpk/core/error.h"
#include "dpk/jit/compile_error.h"
#include "dpk/jit/program.h"
#include "dpk/runtime/launch.h"
#include "jit/scratch_cache.h"

namespace dpk::algorithms {
namespace {

using runtime::Event;
using runtime::KernelArg;
using runtime::LocalMemory;
using runtime::Queue;
using runtime::Range;
using runtime::Scalar;
using runtime::UsmArray;

/// Work items per work-group. On a CPU, a work-group's items run one SIMD vector after another,
/// so a group of one vector's width (16 lanes of AVX-512) walks its chunk in order, where a wider
/// group would sweep the chunk once per vector; on a GPU they run side by side.
constexpr std::size_t kGroupSizeGpu = 256;
constexpr std::size_t kGroupSizeCpu = 16;
/// Elements per work item in a scan tile at most: more on CPUs, where each tile's barriers and
/// work-group scan cost more than on GPUs, whose work-group memory is smaller.
constexpr std::int64_t kScanPerItemCpu = 32;
constexpr std::int64_t kScanPerItemGpu = 16;
/// The look-back's tiles on a GPU: it reads each tile once, so bigger tiles mean fewer
/// predecessors to look at. 2^28 f32 on an H100, 256 work items: 1011 us with 32 per item, 1211
/// with 16, 1808 with 8 (torch.cumsum 1027 us in the same run; bench/tuning/scan_variants.py).
/// Not for copy_if (i64 counts, and the values it moves): 2^28 f32, half kept, took 3528 us with
/// 32 per item and 2149 with 16.
constexpr std::int64_t kLookBackPerItemGpu = 32;
/// Elements per work item a reduction aims for before it adds work-groups.
constexpr std::int64_t kReducePerItem = 16;
/// Work-groups per compute unit at most (each loops over its chunk). On a GPU, 32 groups of 256
/// per multiprocessor: a chunked f32 sum of 2^28 elements on an H100 reads 2980 GB/s with 32,
/// 2570 with 16 and 2220 with 8 (the device copy: 3018; bench/tuning/reduce_variants.py).
constexpr std::int64_t kGroupsPerComputeUnitGpu = 32;
constexpr std::int64_t kGroupsPerComputeUnitCpu = 8;
/// Keys a radix-sort work item walks at least.
constexpr std::int64_t kRadixPerItem = 256;
/// Radix-sort units at most (the digit-count table has 16 per unit).
constexpr std::int64_t kRadixMaxUnits = 1 << 16;
constexpr int kRadixBits = 4;
/// Keys per work item in a SortMethod::Tiles tile at most (halved until the tile fits half the
/// work-group memory); a tile stays below 65536 keys, the range of its 16-bit digit counters.
constexpr std::int64_t kRadixTilePerItemCpu = 64;
constexpr std::int64_t kRadixTilePerItemGpu = 16;
constexpr std::int64_t kRadixDigits = 1 << kRadixBits;
/// SortMethod::OneSweep: 8-bit digits, one work item per digit in a work-group (a tile's keys
/// per work item: sweep_tile() below).
constexpr int kSweepBits = 8;
constexpr std::int64_t kSweepDigits = 1 << kSweepBits;
constexpr std::size_t kSweepGroupSize = kSweepDigits;
/// radix_sweep_pass's own work-group memory (its local_arrays): the ticket, and per digit the
/// sub-group sizes, sums, tile starts and global bases.
constexpr std::uint64_t kSweepStaticLocal = 8 + kSweepDigits * (8 + 4 + 4 + 8);
/// Work-groups per compute unit at most in SortMethod::OneSweep's histogram launch: each adds
/// 256 counts per pass to the global ones at its end, so fewer, longer chunks than a reduction's.
constexpr std::int64_t kSweepHistogramGroupsPerComputeUnit = 8;
/// Counts of fewer keys than this are published in u32 words with their 2-bit flag above bit 30;
/// more keys take u64 words (flag above bit 62), which need 64-bit atomics.
constexpr std::int64_t kSweepNarrowKeys = std::int64_t{1} << 30;

/// What a scan reads and writes (scan_chunks' mode): the values, the non-zero flags, or the
/// flags for a compaction (the scan's positions are used at once, never stored).
enum class ScanMode : std::int32_t { Values = 0, NonZero = 1, Compact = 2 };

/// A compaction's arrays (ScanMode::Compact): values[i] goes to out[position] where x[i] != 0.
struct Compaction {
    const UsmArray& values;
    const UsmArray& out;
};

/// The algorithms' kernels: stdlib/algorithms.dpk, loaded once per process.
const Program& algorithms_program() {
    static const Program program = Program::from_file(compiler::stdlib_dir() / "algorithms.dpk");
    return program;
}

/// Keys in a SortMethod::OneSweep tile: stdlib/algorithms.dpk's SWEEP_ITEMS (keys per work item,
/// as its kernels fold it) times the work-group size.
std::int64_t sweep_tile() {
    static const std::int64_t tile = [] {
        const std::optional<std::int64_t> items =
            algorithms_program().integer_constant("SWEEP_ITEMS");
        if (!items || *items < 1)
            throw CompileError("stdlib/algorithms.dpk has no positive integer SWEEP_ITEMS", "");
        return static_cast<std::int64_t>(kSweepGroupSize) * *items;
    }();
    return tile;
}

/// The algorithms' kernels, one handle each, so every call shares their definitions.
struct AlgorithmKernels {
    Kernel reduce_chunks, scan_chunks, scan_chunks_sg, scan_lookback_sg, scan_lookback_packed_sg,
        histogram_chunks, radix_counts, radix_scatter, radix_tile_counts, radix_tile_scatter,
        radix_sweep_histogram, radix_sweep_starts, radix_sweep_pass;
};

const AlgorithmKernels& kernels() {
    static const AlgorithmKernels k = [] {
        const Program& p = algorithms_program();
        return AlgorithmKernels{p.kernel("reduce_chunks"),
                                p.kernel("scan_chunks"),
                                p.kernel("scan_chunks_sg"),
                                p.kernel("scan_lookback_sg"),
                                p.kernel("scan_lookback_packed_sg"),
                                p.kernel("histogram_chunks"),
                                p.kernel("radix_counts"),
                                p.kernel("radix_scatter"),
                                p.kernel("radix_tile_counts"),
                                p.kernel("radix_tile_scatter"),
                                p.kernel("radix_sweep_histogram"),
                                p.kernel("radix_sweep_starts"),
                                p.kernel("radix_sweep_pass")};
    }();
    return k;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

std::size_t group_size(const Queue& q) {
    const auto max = static_cast<std::size_t>(q.device().info().max_work_group_size);
    const std::size_t wanted =
        q.device().info().kind == DeviceKind::Cpu ? kGroupSizeCpu : kGroupSizeGpu;
    return std::max<std::size_t>(1, std::min(wanted, max == 0 ? wanted : max));
}

/// Elements per work item in a scan tile of `dtype`: the tile and the work-group sums within
/// half the device's work-group memory. `compacts`: copy_if's scan of its flags.
std::int64_t scan_per_item(const Queue& q, std::size_t wg, DType dtype, ScanMethod method,
                           bool compacts) {
    const auto& info = q.device().info();
    std::int64_t per_item = kScanPerItemGpu;
    if (info.kind == DeviceKind::Cpu)
        per_item = kScanPerItemCpu;
    else if (method == ScanMethod::LookBack && !compacts)
        per_item = kLookBackPerItemGpu;
    const std::uint64_t budget = info.local_mem_size / 2;
    while (per_item > 1 &&
           (static_cast<std::uint64_t>(per_item) * 33 / 32 + 2) * wg * dtype_size(dtype) > budget)
        per_item /= 2;
    return per_item;
}

std::int64_t max_groups(const Queue& q) {
    const auto& info = q.device().info();
    return std::max<std::int64_t>(1, info.compute_units) *
           (info.kind == DeviceKind::Cpu ? kGroupsPerComputeUnitCpu : kGroupsPerComputeUnitGpu);
}

Event launch(const Kernel& kernel, const Queue& q, std::int64_t groups, std::size_t wg,
             std::vector<KernelArg> args, std::span<const Event> deps) {
    return kernel.launch(q, Range(static_cast<std::size_t>(groups) * wg), Range(wg), args, deps);
}

/// A grid of `items` work items (any local size; no barriers).
Event launch_items(const Kernel& kernel, const Queue& q, std::int64_t items,
                   std::vector<KernelArg> args, std::span<const Event> deps) {
    const std::size_t wg = group_size(q);
    const auto groups = static_cast<std::size_t>(std::max<std::int64_t>(1, ceil_div(items, wg)));
    return kernel.launch(q, Range(groups * wg), Range(wg), args, deps);
}

// ---- argument checks ----

std::string where(const char* algorithm, const char* param) {
    return std::string("dpk::algorithms::") + algorithm + ": parameter '" + param + "'";
}

void check_array(const char* algorithm, const char* param, const Queue& q, const UsmArray& a) {
    if (!a) throw InvalidArgumentError(where(algorithm, param) + " is an empty UsmArray handle");
    if (a.ndim() != 1 || !a.is_c_contiguous())
        throw InvalidArgumentError(where(algorithm, param) +
                                   " must be a 1-d contiguous array, got " + a.describe());
    if (!(a.device() == q.device()))
        throw InvalidArgumentError(where(algorithm, param) + " lives on " +
                                   a.device().filter_string() + ", the queue on " +
                                   q.device().filter_string() + ": " + a.describe());
}

void check_same_dtype(const char* algorithm, const char* param, const UsmArray& a,
                      const char* other_name, const UsmArray& other) {
    if (a.dtype() != other.dtype())
        throw InvalidArgumentError(where(algorithm, param) + " is " +
                                   std::string(dtype_name(a.dtype())) + ", '" + other_name +
                                   "' is " + std::string(dtype_name(other.dtype())) +
                                   ": they must have the same dtype");
}

void check_size(const char* algorithm, const char* param, const UsmArray& a, std::int64_t expected,
                const std::string& what) {
    if (a.size() != expected)
        throw InvalidArgumentError(where(algorithm, param) + " has " + std::to_string(a.size()) +
                                   " elements, " + what + " " + std::to_string(expected));
}

void check_arithmetic(const char* algorithm, const char* param, const UsmArray& a) {
    if (!is_integer(a.dtype()) && !is_float(a.dtype()))
        throw InvalidArgumentError(where(algorithm, param) + " is " +
                                   std::string(dtype_name(a.dtype())) +
                                   ": an arithmetic dtype (integer or float) is needed");
    // Their kernels combine values with sub-group collectives, which take no bf16.
    if (a.dtype() == DType::BF16)
        throw InvalidArgumentError(where(algorithm, param) +
                                   " is bf16: the algorithms take no bf16 arrays; convert to f32");
}

/// Whether two contiguous arrays share any byte (views of one allocation, or of memory another
/// library owns, alike).
bool overlap(const UsmArray& a, const UsmArray& b) {
    if (a.nbytes() == 0 || b.nbytes() == 0) return false;
    const auto a0 = reinterpret_cast<std::uintptr_t>(a.data());
    const auto b0 = reinterpret_cast<std::uintptr_t>(b.data());
    return a0 < b0 + b.nbytes() && b0 < a0 + a.nbytes();
}

Scalar identity(DType t, ReduceOp op) {
    if (op == ReduceOp::Sum) return Scalar::from_int(t, 0);
    const bool lowest = op == ReduceOp::Max;
    if (is_float(t))
        return Scalar::from_double(t, lowest ? -std::numeric_limits<double>::infinity()
                                             : std::numeric_limits<double>::infinity());
    const int bits = dtype_bits(t);
    if (is_signed(t)) {
        const std::int64_t hi = bits == 64 ? std::numeric_limits<std::int64_t>::max()
                                           : (std::int64_t{1} << (bits - 1)) - 1;
        return Scalar::from_int(t, lowest ? -hi - 1 : hi);
    }
    const std::uint64_t hi =
        bits == 64 ? std::numeric_limits<std::uint64_t>::max() : (std::uint64_t{1} << bits) - 1;
    return Scalar::from_uint(t, lowest ? 0 : hi);
}

// ---- the phases, shared by the algorithms ----

/// Reduces `x` into out[0] (out's dtype); mode as in reduce_chunks.
Event reduce_into(Scratch& scratch, const Queue& q, const UsmArray& x, const UsmArray& out,
                  ReduceOp op, ScanMode mode, std::span<const Event> deps) {
    const std::size_t wg = group_size(q);
    const std::int64_t n = x.size();
    const std::int64_t groups = std::clamp<std::int64_t>(
        ceil_div(n, static_cast<std::int64_t>(wg) * kReducePerItem), 1, max_groups(q));
    const std::int64_t chunk = std::max<std::int64_t>(1, ceil_div(n, groups));
    const Scalar id = identity(out.dtype(), op);
    const auto op_code = static_cast<std::int32_t>(op);
    const LocalMemory local{out.dtype(), wg};
    if (groups == 1)
        return launch(kernels().reduce_chunks, q, 1, wg,
                      {x, out, op_code, static_cast<std::int32_t>(mode), id, chunk, local}, deps);
    UsmArray partials = scratch.array(out.dtype(), groups);
    launch(kernels().reduce_chunks, q, groups, wg,
           {x, partials, op_code, static_cast<std::int32_t>(mode), id, chunk, local}, deps);
    return launch(kernels().reduce_chunks, q, 1, wg,
                  {partials, out, op_code, std::int32_t{0}, id, groups, local}, {});
}

/// Whether a look-back scan into `y_dtype` packs each tile's flag and sum into one u64
/// (scan_lookback_packed_sg: one atomic read a tile, no fence): where its sums fit 32 bits — a
/// 32-bit integer dtype, or the counts of a compaction of fewer than 2^32 elements — and the
/// device has 64-bit atomics. f32 sums keep separate flags: dpk has no bit cast between f32 and
/// u32 to pack them with.
bool lookback_packs(const Queue& q, DType y_dtype, ScanMode mode, std::int64_t n) {
    if (!q.device().info().has(DeviceFeature::Int64Atomics)) return false;
    if (y_dtype == DType::I32 || y_dtype == DType::U32) return true;
    return mode != ScanMode::Values && n < (std::int64_t{1} << 32);
}

/// Scans (sum) `x` into `y` (y's dtype): reduce-then-scan in three launches — each
/// work-group's chunk total, the exclusive scan of those totals by one work-group, and the scan
/// of each chunk from its offset — or one launch when one chunk covers `x`. With
/// ScanMode::Compact the last launch moves compaction->values to compaction->out instead, and
/// writes how many it kept to y[0] (y: one i64).
Event scan_into(Scratch& scratch, const Queue& q, const UsmArray& x, const UsmArray& y,
                bool exclusive, ScanMode mode, std::span<const Event> deps,
                const Compaction* compaction = nullptr,
                ScanMethod method = ScanMethod::ReduceThenScan) {
    const std::size_t wg = group_size(q);
    const std::int64_t n = x.size();
    const std::int64_t per_item = scan_per_item(q, wg, y.dtype(), method, mode != ScanMode::Values);
    const std::int64_t tile = static_cast<std::int64_t>(wg) * per_item;
    const std::int64_t tiles = std::max<std::int64_t>(1, ceil_div(n, tile));
    const std::int64_t chunk = ceil_div(tiles, std::min(tiles, max_groups(q))) * tile;
    const std::int64_t groups = std::max<std::int64_t>(1, ceil_div(n, chunk));
    // The tile, with one padding element in 32 (scan_chunks' `padded`).
    const LocalMemory tile_mem{y.dtype(), static_cast<std::size_t>(tile + tile / 32 + 1)};
    // The sub-group form on devices with sub-groups (it needs one more element of sums).
    const LocalMemory sums_mem{y.dtype(), wg + 1};
    const Kernel& scan_tiles = q.device().info().has(DeviceFeature::SubGroups)
                                   ? kernels().scan_chunks_sg
                                   : kernels().scan_chunks;
    const auto excl = static_cast<std::int32_t>(exclusive ? 1 : 0);
    const auto m = static_cast<std::int32_t>(mode);
    // Modes 0 and 1 do not read values and out: any arrays of one dtype.
    const UsmArray& values = compaction ? compaction->values : y;
    const UsmArray& out = compaction ? compaction->out : y;
    if (method == ScanMethod::LookBack) {
        // One work-group per tile; the tiles' states and the ticket counter start at 0.
        const std::int64_t tiles = std::max<std::int64_t>(1, ceil_div(n, tile));
        UsmArray counter = scratch.array(DType::U32, 1);
        const LocalMemory lookback_sums{y.dtype(), wg + 2};
        if (lookback_packs(q, y.dtype(), mode, n)) {
            UsmArray states = scratch.array(DType::U64, tiles);
            const Event zeroed[] = {states.fill(Scalar(std::uint64_t{0}), deps),
                                    counter.fill(Scalar(std::uint32_t{0}), deps)};
            return launch(
                kernels().scan_lookback_packed_sg, q, tiles, wg,
                {x, y, states, counter, per_item, excl, m, tile_mem, lookback_sums, values, out},
                zeroed);
        }
        UsmArray flags = scratch.array(DType::U32, tiles);
        UsmArray aggregates = scratch.array(y.dtype(), tiles);
        UsmArray inclusive = scratch.array(y.dtype(), tiles);
        const Event zeroed[] = {flags.fill(Scalar(std::uint32_t{0}), deps),
                                counter.fill(Scalar(std::uint32_t{0}), deps)};
        return launch(kernels().scan_lookback_sg, q, tiles, wg,
                      {x, y, flags, counter, aggregates, inclusive, per_item, excl, m, tile_mem,
                       lookback_sums, values, out},
                      zeroed);
    }
    if (groups == 1)
        return launch(
            scan_tiles, q, 1, wg,
            {x, y, y, chunk, per_item, excl, std::int32_t{0}, m, tile_mem, sums_mem, values, out},
            deps);
    UsmArray partials = scratch.array(y.dtype(), groups);
    UsmArray offsets = scratch.array(y.dtype(), groups);
    // The chunks' totals: of the flags for a compaction.
    const auto total_mode =
        static_cast<std::int32_t>(mode == ScanMode::Compact ? ScanMode::NonZero : mode);
    launch(kernels().reduce_chunks, q, groups, wg,
           {x, partials, std::int32_t{0}, total_mode, Scalar::from_int(y.dtype(), 0), chunk,
            LocalMemory{y.dtype(), wg}},
           deps);
    launch(scan_tiles, q, 1, wg,
           {partials, offsets, partials, groups, per_item, std::int32_t{1}, std::int32_t{0},
            std::int32_t{0}, tile_mem, sums_mem, partials, offsets},
           {});
    return launch(
        scan_tiles, q, groups, wg,
        {x, y, offsets, chunk, per_item, excl, std::int32_t{1}, m, tile_mem, sums_mem, values, out},
        {});
}

/// The method a scan into `y` (of dtype `y_dtype`) takes on `q`: Auto resolved, an explicit
/// LookBack checked (what it needs is named in the error).
/// Why the look-back cannot scan sums of `y_dtype` on q's device; empty when it can.
std::string look_back_unavailable(const Queue& q, DType y_dtype) {
    const auto& info = q.device().info();
    const bool wide = dtype_size(y_dtype) >= 4 && y_dtype != DType::Bool;
    const bool atomics64 = dtype_size(y_dtype) < 8 || info.has(DeviceFeature::Int64Atomics);
    if (!info.has(DeviceFeature::SubGroups)) return "device '" + info.name + "' has no sub-groups";
    if (!wide)
        return "its sums are " + std::string(dtype_name(y_dtype)) + ", not a 32- or 64-bit dtype";
    if (!info.has(DeviceFeature::SubGroupBallot))
        return "device '" + info.name + "' has no sub-group ballots";
    if (!atomics64)
        return "device '" + info.name + "' has no 64-bit atomics for its " +
               std::string(dtype_name(y_dtype)) + " sums";
    return {};
}

ScanMethod scan_method(const char* algorithm, const Queue& q, DType y_dtype, ScanMethod method) {
    // Auto: the look-back on GPUs that can run it — 2^28 f32 on an H100: 1011 us against 1317
    // for reduce-then-scan at its best (bench/tuning/scan_variants.py); reduce-then-scan
    // elsewhere: CPUs (whose OpenCL drivers promise no progress to a waiting work-group) and
    // devices without sub-group ballots.
    if (method == ScanMethod::Auto)
        return q.device().info().kind == DeviceKind::Gpu &&
                       look_back_unavailable(q, y_dtype).empty()
                   ? ScanMethod::LookBack
                   : ScanMethod::ReduceThenScan;
    if (method == ScanMethod::LookBack) {
        const std::string why = look_back_unavailable(q, y_dtype);
        if (!why.empty())
            throw InvalidArgumentError(where(algorithm, "method") +
                                       " is ScanMethod::LookBack, but " + why +
                                       " (ScanMethod::ReduceThenScan works everywhere)");
    }
    return method;
}

Event scan(const char* algorithm, const Queue& q, const UsmArray& in, const UsmArray& out,
           bool exclusive, std::span<const Event> deps, ScanMethod method) {
    check_array(algorithm, "in", q, in);
    check_array(algorithm, "out", q, out);
    check_arithmetic(algorithm, "in", in);
    check_same_dtype(algorithm, "out", out, "in", in);
    check_size(algorithm, "out", out, in.size(), "in has");
    if (overlap(out, in))
        throw InvalidArgumentError(where(algorithm, "out") +
                                   " shares its memory with 'in': give a separate array");
    const ScanMethod how = scan_method(algorithm, q, out.dtype(), method);
    Scratch scratch(q);
    return scratch.finish(
        scan_into(scratch, q, in, out, exclusive, ScanMode::Values, deps, nullptr, how));
}

/// How a sort key dtype is sorted: its unsigned bits and their order.
struct RadixKey {
    DType bits;
    std::int32_t kind;  // radix_key's: 0 unsigned, 1 signed, 2 float
};

RadixKey radix_key(const char* algorithm, DType t) {
    switch (t) {
        case DType::U32: return {DType::U32, 0};
        case DType::I32: return {DType::U32, 1};
        case DType::F32: return {DType::U32, 2};
        case DType::U64: return {DType::U64, 0};
        case DType::I64: return {DType::U64, 1};
        case DType::F64: return {DType::U64, 2};
        default:
            throw InvalidArgumentError(where(algorithm, "keys") + " is " +
                                       std::string(dtype_name(t)) +
                                       ": sort keys are u32, i32, u64, i64, f32 or f64");
    }
}

/// What every radix-sort pass reads and writes, for `units` digit-count rows (work items or
/// tiles; none for SortMethod::OneSweep, which keeps its own): keys and values ping-pong between
/// the arguments and scratch copies, digit counts and their scanned offsets, and the scalar
/// arguments every pass kernel takes.
struct RadixBuffers {
    UsmArray k0, k1, v0, v1, counts, offsets;
    int bits = 0;
    Scalar sign_bit;
    std::int32_t with_values = 0;
};

RadixBuffers radix_buffers(Scratch& scratch, const UsmArray& keys, const UsmArray* values,
                           const RadixKey& rk, std::int64_t units) {
    const std::int64_t n = keys.size();
    RadixBuffers b;
    b.k0 = keys.view_as(rk.bits);
    b.k1 = scratch.array(rk.bits, n);
    b.v0 = values ? *values : b.k0;
    b.v1 = values ? scratch.array(values->dtype(), n) : b.k1;
    if (units > 0) {
        b.counts = scratch.array(DType::I64, kRadixDigits * units);
        b.offsets = scratch.array(DType::I64, kRadixDigits * units);
    }
    b.bits = dtype_bits(rk.bits);
    b.sign_bit = Scalar::from_uint(rk.bits, std::uint64_t{1} << (b.bits - 1));
    b.with_values = values ? 1 : 0;
    return b;
}

/// The passes of SortMethod::Tiles (radix_tile_counts, radix_tile_scatter).
Event radix_sort_tiles(const Queue& q, const UsmArray& keys, const UsmArray* values,
                       const RadixKey& rk, std::span<const Event> deps) {
    const std::int64_t n = keys.size();
    const std::size_t wg = group_size(q);
    const auto& info = q.device().info();
    std::int64_t per_item =
        info.kind == DeviceKind::Cpu ? kRadixTilePerItemCpu : kRadixTilePerItemGpu;
    const std::uint64_t budget = info.local_mem_size / 2;
    while (per_item > 1 &&
           (static_cast<std::uint64_t>(per_item) * 33 / 32 + 2) * wg * dtype_size(rk.bits) +
                   wg * 4 * 8 >
               budget)
        per_item /= 2;
    const std::int64_t tile = static_cast<std::int64_t>(wg) * per_item;
    const std::int64_t tiles = std::max<std::int64_t>(1, ceil_div(n, tile));
    Scratch scratch(q);
    RadixBuffers b = radix_buffers(scratch, keys, values, rk, tiles);
    const LocalMemory hist{DType::U64, kRadixDigits / 4};  // 16-bit counters, four a word
    const LocalMemory tile_mem{rk.bits, static_cast<std::size_t>(tile + tile / 32 + 1)};
    const LocalMemory words{DType::U64, 4 * wg};
    const LocalMemory starts{DType::I64, kRadixDigits};
    Event e;
    for (int shift = 0; shift < b.bits; shift += kRadixBits) {
        const Scalar s = Scalar::from_uint(rk.bits, static_cast<std::uint64_t>(shift));
        const std::span<const Event> first = shift == 0 ? deps : std::span<const Event>{};
        launch(kernels().radix_tile_counts, q, tiles, wg,
               {b.k0, b.counts, tiles, per_item, s, rk.kind, b.sign_bit, hist}, first);
        scan_into(scratch, q, b.counts, b.offsets, true, ScanMode::Values, {});
        e = launch(kernels().radix_tile_scatter, q, tiles, wg,
                   {b.k0, b.k1, b.v0, b.v1, b.offsets, tiles, per_item, s, rk.kind, b.sign_bit,
                    b.with_values, tile_mem, words, starts},
                   {});
        std::swap(b.k0, b.k1);
        std::swap(b.v0, b.v1);
    }
    return scratch.finish(e);
}

/// The most sub-groups a work-group of kSweepGroupSize work items has on `info`'s device (by its
/// smallest sub-group size); 0 when the device does not say its sizes.
std::int64_t sweep_sub_groups(const DeviceInfo& info) {
    if (info.sub_group_sizes.empty()) return 0;
    const std::uint64_t smallest = std::max<std::uint64_t>(
        1, *std::min_element(info.sub_group_sizes.begin(), info.sub_group_sizes.end()));
    return ceil_div(static_cast<std::int64_t>(kSweepGroupSize),
                    static_cast<std::int64_t>(smallest));
}

/// The work-group memory of radix_sweep_pass: a tile of keys twice (as read, and sorted), of
/// values (`value_bytes` a value; 0 without values), the keys' u16 ranks and 256 u32 counters
/// per sub-group.
std::uint64_t sweep_local_bytes(const DeviceInfo& info, std::size_t key_bytes,
                                std::size_t value_bytes) {
    const auto tile = static_cast<std::uint64_t>(sweep_tile());
    return tile * (2 * key_bytes + value_bytes + 2) +
           static_cast<std::uint64_t>(sweep_sub_groups(info) * kSweepDigits) * 4 +
           kSweepStaticLocal;
}

/// Why SortMethod::OneSweep cannot sort `n` keys of `key_bits` (with values of `value_bytes`
/// each, 0 for none) on q's device; empty when it can.
std::string one_sweep_unavailable(const Queue& q, DType key_bits, std::size_t value_bytes,
                                  std::int64_t n) {
    const auto& info = q.device().info();
    const std::string device = "device '" + info.name + "'";
    if (!info.has(DeviceFeature::SubGroups)) return device + " has no sub-groups";
    if (!info.has(DeviceFeature::SubGroupBallot)) return device + " has no sub-group ballots";
    if (info.max_work_group_size < kSweepGroupSize)
        return device + " takes work-groups of " + std::to_string(info.max_work_group_size) +
               " work items, fewer than its " + std::to_string(kSweepGroupSize);
    if (sweep_sub_groups(info) == 0) return device + " does not say its sub-group sizes";
    const std::uint64_t local = sweep_local_bytes(info, dtype_size(key_bits), value_bytes);
    if (local > info.local_mem_size)
        return "it needs " + std::to_string(local) + " bytes of work-group memory, " + device +
               " has " + std::to_string(info.local_mem_size);
    if (n >= kSweepNarrowKeys && !info.has(DeviceFeature::Int64Atomics))
        return device + " has no 64-bit atomics for the counts of " + std::to_string(n) + " keys";
    if (key_bits == DType::U64 && !info.has(DeviceFeature::Int64Atomics))
        return device + " has no 64-bit atomics to rank 64-bit keys with";
    return {};
}

/// The unsigned dtype of `bytes` bytes: values move through the sort as their bits.
DType unsigned_of_size(std::size_t bytes) {
    switch (bytes) {
        case 1: return DType::U8;
        case 2: return DType::U16;
        case 4: return DType::U32;
        default: return DType::U64;
    }
}

/// SortMethod::OneSweep: radix_sweep_histogram counts every pass's digits, radix_sweep_starts
/// scans them into each digit's first position, then one radix_sweep_pass a pass.
Event radix_sort_one_sweep(const Queue& q, const UsmArray& keys, const UsmArray* values,
                           const RadixKey& rk, std::span<const Event> deps) {
    const std::int64_t n = keys.size();
    const std::int64_t tiles = std::max<std::int64_t>(1, ceil_div(n, sweep_tile()));
    const bool wide = n >= kSweepNarrowKeys;
    const DType word = wide ? DType::U64 : DType::U32;
    const Scalar flag_shift = Scalar::from_uint(word, wide ? 62 : 30);
    std::optional<UsmArray> value_bits;
    if (values) value_bits = values->view_as(unsigned_of_size(dtype_size(values->dtype())));
    Scratch scratch(q);
    RadixBuffers b = radix_buffers(scratch, keys, value_bits ? &*value_bits : nullptr, rk, 0);
    const std::int64_t passes = b.bits / kSweepBits;
    // One zeroed array: every pass's digit counts, its ticket counter, its tiles' states.
    const std::int64_t bins = passes * kSweepDigits;
    UsmArray zeroed = scratch.array(word, bins + passes + passes * tiles * kSweepDigits);
    const UsmArray hist = zeroed.slice(0, 0, bins);
    const UsmArray counter = zeroed.slice(0, bins, bins + passes);
    const UsmArray states = zeroed.slice(0, bins + passes, zeroed.size());
    const UsmArray starts = scratch.array(word, bins);
    const Event filled = zeroed.fill(Scalar::from_uint(word, 0), deps);

    const std::size_t wg = group_size(q);
    const std::int64_t most_groups =
        std::min(max_groups(q), std::max<std::int64_t>(1, q.device().info().compute_units) *
                                    kSweepHistogramGroupsPerComputeUnit);
    const std::int64_t groups = std::clamp<std::int64_t>(
        ceil_div(n, static_cast<std::int64_t>(wg) * kReducePerItem), 1, most_groups);
    const std::int64_t chunk = std::max<std::int64_t>(1, ceil_div(n, groups));
    launch(kernels().radix_sweep_histogram, q, groups, wg,
           {b.k0, hist, passes, rk.kind, b.sign_bit, chunk,
            LocalMemory{DType::U32, static_cast<std::size_t>(bins)}},
           std::span<const Event>(&filled, 1));
    launch(kernels().radix_sweep_starts, q, passes, kSweepGroupSize,
           {hist, starts, LocalMemory{word, kSweepGroupSize}}, {});

    const auto tile = static_cast<std::size_t>(sweep_tile());
    const LocalMemory tile_keys{rk.bits, tile};
    const LocalMemory tile_values{b.v0.dtype(), values ? tile : 1};
    const LocalMemory ranks{DType::U16, tile};
    const LocalMemory counts{
        DType::U32, static_cast<std::size_t>(sweep_sub_groups(q.device().info()) * kSweepDigits)};
    Event e;
    for (std::int64_t pass = 0; pass < passes; ++pass) {
        const Scalar s = Scalar::from_uint(rk.bits, static_cast<std::uint64_t>(pass * kSweepBits));
        e = launch(
            kernels().radix_sweep_pass, q, tiles, kSweepGroupSize,
            {b.k0, b.k1, b.v0, b.v1, starts, states, counter, pass, passes, tiles, s, rk.kind,
             b.sign_bit, b.with_values, flag_shift, tile_keys, tile_keys, tile_values, ranks,
             counts},
            {});
        std::swap(b.k0, b.k1);
        std::swap(b.v0, b.v1);
    }
    // An even number of passes: the sorted data is back in `keys` and `values`.
    return scratch.finish(e);
}

/// The method a sort takes on `q`: Auto resolved, an explicit OneSweep checked (what it needs is
/// named in the error).
SortMethod sort_method(const char* algorithm, const Queue& q, const RadixKey& rk,
                       const UsmArray* values, std::int64_t n, SortMethod method) {
    const std::size_t value_bytes = values ? dtype_size(values->dtype()) : 0;
    if (method == SortMethod::Auto) {
        if (q.device().info().kind == DeviceKind::Cpu) return SortMethod::Segments;
        return one_sweep_unavailable(q, rk.bits, value_bytes, n).empty() ? SortMethod::OneSweep
                                                                         : SortMethod::Tiles;
    }
    if (method == SortMethod::OneSweep) {
        const std::string why = one_sweep_unavailable(q, rk.bits, value_bytes, n);
        if (!why.empty())
            throw InvalidArgumentError(where(algorithm, "method") +
                                       " is SortMethod::OneSweep, but " + why +
                                       " (SortMethod::Segments and SortMethod::Tiles work "
                                       "everywhere)");
    }
    return method;
}

Event radix_sort(const char* algorithm, const Queue& q, const UsmArray& keys,
                 const UsmArray* values, std::span<const Event> deps, SortMethod method) {
    check_array(algorithm, "keys", q, keys);
    const RadixKey rk = radix_key(algorithm, keys.dtype());
    if (values) {
        check_array(algorithm, "values", q, *values);
        check_size(algorithm, "values", *values, keys.size(), "keys has");
        if (overlap(*values, keys))
            throw InvalidArgumentError(where(algorithm, "values") +
                                       " shares its memory with 'keys': give a separate array");
    }
    const std::int64_t n = keys.size();
    const SortMethod how = sort_method(algorithm, q, rk, values, n, method);
    if (how == SortMethod::OneSweep) return radix_sort_one_sweep(q, keys, values, rk, deps);
    if (how == SortMethod::Tiles) return radix_sort_tiles(q, keys, values, rk, deps);
    const std::int64_t units =
        std::clamp<std::int64_t>(ceil_div(n, kRadixPerItem), 1, kRadixMaxUnits);
    const std::int64_t seg = std::max<std::int64_t>(1, ceil_div(n, units));
    Scratch scratch(q);
    RadixBuffers b = radix_buffers(scratch, keys, values, rk, units);
    Event e;
    for (int shift = 0; shift < b.bits; shift += kRadixBits) {
        const Scalar s = Scalar::from_uint(rk.bits, static_cast<std::uint64_t>(shift));
        const std::span<const Event> first = shift == 0 ? deps : std::span<const Event>{};
        launch_items(kernels().radix_counts, q, units,
                     {b.k0, b.counts, units, seg, s, rk.kind, b.sign_bit}, first);
        scan_into(scratch, q, b.counts, b.offsets, true, ScanMode::Values, {});
        e = launch_items(
            kernels().radix_scatter, q, units,
            {b.k0, b.k1, b.v0, b.v1, b.offsets, units, seg, s, rk.kind, b.sign_bit, b.with_values},
            {});
        std::swap(b.k0, b.k1);
        std::swap(b.v0, b.v1);
    }
    // An even number of passes: the sorted data is back in `keys` and `values`.
    return scratch.finish(e);
}

}  // namespace

Event reduce(const Queue& queue, const UsmArray& in, const UsmArray& out, ReduceOp op,
             std::span<const Event> depends_on) {
    check_array("reduce", "in", queue, in);
    check_array("reduce", "out", queue, out);
    check_arithmetic("reduce", "in", in);
    check_same_dtype("reduce", "out", out, "in", in);
    check_size("reduce", "out", out, 1, "it needs");
    Scratch scratch(queue);
    return scratch.finish(reduce_into(scratch, queue, in, out, op, ScanMode::Values, depends_on));
}

Event inclusive_scan(const Queue& queue, const UsmArray& in, const UsmArray& out,
                     std::span<const Event> depends_on, ScanMethod method) {
    return scan("inclusive_scan", queue, in, out, false, depends_on, method);
}

Event exclusive_scan(const Queue& queue, const UsmArray& in, const UsmArray& out,
                     std::span<const Event> depends_on, ScanMethod method) {
    return scan("exclusive_scan", queue, in, out, true, depends_on, method);
}

Event copy_if(const Queue& queue, const UsmArray& in, const UsmArray& flags, const UsmArray& out,
              const UsmArray& count, std::span<const Event> depends_on, ScanMethod method) {
    check_array("copy_if", "in", queue, in);
    check_array("copy_if", "flags", queue, flags);
    check_array("copy_if", "out", queue, out);
    check_array("copy_if", "count", queue, count);
    if (!is_integer(flags.dtype()) && flags.dtype() != DType::Bool)
        throw InvalidArgumentError(where("copy_if", "flags") + " is " +
                                   std::string(dtype_name(flags.dtype())) +
                                   ": flags are an integer or bool array");
    check_size("copy_if", "flags", flags, in.size(), "in has");
    check_same_dtype("copy_if", "out", out, "in", in);
    if (out.size() < in.size())
        throw InvalidArgumentError(where("copy_if", "out") + " has " + std::to_string(out.size()) +
                                   " elements, fewer than in's " + std::to_string(in.size()));
    if (count.dtype() != DType::I64 || count.size() != 1)
        throw InvalidArgumentError(where("copy_if", "count") + " must be one i64 element, got " +
                                   count.describe());
    Scratch scratch(queue);
    // Bool flags are read as u8: the same bytes, and a dtype the scan's arithmetic takes.
    const UsmArray f = flags.dtype() == DType::Bool ? flags.view_as(DType::U8) : flags;
    // The exclusive scan of the flags gives each kept element its place; the scan's last launch
    // moves the elements there (the positions are never stored) and writes the count.
    const Compaction compaction{in, out};
    const ScanMethod how = scan_method("copy_if", queue, DType::I64, method);
    return scratch.finish(
        scan_into(scratch, queue, f, count, true, ScanMode::Compact, depends_on, &compaction, how));
}

Event histogram(const Queue& queue, const UsmArray& in, const UsmArray& bins, std::int64_t lo,
                std::span<const Event> depends_on) {
    check_array("histogram", "in", queue, in);
    check_array("histogram", "bins", queue, bins);
    if (!is_integer(in.dtype()))
        throw InvalidArgumentError(where("histogram", "in") + " is " +
                                   std::string(dtype_name(in.dtype())) +
                                   ": histogram counts integer values");
    if (bins.dtype() != DType::U32)
        throw InvalidArgumentError(where("histogram", "bins") + " is " +
                                   std::string(dtype_name(bins.dtype())) + ": bins are u32");
    const Scalar lo_value = Scalar::from_int(DType::I64, lo);
    const std::optional<Scalar> lo_in = lo_value.exact_as(in.dtype());
    if (!lo_in)
        throw InvalidArgumentError(where("histogram", "lo") + " = " + std::to_string(lo) +
                                   " is not a value of in's dtype " +
                                   std::string(dtype_name(in.dtype())));
    const std::size_t wg = group_size(queue);
    const std::int64_t n = in.size();
    const std::int64_t groups = std::clamp<std::int64_t>(
        ceil_div(n, static_cast<std::int64_t>(wg) * kReducePerItem), 1, max_groups(queue));
    const std::int64_t chunk = std::max<std::int64_t>(1, ceil_div(n, groups));
    // Per-work-group counts in local memory while they fit in a quarter of it.
    const std::uint64_t local_bytes = queue.device().info().local_mem_size;
    const bool use_local = static_cast<std::uint64_t>(bins.size()) * 4 <= local_bytes / 4;
    UsmArray counts = bins;  // a handle of the same memory, for the non-const fill
    Event zeroed = counts.fill(Scalar(std::uint32_t{0}), depends_on);
    return launch(
        kernels().histogram_chunks, queue, groups, wg,
        {in, bins, *lo_in, chunk, static_cast<std::int32_t>(use_local ? 1 : 0),
         LocalMemory{DType::U32,
                     use_local && bins.size() > 0 ? static_cast<std::size_t>(bins.size()) : 1}},
        std::span<const Event>(&zeroed, 1));
}

Event sort(const Queue& queue, const UsmArray& keys, std::span<const Event> depends_on,
           SortMethod method) {
    return radix_sort("sort", queue, keys, nullptr, depends_on, method);
}

Event sort_by_key(const Queue& queue, const UsmArray& keys, const UsmArray& values,
                  std::span<const Event> depends_on, SortMethod method) {
    return radix_sort("sort_by_key", queue, keys, &values, depends_on, method);
}

std::size_t cached_scratch_bytes(const Queue& queue) {
    std::shared_ptr<ScratchCache> cache = ScratchCache::find(queue);
    return cache ? cache->idle_bytes() : 0;
}

void release_scratch(const Queue& queue) {
    if (std::shared_ptr<ScratchCache> cache = ScratchCache::find(queue)) cache->release();
}

}  // namespace dpk::algorithms
