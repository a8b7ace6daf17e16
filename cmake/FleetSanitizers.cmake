# Sanitizer and fuzzing builds of FleetPlanner's own code.
#
#   -DFLEET_SANITIZE=address,undefined   ASan + UBSan (UBSan halts on the first
#                                        report); any -fsanitize= list works
#   -DFLEET_BUILD_FUZZERS=ON             libFuzzer targets in tests/fuzz/ (Clang
#                                        only); our code also gets coverage
#                                        instrumentation (fuzzer-no-link)
#
# Both apply to FleetPlanner's targets only (through fleet_set_warnings), never
# to Qt, Boost, SQLite or CBC. scripts/ci_sanitizers.sh builds build-asan/ with
# clang-14 this way.
set(FLEET_SANITIZE "" CACHE STRING
    "Comma-separated -fsanitize= list for FleetPlanner's own targets (e.g. address,undefined)")
option(FLEET_BUILD_FUZZERS "Build the libFuzzer targets in tests/fuzz (Clang only)" OFF)

if(FLEET_BUILD_FUZZERS AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "FLEET_BUILD_FUZZERS needs Clang (libFuzzer): "
                        "-DCMAKE_CXX_COMPILER=clang++-14")
endif()

set(FLEET_SANITIZER_FLAGS "")
if(FLEET_SANITIZE)
    if(FLEET_SANITIZE STREQUAL "ON")
        set(FLEET_SANITIZE "address,undefined")
    endif()
    list(APPEND FLEET_SANITIZER_FLAGS "-fsanitize=${FLEET_SANITIZE}" -fno-omit-frame-pointer)
    if(FLEET_SANITIZE MATCHES "undefined")
        # A report is a failure, not a line in a log nobody reads.
        list(APPEND FLEET_SANITIZER_FLAGS -fno-sanitize-recover=undefined)
    endif()
    message(STATUS "FleetPlanner targets built with ${FLEET_SANITIZER_FLAGS}")
endif()

# What tests run with in a sanitizer build (fleet_add_test adds it to each
# test's environment; child processes such as fleetplanner-cli inherit it):
# halt on the first report, full stacks, the suppressions of third-party
# reports in tests/sanitizers/, and exit status 86 on a report, so that a test
# expecting the CLI's exit status 1 (a user error) cannot mistake one for it.
set(FLEET_SANITIZER_TEST_ENV "")
if(FLEET_SANITIZE)
    set(supp "${PROJECT_SOURCE_DIR}/tests/sanitizers")
    list(APPEND FLEET_SANITIZER_TEST_ENV
         "ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:check_initialization_order=1:exitcode=86"
         "LSAN_OPTIONS=suppressions=${supp}/lsan.supp:print_suppressions=0"
         "UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=86:suppressions=${supp}/ubsan.supp")
endif()

# fleet_enable_sanitizers(target): called by fleet_set_warnings for every target of ours.
function(fleet_enable_sanitizers target)
    if(FLEET_SANITIZER_FLAGS)
        target_compile_options(${target} PRIVATE ${FLEET_SANITIZER_FLAGS})
        target_link_options(${target} PRIVATE ${FLEET_SANITIZER_FLAGS})
    endif()
    if(FLEET_BUILD_FUZZERS)
        # Coverage counters for libFuzzer; the fuzz targets link the runtime.
        target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endif()
endfunction()
