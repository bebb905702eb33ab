// dpk built as part of this project (add_subdirectory), a kernel compiled at build time.
#include <dpk/core/version.h>
#include <dpk/runtime/kernel_bundle.h>

#include <cstdio>
#include <vector>

#include "saxpy_subdirectory_kernels.h"

int main() {
    using namespace dpk::runtime;
    Device dev = default_device();
    Queue q(dev);
    auto saxpy = dpk_kernels::saxpy_subdirectory_kernels().load("saxpy", dev);
    const std::size_t n = 100;
    std::vector<float> x(n, 3.0f), y(n, 1.0f);
    auto dx = UsmArray::from_host<float>(q, x);
    auto dy = UsmArray::from_host<float>(q, y);
    saxpy->launch(q, Range(128), {KernelArg(2.0f), dx, dy}).wait();
    const std::vector<float> out = dy.to_vector<float>();
    for (float v : out) {
        if (v != 7.0f) {
            std::printf("saxpy_subdirectory: FAIL: %g, want 7\n", v);
            return 1;
        }
    }
    std::printf("saxpy_subdirectory: dpk %s: 100 x 7: OK\n", std::string(dpk::version()).c_str());
    return 0;
}
