// Sub-group builtins end to end through the JIT (tests/kernels/dpk/sub_groups.dpk): on devices
// with sub-groups (Intel's OpenCL CPU runtime here) sizes, ids, broadcasts, shuffles (by id,
// relative, xor), reductions and scans (add/min/max, and/or/xor), votes (ballot, any, all), the
// sub-group barrier and std.subgroup's work-group reductions against host models, for every
// integer type, f16 (where the device has it), f32 and f64 and work-group sizes that are and are
// not multiples of the sub-group size (so the last sub-group is partial); on devices without
// (PoCL 3.1) the exact compile-time error of `specialize`.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "dpk/dpk.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

namespace {

/// Columns of the ids array the kernels write (write_ids in sub_groups.dpk).
enum IdColumn {
    kSize,
    kLocalId,
    kSubGroupId,
    kNumSubGroups,
    kWorkItemLocalId,
    kGroupId,
    kIdColumns
};

constexpr std::size_t kItems = 1200;  // 1200 = 16 * 75 = 48 * 25 = 400 * 3
const std::vector<std::size_t> kLocalSizes = {16, 48, 75, 400};

Program sub_group_program() {
    ProgramOptions options;
    options.cache = std::make_shared<KernelCache>(CacheConfig::disabled());
    return Program::from_file(tests::source_path("tests/kernels/dpk/sub_groups.dpk"), options);
}

/// The devices with sub-groups, after printing a skip for each device without.
std::vector<Device> sub_group_devices() {
    static bool told = false;  // once per run, not once per test
    std::vector<Device> out;
    for (const Device& d : tests::devices_under_test()) {
        if (d.info().has(DeviceFeature::SubGroups))
            out.push_back(d);
        else if (!told)
            MESSAGE("no sub-groups on " << tests::device_label(d)
                                        << ": numbers are checked on the others, its error in "
                                           "the last test");
    }
    if (out.empty()) MESSAGE("SKIPPED: no device with sub-groups was found");
    told = true;
    return out;
}

/// The work items of one sub-group, by sub-group local id: their global ids.
using SubGroups = std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::size_t>>;

/// Groups work items into sub-groups from the ids the device wrote, checking what the ids
/// promise: each sub-group's local ids are 0 .. size-1 once each, one size per sub-group, sub-group
/// ids below the count, the sizes adding up to the work-group size. Returns the sub-groups and
/// notes the sizes seen.
SubGroups check_ids(const std::vector<std::int64_t>& ids, std::size_t n, std::size_t local,
                    std::set<std::int64_t>& sizes_seen) {
    SubGroups groups;
    auto at = [&](std::size_t i, IdColumn c) { return ids[i * kIdColumns + c]; };
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t size = at(i, kSize), lid = at(i, kLocalId), sg = at(i, kSubGroupId);
        const std::int64_t count = at(i, kNumSubGroups);
        CHECK(at(i, kWorkItemLocalId) == static_cast<std::int64_t>(i % local));
        CHECK(at(i, kGroupId) == static_cast<std::int64_t>(i / local));
        REQUIRE(size >= 1);
        REQUIRE(lid >= 0);
        REQUIRE(lid < size);
        REQUIRE(sg >= 0);
        REQUIRE(sg < count);
        auto& members = groups[{at(i, kGroupId), sg}];
        if (members.size() < static_cast<std::size_t>(size)) members.resize(size, n);
        REQUIRE(members[lid] == n);  // no other work item has this sub-group local id
        members[lid] = i;
        sizes_seen.insert(size);
    }
    std::map<std::int64_t, std::size_t> items_per_group;
    std::map<std::int64_t, std::int64_t> sub_groups_per_group;
    for (const auto& [key, members] : groups) {
        for (std::size_t i : members) {
            REQUIRE(i < n);  // every local id 0 .. size-1 is taken
            CHECK(at(i, kSize) == static_cast<std::int64_t>(members.size()));
            CHECK(at(i, kNumSubGroups) == at(members.front(), kNumSubGroups));
        }
        items_per_group[key.first] += members.size();
        ++sub_groups_per_group[key.first];
    }
    for (const auto& [g, count] : items_per_group) {
        CHECK(count == local);
        const std::size_t first = static_cast<std::size_t>(g) * local;
        CHECK(sub_groups_per_group[g] == ids[first * kIdColumns + kNumSubGroups]);
    }
    return groups;
}

/// Integer-valued test data in [-50, 50) (or [0, 100) for unsigned): sums are exact in every
/// type, so float results compare exactly whatever the order of additions.
template <typename T>
std::vector<T> values(std::size_t n, unsigned seed) {
    std::mt19937 gen(seed);
    std::uniform_int_distribution<int> dist(std::is_signed_v<T> ? -50 : 0,
                                            std::is_signed_v<T> ? 49 : 99);
    std::vector<T> v(n);
    for (auto& x : v) x = static_cast<T>(dist(gen));
    return v;
}

template <typename T>
T lowest() {
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
}

template <typename T>
T highest() {
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::max();
}

constexpr std::size_t kColumns = 13;

/// What column c of collectives() must hold for member `k` of a sub-group with values `v`.
template <typename T>
std::vector<T> expected_row(const std::vector<T>& v, std::size_t k) {
    const std::size_t size = v.size();
    // Exclusive scans: the first work item gets the identity (0, the largest / smallest value).
    T excl_sum{}, excl_lo = highest<T>(), excl_hi = lowest<T>();
    for (std::size_t j = 0; j < k; ++j) {
        excl_sum += v[j];
        excl_lo = std::min(excl_lo, v[j]);
        excl_hi = std::max(excl_hi, v[j]);
    }
    const T incl_sum = excl_sum + v[k];
    const T incl_lo = std::min(excl_lo, v[k]), incl_hi = std::max(excl_hi, v[k]);
    T sum{};
    for (T x : v) sum += x;
    const T lo = *std::min_element(v.begin(), v.end());
    const T hi = *std::max_element(v.begin(), v.end());
    return {sum,     lo,      hi,        incl_sum, incl_lo,           incl_hi,        excl_sum,
            excl_lo, excl_hi, v.front(), v.back(), v[(k + 1) % size], v[size - 1 - k]};
}

/// The devices with sub-groups that also have `f` (and `g`), after printing a skip for each
/// without.
std::vector<Device> devices_with(DeviceFeature f, std::optional<DeviceFeature> g = std::nullopt) {
    std::vector<Device> out;
    for (const Device& d : sub_group_devices()) {
        std::optional<DeviceFeature> missing;
        if (!d.info().has(f)) missing = f;
        if (g && !d.info().has(*g)) missing = *g;
        if (!missing)
            out.push_back(d);
        else
            MESSAGE("SKIPPED on " << tests::device_label(d) << ": no " << feature_name(*missing)
                                  << " (" << feature_opencl_extension(*missing) << ")");
    }
    return out;
}

/// A host model of one kernel of sub_groups.dpk: row `k` of a sub-group with values `v`.
template <typename T, typename Out>
using RowModel = std::vector<Out> (*)(const std::vector<T>& v, std::size_t k);

/// Runs `kernel` (x, out[n, columns], ids) over x on every device with `feature` and compares
/// each work item's row with `model` of its sub-group (as the device reports it).
template <typename T, typename Out>
void check_against_model(const char* kernel, const std::string& signature, DeviceFeature feature,
                         std::size_t columns, RowModel<T, Out> model, const std::vector<T>& x) {
    Program p = sub_group_program();
    const std::optional<DeviceFeature> narrow =
        sizeof(T) < 4 ? std::optional(DeviceFeature::SubGroupExtendedTypes) : std::nullopt;
    for (const Device& dev : devices_with(feature, narrow)) {
        CompiledKernel k = p.kernel(kernel).specialize(signature, dev);
        Queue q(dev);
        UsmArray dx = UsmArray::from_host<T>(q, x);
        std::set<std::int64_t> sizes;
        for (std::size_t local : kLocalSizes) {
            INFO("device " << tests::device_label(dev) << ", " << kernel << " " << signature
                           << ", local size " << local);
            const auto rows = static_cast<std::int64_t>(kItems);
            UsmArray out =
                UsmArray::zeros(q, dtype_of<Out>(), {rows, static_cast<std::int64_t>(columns)});
            UsmArray ids = UsmArray::zeros(q, DType::I64, {rows, kIdColumns});
            k.launch(q, Range(kItems), Range(local), {dx, out, ids}).wait();
            const std::vector<Out> got = out.to_vector<Out>();
            SubGroups groups = check_ids(ids.to_vector<std::int64_t>(), kItems, local, sizes);
            std::size_t mismatches = 0;
            for (const auto& group : groups) {
                const auto& members = group.second;
                std::vector<T> v;
                for (std::size_t i : members) v.push_back(x[i]);
                for (std::size_t m = 0; m < members.size(); ++m) {
                    const std::vector<Out> want = model(v, m);
                    for (std::size_t c = 0; c < columns; ++c) {
                        const Out g = got[members[m] * columns + c];
                        if (g == want[c]) continue;
                        if (++mismatches <= 5)
                            CHECK_MESSAGE(false, "item " << members[m] << " column " << c
                                                         << ": got " << +g << ", want " << +want[c]
                                                         << " (sub-group size " << members.size()
                                                         << ", lane " << m << ")");
                    }
                }
            }
            CHECK(mismatches == 0);
        }
        std::string seen;
        for (std::int64_t s : sizes) seen.append(" ").append(std::to_string(s));
        MESSAGE(tests::device_label(dev)
                << ": " << std::string(kernel) << " " << signature << " matches the "
                << "host model; sub-group sizes seen:" << seen);
    }
}

/// collectives(): broadcast, shuffle, the reductions and scans of sub_groups.dpk over `type`.
template <typename T>
void check_collectives(const char* type) {
    const std::string t = type;
    check_against_model<T, T>("collectives", "void(" + t + "[::1], " + t + "[:, ::1], i64[:, ::1])",
                              DeviceFeature::SubGroups, kColumns, expected_row<T>,
                              values<T>(kItems, 11));
}

/// shuffles(): down 1, down 5, up 1, up 3, xor 1, xor 6, down by the lane; a lane outside the
/// sub-group gives the work item's own value.
template <typename T>
std::vector<T> shuffle_row(const std::vector<T>& v, std::size_t k) {
    const std::size_t n = v.size();
    auto down = [&](std::size_t d) { return k + d < n ? v[k + d] : v[k]; };
    auto up = [&](std::size_t d) { return k >= d ? v[k - d] : v[k]; };
    auto bfly = [&](std::size_t m) { return (k ^ m) < n ? v[k ^ m] : v[k]; };
    return {down(1), down(5), up(1), up(3), bfly(1), bfly(6), down(k)};
}

/// bitwise(): reduce and/or/xor, inclusive scans, exclusive scans (identities ~0, 0, 0).
template <typename T>
std::vector<T> bitwise_row(const std::vector<T>& v, std::size_t k) {
    auto fold = [&](std::size_t end, T init, auto op) {
        T acc = init;
        for (std::size_t j = 0; j < end; ++j) acc = static_cast<T>(op(acc, v[j]));
        return acc;
    };
    const auto land = [](T a, T b) { return a & b; };
    const auto lor = [](T a, T b) { return a | b; };
    const auto lxor = [](T a, T b) { return a ^ b; };
    const T ones = static_cast<T>(~T{0});
    const std::size_t n = v.size();
    return {fold(n, ones, land),     fold(n, T{0}, lor),     fold(n, T{0}, lxor),
            fold(k + 1, ones, land), fold(k + 1, T{0}, lor), fold(k + 1, T{0}, lxor),
            fold(k, ones, land),     fold(k, T{0}, lor),     fold(k, T{0}, lxor)};
}

/// Bit patterns for the bitwise collectives: every bit of the type is set somewhere and clear
/// somewhere, and many sub-groups' ands are not 0.
template <typename T>
std::vector<T> bit_values(std::size_t n, unsigned seed) {
    std::mt19937_64 gen(seed);
    std::vector<T> v(n);
    for (auto& x : v) {
        const std::uint64_t r = gen();
        x = static_cast<T>(r | (gen() & gen() & gen()) | (r >> 7));  // dense ones
    }
    return v;
}

}  // namespace

TEST_SUITE("sub_groups") {
    TEST_CASE("sub-groups: sizes and ids partition every work-group") {
        Program p = sub_group_program();
        for (const Device& dev : sub_group_devices()) {
            CompiledKernel k = p.kernel("ids").specialize("void(i64[:, ::1])", dev);
            Queue q(dev);
            for (std::size_t local : {std::size_t{1}, std::size_t{7}, std::size_t{16},
                                      std::size_t{48}, std::size_t{75}, std::size_t{400}}) {
                INFO("device " << tests::device_label(dev) << ", local size " << local);
                UsmArray ids =
                    UsmArray::zeros(q, DType::I64, {static_cast<std::int64_t>(kItems), kIdColumns});
                const std::size_t n = kItems / local * local;
                k.launch(q, Range(n), Range(local), {ids}).wait();
                std::set<std::int64_t> sizes;
                SubGroups groups = check_ids(ids.to_vector<std::int64_t>(), n, local, sizes);
                std::string seen;
                for (std::int64_t s : sizes) seen.append(" ").append(std::to_string(s));
                MESSAGE(tests::device_label(dev)
                        << ": local size " << local << ": " << groups.size() * local / n
                        << " sub-group(s) per work-group, sizes" << seen);
            }
        }
    }

    TEST_CASE("sub-groups: broadcast, shuffle, reductions and scans match the host") {
        check_collectives<std::int32_t>("i32");
        check_collectives<std::int64_t>("i64");
        check_collectives<std::uint32_t>("u32");
        check_collectives<std::uint64_t>("u64");
        check_collectives<float>("f32");
        check_collectives<double>("f64");
    }

    TEST_CASE("sub-groups: 8- and 16-bit collectives match the host (extended types)") {
        check_collectives<std::int8_t>("i8");
        check_collectives<std::uint8_t>("u8");
        check_collectives<std::int16_t>("i16");
        check_collectives<std::uint16_t>("u16");
    }

    TEST_CASE("sub-groups: f16 collectives match the host (fp16 and extended types)") {
        // Integers in [-50, 50) are f16 values, and so is every sum of 64 of them: exact.
        const std::vector<float> x = values<float>(kItems, 13);
        std::vector<std::uint16_t> halves;
        for (float v : x) halves.push_back(Half(v).bits());
        Program p = sub_group_program();
        for (const Device& dev : devices_with(DeviceFeature::SubGroupExtendedTypes)) {
            if (!dev.info().has(DeviceFeature::Fp16) ||
                !dev.info().has(DeviceFeature::SubGroupShuffle)) {
                MESSAGE("SKIPPED on " << tests::device_label(dev) << ": no fp16 or shuffles");
                continue;
            }
            CompiledKernel k = p.kernel("collectives_f16")
                                   .specialize("void(f16[::1], f32[:, ::1], i64[:, ::1])", dev);
            Queue q(dev);
            const auto rows = static_cast<std::int64_t>(kItems);
            UsmArray dx = UsmArray::from_host(q, DType::F16, {rows}, halves.data(),
                                              halves.size() * sizeof(std::uint16_t));
            for (std::size_t local : kLocalSizes) {
                INFO("device " << tests::device_label(dev) << ", f16, local size " << local);
                UsmArray out = UsmArray::zeros(q, DType::F32, {rows, kColumns});
                UsmArray ids = UsmArray::zeros(q, DType::I64, {rows, kIdColumns});
                k.launch(q, Range(kItems), Range(local), {dx, out, ids}).wait();
                std::set<std::int64_t> sizes;
                SubGroups groups = check_ids(ids.to_vector<std::int64_t>(), kItems, local, sizes);
                const std::vector<float> got = out.to_vector<float>();
                std::size_t mismatches = 0;
                for (const auto& group : groups) {
                    const auto& members = group.second;
                    std::vector<float> v;
                    for (std::size_t i : members) v.push_back(x[i]);
                    for (std::size_t m = 0; m < members.size(); ++m) {
                        const std::vector<float> want = expected_row(v, m);
                        for (std::size_t c = 0; c < kColumns; ++c)
                            if (got[members[m] * kColumns + c] != want[c] && ++mismatches <= 5)
                                CHECK_MESSAGE(false, "item " << members[m] << " column " << c
                                                             << ": got "
                                                             << got[members[m] * kColumns + c]
                                                             << ", want " << want[c]);
                    }
                }
                CHECK(mismatches == 0);
            }
            MESSAGE(tests::device_label(dev) << ": f16 collectives match the host");
        }
    }

    TEST_CASE("sub-groups: shuffle_down/up/xor match the host, own value outside the sub-group") {
        auto run = [&]<typename T>(const char* type, T) {
            const std::string t = type;
            check_against_model<T, T>(
                "shuffles", "void(" + t + "[::1], " + t + "[:, ::1], i64[:, ::1])",
                DeviceFeature::SubGroupShuffleRelative, 7, &shuffle_row<T>, values<T>(kItems, 21));
        };
        run("i8", std::int8_t{0});
        run("u16", std::uint16_t{0});
        run("i32", std::int32_t{0});
        run("u64", std::uint64_t{0});
        run("f32", 0.0f);
        run("f64", 0.0);
    }

    TEST_CASE("sub-groups: bitwise reductions and scans match the host") {
        auto run = [&]<typename T>(const char* type, T) {
            const std::string t = type;
            check_against_model<T, T>(
                "bitwise", "void(" + t + "[::1], " + t + "[:, ::1], i64[:, ::1])",
                DeviceFeature::SubGroupBitwise, 9, &bitwise_row<T>, bit_values<T>(kItems, 31));
        };
        run("u8", std::uint8_t{0});
        run("i16", std::int16_t{0});
        run("i32", std::int32_t{0});
        run("u32", std::uint32_t{0});
        run("i64", std::int64_t{0});
        run("u64", std::uint64_t{0});
    }

    TEST_CASE("sub-groups: ballot, any and all match the host") {
        const std::vector<std::int32_t> x = values<std::int32_t>(kItems, 41);
        Program p = sub_group_program();
        for (const Device& dev : devices_with(DeviceFeature::SubGroupBallot)) {
            CompiledKernel k = p.kernel("votes").specialize(
                "void(i32[::1], u64[::1], i32[:, ::1], i64[:, ::1])", dev);
            Queue q(dev);
            UsmArray dx = UsmArray::from_host<std::int32_t>(q, x);
            std::size_t any_true = 0, all_true = 0, partial = 0;
            for (std::size_t local : kLocalSizes) {
                INFO("device " << tests::device_label(dev) << ", local size " << local);
                const auto rows = static_cast<std::int64_t>(kItems);
                UsmArray mask = UsmArray::zeros(q, DType::U64, {rows});
                UsmArray flags = UsmArray::zeros(q, DType::I32, {rows, 3});
                UsmArray ids = UsmArray::zeros(q, DType::I64, {rows, kIdColumns});
                k.launch(q, Range(kItems), Range(local), {dx, mask, flags, ids}).wait();
                std::set<std::int64_t> sizes;
                SubGroups groups = check_ids(ids.to_vector<std::int64_t>(), kItems, local, sizes);
                const auto got_mask = mask.to_vector<std::uint64_t>();
                const auto got_flags = flags.to_vector<std::int32_t>();
                std::size_t wrong = 0;
                for (const auto& group : groups) {
                    const auto& members = group.second;
                    REQUIRE(members.size() <= 64);  // the ballot holds 64 lanes
                    std::uint64_t want = 0;
                    bool any = false, all = true;
                    for (std::size_t m = 0; m < members.size(); ++m) {
                        const std::int32_t v = x[members[m]];
                        if (v > 0) want |= std::uint64_t{1} << m;
                        any = any || v > 40;
                        all = all && v > -45;
                    }
                    any_true += any;
                    all_true += all;
                    partial += members.size() != static_cast<std::size_t>(*sizes.rbegin());
                    for (std::size_t i : members) {
                        const bool ok = got_mask[i] == want && got_flags[i * 3] == int{any} &&
                                        got_flags[i * 3 + 1] == int{all} &&
                                        got_flags[i * 3 + 2] == std::popcount(want);
                        if (!ok && ++wrong <= 5)
                            CHECK_MESSAGE(false, "item " << i << ": ballot " << got_mask[i]
                                                         << " (want " << want << "), any "
                                                         << got_flags[i * 3] << ", all "
                                                         << got_flags[i * 3 + 1] << ", count "
                                                         << got_flags[i * 3 + 2] << " (sub-group "
                                                         << "size " << members.size() << ")");
                    }
                }
                CHECK(wrong == 0);
            }
            // The data makes both answers of any and all happen, and some sub-groups partial.
            CHECK(any_true > 0);
            CHECK(all_true > 0);
            MESSAGE(tests::device_label(dev)
                    << ": ballot/any/all match the host (" << partial << " partial sub-groups)");
        }
    }

    TEST_CASE("sub-groups: sub_group_barrier orders work-group memory within the sub-group") {
        Program p = sub_group_program();
        const std::vector<std::int32_t> x = values<std::int32_t>(kItems, 5);
        for (const Device& dev : sub_group_devices()) {
            CompiledKernel k =
                p.kernel("neighbour")
                    .specialize("void(i32[::1], i32[::1], i64[:, ::1], local i32[:])", dev);
            Queue q(dev);
            UsmArray dx = UsmArray::from_host<std::int32_t>(q, x);
            for (std::size_t local : kLocalSizes) {
                INFO("device " << tests::device_label(dev) << ", local size " << local);
                UsmArray out = UsmArray::zeros(q, DType::I32, {static_cast<std::int64_t>(kItems)});
                UsmArray ids =
                    UsmArray::zeros(q, DType::I64, {static_cast<std::int64_t>(kItems), kIdColumns});
                k.launch(q, Range(kItems), Range(local),
                         {dx, out, ids, LocalMemory{DType::I32, local}})
                    .wait();
                std::set<std::int64_t> sizes;
                SubGroups groups = check_ids(ids.to_vector<std::int64_t>(), kItems, local, sizes);
                const std::vector<std::int32_t> got = out.to_vector<std::int32_t>();
                std::size_t wrong = 0;
                for (const auto& [key, members] : groups)
                    for (std::size_t m = 0; m < members.size(); ++m)
                        wrong += got[members[m]] != x[members[(m + 1) % members.size()]];
                CHECK(wrong == 0);
            }
        }
    }

    TEST_CASE("std.subgroup: work-group sum, min and max through sub-groups") {
        Program p = sub_group_program();
        auto run = [&]<typename T>(const char* type, T) {
            const std::string t = type;
            const std::vector<T> x = values<T>(kItems, 3);
            for (const Device& dev : sub_group_devices()) {
                CompiledKernel k =
                    p.kernel("group_reductions")
                        .specialize("void(" + t + "[::1], " + t + "[:, ::1], local " + t + "[:])",
                                    dev);
                Queue q(dev);
                UsmArray dx = UsmArray::from_host<T>(q, x);
                for (std::size_t local : kLocalSizes) {
                    INFO("device " << tests::device_label(dev) << ", " << t << ", local " << local);
                    UsmArray out =
                        UsmArray::zeros(q, dtype_of<T>(), {static_cast<std::int64_t>(kItems), 3});
                    k.launch(q, Range(kItems), Range(local),
                             {dx, out, LocalMemory{dtype_of<T>(), local}})
                        .wait();
                    const std::vector<T> got = out.to_vector<T>();
                    std::size_t wrong = 0;
                    for (std::size_t g = 0; g < kItems / local; ++g) {
                        const auto first = x.begin() + static_cast<std::ptrdiff_t>(g * local);
                        const auto last = first + static_cast<std::ptrdiff_t>(local);
                        T sum{};
                        for (auto it = first; it != last; ++it) sum += *it;
                        const T lo = *std::min_element(first, last),
                                hi = *std::max_element(first, last);
                        for (std::size_t i = g * local; i < (g + 1) * local; ++i)
                            wrong +=
                                got[i * 3] != sum || got[i * 3 + 1] != lo || got[i * 3 + 2] != hi;
                    }
                    CHECK(wrong == 0);
                }
            }
        };
        run("f32", 0.0f);
        run("f64", 0.0);
        run("i32", std::int32_t{0});
        run("u64", std::uint64_t{0});
    }

    TEST_CASE("sub-groups: a device without them fails at specialize with the builtin and place") {
        Program p = sub_group_program();
        int checked = 0;
        for (const Device& dev : tests::devices_under_test()) {
            if (dev.info().has(DeviceFeature::SubGroups)) continue;
            INFO("device " << tests::device_label(dev));
            // A kernel of the same program without sub-group builtins compiles and runs there.
            CompiledKernel plain = p.kernel("plain").specialize("void(f32[::1])", dev);
            Queue q(dev);
            UsmArray a = UsmArray::zeros(q, DType::F32, {4});
            plain.launch(q, Range(4), {a}).wait();
            CHECK(a.to_vector<float>() == std::vector<float>(4, 1.0f));

            Kernel k = p.kernel("collectives");
            try {
                k.specialize("void(f32[::1], f32[:, ::1], i64[:, ::1])", dev);
                FAIL("no error");
            } catch (const CompileError& e) {
                const std::string what = e.what();
                MESSAGE("the error on " << tests::device_label(dev) << ":\n" << what);
                const std::string device = "device " + dev.filter_string() + " (" + dev.name();
                CHECK(what.find(device) != std::string::npos);
                CHECK(
                    what.find("has no sub-groups (cl_khr_subgroups), needed for sub_group_size") !=
                    std::string::npos);
                // At the first sub-group builtin reached: sub_group_size() in write_ids, line 8.
                CHECK(what.find("sub_groups.dpk:8:17: error: device ") != std::string::npos);
                // One error for the one cause, not one per builtin.
                CHECK(what.find("error:") == what.rfind("error:"));
            }
            CHECK(k.compile_count() == 0);  // nothing was built, nothing can be launched
            CHECK(k.definitions().empty());
            try {
                p.kernel("group_reductions")
                    .specialize("void(f32[::1], f32[:, ::1], local f32[:])", dev);
                FAIL("no error");
            } catch (const CompileError& e) {
                CHECK(std::string(e.what()).find("needed for sub_group_reduce_add") !=
                      std::string::npos);
                CHECK(std::string(e.what()).find("subgroup.dpk:") != std::string::npos);
            }
            ++checked;
        }
        if (checked == 0) MESSAGE("SKIPPED: every device has sub-groups; the error is not checked");
    }

}  // TEST_SUITE
