#include "tools/dpk/devices_command.h"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <string>

#include "core/spirv_cooperative_matrix.h"
#include "dpk/core/error.h"
#include "dpk/runtime/device.h"

namespace dpk::tools {

namespace {

std::string bytes(std::uint64_t n) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    double v = static_cast<double>(n);
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    std::ostringstream s;
    s << std::setprecision(v < 10 ? 3 : 4) << v << " " << units[u];
    return s.str();
}

/// The sub-group details after "sub_groups yes": sizes, and the extensions by short names.
void print_sub_groups(std::ostream& out, const DeviceInfo& i) {
    out << " (";
    if (i.max_num_sub_groups) out << "max " << i.max_num_sub_groups << " per work-group, ";
    if (!i.sub_group_sizes.empty()) {
        out << "sizes";
        for (std::uint64_t n : i.sub_group_sizes) out << " " << n;
        out << ", ";
    }
    out << "shuffle " << (i.has(DeviceFeature::SubGroupShuffle) ? "yes" : "no");
    // The rest by their feature names without the common prefix: "ballot yes".
    constexpr std::string_view prefix = "sub_group_";
    for (DeviceFeature f : kSubGroupExtensions) {
        if (f == DeviceFeature::SubGroupShuffle) continue;
        out << ", " << feature_name(f).substr(prefix.size()) << " " << (i.has(f) ? "yes" : "no");
    }
    out << ")";
}

void print_device(std::ostream& out, const runtime::Device& d) {
    const DeviceInfo& i = d.info();
    out << "  " << d.filter_string() << "  " << i.name << "\n";
    out << "      type " << device_kind_name(i.kind) << ", vendor " << i.vendor << ", driver "
        << i.driver_version << ", " << i.device_version << "\n";
    out << "      SPIR-V: ";
    switch (i.spirv) {
        case SpirvIngest::IL: out << "yes, as IL: " << i.spirv_detail; break;
        case SpirvIngest::Translated: out << "yes, translated: " << i.spirv_detail; break;
        case SpirvIngest::None: out << "NO: " << i.spirv_detail << " (never the default)"; break;
    }
    out << "\n";
    out << "      limits: max work-group " << i.max_work_group_size << " (";
    for (std::uint32_t k = 0; k < i.max_work_item_dims && k < 3; ++k)
        out << (k ? ", " : "") << i.max_work_item_sizes[k];
    out << "), local mem " << bytes(i.local_mem_size) << ", global mem " << bytes(i.global_mem_size)
        << ", max alloc " << bytes(i.max_mem_alloc_size) << ", compute units " << i.compute_units
        << "\n";
    out << "     ";
    for (DeviceFeature f : kDeviceFeatures) {
        if (std::find(kSubGroupExtensions.begin(), kSubGroupExtensions.end(), f) !=
            kSubGroupExtensions.end())
            continue;  // shown with the sub-groups
        out << (f == kDeviceFeatures.front() ? " " : ", ") << feature_name(f) << " "
            << (i.has(f) ? "yes" : "no");
        if (f == DeviceFeature::SubGroups && i.has(f)) print_sub_groups(out, i);
        if (f == DeviceFeature::CooperativeMatrix && i.has(f)) {
            // The device's matrix types; the work-group ones (` group`) where it has those too.
            const bool group = i.has(DeviceFeature::WorkgroupMatrix);
            const char* separator = " (";
            for (const auto& m : spirv_khr::kMatrixTypes) {
                const bool of_group = m.scope == spv::Scope::Workgroup;
                if (of_group && !group) continue;
                out << separator << (m.tf32 ? "tf32" : dtype_name(m.component)) << " " << m.rows
                    << "x" << m.cols << " "
                    << (m.use == spirv_khr::MatrixUse::A   ? "a"
                        : m.use == spirv_khr::MatrixUse::B ? "b"
                                                           : "acc")
                    << (of_group ? " group" : "");
                separator = ", ";
            }
            out << ")";
        }
    }
    if (!i.backend_detail.empty()) out << ", " << i.backend_detail;
    out << "\n";
    for (UsmType u : {UsmType::Device, UsmType::Shared, UsmType::Host})
        out << "      usm_type " << std::left << std::setw(7) << usm_type_name(u) << std::right
            << (i.supports(u) ? "yes: " : "NO: ") << i.usm_backing(u) << "\n";
    for (DriverDefect d : kDriverDefects)
        if (i.driver_defects.has(d))
            out << "      driver defect avoided: " << defect_name(d) << " ("
                << defect_description(d) << ")\n";
}

}  // namespace

int devices_command(std::ostream& out) {
    for (const runtime::PlatformListing& p : runtime::platforms()) {
        out << p.backend << " platform: " << p.name;
        if (!p.version.empty()) out << " (" << p.version << ")";
        out << ", " << p.devices.size() << " device(s)\n";
        for (const runtime::Device& d : p.devices) print_device(out, d);
    }
    for (const runtime::BackendProblem& p : runtime::backend_problems())
        out << p.backend << ": " << p.problem << "\n";
    try {
        runtime::Device d = runtime::default_device();
        out << "default device: " << d.filter_string() << " (" << d.name() << ")\n";
    } catch (const error& e) {
        out << "default device: none (" << e.what() << ")\n";
    }
    return 0;
}

}  // namespace dpk::tools
