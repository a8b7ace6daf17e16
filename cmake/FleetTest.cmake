# The tests of a layer are one executable (issue 29: three links instead of
# eighty, each of which pulled Qt and the whole core in again):
#
#   fleet_add_test_group(NAME fleet_tests_core [WIDGETS] [SOURCES …] [LIBS …])
#   fleet_add_test(NAME test_catalog SOURCES core/test_catalog.cpp [TIMEOUT s])
#
# fleet_add_test adds a test file to its folder's group (core/ → fleet_tests_core,
# cli/ → fleet_tests_cli, gui/ → fleet_tests_gui) and registers it with CTest
# under its own name, as `GROUP NAME` (tests/support/fleet_test.h): each test
# keeps its process, its time limit and its place in ctest's parallel run.
# Tests run on Qt's offscreen platform, so GUI tests need no display.
# FLEET_SOURCE_DIR and FLEET_TEST_DATA_DIR are compiled in for tests that read
# files.

# fleet_add_test_group(NAME target [WIDGETS] [SOURCES …] [LIBS …])
function(fleet_add_test_group)
    cmake_parse_arguments(ARG "WIDGETS" "NAME" "SOURCES;LIBS" ${ARGN})
    add_executable(${ARG_NAME} "${PROJECT_SOURCE_DIR}/tests/support/test_main.cpp"
                               "${PROJECT_SOURCE_DIR}/tests/support/fleet_test.h" ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE Qt6::Test ${ARG_LIBS})
    target_include_directories(${ARG_NAME} PRIVATE "${PROJECT_SOURCE_DIR}/tests")
    target_compile_definitions(${ARG_NAME} PRIVATE
        FLEET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        FLEET_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    if(ARG_WIDGETS)
        target_compile_definitions(${ARG_NAME} PRIVATE FLEET_TEST_WIDGETS)
    endif()
    # QtTest, Boost.JSON (and Qt Widgets) parsed once per group, not per file.
    if(ARG_WIDGETS)
        fleet_precompile(${ARG_NAME} widgets-test)
    else()
        fleet_precompile(${ARG_NAME} test)
    endif()
    fleet_set_warnings(${ARG_NAME})
endfunction()

# fleet_add_test(NAME name SOURCES file… [TIMEOUT seconds] [GROUP target])
# GROUP puts a folder's tests into another layer's executable (invariants/ →
# fleet_tests_core: one link fewer).
function(fleet_add_test)
    cmake_parse_arguments(ARG "" "NAME;TIMEOUT;GROUP" "SOURCES" ${ARGN})
    list(GET ARG_SOURCES 0 first)
    string(REGEX MATCH "^[a-z]+" layer "${first}")
    set(group fleet_tests_${layer})
    if(ARG_GROUP)
        set(group ${ARG_GROUP})
    endif()
    get_filename_component(stem "${first}" NAME_WE)
    if(NOT stem STREQUAL ARG_NAME)
        message(FATAL_ERROR "${ARG_NAME}: a test is named after its file (${first})")
    endif()
    if(NOT TARGET ${group})
        message(FATAL_ERROR "${ARG_NAME}: no test group ${group} for ${first}")
    endif()
    target_sources(${group} PRIVATE ${ARG_SOURCES})
    add_test(NAME ${ARG_NAME} COMMAND ${group} ${ARG_NAME})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    # A limit guards against hangs; it never decides a pass (issue 29). The
    # sanitizer build runs 4 to 15 times slower (test_optimizer_models: 19 s,
    # over 300 s under ASan), so its limits are four times as long. QtTest's
    # own per-function watchdog (300 s by default) gets CTest's limit less a
    # minute where that is longer, so that CTest's limit is the one that applies.
    if(FLEET_SANITIZE)
        math(EXPR ARG_TIMEOUT "${ARG_TIMEOUT} * 4")
    endif()
    set(environment "QT_QPA_PLATFORM=offscreen" "QT_LOGGING_RULES=qt.qpa.*=false"
                    ${FLEET_SANITIZER_TEST_ENV})
    math(EXPR function_ms "(${ARG_TIMEOUT} - 60) * 1000")
    if(function_ms GREATER 300000)
        list(APPEND environment "QTEST_FUNCTION_TIMEOUT=${function_ms}")
    endif()
    set_tests_properties(${ARG_NAME} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "${environment}")
endfunction()
