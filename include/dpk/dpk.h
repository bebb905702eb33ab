// dpk's C++ API in one include: programs and kernels (JIT), and the runtime they launch on.
#pragma once

#include "dpk/core/error.h"
#include "dpk/core/version.h"
#include "dpk/jit/algorithms.h"
#include "dpk/jit/bundle_writer.h"
#include "dpk/jit/compile_error.h"
#include "dpk/jit/compiled_kernel.h"
#include "dpk/jit/kernel.h"
#include "dpk/jit/kernel_cache.h"
#include "dpk/jit/program.h"
#include "dpk/runtime/device.h"
#include "dpk/runtime/event.h"
#include "dpk/runtime/launch.h"
#include "dpk/runtime/queue.h"
#include "dpk/runtime/usm_array.h"

namespace dpk {

using runtime::all_devices;
using runtime::BFloat16;
using runtime::default_device;
using runtime::Device;
using runtime::Event;
using runtime::Half;
using runtime::KernelArg;
using runtime::LocalMemory;
using runtime::Queue;
using runtime::QueueOptions;
using runtime::Range;
using runtime::select_device;
using runtime::UsmArray;

}  // namespace dpk
