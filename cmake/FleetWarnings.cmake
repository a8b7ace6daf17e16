# fleet_set_warnings(target): warnings on for FleetPlanner's own code.
# Third-party headers come in as SYSTEM includes through their imported targets,
# so their warnings do not count against ours. It also applies the sanitizer
# and fuzzing options (cmake/FleetSanitizers.cmake) to every target of ours.
function(fleet_set_warnings target)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                                                 -Wnon-virtual-dtor -Wold-style-cast)
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_UNITY_BUILD)
            # A class of ours with a member from an anonymous namespace is fine
            # in its own .cpp; GCC warns only because the unity build includes
            # that .cpp into another file.
            target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
        endif()
        if(FLEET_WARNINGS_AS_ERRORS)
            target_compile_options(${target} PRIVATE -Werror)
        endif()
    endif()
    fleet_enable_sanitizers(${target})
endfunction()
