// Every launch misuse ends in a clear exception on the host, before anything is enqueued.
#include <doctest/doctest.h>

#include <string>

#include "dpk/core/error.h"
#include "dpk/runtime/launch.h"
#include "tests/runtime/support/device_loop.h"
#include "tests/runtime/support/message_of.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::contains;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;
using dpk::tests::message_of;

TEST_CASE("range errors are InvalidRangeError with the sizes in the message; nothing runs") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        const DeviceInfo& info = dev.info();
        auto a = UsmArray::zeros(q, DType::F32, {1000});
        auto b = UsmArray::zeros(q, DType::F32, {1000});
        auto c = UsmArray::zeros(q, DType::F32, {1000});
        c.fill(5.0f).wait();

        std::string m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(1000), Range(64), {a, b, c});
        });
        CHECK(contains(m, "(1000) is not a multiple of local range (64)"));
        CHECK(contains(m, "vecadd"));
        CHECK(contains(m, " on " + dev.filter_string() + " ("));  // the device by its filter

        // An empty range runs nothing, as in SYCL: the event it returns is complete.
        Event none = launch(q, k, Range(0), {a, b, c});
        CHECK(none.is_complete());
        none = launch(q, k, Range(64, 0), Range(64, 1), {a, b, c});
        CHECK(none.is_complete());
        m = message_of<InvalidRangeError>([&] { launch(q, k, Range(64), Range(0), {a, b, c}); });
        CHECK(contains(m, "empty"));

        const std::size_t too_big = info.max_work_item_sizes[0] * 2;
        m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(too_big), Range(too_big), {a, b, c});
        });
        CHECK(contains(m, "limit of " + std::to_string(info.max_work_item_sizes[0])));

        m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(64), Range(32, 2), {a, b, c});
        });
        CHECK(contains(m, "dims"));

        // vecadd reads global_id(0) only: a 2-d range with extent 2 in dimension 1 would repeat
        // its work; trailing extents of 1 are accepted (as OpenCL does).
        m = message_of<InvalidRangeError>([&] { launch(q, k, Range(64, 2), {a, b, c}); });
        CHECK(contains(m, "uses 1 work-item dimension(s); dimension 1 of the global range"));
        CHECK(contains(m, "must then have extent 1"));
        m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(64, 1), Range(32, 2), {a, b, c});
        });
        CHECK(contains(m, "dimension 1 of the local range (32, 2) must then have extent 1"));
        // A 3-d kernel over a 2-d range: its z ids would all be 0.
        LoadedKernel k3d(dev, tests::index3d_image());
        auto out3d = UsmArray::zeros(q, DType::I64, {4, 4, 4});
        m = message_of<InvalidRangeError>([&] { launch(q, k3d, Range(4, 4), {out3d}); });
        CHECK(contains(m, "uses 3 work-item dimension(s) but the global range (4, 4) has 2"));

        // A work-group larger than the device allows (each dim within limits, product above).
        LoadedKernel k3(dev, tests::index3d_image());
        auto out3 = UsmArray::zeros(q, DType::I64, {64, 64, 64});
        std::size_t side = 1;
        while (side * side * side <= info.max_work_group_size) side *= 2;
        if (side <= info.max_work_item_sizes[2] && side <= 64) {
            m = message_of<InvalidRangeError>(
                [&] { launch(q, k3, Range(64, 64, 64), Range(side, side, side), {out3}); });
            CHECK((contains(m, "maximum work-group size") || contains(m, "exceeds")));
        } else {
            MESSAGE("SKIPPED work-group product check: device limit " << info.max_work_group_size);
        }
        CHECK(c.to_vector<float>()[0] == 5.0f);  // none of the above ran
    }
}

TEST_CASE("local memory above the device limit is an InvalidRangeError") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::block_sum_image());
        auto x = UsmArray::zeros(q, DType::F32, {64});
        auto out = UsmArray::zeros(q, DType::F32, {1});
        const std::size_t too_many = dev.info().local_mem_size / sizeof(float) + 1;
        std::string m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(64), Range(64), {x, out, LocalMemory{DType::F32, too_many}});
        });
        CHECK(contains(m, "local memory"));
        CHECK(contains(m, std::to_string(dev.info().local_mem_size)));
        CHECK_THROWS_AS(launch(q, k, Range(64), Range(64), {x, out, LocalMemory{DType::F32, 0}}),
                        InvalidArgumentError);
        // 2^62 floats are 2^64 bytes: the count wrapped to 0 bytes before.
        m = message_of<InvalidArgumentError>([&] {
            launch(q, k, Range(64), Range(64),
                   {x, out, LocalMemory{DType::F32, std::size_t{1} << 62}});
        });
        CHECK(contains(m,
                       "parameter 2 'scratch': LocalMemory of 4611686018427387904 f32 "
                       "elements: its size in bytes overflows 64 bits"));
        m = message_of<SignatureMismatchError>([&] {
            launch(q, k, Range(64), Range(64), {x, out, LocalMemory{DType::I32, 64}});
        });
        CHECK(contains(m, "parameter 2 'scratch'"));
    }
}

TEST_CASE("argument errors name the parameter, the expected and the actual type") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::saxpy_image());
        auto x = UsmArray::zeros(q, DType::F32, {16});
        auto y = UsmArray::zeros(q, DType::F32, {16});

        std::string m = message_of<InvalidArgumentError>([&] {
            launch(q, k, Range(16), {2.0f, x});
        });
        CHECK(contains(m, "takes 3 arguments"));

        m = message_of<SignatureMismatchError>([&] { launch(q, k, Range(16), {x, x, y}); });
        CHECK(contains(m, "parameter 0 'alpha'"));
        CHECK(contains(m, "expected a scalar f32"));

        auto x64 = UsmArray::zeros(q, DType::F64, {16});
        m = message_of<SignatureMismatchError>([&] { launch(q, k, Range(16), {2.0f, x64, y}); });
        CHECK(contains(m, "parameter 1 'x'"));
        CHECK(contains(m, "expected f32[::1]"));
        CHECK(contains(m, "usm_ndarray(f64"));

        auto x2 = UsmArray::zeros(q, DType::F32, {4, 4});
        m = message_of<SignatureMismatchError>([&] { launch(q, k, Range(16), {2.0f, x2, y}); });
        CHECK(contains(m, "shape=(4, 4)"));

        auto strided = UsmArray::zeros(q, DType::F32, {32}).slice(0, 0, 32, 2);
        m = message_of<SignatureMismatchError>([&] {
            launch(q, k, Range(16), {2.0f, x, strided});
        });
        CHECK(contains(m, "parameter 2 'y'"));
        CHECK(contains(m, "layout differs"));

        if (dev.info().supports(UsmType::Shared)) {
            auto shared = UsmArray::zeros(q, DType::F32, {16}, UsmType::Shared);
            m = message_of<SignatureMismatchError>([&] {
                launch(q, k, Range(16), {2.0f, shared, y});
            });
            CHECK(contains(m, "usm_type differs (shared vs device)"));
        }
        m = message_of<SignatureMismatchError>([&] {
            launch(q, k, Range(16), {LocalMemory{DType::F32, 4}, x, y});
        });
        CHECK(contains(m, "got local memory"));
        CHECK(y.to_vector<float>()[0] == 0.0f);
    }
}

TEST_CASE("arrays and queues of another device are rejected") {
    auto devices = devices_under_test();
    if (devices.size() < 2) {
        MESSAGE("SKIPPED: needs two SPIR-V devices, found " << devices.size());
        return;
    }
    Queue q0(devices[0]), q1(devices[1]);
    LoadedKernel k(devices[0], tests::vecadd_image());
    auto a = UsmArray::zeros(q0, DType::F32, {8});
    auto other = UsmArray::zeros(q1, DType::F32, {8});
    std::string m = message_of<SignatureMismatchError>([&] {
        launch(q0, k, Range(8), {a, a, other});
    });
    CHECK(contains(m, "parameter 2 'c'"));
    CHECK(contains(m, "lives on " + devices[1].filter_string()));
    m = message_of<InvalidArgumentError>([&] { launch(q1, k, Range(8), {a, a, a}); });
    CHECK(contains(m, "the queue is on " + devices[1].filter_string()));
}

TEST_CASE("a kernel whose signature names a device is loaded on that device only") {
    auto devices = devices_under_test();
    if (devices.empty()) return;
    KernelImage named = tests::vecadd_image();
    named.signature.params[1].device = devices[0].filter_string();
    LoadedKernel k(devices[0], named);  // its own device: loads and runs
    Queue q(devices[0]);
    auto a = UsmArray::from_host<float>(q, std::vector<float>{1, 2, 3, 4});
    auto c = UsmArray::zeros(q, DType::F32, {4});
    launch(q, k, Range(4), {a, a, c}).wait();
    CHECK(c.to_vector<float>() == std::vector<float>{2, 4, 6, 8});
    KernelImage nowhere = tests::vecadd_image();
    nowhere.signature.params[2].device = "level_zero:gpu:7";
    std::string m = message_of<DeviceNotFoundError>([&] { LoadedKernel(devices[0], nowhere); });
    CHECK(contains(m, "no device matches \"level_zero:gpu:7\""));
    if (devices.size() < 2) {
        MESSAGE("SKIPPED (other-device case): needs two SPIR-V devices, found " << devices.size());
        return;
    }
    m = message_of<InvalidArgumentError>([&] { LoadedKernel(devices[1], named); });
    CHECK(contains(m, "kernel 'vecadd': parameter 1 'b' is declared on device \"" +
                          devices[0].filter_string() + "\""));
    CHECK(contains(m, "it cannot be loaded on " + devices[1].filter_string()));
}

TEST_CASE("an array of another ndim than the parameter's: the mismatch says so") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        auto a = UsmArray::zeros(q, DType::F32, {10, 100});
        auto b = UsmArray::zeros(q, DType::F32, {1000});
        auto c = UsmArray::zeros(q, DType::F32, {1000});
        std::string m = message_of<SignatureMismatchError>([&] {
            launch(q, k, Range(1000), {a, b, c});
        });
        CHECK(contains(m, "the array has 2 dimensions, the parameter 1"));
    }
}

TEST_CASE("ranges beyond 64-bit ids and sizes that overflow are refused before the driver") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        auto a = UsmArray::zeros(q, DType::F32, {8});
        // 2^32 x 2^32 wraps to 0 in 64 bits (a driver assertion or crash before); 2^63 has more
        // items than an i64 id numbers (it ran "forever" before).
        std::string m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(4294967296, 4294967296), {a, a, a});
        });
        CHECK(contains(m,
                       "global range (4294967296, 4294967296) has more work items than a "
                       "kernel's 64-bit signed ids can number (at most 9223372036854775807)"));
        m = message_of<InvalidRangeError>([&] {
            launch(q, k, Range(std::size_t{1} << 63), {a, a, a});
        });
        CHECK(contains(m, "global range (9223372036854775808) has more work items"));
        // An array of 2^62 x 4 f32 is 2^66 bytes: refused, not a 0-byte allocation.
        m = message_of<UsmError>([&] {
            UsmArray::zeros(q, DType::F32, {std::int64_t{1} << 62, 4});
        });
        CHECK(contains(m,
                       "array shape (4611686018427387904, 4) of f32: its size in bytes "
                       "overflows 64 bits"));
        m = message_of<UsmError>([&] {
            UsmArray::zeros(q, DType::F32, {0, std::int64_t{1} << 62, std::int64_t{1} << 62});
        });
        CHECK(contains(m, "its strides overflow 64 bits"));
    }
}

TEST_CASE("a launch on a queue that was moved from is an InvalidArgumentError") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        auto a = UsmArray::zeros(q, DType::F32, {8});
        Queue moved_to = std::move(q);
        std::string m = message_of<InvalidArgumentError>([&] {
            launch(q, k, Range(8), {a, a, a});
        });  // NOLINT(bugprone-use-after-move)
        CHECK(contains(m, "kernel 'vecadd': launched on a queue that was moved from"));
        m = message_of<InvalidArgumentError>([&] { q.wait(); });  // NOLINT(bugprone-use-after-move)
        CHECK(contains(m, "wait() on a queue that was moved from"));
        launch(moved_to, k, Range(8), {a, a, a}).wait();  // the queue itself lives on
    }
}
