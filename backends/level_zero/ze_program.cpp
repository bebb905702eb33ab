#include "backends/level_zero/ze_program.h"

#include "backends/level_zero/ze_context.h"
#include "backends/level_zero/ze_error.h"
#include "dpk/core/error.h"

namespace dpk::backends::level_zero {

namespace {
std::string take_build_log(ze_module_build_log_handle_t log) {
    if (!log) return {};
    std::size_t size = 0;
    std::string text;
    if (zeModuleBuildLogGetString(log, &size, nullptr) == ZE_RESULT_SUCCESS && size > 0) {
        text.resize(size);
        zeModuleBuildLogGetString(log, &size, text.data());
        while (!text.empty() && (text.back() == '\0' || text.back() == '\n')) text.pop_back();
    }
    zeModuleBuildLogDestroy(log);
    return text;
}
}  // namespace

namespace {
std::unique_ptr<Program> create_module(ZeContext& context, ze_module_format_t format,
                                       const std::uint8_t* input, std::size_t size,
                                       const std::string& build_options, const char* what) {
    ze_module_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
    desc.format = format;
    desc.inputSize = size;
    desc.pInputModule = input;
    desc.pBuildFlags = build_options.c_str();
    ze_module_handle_t module = nullptr;
    ze_module_build_log_handle_t log = nullptr;
    ze_result_t r = zeModuleCreate(context.handle(), context.device(), &desc, &module, &log);
    std::string text = take_build_log(log);
    if (r != ZE_RESULT_SUCCESS) {
        if (module) zeModuleDestroy(module);
        throw BuildError("building the kernel for device '" + context.device_info().name +
                             "' (zeModuleCreate, " + what + ", flags \"" + build_options +
                             "\") failed with " + ze_result_name(r),
                         text);
    }
    return std::make_unique<ZeModule>(context.shared_from_this(), module, std::move(text));
}
}  // namespace

std::unique_ptr<Program> build_module(ZeContext& context, std::span<const std::uint32_t> spirv,
                                      const std::string& build_options) {
    return create_module(context, ZE_MODULE_FORMAT_IL_SPIRV,
                         reinterpret_cast<const std::uint8_t*>(spirv.data()), spirv.size_bytes(),
                         build_options, "SPIR-V IL");
}

std::unique_ptr<Program> build_module_from_native(ZeContext& context,
                                                  std::span<const std::uint8_t> binary,
                                                  const std::string& build_options) {
    return create_module(context, ZE_MODULE_FORMAT_NATIVE, binary.data(), binary.size(),
                         build_options, "native binary");
}

std::vector<std::uint8_t> ZeModule::binary() const {
    std::size_t size = 0;
    check(zeModuleGetNativeBinary(module_, &size, nullptr), "zeModuleGetNativeBinary");
    std::vector<std::uint8_t> out(size);
    if (size) check(zeModuleGetNativeBinary(module_, &size, out.data()), "zeModuleGetNativeBinary");
    out.resize(size);
    return out;
}

ZeModule::ZeModule(std::shared_ptr<ZeContext> context, ze_module_handle_t module, std::string log)
    : context_(std::move(context)), module_(module), log_(std::move(log)) {}

ZeModule::~ZeModule() {
    zeModuleDestroy(module_);
}

std::unique_ptr<Kernel> ZeModule::create_kernel(const std::string& name) {
    ze_kernel_desc_t desc{};
    desc.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC;
    desc.pKernelName = name.c_str();
    ze_kernel_handle_t kernel = nullptr;
    ze_result_t r = zeKernelCreate(module_, &desc, &kernel);
    if (r != ZE_RESULT_SUCCESS)
        throw BuildError(
            "the module has no kernel '" + name + "' (zeKernelCreate: " + ze_result_name(r) + ")",
            log_);
    return std::make_unique<ZeKernel>(context_, kernel, name);
}

ZeKernel::ZeKernel(std::shared_ptr<ZeContext> context, ze_kernel_handle_t kernel, std::string name)
    : context_(std::move(context)), kernel_(kernel), name_(std::move(name)) {
    ze_kernel_properties_t props{};
    props.stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES;
    check(zeKernelGetProperties(kernel_, &props), "zeKernelGetProperties", name_);
    num_args_ = props.numKernelArgs;
    // Level Zero has no per-kernel work-group limit query: the device limit applies.
    attributes_.max_work_group_size = context_->device_info().max_work_group_size;
    attributes_.preferred_work_group_size_multiple = props.maxSubgroupSize;
    attributes_.local_mem_size = props.localMemSize;
    attributes_.private_mem_size = props.privateMemSize;
}

ZeKernel::~ZeKernel() {
    zeKernelDestroy(kernel_);
}

void ZeKernel::set_value_arg(std::uint32_t index, std::size_t size, const void* value) {
    ze_result_t r = zeKernelSetArgumentValue(kernel_, index, size, value);
    if (r != ZE_RESULT_SUCCESS)
        fail(r, "zeKernelSetArgumentValue",
             "argument " + std::to_string(index) + " of kernel '" + name_ + "'");
}

void ZeKernel::set_pointer_arg(std::uint32_t index, void* ptr) {
    set_value_arg(index, sizeof(ptr), &ptr);
}

void ZeKernel::set_local_arg(std::uint32_t index, std::size_t bytes) {
    set_value_arg(index, bytes, nullptr);
}

}  // namespace dpk::backends::level_zero
