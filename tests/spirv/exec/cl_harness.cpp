#include "tests/spirv/exec/cl_harness.h"

#include <exception>
#include <memory>
#include <string>

#include "backends/opencl/spir_translation.h"

namespace dpk::tests {

namespace {

std::string device_string(cl_device_id d, cl_device_info what) {
    std::size_t n = 0;
    clGetDeviceInfo(d, what, 0, nullptr, &n);
    std::string s(n, '\0');
    clGetDeviceInfo(d, what, n, s.data(), nullptr);
    while (!s.empty() && s.back() == '\0') s.pop_back();
    return s;
}

}  // namespace

std::vector<ClDevice>& cl_devices() {
    static std::vector<ClDevice> devices = [] {
        std::vector<ClDevice> out;
        cl_uint np = 0;
        if (clGetPlatformIDs(0, nullptr, &np) != CL_SUCCESS || np == 0) return out;
        std::vector<cl_platform_id> platforms(np);
        clGetPlatformIDs(np, platforms.data(), nullptr);
        for (cl_platform_id p : platforms) {
            cl_uint nd = 0;
            if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS) continue;
            std::vector<cl_device_id> ds(nd);
            clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, ds.data(), nullptr);
            for (cl_device_id d : ds) {
                ClDevice dev;
                dev.platform = p;
                dev.device = d;
                dev.name = device_string(d, CL_DEVICE_NAME);
                const std::string il = device_string(d, CL_DEVICE_IL_VERSION);
                const std::string ext = device_string(d, CL_DEVICE_EXTENSIONS);
                dev.takes_il = il.find("SPIR-V_1.0") != std::string::npos;
                dev.fp64 = ext.find("cl_khr_fp64") != std::string::npos;
                if (!dev.takes_il && ext.find("cl_khr_spir") == std::string::npos) continue;
                // A SPIR-only device needs the backend's SPIR 1.2 translation (built with LLVM).
                if (!dev.takes_il && dpk::backends::opencl::spir_translation_unavailable())
                    continue;
                cl_int err = 0;
                dev.context = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
                if (err != CL_SUCCESS) continue;
                dev.queue = clCreateCommandQueueWithProperties(dev.context, d, nullptr, &err);
                if (err != CL_SUCCESS) continue;
                out.push_back(dev);
            }
        }
        return out;
    }();
    return devices;
}

std::string cl_run(ClDevice& dev, const std::vector<std::uint32_t>& words, const std::string& name,
                   const KernelAbi& abi, std::vector<HostArg> args, std::vector<std::size_t> global,
                   std::vector<std::size_t> local) {
    cl_int err = 0;
    cl_program program = nullptr;
    if (dev.takes_il) {
        program = clCreateProgramWithIL(dev.context, words.data(), words.size() * 4, &err);
    } else {
        // The backend's translation, as the runtime does it (with its fixes for PoCL's kernel
        // library, e.g. fences).
        std::string bc;
        try {
            bc = dpk::backends::opencl::spirv_to_spir12_bitcode(words);
        } catch (const std::exception& e) {
            return std::string("the SPIR 1.2 translation failed: ") + e.what();
        }
        const auto* data = reinterpret_cast<const unsigned char*>(bc.data());
        const std::size_t size = bc.size();
        program =
            clCreateProgramWithBinary(dev.context, 1, &dev.device, &size, &data, nullptr, &err);
    }
    if (err != CL_SUCCESS) return "program creation failed: " + std::to_string(err);
    std::unique_ptr<_cl_program, decltype(&clReleaseProgram)> program_guard(program,
                                                                            clReleaseProgram);
    err = clBuildProgram(program, 1, &dev.device, dev.takes_il ? "" : "-x spir -spir-std=1.2",
                         nullptr, nullptr);
    if (err != CL_SUCCESS) {
        std::size_t n = 0;
        clGetProgramBuildInfo(program, dev.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
        std::string log(n, '\0');
        clGetProgramBuildInfo(program, dev.device, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
        return "build failed (" + std::to_string(err) + "): " + log;
    }
    cl_kernel kernel = clCreateKernel(program, name.c_str(), &err);
    if (err != CL_SUCCESS) return "clCreateKernel failed: " + std::to_string(err);
    std::unique_ptr<_cl_kernel, decltype(&clReleaseKernel)> kernel_guard(kernel, clReleaseKernel);

    std::vector<std::pair<cl_mem, HostArray*>> buffers;
    auto release = [&] {
        for (auto& [m, a] : buffers) clReleaseMemObject(m);
    };
    for (std::size_t i = 0; i < abi.args.size(); ++i) {
        const AbiArg& a = abi.args[i];
        if (a.kind == AbiArg::Kind::BoundsRecord) {
            release();
            return "bounds-checked kernels run through the runtime, not this harness";
        }
        const HostArg& h = args.at(a.param);
        const auto index = static_cast<cl_uint>(i);
        switch (a.kind) {
            case AbiArg::Kind::GlobalPointer: {
                HostArray* arr = std::get<HostArray*>(h);
                cl_mem m = clCreateBuffer(dev.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                          std::max<std::size_t>(arr->bytes.size(), 1),
                                          arr->bytes.data(), &err);
                if (err != CL_SUCCESS) {
                    release();
                    return "clCreateBuffer failed";
                }
                buffers.emplace_back(m, arr);
                err = clSetKernelArg(kernel, index, sizeof(cl_mem), &m);
                break;
            }
            case AbiArg::Kind::Shape: {
                const std::int64_t v = std::get<HostArray*>(h)->shape.at(a.dim);
                err = clSetKernelArg(kernel, index, sizeof v, &v);
                break;
            }
            case AbiArg::Kind::Stride: {
                const std::int64_t v = std::get<HostArray*>(h)->strides.at(a.dim);
                err = clSetKernelArg(kernel, index, sizeof v, &v);
                break;
            }
            case AbiArg::Kind::Scalar: {
                const auto& s = std::get<HostScalar>(h);
                err = clSetKernelArg(kernel, index, s.bytes.size(), s.bytes.data());
                break;
            }
            case AbiArg::Kind::LocalPointer: {
                const auto& l = std::get<HostLocal>(h);
                err = clSetKernelArg(kernel, index,
                                     static_cast<std::size_t>(l.length) * l.element_size, nullptr);
                break;
            }
            case AbiArg::Kind::LocalLength: {
                const std::int64_t v = std::get<HostLocal>(h).length;
                err = clSetKernelArg(kernel, index, sizeof v, &v);
                break;
            }
            case AbiArg::Kind::BoundsRecord: break;  // refused above
        }
        if (err != CL_SUCCESS) {
            release();
            return "clSetKernelArg " + std::to_string(i) + " failed: " + std::to_string(err);
        }
    }
    err = clEnqueueNDRangeKernel(dev.queue, kernel, static_cast<cl_uint>(global.size()), nullptr,
                                 global.data(), local.empty() ? nullptr : local.data(), 0, nullptr,
                                 nullptr);
    if (err != CL_SUCCESS) {
        release();
        return "clEnqueueNDRangeKernel failed: " + std::to_string(err);
    }
    for (auto& [m, arr] : buffers)
        clEnqueueReadBuffer(dev.queue, m, CL_TRUE, 0, arr->bytes.size(), arr->bytes.data(), 0,
                            nullptr, nullptr);
    clFinish(dev.queue);
    release();
    return {};
}

}  // namespace dpk::tests
