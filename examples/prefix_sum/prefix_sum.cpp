// Prefix sum of 65536 i32 values: scan each block, scan the block totals, add the offsets.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Program program = dpk::Program::from_file(example::path("prefix_sum.dpk"));
        dpk::Kernel scan_blocks = program.kernel("scan_blocks");
        dpk::Kernel add_offsets = program.kernel("add_offsets");

        const std::size_t local = 256, n = local * local;
        std::vector<std::int32_t> x(n), want(n);
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = static_cast<std::int32_t>(i % 10) - 3;
            want[i] = x[i] + (i ? want[i - 1] : 0);
        }
        auto dx = dpk::UsmArray::from_host<std::int32_t>(q, x);
        auto y = dpk::UsmArray::zeros(q, dpk::DType::I32, {static_cast<std::int64_t>(n)});
        auto sums = dpk::UsmArray::zeros(q, dpk::DType::I32, {static_cast<std::int64_t>(local)});
        auto offsets = dpk::UsmArray::zeros(q, dpk::DType::I32, {static_cast<std::int64_t>(local)});
        auto unused = dpk::UsmArray::zeros(q, dpk::DType::I32, {1});
        const dpk::LocalMemory scratch{dpk::DType::I32, local};

        auto blocks =
            scan_blocks.launch(q, dpk::Range(n), dpk::Range(local), {dx, y, sums, scratch});
        auto totals = scan_blocks.launch(q, dpk::Range(local), dpk::Range(local),
                                         {sums, offsets, unused, scratch}, {blocks});
        add_offsets.launch(q, dpk::Range(n), dpk::Range(local), {y, offsets}, {totals}).wait();

        example::check(y.to_vector<std::int32_t>() == want, "prefix sum of 65536 i32", dev);
    });
}
