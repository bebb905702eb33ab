// Memory and queues another library made: UsmArray::from_external checked by the driver,
// Queue::adopt, and the native handles dpk gives out. OpenCL here (Intel's runtime has
// cl_intel_unified_shared_memory, so the driver can tell whose a pointer is; PoCL's SVM cannot);
// the same calls on CUDA are covered by python/tests/test_cuda.py on a GPU machine.
#include <doctest/doctest.h>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <numeric>
#include <thread>

#include "dpk/core/error.h"
#include "dpk/runtime/launch.h"
#include "dpk/runtime/loaded_kernel.h"
#include "dpk/runtime/usm_array.h"
#include "tests/runtime/support/device_loop.h"
#include "tests/runtime/support/message_of.h"
#include "tests/runtime/support/test_kernels.h"

using namespace dpk;
using namespace dpk::runtime;
using dpk::tests::device_where;

namespace {

/// A device whose driver answers clGetMemAllocInfoINTEL (Intel's CPU runtime here).
Device intel_usm_device() {
    return device_where(
        [](const Device& d) { return d.backend() == "opencl" && d.info().has_intel_usm; },
        "OpenCL device with cl_intel_unified_shared_memory");
}

template <typename Fn>
Fn intel_function(const Device& d, const char* name) {
    cl_platform_id platform = nullptr;
    auto device = static_cast<cl_device_id>(nullptr);
    auto context = static_cast<cl_context>(d.native_context());
    REQUIRE(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof(device), &device, nullptr) ==
            CL_SUCCESS);
    REQUIRE(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr) ==
            CL_SUCCESS);
    void* fn = clGetExtensionFunctionAddressForPlatform(platform, name);
    REQUIRE(fn != nullptr);
    return reinterpret_cast<Fn>(fn);
}

cl_device_id cl_device_of(const Device& d) {
    cl_device_id device = nullptr;
    REQUIRE(clGetContextInfo(static_cast<cl_context>(d.native_context()), CL_CONTEXT_DEVICES,
                             sizeof(device), &device, nullptr) == CL_SUCCESS);
    return device;
}

}  // namespace

TEST_CASE("a view of USM another library allocated on the device's context shares its memory") {
    Device dev = intel_usm_device();
    if (!dev) return;
    Queue q(dev);
    auto context = static_cast<cl_context>(dev.native_context());
    auto shared_alloc = intel_function<clSharedMemAllocINTEL_fn>(dev, "clSharedMemAllocINTEL");
    auto mem_free = intel_function<clMemBlockingFreeINTEL_fn>(dev, "clMemBlockingFreeINTEL");
    cl_int err = CL_SUCCESS;
    auto* raw = static_cast<float*>(
        shared_alloc(context, cl_device_of(dev), nullptr, 6 * sizeof(float), 64, &err));
    REQUIRE(err == CL_SUCCESS);
    std::iota(raw, raw + 6, 1.0f);

    // The owner is released when the last view goes: counted here.
    auto released = std::make_shared<int>(0);
    {
        std::shared_ptr<const void> owner(raw, [released](const void*) { ++*released; });
        UsmArray view = UsmArray::from_external(q, raw, DType::F32, {2, 3}, {}, std::move(owner));
        CHECK(view.usm_type() == UsmType::Shared);
        CHECK(view.data() == raw);
        CHECK(view.layout() == Layout::C);
        CHECK(view.allocation()->external());
        CHECK(view.to_vector<float>() == std::vector<float>{1, 2, 3, 4, 5, 6});
        view.fill(9.0f).wait();  // through dpk, seen by the owner: no copy was made
        CHECK(raw[4] == 9.0f);

        // Strided (a column of the 2x3 matrix), in elements.
        UsmArray column = UsmArray::from_external(q, raw + 1, DType::F32, {2}, {3}, nullptr);
        CHECK(column.layout() == Layout::Any);
        column.fill(5.0f).wait();
        CHECK(raw[1] == 5.0f);
        CHECK(raw[4] == 5.0f);
        CHECK(*released == 0);
    }
    CHECK(*released == 1);
    // A view running past the allocation is refused: 6 floats, 7 asked.
    CHECK_THROWS_WITH_AS(UsmArray::from_external(q, raw, DType::F32, {7}, {}, nullptr),
                         doctest::Contains("(28 bytes) is not USM of device"), UsmError);
    mem_free(context, raw);
}

TEST_CASE("host memory and another context's USM are refused as external memory") {
    Device dev = intel_usm_device();
    if (!dev) return;
    Queue q(dev);
    std::vector<float> host(8);
    CHECK_THROWS_WITH_AS(
        UsmArray::from_external(q, host.data(), DType::F32, {8}, {}, nullptr),
        doctest::Contains(("(32 bytes) is not USM of device '" + dev.name() + "' (" +
                           dev.filter_string() +
                           "): it is host memory, memory of another device or context, or runs "
                           "past its allocation; copy it into a dpk array instead")
                              .c_str()),
        UsmError);

    // The same device, another cl_context: what a library with its own context (dpctl) has.
    cl_device_id device = cl_device_of(dev);
    cl_int err = CL_SUCCESS;
    cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    REQUIRE(err == CL_SUCCESS);
    auto device_alloc = intel_function<clDeviceMemAllocINTEL_fn>(dev, "clDeviceMemAllocINTEL");
    auto mem_free = intel_function<clMemBlockingFreeINTEL_fn>(dev, "clMemBlockingFreeINTEL");
    void* foreign = device_alloc(other, device, nullptr, 64, 64, &err);
    REQUIRE(err == CL_SUCCESS);
    // dpk's check is the driver's answer for dpk's context. Intel's runtime says "unknown" for
    // another context's allocation; NVIDIA's OpenCL driver (seen with an H100) claims it as device
    // memory of every context of the device, and then dpk accepts it as that driver does.
    auto alloc_info = intel_function<clGetMemAllocInfoINTEL_fn>(dev, "clGetMemAllocInfoINTEL");
    cl_unified_shared_memory_type_intel type = CL_MEM_TYPE_UNKNOWN_INTEL;
    REQUIRE(alloc_info(static_cast<cl_context>(dev.native_context()), foreign,
                       CL_MEM_ALLOC_TYPE_INTEL, sizeof type, &type, nullptr) == CL_SUCCESS);
    if (type == CL_MEM_TYPE_UNKNOWN_INTEL) {
        CHECK_THROWS_AS(UsmArray::from_external(q, foreign, DType::F32, {16}, {}, nullptr),
                        UsmError);
    } else {
        MESSAGE("the driver claims another context's allocation for dpk's context too");
        CHECK(type == CL_MEM_TYPE_DEVICE_INTEL);
        CHECK(UsmArray::from_external(q, foreign, DType::F32, {16}, {}, nullptr).usm_type() ==
              UsmType::Device);
    }
    mem_free(other, foreign);
    clReleaseContext(other);

    CHECK_THROWS_WITH_AS(UsmArray::from_external(q, host.data(), DType::F32, {8}, {-1}, nullptr),
                         doctest::Contains("stride -1 in dimension 0 is negative"), UsmError);
}

TEST_CASE("SVM devices cannot check external memory and say so") {
    Device dev = device_where(
        [](const Device& d) {
            return d.backend() == "opencl" && d.takes_spirv() && !d.info().has_intel_usm;
        },
        "OpenCL device without cl_intel_unified_shared_memory");
    if (!dev) return;
    Queue q(dev);
    UsmArray own = UsmArray::zeros(q, DType::F32, {4});
    CHECK_THROWS_WITH_AS(UsmArray::from_external(q, own.data(), DType::F32, {4}, {}, nullptr),
                         doctest::Contains("has no query that tells whether memory another "
                                           "library allocated belongs to its context"),
                         UnsupportedDeviceFeatureError);
}

TEST_CASE("an adopted cl_command_queue runs dpk's commands and stays the caller's") {
    Device dev =
        device_where([](const Device& d) { return d.backend() == "opencl" && d.takes_spirv(); },
                     "OpenCL device that takes SPIR-V");
    if (!dev) return;
    auto context = static_cast<cl_context>(dev.native_context());
    cl_device_id device = cl_device_of(dev);
    cl_int err = CL_SUCCESS;
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue theirs = clCreateCommandQueueWithProperties(context, device, props, &err);
    REQUIRE(err == CL_SUCCESS);
    {
        Queue q = Queue::adopt(dev, theirs);
        CHECK(q.native_handle() == theirs);
        CHECK(q.profiling());
        UsmArray a = UsmArray::zeros(q, DType::I32, {16});
        Event e = a.fill(std::int32_t{3});
        e.wait();
        CHECK(e.duration_ns() < 1'000'000'000u);
        CHECK(a.to_vector<std::int32_t>() == std::vector<std::int32_t>(16, 3));
    }
    // Not owned: after the dpk queue went, the caller's reference is the only one left. A driver
    // may still hold the queue for a completed command's event for a moment (PoCL releases it on
    // its own thread), so the count is read until it settles.
    CHECK(clFinish(theirs) == CL_SUCCESS);
    cl_uint refs = 0;
    for (int tries = 0; tries < 300; ++tries) {
        REQUIRE(clGetCommandQueueInfo(theirs, CL_QUEUE_REFERENCE_COUNT, sizeof(refs), &refs,
                                      nullptr) == CL_SUCCESS);
        if (refs == 1) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(refs == 1);
    clReleaseCommandQueue(theirs);

    // A queue of another context cannot be adopted.
    cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    REQUIRE(err == CL_SUCCESS);
    cl_command_queue foreign = clCreateCommandQueueWithProperties(other, device, nullptr, &err);
    REQUIRE(err == CL_SUCCESS);
    CHECK_THROWS_WITH_AS(Queue::adopt(dev, foreign),
                         doctest::Contains("belongs to another cl_context than device"),
                         InvalidArgumentError);
    clReleaseCommandQueue(foreign);
    clReleaseContext(other);
    CHECK_THROWS_AS(Queue::adopt(dev, nullptr), InvalidArgumentError);
}

TEST_CASE("dpk's own queue gives out its driver queue") {
    for (const Device& dev : dpk::tests::devices_under_test()) {
        Queue q(dev);
        CHECK(q.native_handle() != nullptr);
        CHECK(dev.native_context() != nullptr);
        if (dev.backend() == "opencl") {
            cl_context context = nullptr;
            REQUIRE(clGetCommandQueueInfo(static_cast<cl_command_queue>(q.native_handle()),
                                          CL_QUEUE_CONTEXT, sizeof(context), &context,
                                          nullptr) == CL_SUCCESS);
            CHECK(context == dev.native_context());
        }
    }
}

TEST_CASE("a queue waits on the device for another library's queue") {
    for (const Device& dev : dpk::tests::devices_under_test()) {
        if (dev.backend() != "opencl") continue;
        INFO("device " << dpk::tests::device_label(dev));
        auto context = static_cast<cl_context>(dev.native_context());
        cl_int err = CL_SUCCESS;
        cl_command_queue theirs =
            clCreateCommandQueueWithProperties(context, cl_device_of(dev), nullptr, &err);
        REQUIRE(err == CL_SUCCESS);
        // Their queue is held up by an event only the test completes.
        cl_event gate = clCreateUserEvent(context, &err);
        REQUIRE(err == CL_SUCCESS);
        REQUIRE(clEnqueueMarkerWithWaitList(theirs, 1, &gate, nullptr) == CL_SUCCESS);
        REQUIRE(clFlush(theirs) == CL_SUCCESS);

        Queue q(dev);
        UsmArray a = UsmArray::zeros(q, DType::I32, {8});
        q.wait_for_native(theirs);
        Event filled = a.fill(std::int32_t{4});
        CHECK_FALSE(filled.is_complete());  // behind their gate
        REQUIRE(clSetUserEventStatus(gate, CL_COMPLETE) == CL_SUCCESS);
        filled.wait();
        CHECK(a.to_vector<std::int32_t>() == std::vector<std::int32_t>(8, 4));
        clReleaseEvent(gate);
        clFinish(theirs);
        clReleaseCommandQueue(theirs);
    }
}

TEST_CASE("prepare_launch lays out a launch that another runtime submits in its own context") {
    // Another runtime's context on the same device (dpctl's SYCL runtime makes one): its USM is
    // not dpk's, so the launch is checked and laid out by dpk and submitted there.
    Device dev = intel_usm_device();
    if (!dev) return;
    Queue q(dev);
    cl_device_id device = cl_device_of(dev);
    cl_int err = CL_SUCCESS;
    cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    REQUIRE(err == CL_SUCCESS);
    cl_command_queue other_queue = clCreateCommandQueueWithProperties(other, device, nullptr, &err);
    REQUIRE(err == CL_SUCCESS);
    auto shared_alloc = intel_function<clSharedMemAllocINTEL_fn>(dev, "clSharedMemAllocINTEL");
    auto mem_free = intel_function<clMemBlockingFreeINTEL_fn>(dev, "clMemBlockingFreeINTEL");
    auto set_pointer =
        intel_function<clSetKernelArgMemPointerINTEL_fn>(dev, "clSetKernelArgMemPointerINTEL");
    const std::size_t n = 256, local = 64, groups = n / local;
    auto* x =
        static_cast<float*>(shared_alloc(other, device, nullptr, n * sizeof(float), 64, &err));
    REQUIRE(err == CL_SUCCESS);
    auto* out =
        static_cast<float*>(shared_alloc(other, device, nullptr, groups * sizeof(float), 64, &err));
    REQUIRE(err == CL_SUCCESS);
    for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 7);
    std::fill(out, out + groups, 0.0f);

    // dpk's driver check refuses the memory in dpk's context; a description takes the other
    // runtime's word for the usm_type.
    CHECK_THROWS_AS(UsmArray::from_external(q, x, DType::F32, {std::int64_t(n)}, {}, nullptr),
                    UsmError);
    UsmArray vx =
        UsmArray::describe_foreign(q, x, DType::F32, {std::int64_t(n)}, {}, UsmType::Shared);
    UsmArray vout =
        UsmArray::describe_foreign(q, out, DType::F32, {std::int64_t(groups)}, {}, UsmType::Shared);
    CHECK(vx.data() == x);
    CHECK(vx.usm_type() == UsmType::Shared);

    // block_sum(x: f32[::1], out: f32[::1], scratch: local f32[:]): per-group sums, here on
    // shared arrays (the usm_type is the signature's alone: the SPIR-V is the same).
    auto on_shared = [](KernelImage image) {
        for (ParamType& p : image.signature.params)
            if (p.is_array()) p.usm_type = UsmType::Shared;
        return image;
    };
    LoadedKernel k(dev, on_shared(tests::block_sum_image()));
    const Range global(n), group(local);
    std::vector<KernelArg> args{vx, vout, LocalMemory{DType::F32, local}};
    PreparedLaunch p = prepare_launch(q, k, global, &group, args);
    CHECK_FALSE(p.empty);
    CHECK(p.entry_point == k.name());
    REQUIRE(p.args.size() == k.image().abi.args.size());
    for (std::size_t slot = 0; slot < p.args.size(); ++slot) {
        const AbiArg& a = k.image().abi.args[slot];
        const EntryPointArg& e = p.args[slot];
        INFO("slot " << slot);
        switch (a.kind) {
            case AbiArg::Kind::GlobalPointer:
                CHECK(e.kind == EntryPointArg::Kind::Pointer);
                CHECK(e.pointer == (a.param == 0 ? static_cast<void*>(x) : out));
                break;
            case AbiArg::Kind::LocalPointer:
                CHECK(e.kind == EntryPointArg::Kind::Local);
                CHECK(e.size == local * sizeof(float));
                break;
            default: CHECK(e.kind == EntryPointArg::Kind::Value); CHECK(e.size == 8);
        }
    }

    // Submitted in the other context from the prepared arguments alone.
    const std::vector<std::uint32_t>& spirv = k.image().spirv;
    cl_program program =
        clCreateProgramWithIL(other, spirv.data(), spirv.size() * sizeof(std::uint32_t), &err);
    REQUIRE(err == CL_SUCCESS);
    REQUIRE(clBuildProgram(program, 1, &device, k.build_options().c_str(), nullptr, nullptr) ==
            CL_SUCCESS);
    cl_kernel kernel = clCreateKernel(program, p.entry_point.c_str(), &err);
    REQUIRE(err == CL_SUCCESS);
    for (cl_uint slot = 0; slot < p.args.size(); ++slot) {
        const EntryPointArg& e = p.args[slot];
        switch (e.kind) {
            case EntryPointArg::Kind::Pointer:
                REQUIRE(set_pointer(kernel, slot, e.pointer) == CL_SUCCESS);
                break;
            case EntryPointArg::Kind::Value:
                REQUIRE(clSetKernelArg(kernel, slot, e.size, e.value.data()) == CL_SUCCESS);
                break;
            case EntryPointArg::Kind::Local:
                REQUIRE(clSetKernelArg(kernel, slot, e.size, nullptr) == CL_SUCCESS);
                break;
            case EntryPointArg::Kind::BoundsRecord: FAIL("block_sum takes no bounds record");
        }
    }
    REQUIRE(clEnqueueNDRangeKernel(other_queue, kernel, 1, nullptr, &n, &local, 0, nullptr,
                                   nullptr) == CL_SUCCESS);
    REQUIRE(clFinish(other_queue) == CL_SUCCESS);
    for (std::size_t g = 0; g < groups; ++g) {
        float expect = 0;
        for (std::size_t i = g * local; i < (g + 1) * local; ++i) expect += x[i];
        CHECK(out[g] == expect);
    }

    // The checks are the launch's own: the same message for an argument that does not fit.
    UsmArray wrong =
        UsmArray::describe_foreign(q, x, DType::I32, {std::int64_t(n)}, {}, UsmType::Shared);
    UsmArray wrong_dpk = UsmArray::zeros(q, DType::I32, {std::int64_t(n)}, UsmType::Shared);
    std::vector<KernelArg> bad{wrong, vout, LocalMemory{DType::F32, local}};
    std::vector<KernelArg> bad_dpk{wrong_dpk, vout, LocalMemory{DType::F32, local}};
    const std::string prepared = tests::message_of<SignatureMismatchError>(
        [&] { prepare_launch(q, k, global, &group, bad); });
    CHECK(prepared ==
          tests::message_of<SignatureMismatchError>([&] { launch(q, k, global, group, bad_dpk); }));
    // Ranges too; an empty range runs nothing.
    const Range ragged(n + 1);
    CHECK_THROWS_AS(prepare_launch(q, k, ragged, &group, args), InvalidRangeError);
    CHECK(prepare_launch(q, k, Range(0), &group, args).empty);

    // A scalar: its bytes, converted to the parameter's dtype.
    LoadedKernel saxpy(dev, on_shared(tests::saxpy_image()));
    std::vector<KernelArg> saxpy_args{2.0f, vx, vx};
    PreparedLaunch ps = prepare_launch(q, saxpy, Range(n), nullptr, saxpy_args);
    REQUIRE_FALSE(ps.args.empty());
    const EntryPointArg& alpha = ps.args[0];
    REQUIRE(alpha.kind == EntryPointArg::Kind::Value);
    REQUIRE(alpha.size == sizeof(float));
    float a = 0;
    std::memcpy(&a, alpha.value.data(), sizeof a);
    CHECK(a == 2.0f);

    clReleaseKernel(kernel);
    clReleaseProgram(program);
    mem_free(other, x);
    mem_free(other, out);
    clReleaseCommandQueue(other_queue);
    clReleaseContext(other);
}
