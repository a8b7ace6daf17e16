# fleet_add_test(NAME name SOURCES ... LIBS ...)
#
# One QtTest executable per area, registered with CTest and run on Qt's
# offscreen platform so that GUI tests need no display. FLEET_SOURCE_DIR and
# FLEET_TEST_DATA_DIR are compiled in for tests that read files.
function(fleet_add_test)
    cmake_parse_arguments(ARG "" "NAME;TIMEOUT" "SOURCES;LIBS" ${ARGN})
    add_executable(${ARG_NAME} ${ARG_SOURCES})
    target_link_libraries(${ARG_NAME} PRIVATE Qt6::Test ${ARG_LIBS})
    target_compile_definitions(${ARG_NAME} PRIVATE
        FLEET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        FLEET_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    fleet_set_warnings(${ARG_NAME})
    add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    set(environment "QT_QPA_PLATFORM=offscreen" "QT_LOGGING_RULES=qt.qpa.*=false"
                    ${FLEET_SANITIZER_TEST_ENV})
    set_tests_properties(${ARG_NAME} PROPERTIES
        TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "${environment}")
endfunction()
