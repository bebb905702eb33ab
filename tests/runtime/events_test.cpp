// Queues and events: asynchronous launches, dependencies, wait, profiling.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>

#include "dpk/core/error.h"
#include "dpk/runtime/launch.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;

TEST_CASE("launches return events; dependencies order work across queues") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q1(dev), q2(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        const std::int64_t n = 1 << 20;
        auto a = UsmArray::empty(q1, DType::F32, {n});
        auto b = UsmArray::empty(q1, DType::F32, {n});
        auto c = UsmArray::empty(q1, DType::F32, {n});
        auto d = UsmArray::empty(q1, DType::F32, {n});
        Event fa = a.fill(1.0f);
        Event fb = b.fill(2.0f);
        Event e1 = launch(q1, k, Range(static_cast<std::size_t>(n)), {a, b, c}, {fa, fb});  // c = 3
        // On another queue: must wait for e1 to read c.
        Event e2 = launch(q2, k, Range(static_cast<std::size_t>(n)), {c, b, d}, {e1});  // d = 5
        Event e3 = launch(q2, k, Range(static_cast<std::size_t>(n)), {d, d, c}, {e2});  // c = 10
        e3.wait();
        CHECK(e1.is_complete());
        CHECK(e2.is_complete());
        auto vc = c.to_vector<float>();
        auto vd = d.to_vector<float>();
        CHECK(vd.front() == 5.0f);
        CHECK(vd.back() == 5.0f);
        CHECK(vc.front() == 10.0f);
        CHECK(vc[static_cast<std::size_t>(n / 2)] == 10.0f);
    }
}

TEST_CASE("in-order queue: consecutive launches see each other's results without explicit deps") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::saxpy_image());
        auto x = UsmArray::zeros(q, DType::F32, {4096});
        auto y = UsmArray::zeros(q, DType::F32, {4096});
        x.fill(1.0f);  // not waited for: ordered by the queue
        std::vector<Event> events;
        for (int i = 0; i < 10; ++i) events.push_back(launch(q, k, Range(4096), {1.0f, x, y}));
        Event::wait_all(events);
        CHECK(y.to_vector<float>()[4095] == 10.0f);
    }
}

TEST_CASE("launch does not wait for the kernel") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::saxpy_image());
        const std::int64_t n = 1 << 22;
        auto x = UsmArray::zeros(q, DType::F32, {n});
        auto y = UsmArray::zeros(q, DType::F32, {n});
        x.fill(1.0f).wait();
        launch(q, k, Range(static_cast<std::size_t>(n)), {1.0f, x, y})
            .wait();  // warm-up (lazy builds)
        const int launches = 20;
        auto t0 = std::chrono::steady_clock::now();
        std::vector<Event> events;
        for (int i = 0; i < launches; ++i)
            events.push_back(launch(q, k, Range(static_cast<std::size_t>(n)), {1.0f, x, y}));
        auto submitted = std::chrono::steady_clock::now();
        Event::wait_all(events);
        auto done = std::chrono::steady_clock::now();
        std::uint64_t device_ns = 0;
        for (const Event& e : events) device_ns += e.duration_ns();
        auto submit_ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(submitted - t0).count();
        auto total_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(done - t0).count();
        MESSAGE(device_label(dev) << ": " << launches << " launches submitted in "
                                  << submit_ns / 1000 << " us; all done after " << total_ns / 1000
                                  << " us; device time " << device_ns / 1000 << " us");
        CHECK(submit_ns < total_ns);
        CHECK(y.to_vector<float>()[0] == 21.0f);
    }
}

TEST_CASE("profiling: device-side kernel time, and a clear error without profiling") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        CHECK(q.profiling());
        LoadedKernel k(dev, tests::vecadd_image());
        auto a = UsmArray::zeros(q, DType::F32, {1 << 16});
        Event e = launch(q, k, Range(1 << 16), {a, a, a});
        ProfilingTimes t = e.profiling();
        CHECK(t.queued <= t.submit);
        CHECK(t.start <= t.end);
        CHECK(e.duration_ns() == t.end - t.start);
        CHECK(e.duration_ns() > 0);

        Queue plain(dev, QueueOptions{false});
        CHECK_FALSE(plain.profiling());
        Event e2 = launch(plain, k, Range(1 << 16), {a, a, a});
        e2.wait();
        CHECK_THROWS_WITH_AS(e2.profiling(), doctest::Contains("profiling enabled"), BackendError);
        CHECK(Event().is_complete());
        Event().wait();
    }
}

TEST_CASE("events of another device's queue are waited for on the host") {
    auto devices = devices_under_test();
    if (devices.size() < 2) {
        MESSAGE("SKIPPED: needs two SPIR-V devices, found " << devices.size());
        return;
    }
    Queue q0(devices[0]), q1(devices[1]);
    LoadedKernel k0(devices[0], tests::vecadd_image());
    LoadedKernel k1(devices[1], tests::vecadd_image());
    auto a0 = UsmArray::zeros(q0, DType::F32, {1024});
    auto a1 = UsmArray::zeros(q1, DType::F32, {1024});
    a0.fill(1.0f).wait();
    Event e0 = launch(q0, k0, Range(1024), {a0, a0, a0});  // 2
    a1.fill(3.0f).wait();
    Event e1 = launch(q1, k1, Range(1024), {a1, a1, a1}, {e0});  // cross-context dependency
    e1.wait();
    CHECK(e0.is_complete());
    CHECK(a0.to_vector<float>()[7] == 2.0f);
    CHECK(a1.to_vector<float>()[7] == 6.0f);
}

TEST_CASE("Event::keeping owns its resources until the last copy of the event goes") {
    auto resource = std::make_shared<int>(7);
    std::weak_ptr<int> watch = resource;
    {
        Event e = Event().keeping(std::move(resource));
        Event copy = e;
        e = Event();
        CHECK_FALSE(watch.expired());  // the copy still holds it
        copy.wait();                   // an empty event is complete; waiting changes nothing
        CHECK_FALSE(watch.expired());
    }
    CHECK(watch.expired());
}

TEST_CASE("an event keeps every resource it was given until its last copy goes") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Queue q(dev);
        UsmArray a = UsmArray::zeros(q, DType::F32, {16});
        auto first = std::make_shared<int>(1);
        auto second = std::make_shared<int>(2);
        std::weak_ptr<int> first_seen = first, second_seen = second;
        Event e = a.fill(3.0f).keeping(std::move(first)).keeping(std::move(second));
        Event copy = e.keeping(nullptr);  // nothing more to keep: the same event
        e = Event();
        CHECK(!first_seen.expired());
        CHECK(!second_seen.expired());
        copy.wait();
        CHECK(!first_seen.expired());  // waiting does not let go; the last copy does
        copy = Event();
        CHECK(first_seen.expired());
        CHECK(second_seen.expired());
        CHECK(a.to_vector<float>() == std::vector<float>(16, 3.0f));
    }
}
