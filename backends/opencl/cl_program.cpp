#include "backends/opencl/cl_program.h"

#include "backends/opencl/cl_context.h"
#include "backends/opencl/cl_dispatch.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/spir_translation.h"
#include "dpk/core/error.h"

namespace dpk::backends::opencl {

namespace {

constexpr const char* kSpirBuildOptions = "-x spir -spir-std=1.2";

std::string program_build_log(cl_program program, cl_device_id device) {
    std::size_t size = 0;
    if (icd(program).clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                                           &size) != CL_SUCCESS ||
        size == 0)
        return {};
    std::string log(size, '\0');
    icd(program).clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(),
                                       nullptr);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

/// clCreateProgramWithBinary for the context's device. On failure (of the call or of the binary)
/// returns null with `err` set, having released any program the driver made before rejecting it.
cl_program program_with_binary(ClContext& context, std::span<const std::uint8_t> binary,
                               cl_int& err) {
    const unsigned char* bytes = binary.data();
    std::size_t size = binary.size();
    cl_device_id device = context.device();
    cl_int binary_status = CL_SUCCESS;
    err = CL_SUCCESS;
    cl_program program = icd(context.handle())
                             .clCreateProgramWithBinary(context.handle(), 1, &device, &size, &bytes,
                                                        &binary_status, &err);
    if (err == CL_SUCCESS) err = binary_status;
    if (err != CL_SUCCESS && program) {
        icd(program).clReleaseProgram(program);
        program = nullptr;
    }
    return program;
}

/// Runs clBuildProgram; on failure releases the program and throws BuildError with the log.
void build_or_throw(cl_program program, const ClContext& context, const std::string& options,
                    const std::string& path) {
    cl_device_id device = context.device();
    cl_int err =
        icd(program).clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
    if (err == CL_SUCCESS) return;
    std::string log = program_build_log(program, device);
    icd(program).clReleaseProgram(program);
    throw BuildError("building the kernel for device '" + context.device_info().name + "' (" +
                         path + ", options \"" + options + "\") failed with " + cl_error_name(err),
                     log);
}

cl_program create_from_il(ClContext& context, std::span<const std::uint32_t> spirv,
                          const std::string& options) {
    cl_int err = CL_SUCCESS;
    cl_program program =
        icd(context.handle())
            .clCreateProgramWithIL(context.handle(), spirv.data(), spirv.size_bytes(), &err);
    check(err, "clCreateProgramWithIL", "device '" + context.device_info().name + "'");
    build_or_throw(program, context, options, "SPIR-V IL");
    return program;
}

cl_program create_from_spir(ClContext& context, std::span<const std::uint32_t> spirv,
                            const std::string& options) {
    std::string bitcode = spirv_to_spir12_bitcode(spirv);
    cl_int err = CL_SUCCESS;
    cl_program program = program_with_binary(
        context, {reinterpret_cast<const std::uint8_t*>(bitcode.data()), bitcode.size()}, err);
    check(err, "clCreateProgramWithBinary",
          "SPIR 1.2 bitcode for device '" + context.device_info().name + "'");
    std::string all =
        options.empty() ? kSpirBuildOptions : std::string(kSpirBuildOptions) + " " + options;
    build_or_throw(program, context, all, "SPIR 1.2 bitcode via LLVMSPIRVLib");
    return program;
}

}  // namespace

std::unique_ptr<Program> build_program(ClContext& context, std::span<const std::uint32_t> spirv,
                                       const std::string& build_options) {
    const DeviceInfo& info = context.device_info();
    cl_program program = nullptr;
    switch (info.spirv) {
        case SpirvIngest::IL: program = create_from_il(context, spirv, build_options); break;
        case SpirvIngest::Translated:
            program = create_from_spir(context, spirv, build_options);
            break;
        case SpirvIngest::None:
            throw UnsupportedDeviceFeatureError("device '" + info.name + "' (platform '" +
                                                info.platform_name +
                                                "') cannot take SPIR-V: " + info.spirv_detail);
    }
    return std::make_unique<ClProgram>(context.shared_from_this(), program, info.spirv);
}

std::unique_ptr<Program> build_program_from_binary(ClContext& context,
                                                   std::span<const std::uint8_t> binary,
                                                   const std::string& build_options) {
    const DeviceInfo& info = context.device_info();
    const std::size_t size = binary.size();
    cl_int err = CL_SUCCESS;
    cl_program program = program_with_binary(context, binary, err);
    if (err != CL_SUCCESS)
        throw BuildError("the driver of device '" + info.name + "' rejected a program binary (" +
                             std::to_string(size) +
                             " bytes, clCreateProgramWithBinary: " + cl_error_name(err) + ")",
                         {});
    build_or_throw(program, context, build_options, "driver binary");
    return std::make_unique<ClProgram>(context.shared_from_this(), program, info.spirv);
}

ClProgram::ClProgram(std::shared_ptr<ClContext> context, cl_program program, SpirvIngest ingest)
    : context_(std::move(context)), program_(program), ingest_(ingest) {}

ClProgram::~ClProgram() {
    icd(program_).clReleaseProgram(program_);
}

std::string ClProgram::build_log() const {
    return program_build_log(program_, context_->device());
}

std::vector<std::uint8_t> ClProgram::binary() const {
    cl_uint devices = 0;
    check(icd(program_).clGetProgramInfo(program_, CL_PROGRAM_NUM_DEVICES, sizeof devices, &devices,
                                         nullptr),
          "clGetProgramInfo", "CL_PROGRAM_NUM_DEVICES");
    if (devices != 1) return {};
    std::size_t size = 0;
    check(icd(program_).clGetProgramInfo(program_, CL_PROGRAM_BINARY_SIZES, sizeof size, &size,
                                         nullptr),
          "clGetProgramInfo", "CL_PROGRAM_BINARY_SIZES");
    std::vector<std::uint8_t> out(size);
    if (size == 0) return out;
    unsigned char* pointers[1] = {out.data()};
    check(icd(program_).clGetProgramInfo(program_, CL_PROGRAM_BINARIES, sizeof pointers, pointers,
                                         nullptr),
          "clGetProgramInfo", "CL_PROGRAM_BINARIES");
    return out;
}

std::unique_ptr<Kernel> ClProgram::create_kernel(const std::string& name) {
    cl_int err = CL_SUCCESS;
    cl_kernel kernel = icd(program_).clCreateKernel(program_, name.c_str(), &err);
    if (err != CL_SUCCESS)
        throw BuildError(
            "the program has no kernel '" + name + "' (clCreateKernel: " + cl_error_name(err) + ")",
            build_log());
    return std::make_unique<ClKernel>(context_, kernel, name);
}

ClKernel::ClKernel(std::shared_ptr<ClContext> context, cl_kernel kernel, std::string name)
    : context_(std::move(context)), kernel_(kernel), name_(std::move(name)) {
    cl_device_id device = context_->device();
    auto wg = [&](cl_kernel_work_group_info what) -> std::uint64_t {
        if (what == CL_KERNEL_LOCAL_MEM_SIZE || what == CL_KERNEL_PRIVATE_MEM_SIZE) {
            cl_ulong v = 0;
            check(icd(kernel_).clGetKernelWorkGroupInfo(kernel_, device, what, sizeof(v), &v,
                                                        nullptr),
                  "clGetKernelWorkGroupInfo", name_);
            return v;
        }
        std::size_t v = 0;
        check(icd(kernel_).clGetKernelWorkGroupInfo(kernel_, device, what, sizeof(v), &v, nullptr),
              "clGetKernelWorkGroupInfo", name_);
        return v;
    };
    attributes_.max_work_group_size = wg(CL_KERNEL_WORK_GROUP_SIZE);
    attributes_.preferred_work_group_size_multiple =
        wg(CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE);
    attributes_.local_mem_size = wg(CL_KERNEL_LOCAL_MEM_SIZE);
    attributes_.private_mem_size = wg(CL_KERNEL_PRIVATE_MEM_SIZE);
    cl_uint n = 0;
    check(icd(kernel_).clGetKernelInfo(kernel_, CL_KERNEL_NUM_ARGS, sizeof(n), &n, nullptr),
          "clGetKernelInfo", name_);
    num_args_ = n;
    if (context_->usm_mechanism() == UsmMechanism::IntelUsm)
        set_usm_pointer_ = context_->intel_usm()->set_kernel_arg;
}

ClKernel::~ClKernel() {
    icd(kernel_).clReleaseKernel(kernel_);
}

void ClKernel::set_value_arg(std::uint32_t index, std::size_t size, const void* value) {
    cl_int err = icd(kernel_).clSetKernelArg(kernel_, index, size, value);
    if (err != CL_SUCCESS)
        fail(err, "clSetKernelArg",
             "argument " + std::to_string(index) + " of kernel '" + name_ + "'");
}

void ClKernel::set_pointer_arg(std::uint32_t index, void* ptr) {
    cl_int err = set_usm_pointer_ ? set_usm_pointer_(kernel_, index, ptr)
                                  : icd(kernel_).clSetKernelArgSVMPointer(kernel_, index, ptr);
    if (err != CL_SUCCESS)
        fail(err, set_usm_pointer_ ? "clSetKernelArgMemPointerINTEL" : "clSetKernelArgSVMPointer",
             "argument " + std::to_string(index) + " of kernel '" + name_ + "'");
}

void ClKernel::set_local_arg(std::uint32_t index, std::size_t bytes) {
    cl_int err = icd(kernel_).clSetKernelArg(kernel_, index, bytes, nullptr);
    if (err != CL_SUCCESS)
        fail(err, "clSetKernelArg",
             "local memory argument " + std::to_string(index) + " of kernel '" + name_ + "'");
}

}  // namespace dpk::backends::opencl
