# The core's layers (issue 30, docs/ARCHITECTURE.md "Layers"): each folder of
# src/core belongs to one static library, and a library's files see the
# headers of its own folders and of the libraries it is built on, nothing
# else. Its include root is a folder of symbolic links in the build tree,
# build/src/core/layers/<library>/, one per visible folder, in place of
# src/core itself: "#include "store/project_json.h"" in the engine then fails
# to compile ("No such file or directory"), since the engine's root has no
# store/. Header paths stay what they were ("engine/evaluate.h"); the GUI,
# the CLI and the tests see all of src/core through the interface target
# fleetcore.
#
#   fleet_core_layer(name FOLDERS folder... [DEPENDS library...] SOURCES file...)
#
# A library's DEPENDS are linked PUBLIC, so a layer's users link what it was
# built on. scripts/check_layers.py (ctest: core_layers) reads these calls and
# checks every #include of src/core against them, a relative "../x.h" too,
# and that each root shows its folders and no other.
function(fleet_core_layer name)
    cmake_parse_arguments(ARG "" "" "FOLDERS;DEPENDS;SOURCES" ${ARGN})
    add_library(${name} STATIC ${ARG_SOURCES})
    set(visible ${ARG_FOLDERS})
    foreach(dep IN LISTS ARG_DEPENDS)
        get_target_property(depVisible ${dep} FLEET_LAYER_FOLDERS)
        list(APPEND visible ${depVisible})
    endforeach()
    list(REMOVE_DUPLICATES visible)
    set_target_properties(${name} PROPERTIES FLEET_LAYER_FOLDERS "${visible}"
                                             AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)

    set(root "${CMAKE_CURRENT_BINARY_DIR}/layers/${name}")
    file(MAKE_DIRECTORY "${root}")
    # Links from an earlier configure that this one does not make (a folder
    # moved to another layer) go; file(REMOVE) takes the link, not its target.
    file(GLOB present LIST_DIRECTORIES true "${root}/*")
    foreach(entry IN LISTS present)
        get_filename_component(folder "${entry}" NAME)
        if(NOT folder IN_LIST visible AND IS_SYMLINK "${entry}")
            file(REMOVE "${entry}")
        endif()
    endforeach()
    set(linked TRUE)
    foreach(folder IN LISTS visible)
        if(NOT IS_SYMLINK "${root}/${folder}")
            file(CREATE_LINK "${CMAKE_CURRENT_SOURCE_DIR}/${folder}" "${root}/${folder}"
                 RESULT result SYMBOLIC)
            if(NOT result EQUAL 0)
                set(linked FALSE)
            endif()
        endif()
    endforeach()
    if(linked)
        target_include_directories(${name} PRIVATE "${root}")
    else()
        # A file system without symbolic links (Windows without developer
        # mode): the whole of src/core, and only ctest's core_layers guards.
        message(WARNING "${name}: no symbolic links in ${root}; its files see all of src/core "
                        "(the layer check is then ctest's core_layers alone)")
        target_include_directories(${name} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}")
    endif()
    target_link_libraries(${name} PUBLIC ${ARG_DEPENDS})
    fleet_set_warnings(${name})
    # One precompiled header for the whole core: the first layer builds it,
    # the others reuse it (the same flags; only their include roots differ).
    get_property(donor GLOBAL PROPERTY FLEET_CORE_PCH_TARGET)
    if(donor)
        fleet_precompile_reuse(${name} ${donor})
    else()
        fleet_precompile(${name} core)
        set_property(GLOBAL PROPERTY FLEET_CORE_PCH_TARGET ${name})
    endif()
endfunction()
