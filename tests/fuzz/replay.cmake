# The fuzz targets' inputs replayed in every build, gcc included, without
# libFuzzer (tests/fuzz/README.md): per target,
#   fuzz_replay_<target>  the seed corpus and every fixed finding must pass;
#   fuzz_known_<target>   every open finding must still fail (when one passes,
#                         its fix landed: move it to regressions/).
set(FLEET_FUZZ_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(FLEET_FUZZ_TARGETS project_json project_sqlite catalog trace job_log exports sweep typed_input
    references)

# fleet_fuzz_sources(out target): the sources of one fuzz target's entry function.
function(fleet_fuzz_sources out target)
    set(sources "${FLEET_FUZZ_DIR}/fuzz_${target}.cpp")
    if(target MATCHES "^project_" OR target STREQUAL "exports")
        list(APPEND sources "${FLEET_FUZZ_DIR}/fuzz_check.h" "${FLEET_FUZZ_DIR}/fuzz_check.cpp")
    endif()
    set(${out} ${sources} PARENT_SCOPE)
endfunction()

foreach(target IN LISTS FLEET_FUZZ_TARGETS)
    fleet_fuzz_sources(sources ${target})
    add_executable(replay_${target} ${sources} "${FLEET_FUZZ_DIR}/replay_main.cpp")
    target_link_libraries(replay_${target} PRIVATE fleetcore)
    set_target_properties(replay_${target} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    fleet_set_warnings(replay_${target})
    add_test(NAME fuzz_replay_${target}
             COMMAND replay_${target} "${FLEET_FUZZ_DIR}/corpus/${target}"
                     "${FLEET_FUZZ_DIR}/regressions/${target}")
    add_test(NAME fuzz_known_${target}
             COMMAND replay_${target} --expect-failure "${FLEET_FUZZ_DIR}/known/${target}")
    set_tests_properties(fuzz_replay_${target} fuzz_known_${target} PROPERTIES
        TIMEOUT 600 ENVIRONMENT "${FLEET_SANITIZER_TEST_ENV}")
endforeach()
