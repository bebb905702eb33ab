// The example of docs/algorithms.md: a scan, a sum, a compaction, a histogram and a stable sort,
// chained by events, with one wait at the end.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "dpk/dpk.h"

int main() {
    namespace alg = dpk::algorithms;
    dpk::Queue q(dpk::default_device());

    std::vector<std::int32_t> host = {5, -3, 8, 0, 7, -1, 8, 2};
    auto x = dpk::UsmArray::from_host<std::int32_t>(q, host);
    auto prefix = dpk::UsmArray::empty(q, dpk::DType::I32, {8});
    auto total = dpk::UsmArray::empty(q, dpk::DType::I32, {1});
    auto flags = dpk::UsmArray::from_host<std::uint8_t>(
        q, std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0, 1, 1});
    auto kept = dpk::UsmArray::empty(q, dpk::DType::I32, {8});
    auto count = dpk::UsmArray::empty(q, dpk::DType::I64, {1});
    auto bins = dpk::UsmArray::empty(q, dpk::DType::U32, {4});  // values 5, 6, 7, 8
    auto keys = dpk::UsmArray::from_host<float>(
        q, std::vector<float>{2.5f, -0.0f, 1.0f, 0.0f, -7.0f, 1.0f});
    auto order =
        dpk::UsmArray::from_host<std::uint32_t>(q, std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5});

    // Each call enqueues its kernels and returns at once; events order them.
    dpk::Event scanned = alg::inclusive_scan(q, x, prefix);
    std::vector<dpk::Event> after_scan{scanned};
    dpk::Event largest = alg::reduce(q, prefix, total, alg::ReduceOp::Max, after_scan);
    dpk::Event compacted = alg::copy_if(q, x, flags, kept, count);
    dpk::Event counted = alg::histogram(q, x, bins, 5);
    dpk::Event sorted = alg::sort_by_key(q, keys, order);
    dpk::Event::wait_all(std::vector<dpk::Event>{largest, compacted, counted, sorted});

    auto p = prefix.to_vector<std::int32_t>();
    std::printf("prefix:");
    for (auto v : p) std::printf(" %d", v);
    std::printf("\nlargest prefix: %d\n", total.to_vector<std::int32_t>()[0]);
    const auto n = count.to_vector<std::int64_t>()[0];
    auto k = kept.to_vector<std::int32_t>();
    std::printf("kept %lld:", static_cast<long long>(n));
    for (std::int64_t i = 0; i < n; ++i) std::printf(" %d", k[static_cast<std::size_t>(i)]);
    auto b = bins.to_vector<std::uint32_t>();
    std::printf("\nhistogram of 5..8: %u %u %u %u\n", b[0], b[1], b[2], b[3]);
    auto sk = keys.to_vector<float>();
    auto so = order.to_vector<std::uint32_t>();
    std::printf("sorted:");
    for (std::size_t i = 0; i < sk.size(); ++i) std::printf(" %g(%u)", sk[i], so[i]);
    std::printf("\n");
    return 0;
}
