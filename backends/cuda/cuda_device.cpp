#include "backends/cuda/cuda_device.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_ingest_revision.h"
#include "backends/cuda/ptx/ptx_target.h"

namespace dpk::backends::cuda {

namespace {

constexpr int kNameLength = 256;
constexpr int kPciBusIdLength = 64;  // "0000:00:00.0" and room to spare

std::string kib(std::uint64_t bytes) {
    return std::to_string(bytes / 1024) + " KiB";
}

/// The kernel module's version ("580.65.06") from /proc/driver/nvidia/version; empty if absent.
std::string kernel_module_version() {
    std::ifstream in("/proc/driver/nvidia/version");
    std::string line;
    std::getline(in, line);
    const std::string marker = "Kernel Module";
    std::size_t at = line.find(marker);
    if (at == std::string::npos) return {};
    // "... Kernel Module  580.65.06  ..." or "... Open Kernel Module for x86_64  580.159.04 ...".
    std::istringstream rest(line.substr(at + marker.size()));
    for (std::string word; rest >> word;)
        if (!word.empty() && word[0] >= '0' && word[0] <= '9' &&
            word.find('.') != std::string::npos)
            return word;
    return {};
}

}  // namespace

std::string_view ingest_revision() {
    return DPK_CUDA_INGEST_REVISION;
}

int CudaDevice::attribute(CUdevice_attribute a) const {
    int v = 0;
    check(driver_api()->cuDeviceGetAttribute(&v, a, device_), "cuDeviceGetAttribute",
          "attribute " + std::to_string(a));
    return v;
}

CudaDevice::CudaDevice(CUdevice device) : device_(device) {
    const DriverApi& cu = *driver_api();
    DeviceInfo& d = info_;
    d.backend = "cuda";
    d.kind = DeviceKind::Gpu;
    d.vendor = "NVIDIA Corporation";
    d.platform_name = "CUDA";
    d.ingest_revision = ingest_revision();
    d.names_opencl_extensions = false;

    char name[kNameLength] = {};
    check(cu.cuDeviceGetName(name, kNameLength, device_), "cuDeviceGetName");
    d.name = name;
    char bus[kPciBusIdLength] = {};
    if (cu.cuDeviceGetPCIBusId(bus, kPciBusIdLength, device_) == CUDA_SUCCESS) pci_bus_id_ = bus;

    check(cu.cuDriverGetVersion(&driver_version_), "cuDriverGetVersion");
    d.driver_version = cuda_version_name(driver_version_);
    std::string module = kernel_module_version();
    d.platform_version =
        "CUDA " + d.driver_version + (module.empty() ? "" : " (driver " + module + ")");

    const int major = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    const int minor = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    sm_ = static_cast<std::uint32_t>(major * 10 + minor);
    d.device_version = "CUDA sm_" + std::to_string(sm_);
    driver_ptx_ = driver_max_ptx_isa(driver_version_);
    target_ = ptx_target_for(sm_, driver_ptx_);

    d.max_work_group_size =
        static_cast<std::uint64_t>(attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
    d.max_work_item_dims = 3;
    const CUdevice_attribute block_attr[3] = {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
                                              CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
                                              CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z};
    const CUdevice_attribute grid_attr[3] = {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
                                             CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
                                             CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z};
    limits_.max_block_threads = static_cast<std::uint32_t>(d.max_work_group_size);
    for (int i = 0; i < 3; ++i) {
        limits_.max_block[i] = static_cast<std::uint32_t>(attribute(block_attr[i]));
        limits_.max_grid[i] = static_cast<std::uint32_t>(attribute(grid_attr[i]));
        d.max_work_item_sizes[i] = limits_.max_block[i];
    }
    // Work-group memory a kernel may use: the opt-in maximum (the backend raises a kernel's limit
    // past the 48 KiB default when a launch needs it), so the runtime's range check admits it.
    const auto default_shared =
        static_cast<std::uint64_t>(attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
    shared_optin_ = static_cast<std::uint64_t>(
        attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
    shared_optin_ = std::max(shared_optin_, default_shared);
    d.local_mem_size = shared_optin_;
    std::size_t total = 0;
    check(cu.cuDeviceTotalMem_v2(&total, device_), "cuDeviceTotalMem_v2");
    d.global_mem_size = total;
    d.max_mem_alloc_size = total;
    d.compute_units =
        static_cast<std::uint32_t>(attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT));

    // Every optional feature: fp16 arithmetic needs sm_53 (CUDA 13 supports sm_75 and newer), the
    // m16n8k16 tensor-core multiply that cooperative matrices become needs sm_80, and so does
    // cvt.rn.bf16.f32 (bf16 as a float type; below it bf16 values are integer bits).
    d.features = DeviceFeatures::all();
    d.features.set(DeviceFeature::Fp16, sm_ >= 53);
    d.features.set(DeviceFeature::CooperativeMatrix, sm_ >= 80);
    d.features.set(DeviceFeature::OrderedCopies, sm_ >= 80);
    d.features.set(DeviceFeature::WorkgroupMatrix, sm_ >= 90);
    d.features.set(DeviceFeature::Bf16, sm_ >= 80);
    d.kernel_variants.assign(kCudaKernelVariants.begin(), kCudaKernelVariants.end());
    const int warp = attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    d.sub_group_sizes = {static_cast<std::uint64_t>(warp)};
    d.max_num_sub_groups = static_cast<std::uint32_t>(d.max_work_group_size / warp);
    d.host_unified_memory = false;

    d.spirv = SpirvIngest::Translated;
    d.spirv_detail = "to PTX by dpk's translator (sm_" + std::to_string(sm_) + ", PTX ISA " +
                     ptx_isa_name(target_.ptx_major * 10 + target_.ptx_minor) +
                     "), JIT-compiled by the driver";

    const bool managed = attribute(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY) != 0;
    const bool concurrent = attribute(CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS) != 0;
    const bool uva = attribute(CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING) != 0;
    auto set = [&](UsmType u, bool ok, std::string detail) {
        d.usm_supported[static_cast<std::size_t>(u)] = ok;
        d.usm_detail[static_cast<std::size_t>(u)] = std::move(detail);
    };
    const std::string no_uva = "the device has no unified addressing, which dpk's copies need";
    set(UsmType::Device, uva, uva ? "cuMemAlloc" : no_uva);
    set(UsmType::Shared, uva && managed,
        !uva       ? no_uva
        : !managed ? "the driver offers no managed memory here (CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY)"
        : concurrent ? "cuMemAllocManaged"
                     : "cuMemAllocManaged (no concurrent access: the host must not touch it while "
                       "kernels run)");
    set(UsmType::Host, uva, uva ? "cuMemAllocHost" : no_uva);

    d.backend_detail = "compute capability " + std::to_string(major) + "." + std::to_string(minor) +
                       ", " + std::to_string(d.compute_units) + " multiprocessors, " +
                       kib(shared_optin_) + " shared memory per block opt-in, PTX ISA up to " +
                       ptx_isa_name(driver_ptx_);
}

std::shared_ptr<Context> CudaDevice::default_context() {
    std::lock_guard lock(context_mutex_);
    if (!context_) context_ = std::make_shared<CudaContext>(*this);
    return context_;
}

Discovery discover(std::span<const std::shared_ptr<Device>> opened) {
    Discovery result;
    const DriverApi* api = driver_api();
    if (!api) {
        result.problem = "no CUDA driver found (" + driver_load_problem() + ")";
        return result;
    }
    CUresult r = api->cuInit(0);
    if (r != CUDA_SUCCESS) {
        result.problem =
            "the CUDA driver found no usable device (cuInit: " + cu_result_text(r) + ")";
        return result;
    }
    int count = 0;
    r = api->cuDeviceGetCount(&count);
    if (r != CUDA_SUCCESS || count == 0) {
        result.problem = "no CUDA device found (cuDeviceGetCount: " +
                         (r == CUDA_SUCCESS ? std::string("0 devices") : cu_result_text(r)) + ")";
        return result;
    }
    int version = 0;
    api->cuDriverGetVersion(&version);
    Platform platform;
    platform.backend = "cuda";
    platform.name = "CUDA";
    platform.vendor = "NVIDIA Corporation";
    platform.version = "CUDA " + cuda_version_name(version);
    for (int i = 0; i < count; ++i) {
        CUdevice dev = 0;
        r = api->cuDeviceGet(&dev, i);
        if (r != CUDA_SUCCESS) {
            result.problem = "cuDeviceGet(" + std::to_string(i) + ") failed: " + cu_result_text(r);
            continue;
        }
        auto known = std::find_if(opened.begin(), opened.end(), [&](const auto& d) {
            auto c = std::dynamic_pointer_cast<CudaDevice>(d);
            return c && c->handle() == dev;
        });
        if (known != opened.end()) {
            platform.devices.push_back(*known);
            continue;
        }
        try {
            platform.devices.push_back(std::make_shared<CudaDevice>(dev));
        } catch (const std::exception& e) {
            result.problem = "CUDA device " + std::to_string(i) + " skipped: " + e.what();
        }
    }
    if (!platform.devices.empty())
        platform.version = platform.devices.front()->info().platform_version;
    result.platforms.push_back(std::move(platform));
    return result;
}

std::shared_ptr<Device> reopen(std::string_view token) {
    const DriverApi* api = driver_api();
    if (!api || token.empty() || api->cuInit(0) != CUDA_SUCCESS) return nullptr;
    CUdevice dev = 0;
    if (api->cuDeviceGetByPCIBusId(&dev, std::string(token).c_str()) != CUDA_SUCCESS)
        return nullptr;
    try {
        return std::make_shared<CudaDevice>(dev);
    } catch (const std::exception&) {
        return nullptr;
    }
}

}  // namespace dpk::backends::cuda
