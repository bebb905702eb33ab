// 2-d and 3-d ranges: global, local and group ids, sizes and group counts as each work-item sees
// them, against the host's enumeration of the range.
#include <doctest/doctest.h>

#include <vector>

#include "dpk/runtime/launch.h"
#include "tests/kernels/support/dpk_kernels.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

TEST_SUITE("ranges") {
    TEST_CASE("3-d range: global_id, local_id, group_id, num_groups, sizes") {
        const std::int64_t G[3] = {8, 6, 4}, L[3] = {4, 3, 2};
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "ranges.dpk", "ids3d");
            CHECK(k.image().abi.work_dims_used == 3);
            std::vector<UsmArray> out;
            for (int i = 0; i < 4; ++i)
                out.push_back(UsmArray::zeros(q, DType::I64, {G[0], G[1], G[2]}));
            launch(q, k, Range(8, 6, 4), Range(4, 3, 2), {out[0], out[1], out[2], out[3]}).wait();
            auto gid = out[0].to_vector<std::int64_t>(), lid = out[1].to_vector<std::int64_t>(),
                 grp = out[2].to_vector<std::int64_t>(), sz = out[3].to_vector<std::int64_t>();
            const std::int64_t sizes = 2 * 1000000 + 2 * 10000 + 2 * 100 + 4 * 3 * 2 +
                                       (8 * 6 * 4) * std::int64_t{100000000};
            for (std::int64_t x = 0; x < G[0]; ++x)
                for (std::int64_t y = 0; y < G[1]; ++y)
                    for (std::int64_t z = 0; z < G[2]; ++z) {
                        std::size_t i = static_cast<std::size_t>((x * G[1] + y) * G[2] + z);
                        REQUIRE(gid[i] == x * 10000 + y * 100 + z);
                        REQUIRE(lid[i] == (x % L[0]) * 10000 + (y % L[1]) * 100 + z % L[2]);
                        REQUIRE(grp[i] == (x / L[0]) * 10000 + (y / L[1]) * 100 + z / L[2]);
                        REQUIRE(sz[i] == sizes);
                    }
        }
    }

    TEST_CASE("trailing dimensions of extent 1 beyond the kernel's are accepted") {
        // index2d reads dimensions 0 and 1: (R, C, 1) and (R, C, 1) / (8, 5, 1) run it as (R, C).
        const std::int64_t R = 16, C = 10;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "ranges.dpk", "index2d");
            CHECK(k.image().abi.work_dims_used == 2);
            for (bool with_local : {true, false}) {
                INFO("with local range " << with_local);
                UsmArray out = UsmArray::zeros(q, DType::I64, {R, C});
                UsmArray check = UsmArray::zeros(q, DType::I64, {R, C});
                if (with_local)
                    launch(q, k, Range(R, C, 1), Range(8, 5, 1), {out, check}).wait();
                else
                    launch(q, k, Range(R, C, 1), {out, check}).wait();
                auto o = out.to_vector<std::int64_t>(), c = check.to_vector<std::int64_t>();
                for (std::int64_t i = 0; i < R * C; ++i) {
                    REQUIRE(o[i] == i);
                    REQUIRE(c[i] == (i / C) * 1000 + i % C);
                }
            }
        }
    }

    TEST_CASE("2-d range with and without a local range") {
        const std::int64_t R = 48, C = 20;
        for (const Device& dev : tests::devices_under_test()) {
            INFO("device " << tests::device_label(dev));
            Queue q(dev);
            LoadedKernel k = tests::dpk_kernel(dev, "ranges.dpk", "index2d");
            for (bool with_local : {true, false}) {
                INFO("with local range " << with_local);
                UsmArray out = UsmArray::zeros(q, DType::I64, {R, C});
                UsmArray check = UsmArray::zeros(q, DType::I64, {R, C});
                if (with_local)
                    launch(q, k, Range(R, C), Range(8, 5), {out, check}).wait();
                else
                    launch(q, k, Range(R, C), {out, check}).wait();
                auto o = out.to_vector<std::int64_t>(), c = check.to_vector<std::int64_t>();
                for (std::int64_t i = 0; i < R * C; ++i) {
                    REQUIRE(o[i] == i);
                    REQUIRE(c[i] == (i / C) * 1000 + i % C);
                }
            }
        }
    }
}
