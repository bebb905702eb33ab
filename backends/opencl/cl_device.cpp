#include "backends/opencl/cl_device.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "backends/opencl/cl_context.h"
#include "backends/opencl/cl_dispatch.h"
#include "backends/opencl/cl_info.h"
#include "backends/opencl/cl_ingest_revision.h"
#include "backends/opencl/spir_translation.h"
#include "backends/opencl/spir_translator_abi.h"

namespace dpk::backends::opencl {

namespace {

/// CL_PLATFORM_NAME of PoCL.
constexpr std::string_view kPoclPlatform = "Portable Computing Language";

DeviceKind kind_of(cl_device_type type) {
    if (type & CL_DEVICE_TYPE_GPU) return DeviceKind::Gpu;
    if (type & CL_DEVICE_TYPE_CPU) return DeviceKind::Cpu;
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return DeviceKind::Accelerator;
    return DeviceKind::Custom;
}

constexpr cl_uint kPhysical64AddressBits = 64;  // our SPIR-V uses the Physical64 addressing model

/// Names the platforms known not to take SPIR-V, to make "none" reasons concrete.
std::string known_platform_note(const std::string& platform) {
    if (platform.find("rusticl") != std::string::npos)
        return " (Mesa rusticl: no SPIR-V ingestion on this version)";
    if (platform.find("Clover") != std::string::npos)
        return " (Mesa Clover takes no SPIR-V or SPIR)";
    if (platform.find("NVIDIA") != std::string::npos)
        return " (NVIDIA's OpenCL takes neither SPIR-V nor SPIR)";
    return "";
}

}  // namespace

namespace {

/// CL_DEVICE_SVM_CAPABILITIES as listings show it: "0xb (coarse-grain buffer, ...)" or "none".
std::string svm_capability_names(std::uint64_t caps) {
    if (caps == 0) return "none";
    static constexpr const char* names[] = {"coarse-grain buffer", "fine-grain buffer",
                                            "fine-grain system", "atomics"};
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%llx (", static_cast<unsigned long long>(caps));
    std::string s = hex;
    bool first = true;
    for (int bit = 0; bit < 4; ++bit)
        if (caps & (std::uint64_t{1} << bit)) {
            s += (first ? "" : ", ") + std::string(names[bit]);
            first = false;
        }
    return s + ")";
}

/// The defects dpk knows of the driver behind `d` (docs/runtime.md, "Driver defects"); every
/// version of the two drivers, until a fixed one is known.
DriverDefects driver_defects(const DeviceInfo& d) {
    if (d.platform_name.find(kPoclPlatform) != std::string::npos)
        return {DriverDefect::VaryingLoopExit, DriverDefect::CopyUnderBranch,
                DriverDefect::HalfLibrary};
    if (d.kind == DeviceKind::Cpu && d.platform_name.starts_with("Intel(R) OpenCL"))
        return {DriverDefect::NegationAcrossBarrier, DriverDefect::NotOfGlobalId,
                DriverDefect::NotOfMinMax, DriverDefect::ReassociatedLoops,
                DriverDefect::ZeroQuotient, DriverDefect::LostStridedStores,
                DriverDefect::UniformPrivateFill, DriverDefect::SignOfNegation,
                DriverDefect::PairedGatherIndex, DriverDefect::RemainderOfNan};
    return {};
}

}  // namespace

ClDevice::ClDevice(cl_platform_id platform, cl_device_id device)
    : platform_(platform), device_(device) {
    query_info();
}

ClDevice::~ClDevice() = default;

void ClDevice::query_info() {
    DeviceInfo& d = info_;
    d.backend = "opencl";
    d.kind = kind_of(device_value<cl_device_type>(device_, CL_DEVICE_TYPE));
    d.name = device_string(device_, CL_DEVICE_NAME);
    d.vendor = device_string(device_, CL_DEVICE_VENDOR);
    d.driver_version = device_string(device_, CL_DRIVER_VERSION);
    d.device_version = device_string(device_, CL_DEVICE_VERSION);
    d.platform_name = platform_string(platform_, CL_PLATFORM_NAME);
    d.platform_version = platform_string(platform_, CL_PLATFORM_VERSION);

    d.max_work_group_size = device_value<std::size_t>(device_, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    d.max_work_item_dims = device_value<cl_uint>(device_, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
    std::vector<std::size_t> sizes(d.max_work_item_dims, 0);
    if (!sizes.empty() && icd(device_).clGetDeviceInfo(device_, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                                                       sizes.size() * sizeof(std::size_t),
                                                       sizes.data(), nullptr) == CL_SUCCESS) {
        for (std::size_t i = 0; i < sizes.size() && i < d.max_work_item_sizes.size(); ++i)
            d.max_work_item_sizes[i] = sizes[i];
    }
    d.local_mem_size = device_value<cl_ulong>(device_, CL_DEVICE_LOCAL_MEM_SIZE);
    d.global_mem_size = device_value<cl_ulong>(device_, CL_DEVICE_GLOBAL_MEM_SIZE);
    d.max_mem_alloc_size = device_value<cl_ulong>(device_, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    d.compute_units = device_value<cl_uint>(device_, CL_DEVICE_MAX_COMPUTE_UNITS);
    d.svm_capabilities =
        device_value<cl_device_svm_capabilities>(device_, CL_DEVICE_SVM_CAPABILITIES);
    d.host_unified_memory =
        device_value<cl_bool>(device_, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE ||
        d.kind == DeviceKind::Cpu;

    d.driver_defects = driver_defects(d);

    std::string extensions = device_string(device_, CL_DEVICE_EXTENSIONS);
    // FloatAtomicAdd stays off: cl_ext_float_atomics says nothing of whether the driver takes
    // SPV_EXT_shader_atomic_float_add in SPIR-V (or the SPIR 1.2 translation handles it), and no
    // OpenCL driver here was checked with it. Kernels use the compare-exchange loop.
    d.features.set(DeviceFeature::Fp64,
                   has_extension(extensions, feature_opencl_extension(DeviceFeature::Fp64)) ||
                       device_value<cl_device_fp_config>(device_, CL_DEVICE_DOUBLE_FP_CONFIG) != 0);
    d.features.set(DeviceFeature::Fp16,
                   has_extension(extensions, feature_opencl_extension(DeviceFeature::Fp16)));
    d.has_intel_usm = has_extension(extensions, "cl_intel_unified_shared_memory");
    if (d.has_intel_usm) intel_usm_ = IntelUsmFunctions::load(platform_);

    d.features.set(
        DeviceFeature::Int64Atomics,
        has_extension(extensions, feature_opencl_extension(DeviceFeature::Int64Atomics)));

    decide_spirv_ingest(extensions, device_string(device_, CL_DEVICE_IL_VERSION));
    // PoCL's CPU device through dpk's own SPIR 1.2 translation: f16 values are LLVM's half,
    // whose arithmetic and conversions LLVM compiles for any CPU (each operation rounded to
    // f16); what the driver lacks, f16 functions in its kernel library, kernels avoid
    // (DriverDefect::HalfLibrary). So f16 works there though the driver lists no cl_khr_fp16.
    if (d.kind == DeviceKind::Cpu && d.platform_name == kPoclPlatform &&
        d.spirv == SpirvIngest::Translated)
        d.features.set(DeviceFeature::Fp16);
    // Launch-time variants where they were measured to pay (docs/compiler.md, "Launch-time
    // variants"): on PoCL a no-alias variant (FuncParamAttr NoAlias / NoWrite, LLVM's noalias /
    // readonly after the SPIR 1.2 translation) runs the tiled matmul about 3 % faster, and PoCL
    // compiles a kernel only when it is first launched. On Intel's runtime it was no faster and
    // the module took 2.5-4x as long to build. Index32 variants slow both down (Jacobi 1.3x on
    // PoCL, 4-9x on Intel's runtime: 32-bit offsets hide consecutive accesses from the
    // vectorizer).
    // On PoCL an InRange variant drops range guards (`if i < x.shape[0]`), which otherwise keep
    // PoCL's work-group loops from running as plain vector code: saxpy 2^24 f32 ran 1.6-1.8x the
    // time of the same kernel without the guard. Kernels without guards get no InRange variant.
    if (d.kind == DeviceKind::Cpu && d.platform_name == kPoclPlatform)
        d.kernel_variants = {LaunchFacts{LaunchFact::InRange, LaunchFact::NoAlias},
                             LaunchFacts{LaunchFact::NoAlias}};
    decide_sub_groups(extensions);
    decide_usm();
    d.backend_detail = "SVM " + svm_capability_names(d.svm_capabilities) +
                       ", cl_intel_unified_shared_memory " + (d.has_intel_usm ? "yes" : "no");
}

void ClDevice::decide_sub_groups(const std::string& extensions) {
    DeviceInfo& d = info_;
    // An OpenCL 2.1+ query; older drivers fail it (0). PoCL 3.1 answers 0: no sub-groups.
    d.max_num_sub_groups = device_value<cl_uint>(device_, CL_DEVICE_MAX_NUM_SUB_GROUPS);
    d.features.set(DeviceFeature::SubGroups,
                   has_extension(extensions, feature_opencl_extension(DeviceFeature::SubGroups)) ||
                       d.max_num_sub_groups > 0);
    if (!d.has(DeviceFeature::SubGroups)) return;
    std::size_t bytes = 0;
    if (has_extension(extensions, "cl_intel_required_subgroup_size") &&
        clGetDeviceInfo(device_, CL_DEVICE_SUB_GROUP_SIZES_INTEL, 0, nullptr, &bytes) ==
            CL_SUCCESS &&
        bytes > 0) {
        std::vector<std::size_t> sizes(bytes / sizeof(std::size_t));
        if (clGetDeviceInfo(device_, CL_DEVICE_SUB_GROUP_SIZES_INTEL, bytes, sizes.data(),
                            nullptr) == CL_SUCCESS)
            d.sub_group_sizes.assign(sizes.begin(), sizes.end());
    }
    // OpSubgroupShuffleINTEL reaches the driver as SPIR-V (IL) or as intel_sub_group_shuffle
    // calls in SPIR 1.2 (LLVMSPIRVLib's translation).
    d.features.set(
        DeviceFeature::SubGroupShuffle,
        d.spirv == SpirvIngest::IL
            ? has_extension(extensions, "cl_intel_spirv_subgroups")
            : has_extension(extensions, feature_opencl_extension(DeviceFeature::SubGroupShuffle)));
    // The cl_khr_subgroup_* functions are SPIR-V 1.3 GroupNonUniform* instructions: only a driver
    // that takes SPIR-V 1.3 or later as IL gets them (the SPIR 1.2 translation is not used for
    // them). Sub-group votes (sub_group_any/all) are cl_khr_subgroups' own.
    const std::string il_version = device_string(device_, CL_DEVICE_IL_VERSION);
    const bool spirv13 =
        d.spirv == SpirvIngest::IL && (il_version.find("SPIR-V_1.3") != std::string::npos ||
                                       il_version.find("SPIR-V_1.4") != std::string::npos ||
                                       il_version.find("SPIR-V_1.5") != std::string::npos ||
                                       il_version.find("SPIR-V_1.6") != std::string::npos);
    for (DeviceFeature f :
         {DeviceFeature::SubGroupShuffleXor, DeviceFeature::SubGroupShuffleRelative,
          DeviceFeature::SubGroupBallot, DeviceFeature::SubGroupBitwise})
        d.features.set(f, spirv13 && has_extension(extensions, feature_opencl_extension(f)));
    // 8/16-bit values in Groups instructions: the driver's own SPIR-V or the SPIR 1.2 builtins.
    d.features.set(
        DeviceFeature::SubGroupExtendedTypes,
        has_extension(extensions, feature_opencl_extension(DeviceFeature::SubGroupExtendedTypes)));
}

void ClDevice::decide_spirv_ingest(const std::string& extensions, const std::string& il_version) {
    DeviceInfo& d = info_;
    cl_uint address_bits = device_value<cl_uint>(device_, CL_DEVICE_ADDRESS_BITS);
    if (address_bits != kPhysical64AddressBits) {
        d.spirv = SpirvIngest::None;
        d.spirv_detail = "the device has " + std::to_string(address_bits) +
                         "-bit addresses; dpk's SPIR-V uses the 64-bit (Physical64) model";
        return;
    }
    if (il_version.find("SPIR-V") != std::string::npos) {
        d.spirv = SpirvIngest::IL;
        d.ingest_revision = DPK_OPENCL_INGEST_REVISION;
        d.spirv_detail = "clCreateProgramWithIL (CL_DEVICE_IL_VERSION: " + il_version + ")";
        return;
    }
    if (has_extension(extensions, "cl_khr_spir")) {
        if (std::optional<std::string> why = spir_translation_unavailable()) {
            d.spirv = SpirvIngest::None;
            d.spirv_detail = "the device takes SPIR 1.2 (cl_khr_spir), but " + *why;
            return;
        }
        d.spirv = SpirvIngest::Translated;
        d.ingest_revision =
            std::string(DPK_OPENCL_INGEST_REVISION) + " " + kSpirTranslationRevision;
        d.spirv_detail =
            "SPIR-V -> SPIR 1.2 bitcode in-process (LLVMSPIRVLib 15), clCreateProgramWithBinary "
            "+ -x spir -spir-std=1.2 (cl_khr_spir; no SPIR-V in CL_DEVICE_IL_VERSION)";
        return;
    }
    d.spirv = SpirvIngest::None;
    d.spirv_detail = "no SPIR-V in CL_DEVICE_IL_VERSION and no cl_khr_spir extension" +
                     known_platform_note(d.platform_name);
}

void ClDevice::decide_usm() {
    std::optional<IntelUsmCaps> intel;
    if (intel_usm_) {
        using Caps = cl_device_unified_shared_memory_capabilities_intel;
        intel = IntelUsmCaps{
            device_value<Caps>(device_, CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL),
            device_value<Caps>(device_, CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL),
            device_value<Caps>(device_, CL_DEVICE_SINGLE_DEVICE_SHARED_MEM_CAPABILITIES_INTEL)};
    }
    UsmSupport support =
        decide_usm_support(intel, info_.svm_capabilities, info_.host_unified_memory);
    mechanism_ = support.mechanism;
    info_.usm_supported = support.supported;
    info_.usm_detail = std::move(support.detail);
}

std::shared_ptr<Context> ClDevice::default_context() {
    std::lock_guard lock(context_mutex_);
    if (!context_) context_ = std::make_shared<ClContext>(*this);
    return context_;
}

Discovery discover(const std::vector<std::shared_ptr<ClDevice>>& opened) {
    Discovery result;
    cl_uint count = 0;
    cl_int err = clGetPlatformIDs(0, nullptr, &count);
    if (err != CL_SUCCESS || count == 0) {
        result.problem = err == CL_SUCCESS || err == CL_PLATFORM_NOT_FOUND_KHR
                             ? "no OpenCL platform found (the ICD loader found no driver in "
                               "/etc/OpenCL/vendors or $OCL_ICD_VENDORS)"
                             : "clGetPlatformIDs failed with " + cl_error_name(err);
        return result;
    }
    std::vector<cl_platform_id> platforms(count);
    clGetPlatformIDs(count, platforms.data(), nullptr);
    const std::vector<std::string> libraries = icd_library_names();
    for (cl_platform_id p : platforms) {
        Platform platform;
        platform.backend = "opencl";
        platform.name = platform_string(p, CL_PLATFORM_NAME);
        platform.vendor = platform_string(p, CL_PLATFORM_VENDOR);
        platform.version = platform_string(p, CL_PLATFORM_VERSION);
        std::optional<IcdSource> source = icd_source_of(p, libraries);
        cl_uint n = 0;
        if (icd(p).clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) == CL_SUCCESS && n > 0) {
            std::vector<cl_device_id> ids(n);
            icd(p).clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, ids.data(), nullptr);
            for (unsigned i = 0; i < ids.size(); ++i) {
                auto known = std::find_if(opened.begin(), opened.end(),
                                          [&](const auto& d) { return d->id() == ids[i]; });
                auto device =
                    known != opened.end() ? *known : std::make_shared<ClDevice>(p, ids[i]);
                device->set_origin(source, i);
                platform.devices.push_back(std::move(device));
            }
        }
        result.platforms.push_back(std::move(platform));
    }
    return result;
}

std::shared_ptr<ClDevice> open_device(const IcdSource& source, unsigned device_index) {
    std::vector<cl_platform_id> platforms = open_icd_platforms(source.library);
    if (source.platform_index >= platforms.size()) return nullptr;
    cl_platform_id p = platforms[source.platform_index];
    cl_uint n = 0;
    if (icd(p).clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) != CL_SUCCESS ||
        device_index >= n)
        return nullptr;
    std::vector<cl_device_id> ids(n);
    if (icd(p).clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, ids.data(), nullptr) != CL_SUCCESS)
        return nullptr;
    auto device = std::make_shared<ClDevice>(p, ids[device_index]);
    device->set_origin(source, device_index);
    return device;
}

}  // namespace dpk::backends::opencl
