#include "bench/support/bench_support.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "backends/opencl/cl_context.h"
#include "backends/opencl/cl_queue.h"
#include "dpk/core/error.h"
#include "runtime/backend_access.h"

namespace dpk::bench {

namespace {

std::string device_string(cl_device_id d, cl_device_info what) {
    std::size_t size = 0;
    clGetDeviceInfo(d, what, 0, nullptr, &size);
    std::string s(size, '\0');
    clGetDeviceInfo(d, what, size, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

std::string platform_name(cl_platform_id p) {
    std::size_t size = 0;
    clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, nullptr, &size);
    std::string s(size, '\0');
    clGetPlatformInfo(p, CL_PLATFORM_NAME, size, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

}  // namespace

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size();
    return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

double minimum(const std::vector<double>& v) {
    return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
}

void cl_check(cl_int err, const char* call) {
    if (err != CL_SUCCESS)
        throw dpk::error(std::string(call) + " failed with " + std::to_string(err));
}

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw dpk::error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

KernelImage compile_dpk(const std::string& path, const std::string& kernel,
                        const std::string& signature, const compiler::CompileOptions& options) {
    compiler::source::Diagnostics diags;
    auto program = compiler::Program::from_file(path, diags, options);
    std::optional<Signature> sig;
    std::optional<KernelImage> compiled;
    const compiler::ast::Function* fn = program ? program->find_kernel(kernel) : nullptr;
    if (fn && !signature.empty()) sig = program->parse_signature(signature);
    if (fn && (signature.empty() || sig)) compiled = program->compile(*fn, sig);
    if (!compiled)
        throw dpk::error("cannot compile kernel '" + kernel + "' of " + path + ":\n" +
                         diags.render());
    return std::move(*compiled);
}

cl_device_id find_cl_device(const runtime::Device& dev) {
    cl_uint np = 0;
    clGetPlatformIDs(0, nullptr, &np);
    std::vector<cl_platform_id> platforms(np);
    clGetPlatformIDs(np, platforms.data(), nullptr);
    for (cl_platform_id p : platforms) {
        if (platform_name(p) != dev.info().platform_name) continue;
        cl_uint nd = 0;
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS) continue;
        std::vector<cl_device_id> devices(nd);
        clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, devices.data(), nullptr);
        for (cl_device_id d : devices)
            if (device_string(d, CL_DEVICE_NAME) == dev.name()) return d;
    }
    return nullptr;
}

cl_program build_opencl_c(cl_context context, cl_device_id device, const std::string& source,
                          const std::string& options) {
    cl_int err = CL_SUCCESS;
    const char* text = source.c_str();
    cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    cl_check(err, "clCreateProgramWithSource");
    err = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
    if (err != CL_SUCCESS) {
        std::size_t size = 0;
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
        std::string log(size, '\0');
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
        clReleaseProgram(program);
        throw dpk::error("clBuildProgram failed (" + std::to_string(err) + "): " + log);
    }
    return program;
}

OpenClCKernel::OpenClCKernel(const runtime::Queue& queue, const std::string& source,
                             const std::string& name, const std::string& build_options)
    : queue_(queue) {
    auto* context = dynamic_cast<backends::opencl::ClContext*>(
        runtime::detail::context_of(queue.device()).get());
    auto* raw_queue = dynamic_cast<backends::opencl::ClQueue*>(&runtime::detail::backend_of(queue));
    if (!context || !raw_queue)
        throw dpk::error("OpenCL C kernels need an OpenCL device, not " +
                         queue.device().filter_string());
    context_ = context->handle();
    device_ = context->device();
    raw_queue_ = raw_queue->handle();
    context_id_ = context->id();
    if (context->usm_mechanism() == backends::opencl::UsmMechanism::IntelUsm)
        set_usm_pointer_ = context->intel_usm()->set_kernel_arg;
    program_ = build_opencl_c(context_, device_, source, build_options);
    cl_int err = CL_SUCCESS;
    kernel_ = clCreateKernel(program_, name.c_str(), &err);
    cl_check(err, "clCreateKernel");
}

OpenClCKernel::~OpenClCKernel() {
    if (kernel_) clReleaseKernel(kernel_);
    if (program_) clReleaseProgram(program_);
}

void OpenClCKernel::set_pointer(cl_uint index, void* pointer) {
    if (set_usm_pointer_) {
        cl_check(set_usm_pointer_(kernel_, index, pointer), "clSetKernelArgMemPointerINTEL");
    } else {
        cl_check(clSetKernelArgSVMPointer(kernel_, index, pointer), "clSetKernelArgSVMPointer");
    }
}

runtime::Event OpenClCKernel::launch(const KernelAbi& abi, std::span<const runtime::KernelArg> args,
                                     const runtime::Range& global, const runtime::Range* local) {
    using Kind = AbiArg::Kind;
    if (abi.checks_bounds())
        throw InvalidArgumentError("a bounds-checked kernel launches through dpk, not this path");
    for (cl_uint i = 0; i < abi.args.size(); ++i) {
        const AbiArg& a = abi.args[i];
        const runtime::KernelArg& arg = args[a.param];
        std::int64_t value = 0;
        switch (a.kind) {
            case Kind::GlobalPointer: set_pointer(i, arg.array().data()); continue;
            case Kind::LocalPointer:
                cl_check(clSetKernelArg(kernel_, i,
                                        arg.local().count * dtype_size(arg.local().dtype), nullptr),
                         "clSetKernelArg");
                continue;
            case Kind::Scalar:
                cl_check(clSetKernelArg(kernel_, i, arg.scalar().size(), arg.scalar().data()),
                         "clSetKernelArg");
                continue;
            case Kind::Shape: value = arg.array().shape().at(a.dim); break;
            case Kind::Stride: value = arg.array().strides().at(a.dim); break;
            case Kind::LocalLength: value = static_cast<std::int64_t>(arg.local().count); break;
            case Kind::BoundsRecord: continue;  // refused above
        }
        cl_check(clSetKernelArg(kernel_, i, sizeof(value), &value), "clSetKernelArg");
    }
    cl_event e = nullptr;
    cl_check(
        clEnqueueNDRangeKernel(raw_queue_, kernel_, global.dims(), nullptr, global.extents().data(),
                               local ? local->extents().data() : nullptr, 0, nullptr, &e),
        "clEnqueueNDRangeKernel");
    return runtime::detail::make_event(std::make_shared<backends::opencl::ClEvent>(e, context_id_));
}

std::size_t OpenClCKernel::preferred_multiple() const {
    std::size_t m = 0;
    clGetKernelWorkGroupInfo(kernel_, device_, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                             sizeof(m), &m, nullptr);
    return m;
}

}  // namespace dpk::bench
