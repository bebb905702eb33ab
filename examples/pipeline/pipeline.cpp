// An asynchronous pipeline of dependent launches on two queues of one device:
//   queue 1:  a = iota(1)  ->  a = a * a  ---+
//   queue 2:  b = iota(3)  ------------------+-->  out = a + b   (on queue 1, after both)
// Every launch returns at once with its event; the host waits only for the last one.
#include <chrono>

#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q1(dev), q2(dev);
        dpk::Program program = dpk::Program::from_file(example::path("pipeline.dpk"));
        dpk::Kernel iota = program.kernel("iota"), square = program.kernel("square"),
                    add = program.kernel("add");
        const std::int64_t n = 1 << 20;
        auto a = dpk::UsmArray::empty(q1, dpk::DType::F64, {n});
        auto b = dpk::UsmArray::empty(q2, dpk::DType::F64, {n});
        auto out = dpk::UsmArray::empty(q1, dpk::DType::F64, {n});
        // First launches compile (lazily); the timed ones below reuse those definitions.
        iota.launch(q1, dpk::Range(n), {a, 1.0});
        square.launch(q1, dpk::Range(n), {a});
        add.launch(q1, dpk::Range(n), {a, a, out});
        q1.wait();

        const auto start = std::chrono::steady_clock::now();
        dpk::Event filled_a = iota.launch(q1, dpk::Range(n), {a, 1.0});
        dpk::Event squared = square.launch(q1, dpk::Range(n), {a}, {filled_a});
        dpk::Event filled_b = iota.launch(q2, dpk::Range(n), {b, 3.0});
        dpk::Event done = add.launch(q1, dpk::Range(n), {a, b, out}, {squared, filled_b});
        const auto enqueued = std::chrono::steady_clock::now();
        done.wait();
        const auto finished = std::chrono::steady_clock::now();
        auto us = [](auto d) { return std::chrono::duration<double, std::micro>(d).count(); };
        std::printf("4 launches enqueued in %.0f us, all done after %.0f us\n",
                    us(enqueued - start), us(finished - start));

        std::vector<double> want(n);
        for (std::int64_t i = 0; i < n; ++i) want[i] = double(i) * double(i) + 3.0 * double(i);
        example::check(out.to_vector<double>() == want, "pipeline of 4 dependent launches", dev);
    });
}
