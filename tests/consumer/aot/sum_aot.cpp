// A program on dpk's runtime alone: its kernels were compiled when it was built
// (dpk_add_kernels) and are part of the binary; no compiler, no .dpk file at run time.
#include <cstdio>
#include <string>
#include <vector>

#include <dpk/runtime/kernel_bundle.h>
#include "sum_aot_kernels.h"

int main() {
    using namespace dpk::runtime;
    Device dev = default_device();
    Queue q(dev);
    auto block_sums = dpk_kernels::sum_aot_kernels().load("block_sums", dev);

    const std::size_t groups = 8, local = 64;
    std::vector<float> x(groups * local);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % local);
    auto dx = UsmArray::from_host<float>(q, x);
    auto sums = UsmArray::zeros(q, dpk::DType::F32, {groups});
    block_sums->launch(q, Range(groups * local), Range(local),
                       {dx, sums, LocalMemory{dpk::DType::F32, local}}).wait();

    // The runtime's errors come with dpk/runtime/kernel_bundle.h: a launch whose arguments do not
    // match the signature is a SignatureMismatchError, a dpk::error, naming the parameter.
    try {
        auto wrong = UsmArray::zeros(q, dpk::DType::F64, {groups * local});
        block_sums->launch(q, Range(groups * local), Range(local),
                           {wrong, sums, LocalMemory{dpk::DType::F32, local}});
        std::printf("sum_aot: FAIL: an f64 array was accepted for f32[::1]\n");
        return 1;
    } catch (const dpk::SignatureMismatchError& e) {
        const dpk::error& base = e;
        if (std::string(base.what()).find("f32[::1]") == std::string::npos) {
            std::printf("sum_aot: FAIL: the mismatch does not name the type: %s\n", e.what());
            return 1;
        }
    }

    const std::vector<float> got = sums.to_vector<float>();
    const float want = local * (local - 1) / 2.0f;  // 0 + 1 + ... + 63 = 2016
    for (std::size_t g = 0; g < groups; ++g) {
        if (got[g] != want) {
            std::printf("sum_aot: FAIL: sums[%zu] = %g, want %g\n", g, got[g], want);
            return 1;
        }
    }
    std::printf("sum_aot: %zu group sums of %g on %s: OK\n", groups, want,
                dev.filter_string().c_str());
    return 0;
}
