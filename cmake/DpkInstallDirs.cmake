# Where an installed dpk puts each part, relative to the install prefix. The one place the layout
# is written down: the install rules (cmake/DpkInstall.cmake) and the run-time lookups
# (core/install_layout.cpp, through the definitions below) both read it.
include(GNUInstallDirs)
set(DPK_INSTALL_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR})           # dpk/: the public headers
set(DPK_INSTALL_PLUGIN_DIR ${CMAKE_INSTALL_LIBDIR}/dpk)            # libdpk-spir.so
set(DPK_INSTALL_STDLIB_DIR ${CMAKE_INSTALL_DATADIR}/dpk/stdlib)    # std.* modules
set(DPK_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/dpk)       # dpk-config.cmake
set(DPK_INSTALL_PKGCONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)   # dpk.pc, dpk-runtime.pc

# From the tools' folder (bin/) to the plugin and the stdlib: an installed prefix can move, since
# dpk finds them relative to the binary that runs it, before the prefix configured here.
file(RELATIVE_PATH DPK_BIN_TO_PLUGIN /dpk-prefix/${CMAKE_INSTALL_BINDIR}
     /dpk-prefix/${DPK_INSTALL_PLUGIN_DIR})
file(RELATIVE_PATH DPK_BIN_TO_STDLIB /dpk-prefix/${CMAKE_INSTALL_BINDIR}
     /dpk-prefix/${DPK_INSTALL_STDLIB_DIR})
# Where the Debian package (cpack -G DEB) installs.
set(DPK_PACKAGE_PREFIX /usr CACHE PATH "Install prefix of dpk's Debian package (cpack -G DEB)")
