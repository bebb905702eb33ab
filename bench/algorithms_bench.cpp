// Device-wide algorithms (dpk/jit/algorithms.h) on one device next to their anchor, measured in the
// same run: on a CPU device the C++ standard library on the host (std::reduce, std::inclusive_scan,
// std::exclusive_scan, std::copy_if, a counting loop, std::sort, std::stable_sort of pairs) —
// with std::execution::par where the toolchain has a parallel backend (TBB for GCC), else
// sequential, and the line says which. On other devices the anchors are CUB through CuPy and
// torch, timed by bench/algorithms_peers.py on the same sizes in the same units.
//
// dpk's time is the host's wall clock from the call to the end of the wait for its event (the
// algorithms run several kernels; scratch allocation included), the median of RUNS after one
// warm-up call that compiles the kernels. Throughput: bytes read + written once per element
// (GB/s) for reduce, scans, copy_if and histogram; keys per second (Gkeys/s) for the sorts.
//
// usage: bench_algorithms [RUNS] [N] [N_SORT]   (defaults: 10 runs; on a CPU 2^24 and 2^22, on a
//        GPU 2^28 and 2^26, the sizes of issue 29's peer figures). The device: $DPK_DEVICE or
//        the default one.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#if DPK_BENCH_PARALLEL_STD
#include <execution>
#define DPK_STD_POLICY std::execution::par,
constexpr const char* kStdKind = "std::execution::par";
#else
#define DPK_STD_POLICY
constexpr const char* kStdKind = "sequential std:: (no parallel backend in this toolchain)";
#endif

#include "bench/support/bench_support.h"
#include "dpk/dpk.h"

namespace {

namespace alg = dpk::algorithms;
using dpk::DType;
using dpk::UsmArray;

double seconds_of(const std::function<void()>& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// The median time of `runs` calls of `f` after one warm-up call; `prepare` (untimed) before
/// each.
double median_time(
    int runs, const std::function<void()>& f, const std::function<void()>& prepare = [] {}) {
    prepare();
    f();
    std::vector<double> t;
    for (int r = 0; r < runs; ++r) {
        prepare();
        t.push_back(seconds_of(f));
    }
    return dpk::bench::median(t);
}

struct Row {
    const char* algorithm;
    const char* dtype;
    std::int64_t n;
    double bytes_or_keys;  // per run
    bool keys;             // Gkeys/s instead of GB/s
};

void print_row(const Row& row, double dpk_s, double anchor_s) {
    const double scale = row.keys ? 1e9 : 1e9;
    const char* unit = row.keys ? "Gkeys/s" : "GB/s";
    std::printf("%-16s %-4s n=%-10lld dpk %10.1f us %8.3f %-7s", row.algorithm, row.dtype,
                static_cast<long long>(row.n), dpk_s * 1e6, row.bytes_or_keys / dpk_s / scale,
                unit);
    if (anchor_s > 0)
        std::printf(" | std %10.1f us %8.3f %-7s | dpk/std throughput %.2f", anchor_s * 1e6,
                    row.bytes_or_keys / anchor_s / scale, unit, anchor_s / dpk_s);
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    try {
        dpk::Device dev = dpk::default_device();
        const bool cpu = dev.info().kind == dpk::DeviceKind::Cpu;
        const int runs = argc > 1 ? std::atoi(argv[1]) : 10;
        const std::int64_t n = argc > 2 ? std::atoll(argv[2]) : (cpu ? 1 << 24 : 1 << 28);
        const std::int64_t n_sort = argc > 3 ? std::atoll(argv[3]) : (cpu ? 1 << 22 : 1 << 26);
        dpk::Queue q(dev);
        std::printf("device %s (%s); %d runs, medians; anchor: %s\n", dev.filter_string().c_str(),
                    dev.name().c_str(), runs,
                    cpu ? kStdKind : "none here: run bench/algorithms_peers.py (CuPy / torch)");

        std::mt19937 gen(1);
        std::vector<float> hf(static_cast<std::size_t>(n));
        for (auto& x : hf) x = static_cast<float>(gen() % 16) - 8.0f;
        std::vector<std::uint8_t> hflags(hf.size());
        for (auto& f : hflags) f = static_cast<std::uint8_t>(gen() & 1);
        std::vector<std::uint32_t> hbytes(hf.size());
        for (auto& b : hbytes) b = gen() & 255u;
        std::vector<std::uint32_t> hkeys(static_cast<std::size_t>(n_sort));
        for (auto& k : hkeys) k = static_cast<std::uint32_t>(gen());

        UsmArray x = UsmArray::from_host<float>(q, hf);
        UsmArray y = UsmArray::empty(q, DType::F32, {n});
        UsmArray one = UsmArray::empty(q, DType::F32, {1});
        UsmArray flags = UsmArray::from_host<std::uint8_t>(q, hflags);
        UsmArray count = UsmArray::empty(q, DType::I64, {1});
        UsmArray bytes = UsmArray::from_host<std::uint32_t>(q, hbytes);
        UsmArray bins = UsmArray::empty(q, DType::U32, {256});
        const double fb = 4.0 * static_cast<double>(n);
        std::vector<float> out(hf.size());

        auto anchor = [&](const std::function<void()>& f) {
            return cpu ? median_time(runs, f) : 0.0;
        };

        print_row({"reduce sum", "f32", n, fb, false},
                  median_time(runs, [&] { alg::reduce(q, x, one, alg::ReduceOp::Sum).wait(); }),
                  anchor([&] {
                      volatile float s = std::reduce(DPK_STD_POLICY hf.begin(), hf.end(), 0.0f);
                      (void)s;
                  }));
        print_row({"reduce max", "f32", n, fb, false},
                  median_time(runs, [&] { alg::reduce(q, x, one, alg::ReduceOp::Max).wait(); }),
                  anchor([&] {
                      volatile float s = *std::max_element(DPK_STD_POLICY hf.begin(), hf.end());
                      (void)s;
                  }));
        print_row({"inclusive_scan", "f32", n, 2 * fb, false},
                  median_time(runs, [&] { alg::inclusive_scan(q, x, y).wait(); }), anchor([&] {
                      std::inclusive_scan(DPK_STD_POLICY hf.begin(), hf.end(), out.begin());
                  }));
        print_row({"exclusive_scan", "f32", n, 2 * fb, false},
                  median_time(runs, [&] { alg::exclusive_scan(q, x, y).wait(); }), anchor([&] {
                      std::exclusive_scan(DPK_STD_POLICY hf.begin(), hf.end(), out.begin(), 0.0f);
                  }));
        // The other scan method: f32 sums with separate flags, i32 sums and copy_if's counts
        // with flag and sum packed in one word.
        const bool lookback = !cpu && dev.info().has(dpk::DeviceFeature::SubGroups) &&
                              dev.info().has(dpk::DeviceFeature::SubGroupBallot);
        if (lookback) {
            print_row(
                {"scan (look-back)", "f32", n, 2 * fb, false},
                median_time(
                    runs,
                    [&] { alg::inclusive_scan(q, x, y, {}, alg::ScanMethod::LookBack).wait(); }),
                anchor([&] {}));
            std::vector<std::int32_t> hi(hf.begin(), hf.end());
            UsmArray xi = UsmArray::from_host<std::int32_t>(q, hi);
            UsmArray yi = UsmArray::empty(q, DType::I32, {n});
            print_row({"inclusive_scan", "i32", n, 2 * fb, false},
                      median_time(runs, [&] { alg::inclusive_scan(q, xi, yi).wait(); }),
                      anchor([&] {}));
            print_row(
                {"scan (look-back)", "i32", n, 2 * fb, false},
                median_time(
                    runs,
                    [&] { alg::inclusive_scan(q, xi, yi, {}, alg::ScanMethod::LookBack).wait(); }),
                anchor([&] {}));
        }
        // Reads values and flags, writes about half: counted as 4 + 1 + 2 bytes per element.
        print_row({"copy_if (1/2)", "f32", n, 7.0 * static_cast<double>(n), false},
                  median_time(runs, [&] { alg::copy_if(q, x, flags, y, count).wait(); }),
                  anchor([&] {
                      std::size_t k = 0;
                      for (std::size_t i = 0; i < hf.size(); ++i)
                          if (hflags[i]) out[k++] = hf[i];
                  }));
        if (lookback)
            print_row(
                {"copy_if lookback", "f32", n, 7.0 * static_cast<double>(n), false},
                median_time(
                    runs,
                    [&] {
                        alg::copy_if(q, x, flags, y, count, {}, alg::ScanMethod::LookBack).wait();
                    }),
                anchor([&] {}));
        print_row({"histogram 256", "u32", n, fb, false},
                  median_time(runs, [&] { alg::histogram(q, bytes, bins, 0).wait(); }), anchor([&] {
                      std::vector<std::uint32_t> h(256, 0);
                      for (std::uint32_t b : hbytes) ++h[b];
                  }));

        UsmArray keys = UsmArray::from_host<std::uint32_t>(q, hkeys);
        UsmArray vals = UsmArray::empty(q, DType::U32, {n_sort});
        std::vector<std::uint32_t> sorted(hkeys.size());
        std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(hkeys.size());
        const auto keys_n = static_cast<double>(n_sort);
        // Each run sorts the same random keys, restored (untimed) from a device copy.
        UsmArray original = UsmArray::from_host<std::uint32_t>(q, hkeys);
        auto restore = [&] { keys.copy_from(original).wait(); };
        // SortMethod::OneSweep where the device has what it needs (sub-groups with ballots;
        // the library checks the rest and says why not).
        std::vector<alg::SortMethod> methods = {alg::SortMethod::Segments, alg::SortMethod::Tiles};
        if (dev.info().has(dpk::DeviceFeature::SubGroups) &&
            dev.info().has(dpk::DeviceFeature::SubGroupBallot))
            methods.push_back(alg::SortMethod::OneSweep);
        // What SortMethod::Auto picks on this device.
        const alg::SortMethod automatic =
            cpu ? alg::SortMethod::Segments
                : (methods.size() > 2 ? alg::SortMethod::OneSweep : alg::SortMethod::Tiles);
        // After a method's timed runs: the keys ascending, with the same sum and xor as the
        // input (a cheap check that nothing was lost or duplicated; the tests compare exactly).
        std::uint64_t key_sum = 0;
        std::uint32_t key_xor = 0;
        for (std::uint32_t k : hkeys) key_sum += k, key_xor ^= k;
        auto check_sorted = [&](const std::string& what) {
            const std::vector<std::uint32_t> got = keys.to_vector<std::uint32_t>();
            std::uint64_t sum = 0;
            std::uint32_t x = 0;
            for (std::uint32_t k : got) sum += k, x ^= k;
            if (!std::is_sorted(got.begin(), got.end()) || sum != key_sum || x != key_xor)
                std::printf("%s: WRONG RESULT (not the input's keys in order)\n", what.c_str());
        };
        for (alg::SortMethod method : methods) {
            const bool chosen = method == automatic;
            const std::string name = method == alg::SortMethod::Tiles      ? "tiles"
                                     : method == alg::SortMethod::OneSweep ? "onesweep"
                                                                           : "segments";
            const std::string sort_label = "sort " + name + (chosen ? "*" : "");
            const std::string pairs_label = "by_key " + name + (chosen ? "*" : "");
            const double t_sort = median_time(
                runs, [&] { alg::sort(q, keys, {}, method).wait(); }, restore);
            check_sorted(sort_label);
            const double t_pairs = median_time(
                runs, [&] { alg::sort_by_key(q, keys, vals, {}, method).wait(); }, restore);
            check_sorted(pairs_label);
            print_row({sort_label.c_str(), "u32", n_sort, keys_n, true}, t_sort, anchor([&] {
                          sorted = hkeys;
                          std::sort(DPK_STD_POLICY sorted.begin(), sorted.end());
                      }));
            print_row({pairs_label.c_str(), "u32", n_sort, keys_n, true}, t_pairs, anchor([&] {
                          for (std::size_t i = 0; i < hkeys.size(); ++i)
                              pairs[i] = {hkeys[i], static_cast<std::uint32_t>(i)};
                          std::stable_sort(
                              DPK_STD_POLICY pairs.begin(), pairs.end(),
                              [](const auto& a, const auto& b) { return a.first < b.first; });
                      }));
        }
        std::printf("(* the method SortMethod::Auto takes on this device)\n");
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_algorithms: %s\n", e.what());
        return 1;
    }
}
