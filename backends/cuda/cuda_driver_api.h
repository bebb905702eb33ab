// The CUDA driver API as dpk uses it, loaded at run time from libcuda.so.1 (no CUDA toolkit at
// build or run time). Types, enum values and signatures are copied from cuda.h (CUDA 13.0);
// every entry point is looked up by its exported name, the _v2 one where cuda.h #defines the
// plain name to it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace dpk::backends::cuda {

// --- Types (cuda.h) -------------------------------------------------------------------------

using CUresult = int;                    // enum cudaError_enum
using CUdevice = int;                    // CUdevice_v1
using CUdeviceptr = unsigned long long;  // CUdeviceptr_v2 (64-bit builds)
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using CUdevice_attribute = int;    // enum CUdevice_attribute_enum
using CUfunction_attribute = int;  // enum CUfunction_attribute_enum
using CUjit_option = int;          // enum CUjit_option_enum
using CUpointer_attribute = int;   // enum CUpointer_attribute_enum

// --- Values (cuda.h) ------------------------------------------------------------------------

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
inline constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
inline constexpr CUresult CUDA_ERROR_NOT_INITIALIZED = 3;
inline constexpr CUresult CUDA_ERROR_DEINITIALIZED = 4;
inline constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
inline constexpr CUresult CUDA_ERROR_INVALID_IMAGE = 200;
inline constexpr CUresult CUDA_ERROR_INVALID_CONTEXT = 201;
inline constexpr CUresult CUDA_ERROR_INVALID_PTX = 218;
inline constexpr CUresult CUDA_ERROR_INVALID_HANDLE = 400;
inline constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
inline constexpr CUresult CUDA_ERROR_NOT_READY = 600;
inline constexpr CUresult CUDA_ERROR_CONTEXT_IS_DESTROYED = 709;
inline constexpr CUresult CUDA_ERROR_NOT_SUPPORTED = 801;
inline constexpr CUresult CUDA_ERROR_UNKNOWN = 999;

inline constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_CONTEXT = 1;
inline constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
inline constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_IS_MANAGED = 8;
inline constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9;
inline constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11;
inline constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12;
inline constexpr unsigned int CU_MEMORYTYPE_HOST = 1;
inline constexpr unsigned int CU_MEMORYTYPE_DEVICE = 2;

inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_INTEGRATED = 18;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3;
inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_PTX_VERSION = 5;
inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6;
inline constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

inline constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
inline constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
inline constexpr CUjit_option CU_JIT_LOG_VERBOSE = 12;

inline constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
inline constexpr unsigned CU_EVENT_DEFAULT = 0x0;
inline constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
inline constexpr unsigned CU_EVENT_WAIT_DEFAULT = 0x0;
inline constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;

// --- The function table -----------------------------------------------------------------------

/// The driver entry points dpk calls, resolved once with dlsym. Every member is non-null in the
/// table driver_api() returns, except the ones marked optional.
struct DriverApi {
    CUresult (*cuGetErrorName)(CUresult error, const char** pStr);
    CUresult (*cuGetErrorString)(CUresult error, const char** pStr);
    CUresult (*cuInit)(unsigned int Flags);
    CUresult (*cuDriverGetVersion)(int* driverVersion);

    CUresult (*cuDeviceGetCount)(int* count);
    CUresult (*cuDeviceGet)(CUdevice* device, int ordinal);
    CUresult (*cuDeviceGetName)(char* name, int len, CUdevice dev);
    CUresult (*cuDeviceGetAttribute)(int* pi, CUdevice_attribute attrib, CUdevice dev);
    CUresult (*cuDeviceTotalMem_v2)(std::size_t* bytes, CUdevice dev);
    CUresult (*cuDeviceGetPCIBusId)(char* pciBusId, int len, CUdevice dev);
    CUresult (*cuDeviceGetByPCIBusId)(CUdevice* dev, const char* pciBusId);

    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext* pctx, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice dev);
    CUresult (*cuCtxSetCurrent)(CUcontext ctx);
    CUresult (*cuCtxGetCurrent)(CUcontext* pctx);

    CUresult (*cuMemAlloc_v2)(CUdeviceptr* dptr, std::size_t bytesize);
    CUresult (*cuMemFree_v2)(CUdeviceptr dptr);
    CUresult (*cuMemAllocManaged)(CUdeviceptr* dptr, std::size_t bytesize, unsigned int flags);
    CUresult (*cuMemAllocHost_v2)(void** pp, std::size_t bytesize);
    CUresult (*cuMemFreeHost)(void* p);
    CUresult (*cuMemcpyAsync)(CUdeviceptr dst, CUdeviceptr src, std::size_t ByteCount,
                              CUstream hStream);
    CUresult (*cuMemsetD8Async)(CUdeviceptr dstDevice, unsigned char uc, std::size_t N,
                                CUstream hStream);
    CUresult (*cuMemsetD16Async)(CUdeviceptr dstDevice, unsigned short us, std::size_t N,
                                 CUstream hStream);
    CUresult (*cuMemsetD32Async)(CUdeviceptr dstDevice, unsigned int ui, std::size_t N,
                                 CUstream hStream);

    CUresult (*cuStreamCreate)(CUstream* phStream, unsigned int Flags);
    CUresult (*cuStreamDestroy_v2)(CUstream hStream);
    CUresult (*cuStreamSynchronize)(CUstream hStream);
    CUresult (*cuStreamWaitEvent)(CUstream hStream, CUevent hEvent, unsigned int Flags);
    CUresult (*cuStreamGetCtx)(CUstream hStream, CUcontext* pctx);
    CUresult (*cuPointerGetAttributes)(unsigned int numAttributes, CUpointer_attribute* attributes,
                                       void** data, CUdeviceptr ptr);

    CUresult (*cuEventCreate)(CUevent* phEvent, unsigned int Flags);
    CUresult (*cuEventDestroy_v2)(CUevent hEvent);
    CUresult (*cuEventRecord)(CUevent hEvent, CUstream hStream);
    CUresult (*cuEventSynchronize)(CUevent hEvent);
    CUresult (*cuEventQuery)(CUevent hEvent);
    /// cuEventElapsedTime_v2 (CUDA 12.8+) where the driver has it, else cuEventElapsedTime.
    CUresult (*cuEventElapsedTime)(float* pMilliseconds, CUevent hStart, CUevent hEnd);

    CUresult (*cuModuleLoadData)(CUmodule* module, const void* image);
    CUresult (*cuModuleLoadDataEx)(CUmodule* module, const void* image, unsigned int numOptions,
                                   CUjit_option* options, void** optionValues);
    CUresult (*cuModuleUnload)(CUmodule hmod);
    CUresult (*cuModuleGetFunction)(CUfunction* hfunc, CUmodule hmod, const char* name);
    CUresult (*cuFuncGetAttribute)(int* pi, CUfunction_attribute attrib, CUfunction hfunc);
    CUresult (*cuFuncSetAttribute)(CUfunction hfunc, CUfunction_attribute attrib, int value);
    CUresult (*cuLaunchKernel)(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                               unsigned int gridDimZ, unsigned int blockDimX,
                               unsigned int blockDimY, unsigned int blockDimZ,
                               unsigned int sharedMemBytes, CUstream hStream, void** kernelParams,
                               void** extra);
};

/// The driver's table, loaded on first call (thread-safe, once per process; the library stays
/// loaded). Null when libcuda.so.1 cannot be loaded or lacks an entry point; then
/// driver_load_problem() says why. Does not call cuInit.
const DriverApi* driver_api();

/// Why driver_api() is null ("libcuda.so.1 not loadable: <dlerror>"); empty when it is not.
const std::string& driver_load_problem();

}  // namespace dpk::backends::cuda
