// Level Zero: discovery either lists devices (then vecadd must run) or says cleanly why not.
// No Level Zero driver exists on the development machine: the run path is untested there.
#include <doctest/doctest.h>

#include "dpk/runtime/launch.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

TEST_CASE("Level Zero reports its devices or why there are none") {
    std::vector<Device> ze = select_devices("level_zero");
    if (ze.empty()) {
        bool explained = false;
        for (const BackendProblem& p : backend_problems())
            if (p.backend == "level_zero") {
                explained = true;
                CHECK(p.problem.find("no Level Zero driver found") != std::string::npos);
                MESSAGE("SKIPPED Level Zero launches: " << p.problem);
            }
        CHECK(explained);
        return;
    }
    for (const Device& dev : ze) {
        INFO(tests::device_label(dev));
        Queue q(dev);
        LoadedKernel k(dev, tests::vecadd_image());
        CHECK(k.ingest() == SpirvIngest::IL);
        std::vector<float> a(256, 1.0f);
        auto da = UsmArray::from_host<float>(q, a);
        auto dc = UsmArray::zeros(q, DType::F32, {256});
        Event e = launch(q, k, Range(256), Range(64), {da, da, dc});
        e.wait();
        CHECK(dc.to_vector<float>() == std::vector<float>(256, 2.0f));
        CHECK(e.duration_ns() > 0);
    }
}
