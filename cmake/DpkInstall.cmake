# Install rules, the exported CMake package (find_package(dpk CONFIG)), pkg-config files and the
# Debian package (cpack -G DEB). The layout is cmake/DpkInstallDirs.cmake's.
#
# What a consumer gets: dpk::jit (compiler + runtime: the whole JIT API, <dpk/dpk.h>), dpk::runtime
# (AOT bundles only: no compiler, no ANTLR; <dpk/runtime/kernel_bundle.h>), the tools as imported
# executables dpk::dpkc, dpk::dpk, dpk::dpk-aot, and dpk_add_kernels() (cmake/DpkKernels.cmake).
# The same names exist as ALIAS targets under add_subdirectory/FetchContent.
include(CMakePackageConfigHelpers)

# The libraries are static; each is exported, named without its dpk_ prefix (dpk::runtime).
set(dpk_runtime_libraries dpk_core dpk_spirv_environment dpk_backend dpk_backend_opencl
    dpk_ptx_math dpk_ptx_translator dpk_backend_cuda dpk_backends dpk_runtime)
if(TARGET dpk_backend_level_zero)
    list(APPEND dpk_runtime_libraries dpk_backend_level_zero)
endif()
set(dpk_jit_libraries dpk_grammar dpk_compiler dpk_jit)
foreach(library IN LISTS dpk_runtime_libraries dpk_jit_libraries)
    string(REGEX REPLACE "^dpk_" "" export_name ${library})
    set_target_properties(${library} PROPERTIES EXPORT_NAME ${export_name})
endforeach()

install(TARGETS ${dpk_runtime_libraries} EXPORT dpk-runtime-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT dpk-runtime-targets NAMESPACE dpk:: DESTINATION ${DPK_INSTALL_CMAKE_DIR})
install(TARGETS ${dpk_jit_libraries} EXPORT dpk-jit-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT dpk-jit-targets NAMESPACE dpk:: DESTINATION ${DPK_INSTALL_CMAKE_DIR})
install(TARGETS dpkc dpk dpk-aot EXPORT dpk-tools-targets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT dpk-tools-targets NAMESPACE dpk:: DESTINATION ${DPK_INSTALL_CMAKE_DIR})
if(TARGET dpk_spir_translator)
    install(TARGETS dpk_spir_translator LIBRARY DESTINATION ${DPK_INSTALL_PLUGIN_DIR})
endif()

# Headers: the public API, include/dpk of the repository, and nothing else (the internal headers
# of core/, runtime/ and jit/ stay in the source tree); each compiles with -I<prefix>/include alone
# (tests/jit/public_header_test.sh checks it).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/dpk DESTINATION ${DPK_INSTALL_INCLUDE_DIR}
        FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/stdlib/ DESTINATION ${DPK_INSTALL_STDLIB_DIR}
        FILES_MATCHING PATTERN "*.dpk")
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The CMake package.
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/dpk-config.cmake.in
    ${PROJECT_BINARY_DIR}/dpk-config.cmake INSTALL_DESTINATION ${DPK_INSTALL_CMAKE_DIR})
# 0.x: a minor version may break the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/dpk-config-version.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/dpk-config.cmake ${PROJECT_BINARY_DIR}/dpk-config-version.cmake
              ${PROJECT_SOURCE_DIR}/cmake/DpkKernels.cmake
              ${PROJECT_SOURCE_DIR}/cmake/DpkAntlr4Uuid.cmake
        DESTINATION ${DPK_INSTALL_CMAKE_DIR})

# pkg-config, for builds without CMake: dpk (the JIT) and dpk-runtime (AOT bundles only). Static
# libraries, so every one is listed, users before what they use.
set(dpk_pc_runtime_libs "-ldpk_runtime -ldpk_backends")
if(TARGET dpk_backend_level_zero)
    string(APPEND dpk_pc_runtime_libs " -ldpk_backend_level_zero")
endif()
string(APPEND dpk_pc_runtime_libs " -ldpk_backend_opencl -ldpk_backend_cuda -ldpk_ptx_translator"
       " -ldpk_ptx_math -ldpk_spirv_environment -ldpk_core")
set(dpk_pc_runtime_private "-lSPIRV-Tools")
if(TARGET dpk_backend_level_zero)
    string(APPEND dpk_pc_runtime_private " -lze_loader")
endif()
string(APPEND dpk_pc_runtime_private " -lOpenCL -ldl -pthread")
file(RELATIVE_PATH dpk_pc_to_prefix /dpk-prefix/${DPK_INSTALL_PKGCONFIG_DIR} /dpk-prefix)
foreach(pc dpk dpk-runtime)
    configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
    install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${DPK_INSTALL_PKGCONFIG_DIR})
endforeach()

# cpack -G DEB: one package with the libraries, headers, tools, stdlib, plugin and CMake package.
# It installs into DPK_PACKAGE_PREFIX (/usr); the tools find the stdlib and plugin from their own
# folder, and programs built against it from that prefix (core/install_layout.cpp).
set(CPACK_PACKAGE_NAME dpk)
set(CPACK_PACKAGE_VENDOR "dpk")
set(CPACK_PACKAGE_CONTACT "dpk maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "data-parallel kernels from C++: compiler to SPIR-V, runtime for OpenCL, Level Zero, CUDA")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX ${DPK_PACKAGE_PREFIX})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# What building against dpk needs (the static libraries' dependencies), Debian 12's names.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libc6, libstdc++6, ocl-icd-libopencl1, ocl-icd-opencl-dev, spirv-tools, libantlr4-runtime-dev")
if(TARGET dpk_backend_level_zero)
    string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libze1, libze-dev")
endif()
if(TARGET dpk_spir_translator)
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libllvm15, libllvmspirvlib15")
endif()
include(CPack)
