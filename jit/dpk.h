// dpk's C++ API in one include: programs and kernels (JIT), and the runtime they launch on.
#pragma once

#include "core/error.h"
#include "core/version.h"
#include "jit/algorithms.h"
#include "jit/bundle_writer.h"
#include "jit/compile_error.h"
#include "jit/compiled_kernel.h"
#include "jit/kernel.h"
#include "jit/kernel_cache.h"
#include "jit/program.h"
#include "runtime/device.h"
#include "runtime/event.h"
#include "runtime/launch.h"
#include "runtime/queue.h"
#include "runtime/usm_array.h"

namespace dpk {

using runtime::all_devices;
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
