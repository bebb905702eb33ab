// The complete example of docs/kernels.md, built and run as a test so it stays true.
#include <cstdio>
#include <vector>

#include "dpk/dpk.h"

static const char* kSource = R"(
kernel saxpy(alpha: f32, x: f32[::1], y: f32[::1]) {
    let i = global_id(0);
    if i < x.shape[0] {
        y[i] = alpha * x[i] + y[i];
    }
}
)";

int main() {
    dpk::Device dev = dpk::default_device();  // or dpk::select_device("opencl:cpu:0")
    dpk::Queue q(dev);
    dpk::Program program = dpk::Program::from_string("saxpy.dpk", kSource);
    dpk::Kernel saxpy = program.kernel("saxpy");

    // Eager: parse, types, SPIR-V and the driver build happen here, for this device.
    dpk::CompiledKernel k = saxpy.specialize("void(f32, f32[::1], f32[::1])", dev);
    const auto& a = k.attributes();  // readable before any launch
    std::printf(
        "%s on %s: max work-group %llu, preferred multiple %llu, local %llu B, "
        "private %llu B\n",
        k.signature().pretty().c_str(), dev.filter_string().c_str(),
        static_cast<unsigned long long>(a.max_work_group_size),
        static_cast<unsigned long long>(a.preferred_work_group_size_multiple),
        static_cast<unsigned long long>(a.local_mem_size),
        static_cast<unsigned long long>(a.private_mem_size));

    // Compute follows data: arguments are USM arrays on the queue's device.
    std::vector<float> hx(1000, 1.0f), hy(1000, 2.0f);
    auto x = dpk::UsmArray::from_host<float>(q, hx);
    auto y = dpk::UsmArray::from_host<float>(q, hy);
    dpk::Event done = saxpy.launch(q, dpk::Range(1024), dpk::Range(64), {3.0f, x, y});  // async
    done.wait();  // waiting is the caller's choice
    std::printf("y[0] = %g; definitions: %zu; compiles: %llu\n", y.to_vector<float>()[0],
                saxpy.definitions().size(), static_cast<unsigned long long>(saxpy.compile_count()));

    // The wrong dtype: an error naming the parameter; nothing is compiled or launched.
    auto x64 = dpk::UsmArray::zeros(q, dpk::DType::F64, {1000});
    try {
        saxpy.launch(q, dpk::Range(1024), {3.0f, x64, y});
    } catch (const dpk::SignatureMismatchError& e) {
        std::printf("SignatureMismatchError: %s\n", e.what());
    }
    return 0;
}
