# dpk's dependencies. On Debian 12 every one comes from a package (see tools/setup.sh); elsewhere the
# same packages unpacked under a prefix work too (tools/gpu/setup_prefix.sh):
#   cmake -DCMAKE_PREFIX_PATH=<prefix>/usr ...
# Required: SPIRV-Tools, spirv-headers, the ANTLR4 C++ runtime, OpenCL (ICD loader + headers).
# Optional, each with a status line and never fatal unless asked for with ON: the ANTLR4 tool,
# LLVM 15 + LLVMSPIRVLib 15 (the SPIR 1.2 translator), Level Zero, doctest (without it the tests
# are not built).
#
# Options and results:
#   DPK_WITH_LLVM        AUTO (default) | ON | OFF  build the SPIR 1.2 translator plugin
#   DPK_WITH_LEVEL_ZERO  AUTO (default) | ON | OFF  build the Level Zero backend
#   DPK_HAVE_SPIR_TRANSLATOR  (result) ON when the plugin target dpk_spir_translator is built
#   DPK_HAVE_LEVEL_ZERO       (result) ON when the target dpk_backend_level_zero is built
#   DPK_SPIRV_HEADERS_DIR     (cache)  the folder holding spirv.hpp11 (.../include/spirv/unified1)
#   ANTLR4_TOOL               (cache)  the antlr4 tool, only to check/refresh grammar/generated/
#   DPK_BUILD_TESTS           turned OFF here, with a status line, when doctest is not found

find_package(SPIRV-Tools REQUIRED)           # spirv-tools: validation, disassembly (static libs)
find_package(SPIRV-Tools-opt QUIET)
find_package(antlr4-runtime REQUIRED)        # libantlr4-runtime-dev
include(${CMAKE_CURRENT_LIST_DIR}/DpkAntlr4Uuid.cmake)  # also run by an installed dpk-config.cmake
find_package(OpenCL REQUIRED)                # ocl-icd-opencl-dev + opencl-headers
find_package(Threads REQUIRED)
message(STATUS "dpk: SPIRV-Tools ${SPIRV-Tools_DIR}")
message(STATUS "dpk: ANTLR4 C++ runtime ${ANTLR_VERSION}: ${ANTLR4_INCLUDE_DIR} (uuid: "
               "${DPK_UUID_STATIC_LIBRARY})")
message(STATUS "dpk: OpenCL ${OpenCL_VERSION_STRING}: ${OpenCL_LIBRARY} (headers ${OpenCL_INCLUDE_DIR})")

# The parser is built from the checked-in grammar/generated/; the tool (Java) only checks that it
# still matches grammar/Dpk.g4 (ctest grammar_generated_up_to_date) and refreshes it.
if(DPK_BUILD_TESTS)
    find_program(ANTLR4_TOOL antlr4 DOC "ANTLR4 tool (4.7.2; its output works with the 4.9 runtime)")
endif()
if(NOT DPK_BUILD_TESTS)
    # A consumer's build: nothing to check.
elseif(ANTLR4_TOOL)
    message(STATUS "dpk: ANTLR4 tool ${ANTLR4_TOOL}: ctest grammar_generated_up_to_date enabled")
else()
    message(STATUS "dpk: ANTLR4 tool not found: building the checked-in grammar/generated/ "
                   "(no up-to-date check)")
endif()

# spirv-headers: the folder of spirv.hpp11; targets include its parent (#include <unified1/...>).
find_path(DPK_SPIRV_HEADERS_DIR spirv.hpp11 PATH_SUFFIXES spirv/unified1
          DOC "spirv-headers: the folder holding spirv.hpp11 (.../include/spirv/unified1)")
if(NOT DPK_SPIRV_HEADERS_DIR)
    message(FATAL_ERROR "spirv-headers not found (spirv/unified1/spirv.hpp11); run tools/setup.sh "
                        "or pass -DDPK_SPIRV_HEADERS_DIR=<include>/spirv/unified1")
endif()
# The code includes <spirv/unified1/...>, so the folder above spirv/ must be on the include path.
# dpk_core carries it (for dpk's own targets only; no public header needs it).
get_filename_component(DPK_SPIRV_INCLUDE_DIR "${DPK_SPIRV_HEADERS_DIR}/../.." ABSOLUTE)
message(STATUS "dpk: spirv-headers ${DPK_SPIRV_HEADERS_DIR} (include root ${DPK_SPIRV_INCLUDE_DIR})")

# LLVM 15 + LLVMSPIRVLib 15: SPIR-V -> SPIR 1.2 bitcode for drivers without IL support (PoCL), in
# the plugin dpk_spir_translator (backends/CMakeLists.txt). Without them the plugin is not built
# and devices that need SPIR 1.2 get a clear error when a kernel is built for them.
set(DPK_WITH_LLVM AUTO CACHE STRING
    "Build the SPIR 1.2 translator plugin with LLVM 15 + LLVMSPIRVLib: AUTO (if found), ON, OFF")
set_property(CACHE DPK_WITH_LLVM PROPERTY STRINGS AUTO ON OFF)
set(DPK_HAVE_SPIR_TRANSLATOR OFF)
set(dpk_llvm_missing "")
if(DPK_WITH_LLVM)  # AUTO and ON are true, OFF is false
    find_package(LLVM 15 QUIET CONFIG PATHS /usr/lib/llvm-15/lib/cmake/llvm)
    if(LLVM_FOUND)
        find_library(LLVMSPIRV_LIB LLVMSPIRVLib HINTS ${LLVM_LIBRARY_DIRS})
        find_path(LLVMSPIRV_INCLUDE LLVMSPIRVLib.h HINTS ${LLVM_INCLUDE_DIRS}
                  PATH_SUFFIXES LLVMSPIRVLib)
        if(LLVMSPIRV_LIB AND LLVMSPIRV_INCLUDE)
            set(DPK_HAVE_SPIR_TRANSLATOR ON)
        else()
            set(dpk_llvm_missing "LLVMSPIRVLib 15 (libllvmspirvlib-15-dev) not found")
        endif()
    else()
        set(dpk_llvm_missing "LLVM 15 (llvm-15-dev) not found")
    endif()
    if(NOT DPK_HAVE_SPIR_TRANSLATOR AND DPK_WITH_LLVM STREQUAL "ON")
        message(FATAL_ERROR "DPK_WITH_LLVM=ON but ${dpk_llvm_missing}; run tools/setup.sh or "
                            "configure with -DDPK_WITH_LLVM=AUTO")
    endif()
else()
    set(dpk_llvm_missing "DPK_WITH_LLVM=OFF")
endif()
if(DPK_HAVE_SPIR_TRANSLATOR)
    message(STATUS "dpk: SPIR 1.2 translator: ON (LLVM ${LLVM_PACKAGE_VERSION}, ${LLVMSPIRV_LIB})")
else()
    message(STATUS "dpk: SPIR 1.2 translator: OFF (${dpk_llvm_missing}); devices that take "
                   "SPIR-V only as SPIR 1.2 (PoCL) cannot run kernels")
endif()

# Level Zero loader (libze-dev); the backend builds against it and finds drivers at run time.
set(DPK_WITH_LEVEL_ZERO AUTO CACHE STRING
    "Build the Level Zero backend: AUTO (if libze-dev is found), ON, OFF")
set_property(CACHE DPK_WITH_LEVEL_ZERO PROPERTY STRINGS AUTO ON OFF)
set(DPK_HAVE_LEVEL_ZERO OFF)
if(DPK_WITH_LEVEL_ZERO)
    find_library(LEVEL_ZERO_LOADER ze_loader)
    find_path(LEVEL_ZERO_INCLUDE level_zero/ze_api.h)
    if(LEVEL_ZERO_LOADER AND LEVEL_ZERO_INCLUDE)
        set(DPK_HAVE_LEVEL_ZERO ON)
    elseif(DPK_WITH_LEVEL_ZERO STREQUAL "ON")
        message(FATAL_ERROR "DPK_WITH_LEVEL_ZERO=ON but the Level Zero loader (libze-dev) was not "
                            "found; run tools/setup.sh or configure with -DDPK_WITH_LEVEL_ZERO=AUTO")
    endif()
endif()
if(DPK_HAVE_LEVEL_ZERO)
    message(STATUS "dpk: Level Zero backend: ON (${LEVEL_ZERO_LOADER})")
else()
    message(STATUS "dpk: Level Zero backend: OFF (loader/headers from libze-dev not found or "
                   "DPK_WITH_LEVEL_ZERO=OFF)")
endif()

if(DPK_BUILD_TESTS)
    find_path(DOCTEST_INCLUDE doctest/doctest.h DOC "doctest-dev (header only; dpk's tests)")
    if(DOCTEST_INCLUDE)
        message(STATUS "dpk: tests: ON (doctest ${DOCTEST_INCLUDE})")
    else()
        set(DPK_BUILD_TESTS OFF)
        message(STATUS "dpk: tests: OFF (doctest/doctest.h not found: install doctest-dev)")
    endif()
else()
    message(STATUS "dpk: tests: OFF (DPK_BUILD_TESTS=OFF; ON by default when dpk is the "
                   "top-level project)")
endif()
