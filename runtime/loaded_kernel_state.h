// What a LoadedKernel shares between its copies (runtime-internal).
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "dpk/runtime/loaded_kernel.h"
#include "runtime/argument_check.h"
#include "runtime/kernel_variants.h"

namespace dpk::runtime {

struct LoadedKernel::State {
    Device device;
    KernelImage image;
    /// The driver build options the program was built with (LoadOptions::build_options).
    std::string build_options;
    std::shared_ptr<backends::Program> program;  // shared with the program cache
    std::unique_ptr<backends::Kernel> kernel;
    /// The image's variants, in its order; `variant_facts` is every fact one of them assumes
    /// (empty: a launch checks nothing).
    std::vector<LoadedVariant> variants;
    LaunchFacts variant_facts;
    /// The signature's parameters prepared for checking arguments, made once at load: a launch
    /// only compares. The one copy: a SpecializationSet holding this kernel matches with them.
    std::vector<ParamCheck> param_checks;
    /// Static work-group memory: the larger of the ABI's figure and the driver's.
    std::uint64_t static_local_bytes = 0;
    /// Serializes argument setting + enqueue (driver kernel objects hold argument state).
    std::mutex launch_mutex;
};

}  // namespace dpk::runtime
