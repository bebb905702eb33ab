// The OpenCL drivers (ICD libraries) installed for the ICD loader, and how to open one of them
// directly, without the loader initializing every other driver too.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "backends/opencl/cl_api.h"

namespace dpk::backends::opencl {

/// Where a platform comes from: the ICD library (as the loader's configuration names it) and
/// the platform's index among those that library reports.
struct IcdSource {
    std::string library;
    unsigned platform_index = 0;
};

/// Everything that decides which drivers the ICD loader (ocl-icd) loads and in what order: the
/// OCL_ICD_* and OPENCL_LAYERS variables, each `.icd` file of the vendors folder with its text,
/// and the size and modification time of every driver library named by absolute path. Two equal
/// fingerprints mean the loader would find the same drivers. Cheap: reads a folder, no driver.
std::string icd_configuration_fingerprint();

/// The ICD libraries the loader's configuration names ($OCL_ICD_FILENAMES, $OCL_ICD_VENDORS or
/// /etc/OpenCL/vendors/*.icd), in file-name order, without duplicates.
std::vector<std::string> icd_library_names();

/// Which of `libraries` (icd_library_names(), read once per discovery), already loaded by the
/// ICD loader, reports `platform`; nullopt when none does.
std::optional<IcdSource> icd_source_of(cl_platform_id platform,
                                       const std::vector<std::string>& libraries);

/// Loads one ICD library (kept loaded for the process) and returns the platforms it reports,
/// asking only that driver; empty if it cannot be loaded or is not an ICD.
std::vector<cl_platform_id> open_icd_platforms(const std::string& library);

}  // namespace dpk::backends::opencl
