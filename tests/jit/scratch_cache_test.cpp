// The algorithms' scratch cache (jit/scratch_cache.h): repeated calls of alternating sizes reuse
// the queue's memory and stay exact, two queues of one device used alternately and from two
// threads (and two threads on one queue) stay exact, the cache goes with the queue's last copy,
// and release_scratch frees it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "dpk/dpk.h"
#include "dpk/runtime/usm_allocation.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
namespace alg = dpk::algorithms;
using dpk::runtime::UsmAllocation;

namespace {

/// Sizes that alternate between small and large, so calls hand each other blocks of other sizes.
const std::vector<std::int64_t> kSizes = {65537, 3, 20001, 1, 65537, 4097, 0, 20001};

std::vector<std::uint32_t> random_u32(std::int64_t n, unsigned seed) {
    std::mt19937 gen(seed);
    std::vector<std::uint32_t> v(static_cast<std::size_t>(n));
    for (auto& x : v) x = gen();
    return v;
}

/// Every sort method the device runs.
std::vector<alg::SortMethod> sort_methods(const runtime::Device& dev) {
    std::vector<alg::SortMethod> m = {alg::SortMethod::Segments, alg::SortMethod::Tiles};
    if (dev.info().has(DeviceFeature::SubGroups) && dev.info().has(DeviceFeature::SubGroupBallot))
        m.push_back(alg::SortMethod::OneSweep);
    return m;
}

/// The inputs and outputs of one round of calls (a sort, a scan, a compaction) of `n` elements,
/// and what they must give.
struct Round {
    Round(const Queue& q, std::int64_t n, unsigned seed)
        : keys_host(random_u32(n, seed)),
          flags_host(keys_host.size()),
          keys(UsmArray::from_host<std::uint32_t>(q, keys_host)),
          original(UsmArray::from_host<std::uint32_t>(q, keys_host)),
          scanned(UsmArray::empty(q, DType::U32, {n})),
          kept(UsmArray::empty(q, DType::U32, {n})),
          count(UsmArray::empty(q, DType::I64, {1})) {
        for (std::size_t i = 0; i < flags_host.size(); ++i) flags_host[i] = keys_host[i] % 3 == 0;
        flags = UsmArray::from_host<std::uint8_t>(q, flags_host);
        sorted_want = keys_host;
        std::sort(sorted_want.begin(), sorted_want.end());
        scanned_want.resize(keys_host.size());
        std::inclusive_scan(keys_host.begin(), keys_host.end(), scanned_want.begin());
        for (std::size_t i = 0; i < keys_host.size(); ++i)
            if (flags_host[i]) kept_want.push_back(keys_host[i]);
    }

    /// Enqueues the round's calls, the first after `deps`; returns the last call's event.
    Event enqueue(const Queue& q, alg::SortMethod method, std::span<const Event> deps = {}) {
        Event restored = keys.copy_from(original, deps);
        Event sorted = alg::sort(q, keys, std::span<const Event>(&restored, 1), method);
        Event scan = alg::inclusive_scan(q, original, scanned, std::span<const Event>(&sorted, 1));
        return alg::copy_if(q, original, flags, kept, count, std::span<const Event>(&scan, 1));
    }

    /// Whether the results are exact (after the round's event).
    bool exact() const {
        const auto c = count.to_vector<std::int64_t>()[0];
        std::vector<std::uint32_t> k = kept.to_vector<std::uint32_t>();
        if (c < 0 || c > static_cast<std::int64_t>(k.size())) return false;
        k.resize(static_cast<std::size_t>(c));
        return keys.to_vector<std::uint32_t>() == sorted_want &&
               scanned.to_vector<std::uint32_t>() == scanned_want && k == kept_want;
    }

    std::vector<std::uint32_t> keys_host;
    std::vector<std::uint8_t> flags_host;
    UsmArray keys, original, scanned, kept, count, flags;
    std::vector<std::uint32_t> sorted_want, scanned_want, kept_want;
};

std::string label(const runtime::Device& dev, alg::SortMethod m, std::int64_t n) {
    const char* method = m == alg::SortMethod::Tiles      ? "tiles"
                         : m == alg::SortMethod::OneSweep ? "one sweep"
                                                          : "segments";
    return dev.filter_string() + " " + method + " n=" + std::to_string(n);
}

}  // namespace

TEST_CASE("repeated calls of alternating sizes reuse the queue's scratch and stay exact") {
    for (const runtime::Device& dev : tests::devices_under_test()) {
        for (alg::SortMethod method : sort_methods(dev)) {
            Queue q(dev);
            std::vector<Round> rounds;
            for (std::size_t i = 0; i < kSizes.size(); ++i)
                rounds.emplace_back(q, kSizes[i], static_cast<unsigned>(i) + 1);
            std::size_t live = 0;
            std::size_t cached = 0;
            for (int repeat = 0; repeat < 3; ++repeat) {
                for (Round& r : rounds) {
                    INFO(label(dev, method, r.keys.size()) << " repeat " << repeat);
                    r.enqueue(q, method).wait();
                    CHECK(r.exact());
                }
                if (repeat == 0) {
                    live = UsmAllocation::live_count();
                    cached = alg::cached_scratch_bytes(q);
                    CHECK(cached > 0);
                } else {
                    // Every call found its scratch in the cache: nothing allocated or freed.
                    INFO(label(dev, method, 0) << " repeat " << repeat);
                    CHECK(UsmAllocation::live_count() == live);
                    CHECK(alg::cached_scratch_bytes(q) == cached);
                }
            }
        }
    }
}

TEST_CASE("calls enqueued back to back on one queue without waiting stay exact") {
    for (const runtime::Device& dev : tests::devices_under_test()) {
        for (alg::SortMethod method : sort_methods(dev)) {
            Queue q(dev);
            std::vector<Round> rounds;
            for (std::size_t i = 0; i < kSizes.size(); ++i)
                rounds.emplace_back(q, kSizes[i], static_cast<unsigned>(i) + 11);
            for (int repeat = 0; repeat < 2; ++repeat) {
                std::vector<Event> last;
                for (Round& r : rounds) last.push_back(r.enqueue(q, method));
                Event::wait_all(last);
                for (const Round& r : rounds) {
                    INFO(label(dev, method, r.keys.size()) << " repeat " << repeat);
                    CHECK(r.exact());
                }
            }
        }
    }
}

TEST_CASE("two queues of one device, used alternately and from two threads, stay exact") {
    for (const runtime::Device& dev : tests::devices_under_test()) {
        const alg::SortMethod method = sort_methods(dev).back();
        Queue a(dev);
        Queue b(dev);
        // Alternately, without waiting: each call's scratch is its own queue's.
        {
            std::vector<Round> on_a, on_b;
            for (std::size_t i = 0; i < kSizes.size(); ++i) {
                on_a.emplace_back(a, kSizes[i], static_cast<unsigned>(i) + 21);
                on_b.emplace_back(b, kSizes[kSizes.size() - 1 - i], static_cast<unsigned>(i) + 31);
            }
            for (int repeat = 0; repeat < 2; ++repeat) {
                std::vector<Event> last;
                for (std::size_t i = 0; i < on_a.size(); ++i) {
                    last.push_back(on_a[i].enqueue(a, method));
                    last.push_back(on_b[i].enqueue(b, method));
                }
                Event::wait_all(last);
                for (std::size_t i = 0; i < on_a.size(); ++i) {
                    INFO(label(dev, method, on_a[i].keys.size()) << " repeat " << repeat);
                    CHECK(on_a[i].exact());
                    CHECK(on_b[i].exact());
                }
            }
            CHECK(alg::cached_scratch_bytes(a) > 0);
            CHECK(alg::cached_scratch_bytes(b) > 0);
        }
        // Two threads at once: one a queue, and both on one queue. Each thread checks its own
        // rounds (doctest's checks stay on the main thread).
        auto work = [&](const Queue& q, unsigned seed, int& bad) {
            std::vector<Round> rounds;
            for (std::size_t i = 0; i < kSizes.size(); ++i)
                rounds.emplace_back(q, kSizes[i], seed + static_cast<unsigned>(i));
            for (int repeat = 0; repeat < 3; ++repeat) {
                std::vector<Event> last;
                for (Round& r : rounds) last.push_back(r.enqueue(q, method));
                Event::wait_all(last);
                for (const Round& r : rounds) bad += r.exact() ? 0 : 1;
            }
        };
        for (const bool one_queue : {false, true}) {
            INFO(dev.filter_string() << (one_queue ? " one queue" : " two queues"));
            int bad_a = 0;
            int bad_b = 0;
            std::thread t([&] { work(a, 41, bad_a); });
            work(one_queue ? a : b, 51, bad_b);
            t.join();
            CHECK(bad_a == 0);
            CHECK(bad_b == 0);
        }
    }
}

TEST_CASE("the scratch cache goes with the queue's last copy; release_scratch frees it") {
    for (const runtime::Device& dev : tests::devices_under_test()) {
        const alg::SortMethod method = sort_methods(dev).back();
        const std::size_t live = UsmAllocation::live_count();
        {
            Queue q(dev);
            {
                Round r(q, 65537, 61);
                r.enqueue(q, method).wait();
                CHECK(r.exact());
            }
            // The round's arrays are gone; the queue's cache keeps the scratch.
            CHECK(alg::cached_scratch_bytes(q) > 0);
            CHECK(UsmAllocation::live_count() > live);
            Queue copy = q;  // copies share the cache
            CHECK(alg::cached_scratch_bytes(copy) == alg::cached_scratch_bytes(q));
        }
        CHECK(UsmAllocation::live_count() == live);  // freed with the queue

        Queue q(dev);
        CHECK(alg::cached_scratch_bytes(q) == 0);
        alg::release_scratch(q);  // nothing cached: nothing to do
        {
            Round r(q, 20001, 71);
            const std::size_t arrays = UsmAllocation::live_count();
            Event e = r.enqueue(q, method);
            e.wait();
            CHECK(r.exact());
            alg::release_scratch(q);
            CHECK(alg::cached_scratch_bytes(q) == 0);
            // The last call's event still owns its scratch; the other calls' memory is freed.
            CHECK(UsmAllocation::live_count() > arrays);
            e = Event();
            CHECK(UsmAllocation::live_count() == arrays);
            // Later calls allocate again and stay exact.
            r.enqueue(q, method).wait();
            CHECK(r.exact());
            CHECK(alg::cached_scratch_bytes(q) > 0);
        }
        alg::release_scratch(q);
        CHECK(UsmAllocation::live_count() == live);
    }
}
