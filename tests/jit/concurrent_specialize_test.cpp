// Concurrency: N threads specializing one signature compile it once; concurrent lazy launches
// compile one entry; different signatures compile in parallel, once each.
#include <latch>
#include <thread>

#include "tests/seed/seed_support.h"

using namespace dpk;
using dpk::tests::device_label;
using dpk::tests::devices_under_test;
using dpk::tests::identity;

namespace {
constexpr int kThreads = 8;
}

TEST_CASE("N threads specialize one signature: one compile, one definition") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = tests::seed_program();
        Kernel matmul = p.kernel("matmul");
        std::latch start(kThreads);
        std::vector<const void*> seen(kThreads);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                start.arrive_and_wait();
                // Half spell it as a string, half build it in C++: one key.
                CompiledKernel k =
                    t % 2 ? matmul.specialize("void(f32[:, ::1], f32[:, ::1], f32[:, ::1])", dev)
                          : matmul.specialize(Signature(std::vector<ParamType>(
                                                  3, ParamType::array(DType::F32, 2, Layout::C))),
                                              dev);
                seen[t] = identity(k);
            });
        for (auto& th : threads) th.join();
        CHECK(matmul.compile_count() == 1);
        CHECK(matmul.definitions().size() == 1);
        CHECK(p.cache().stats().front_end_compiles == 1);
        CHECK(p.cache().stats().programs.builds == 1);
        for (const void* s : seen) CHECK(s == seen[0]);
    }
}

TEST_CASE("N threads launch an unspecialized kernel with the same types: one lazy compile") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = tests::seed_program();
        Kernel vecadd = p.kernel("vecadd");
        std::latch start(kThreads);
        std::vector<int> ok(kThreads, 0);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                Queue q(dev);
                auto a =
                    UsmArray::from_host<float>(q, tests::iota(64, 1.0f, static_cast<float>(t)));
                auto c = UsmArray::zeros(q, DType::F32, {64});
                start.arrive_and_wait();
                vecadd.launch(q, Range(64), {a, a, c}).wait();
                ok[t] = c.to_vector<float>()[5] == 2.0f * (5.0f + static_cast<float>(t));
            });
        for (auto& th : threads) th.join();
        for (int v : ok) CHECK(v == 1);
        CHECK(vecadd.compile_count() == 1);
        CHECK(vecadd.definitions().size() == 1);
        CHECK(vecadd.launch_count() == kThreads);
    }
}

TEST_CASE("different signatures from several threads: each compiled once") {
    for (const Device& dev : devices_under_test()) {
        INFO("device " << device_label(dev));
        Program p = tests::seed_program();
        Kernel vecadd = p.kernel("vecadd");
        const std::vector<DType> types{DType::F32, DType::F64, DType::I32, DType::I64};
        std::latch start(kThreads);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                auto a = ParamType::array(types[static_cast<std::size_t>(t) % types.size()], 1);
                start.arrive_and_wait();
                vecadd.specialize(Signature({a, a, a}), dev);
            });
        for (auto& th : threads) th.join();
        CHECK(vecadd.compile_count() == types.size());
        CHECK(vecadd.definitions().size() == types.size());
        CHECK(p.cache().stats().front_end_compiles == types.size());
    }
}
