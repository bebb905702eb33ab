#include "backends/level_zero/ze_device.h"

#include <cstdio>
#include <vector>

#include "backends/level_zero/ze_context.h"
#include "backends/level_zero/ze_error.h"
#include "backends/level_zero/ze_ingest_revision.h"

namespace dpk::backends::level_zero {

namespace {

DeviceKind kind_of(ze_device_type_t t) {
    switch (t) {
        case ZE_DEVICE_TYPE_GPU: return DeviceKind::Gpu;
        case ZE_DEVICE_TYPE_CPU: return DeviceKind::Cpu;
        case ZE_DEVICE_TYPE_FPGA:
        case ZE_DEVICE_TYPE_MCA:
        case ZE_DEVICE_TYPE_VPU: return DeviceKind::Accelerator;
        default: return DeviceKind::Custom;
    }
}

std::string spirv_version_string(std::uint32_t v) {
    return std::to_string(ZE_MAJOR_VERSION(v)) + "." + std::to_string(ZE_MINOR_VERSION(v));
}

}  // namespace

ZeDevice::ZeDevice(ze_driver_handle_t driver, ze_device_handle_t device)
    : driver_(driver), device_(device) {
    DeviceInfo& d = info_;
    d.backend = "level_zero";
    d.ingest_revision = DPK_LEVEL_ZERO_INGEST_REVISION;
    d.names_opencl_extensions = false;

    ze_device_properties_t props{};
    props.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
    check(zeDeviceGetProperties(device_, &props), "zeDeviceGetProperties");
    d.kind = kind_of(props.type);
    d.name = props.name;
    d.max_mem_alloc_size = props.maxMemAllocSize;
    d.compute_units = props.numSlices * props.numSubslicesPerSlice * props.numEUsPerSubslice;
    timer_resolution_ = props.timerResolution;
    timestamp_bits_ = props.kernelTimestampValidBits;
    d.host_unified_memory = (props.flags & ZE_DEVICE_PROPERTY_FLAG_INTEGRATED) != 0;

    ze_driver_properties_t driver_props{};
    driver_props.stype = ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES;
    if (zeDriverGetProperties(driver_, &driver_props) == ZE_RESULT_SUCCESS)
        d.driver_version = std::to_string(driver_props.driverVersion);
    ze_api_version_t api_version{};
    if (zeDriverGetApiVersion(driver_, &api_version) == ZE_RESULT_SUCCESS)
        d.device_version = "Level Zero " + std::to_string(ZE_MAJOR_VERSION(api_version)) + "." +
                           std::to_string(ZE_MINOR_VERSION(api_version));
    d.platform_name = "Intel(R) Level-Zero";
    d.platform_version = d.device_version;
    d.vendor = "vendor 0x" + [&] {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%04x", props.vendorId);
        return std::string(buf);
    }();

    ze_device_compute_properties_t compute{};
    compute.stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES;
    check(zeDeviceGetComputeProperties(device_, &compute), "zeDeviceGetComputeProperties");
    d.max_work_group_size = compute.maxTotalGroupSize;
    d.max_work_item_dims = 3;
    d.max_work_item_sizes = {compute.maxGroupSizeX, compute.maxGroupSizeY, compute.maxGroupSizeZ};
    d.local_mem_size = compute.maxSharedLocalMemory;
    for (std::uint32_t i = 0; i < compute.numSubGroupSizes && i < ZE_SUBGROUPSIZE_COUNT; ++i)
        d.sub_group_sizes.push_back(compute.subGroupSizes[i]);
    // Intel GPUs take SPV_INTEL_subgroups: shuffles come with sub-groups.
    d.features.set(DeviceFeature::SubGroups, !d.sub_group_sizes.empty());
    // Every cl_khr_subgroup_* function too (SPIR-V 1.3+ IL on every Level Zero driver).
    for (DeviceFeature f : kSubGroupExtensions) d.features.set(f, !d.sub_group_sizes.empty());

    std::uint32_t n_mem = 0;
    zeDeviceGetMemoryProperties(device_, &n_mem, nullptr);
    std::vector<ze_device_memory_properties_t> mem(n_mem);
    for (auto& m : mem) m.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES;
    if (n_mem && zeDeviceGetMemoryProperties(device_, &n_mem, mem.data()) == ZE_RESULT_SUCCESS)
        for (const auto& m : mem) d.global_mem_size += m.totalSize;

    ze_device_module_properties_t module{};
    module.stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES;
    if (zeDeviceGetModuleProperties(device_, &module) == ZE_RESULT_SUCCESS) {
        d.features.set(DeviceFeature::Fp64, module.fp64flags != 0);
        d.features.set(DeviceFeature::Fp16, module.fp16flags != 0);
        d.features.set(DeviceFeature::Int64Atomics,
                       (module.flags & ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS) != 0);
        if (module.spirvVersionSupported != 0) {
            d.spirv = SpirvIngest::IL;
            d.spirv_detail = "zeModuleCreate with ZE_MODULE_FORMAT_IL_SPIRV (SPIR-V " +
                             spirv_version_string(module.spirvVersionSupported) + ")";
        } else {
            d.spirv_detail = "the driver reports no supported SPIR-V version";
        }
    }

    ze_device_memory_access_properties_t access{};
    access.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES;
    if (zeDeviceGetMemoryAccessProperties(device_, &access) == ZE_RESULT_SUCCESS) {
        auto set = [&](UsmType u, ze_memory_access_cap_flags_t caps, const char* call) {
            bool ok = (caps & ZE_MEMORY_ACCESS_CAP_FLAG_RW) != 0;
            d.usm_supported[static_cast<std::size_t>(u)] = ok;
            d.usm_detail[static_cast<std::size_t>(u)] =
                ok ? std::string("Level Zero ") + call
                   : std::string("the driver reports no read/write access for ") + call;
        };
        set(UsmType::Device, access.deviceAllocCapabilities, "zeMemAllocDevice");
        set(UsmType::Shared, access.sharedSingleDeviceAllocCapabilities, "zeMemAllocShared");
        set(UsmType::Host, access.hostAllocCapabilities, "zeMemAllocHost");
    }

    std::uint32_t n_groups = 0;
    zeDeviceGetCommandQueueGroupProperties(device_, &n_groups, nullptr);
    std::vector<ze_command_queue_group_properties_t> groups(n_groups);
    for (auto& g : groups) g.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
    if (n_groups && zeDeviceGetCommandQueueGroupProperties(device_, &n_groups, groups.data()) ==
                        ZE_RESULT_SUCCESS)
        for (std::uint32_t i = 0; i < n_groups; ++i)
            if (groups[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE) {
                compute_ordinal_ = i;
                break;
            }
}

std::shared_ptr<Context> ZeDevice::default_context() {
    std::lock_guard lock(context_mutex_);
    if (!context_) context_ = std::make_shared<ZeContext>(*this);
    return context_;
}

Discovery discover() {
    Discovery result;
    ze_result_t r = zeInit(0);
    if (r != ZE_RESULT_SUCCESS) {
        result.problem = "no Level Zero driver found (zeInit: " + ze_result_name(r) + ")";
        return result;
    }
    std::uint32_t n_drivers = 0;
    r = zeDriverGet(&n_drivers, nullptr);
    if (r != ZE_RESULT_SUCCESS || n_drivers == 0) {
        result.problem = "no Level Zero driver found (zeDriverGet: " +
                         (r == ZE_RESULT_SUCCESS ? std::string("0 drivers") : ze_result_name(r)) +
                         ")";
        return result;
    }
    std::vector<ze_driver_handle_t> drivers(n_drivers);
    zeDriverGet(&n_drivers, drivers.data());
    for (ze_driver_handle_t driver : drivers) {
        Platform platform;
        platform.backend = "level_zero";
        platform.name = "Intel(R) Level-Zero";
        std::uint32_t n_devices = 0;
        if (zeDeviceGet(driver, &n_devices, nullptr) == ZE_RESULT_SUCCESS && n_devices) {
            std::vector<ze_device_handle_t> devices(n_devices);
            zeDeviceGet(driver, &n_devices, devices.data());
            for (ze_device_handle_t dev : devices)
                platform.devices.push_back(std::make_shared<ZeDevice>(driver, dev));
        }
        if (!platform.devices.empty())
            platform.version = platform.devices.front()->info().device_version;
        result.platforms.push_back(std::move(platform));
    }
    return result;
}

}  // namespace dpk::backends::level_zero
