# What makes a build on two cores take minutes rather than half an hour
# (issue 29), each used only where Debian's package is installed:
#
# - ccache (Debian: ccache) as the compiler launcher: a second build of the
#   same sources, in this folder or in another clone (CI's, a worktree), is
#   read from the cache. CCACHE_BASEDIR makes the paths under the checkout
#   relative, so clones share entries; the sloppiness lets it cache the
#   objects that use a precompiled header; depend mode hashes the compiler's
#   own dependency list instead of running the preprocessor a second time, so
#   a cold build pays almost nothing for the cache.
# - mold (Debian: mold), else lld (Debian: lld), as the linker: GNU ld took
#   most of each test executable's link.
#
# - A unity build: each target's files compiled eight at a time, so the
#   headers and the templates they share are parsed and optimised once per
#   eight files instead of once per file (a cold build of the app and the CLI
#   took half the time). A name of internal linkage (anonymous namespace or
#   static) must then be unique within its target: scripts/check_unity_names.py
#   checks it in CI, since two such functions of the same name and different
#   parameters would overload each other silently. -DFLEET_UNITY_BUILD=OFF
#   compiles file by file (a touched file then rebuilds alone).
#
# -DFLEET_FAST_TOOLS=OFF uses neither ccache nor mold/lld.
option(FLEET_UNITY_BUILD "Compile each target's files in batches of eight" ON)
if(FLEET_UNITY_BUILD)
    set(CMAKE_UNITY_BUILD ON)
    set(CMAKE_UNITY_BUILD_BATCH_SIZE 8)
endif()
option(FLEET_FAST_TOOLS "Use ccache and mold/lld when they are installed" ON)

if(FLEET_FAST_TOOLS)
    find_program(FLEET_CCACHE ccache)
    if(FLEET_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
        set(CMAKE_CXX_COMPILER_LAUNCHER /usr/bin/env
            CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
            CCACHE_DEPEND=1
            "CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}" ${FLEET_CCACHE})
        message(STATUS "Compiling through ${FLEET_CCACHE}")
    endif()
    find_program(FLEET_MOLD ld.mold)
    find_program(FLEET_LLD ld.lld)
    if(FLEET_MOLD)
        add_link_options(-fuse-ld=mold)
        message(STATUS "Linking with ${FLEET_MOLD}")
    elseif(FLEET_LLD)
        add_link_options(-fuse-ld=lld)
        message(STATUS "Linking with ${FLEET_LLD}")
    endif()
endif()
