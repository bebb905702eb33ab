# Debian's antlr4_static lists a bare "uuid" to link (-luuid), which only the linker's system
# folders can satisfy (uuid-dev) and which the 4.9 runtime does not use (no uuid symbol in
# libantlr4-runtime.a). Link the static libuuid.a found on the search path (a prefix's too; a
# static one, as dpkc links -static) or, without one, drop it. Run after
# find_package(antlr4-runtime) by dpk's build and by an installed dpk-config.cmake.
find_library(DPK_UUID_STATIC_LIBRARY NAMES libuuid.a DOC "libuuid.a (uuid-dev), for antlr4_static")
# antlr4_shared (the Python module links it) lists it too; the shared library needs nothing
# from it either, so there it is dropped.
foreach(dpk_target antlr4_static antlr4_shared)
    if(NOT TARGET ${dpk_target})
        continue()
    endif()
    foreach(dpk_prop INTERFACE_LINK_LIBRARIES IMPORTED_LINK_INTERFACE_LIBRARIES
                     IMPORTED_LINK_INTERFACE_LIBRARIES_NONE)
        get_target_property(dpk_libs ${dpk_target} ${dpk_prop})
        if(dpk_libs AND "uuid" IN_LIST dpk_libs)
            list(REMOVE_ITEM dpk_libs uuid)
            if(DPK_UUID_STATIC_LIBRARY AND dpk_target STREQUAL "antlr4_static")
                list(APPEND dpk_libs ${DPK_UUID_STATIC_LIBRARY})
            endif()
            set_property(TARGET ${dpk_target} PROPERTY ${dpk_prop} "${dpk_libs}")
        endif()
    endforeach()
endforeach()
