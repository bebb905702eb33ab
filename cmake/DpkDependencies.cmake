# Every dependency comes from a Debian 12 package (see tools/setup.sh).
find_package(SPIRV-Tools REQUIRED)           # spirv-tools: validation, disassembly
find_package(SPIRV-Tools-opt QUIET)
find_package(antlr4-runtime REQUIRED)        # libantlr4-runtime-dev
find_package(OpenCL REQUIRED)                # ocl-icd-opencl-dev + opencl-headers
find_package(Threads REQUIRED)
find_program(ANTLR4_TOOL antlr4 REQUIRED)    # antlr4 (4.7.2 tool; output works with the 4.9 runtime)

set(DPK_SPIRV_HEADERS_DIR /usr/include/spirv/unified1)
if(NOT EXISTS ${DPK_SPIRV_HEADERS_DIR}/spirv.hpp11)
    message(FATAL_ERROR "spirv-headers not found (spirv.hpp11); run tools/setup.sh")
endif()

# LLVM 15 + LLVMSPIRVLib 15: SPIR-V -> SPIR 1.2 bitcode for drivers without IL support (backends).
find_package(LLVM 15 REQUIRED CONFIG PATHS /usr/lib/llvm-15/lib/cmake/llvm NO_DEFAULT_PATH)
find_library(LLVMSPIRV_LIB LLVMSPIRVLib REQUIRED)
find_path(LLVMSPIRV_INCLUDE LLVMSPIRVLib.h PATH_SUFFIXES LLVMSPIRVLib REQUIRED)

# Level Zero loader (libze-dev); the backend builds against it and finds drivers at run time.
find_library(LEVEL_ZERO_LOADER ze_loader)
find_path(LEVEL_ZERO_INCLUDE level_zero/ze_api.h)

find_path(DOCTEST_INCLUDE doctest/doctest.h REQUIRED)   # doctest-dev (header only)
