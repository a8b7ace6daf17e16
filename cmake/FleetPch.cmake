# Precompiled headers (issue 29): the third-party headers most of a target's
# files include, parsed once per target instead of once per file. A file's
# parse was half its compile time (Boost.JSON reaches most GUI files through
# the document's headers; Qt Widgets and Charts all of them). Only headers
# from outside FleetPlanner, so a change of ours never rebuilds a header.
#
#   fleet_precompile(target core|widgets|test|widgets-test)
#   fleet_precompile_reuse(target donor)
#
# -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON builds without them (and finds a file
# that forgot an include).
set(FLEET_PCH_STD <algorithm> <cmath> <functional> <map> <memory> <optional> <set> <string>
                  <string_view> <utility> <vector>)
set(FLEET_PCH_WIDGETS <QString> <QStringList> <QObject> <QWidget> <QLabel> <QPushButton>
                      <QBoxLayout> <QComboBox> <QTableView> <QHeaderView> <QLocale> <QChart>
                      <QValueAxis> <QBarSet>)

function(fleet_precompile target kind)
    set(headers ${FLEET_PCH_STD} <boost/json.hpp>)
    if(kind MATCHES "widgets")
        list(APPEND headers ${FLEET_PCH_WIDGETS})
    endif()
    if(kind MATCHES "test")
        list(APPEND headers <QtTest>)
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
    fleet_pch_warnings(${target})
endfunction()

# fleet_precompile_reuse(target donor): `donor`'s precompiled header for
# `target` too (the core's layers: one header built once, not once a layer).
function(fleet_precompile_reuse target donor)
    target_precompile_headers(${target} REUSE_FROM ${donor})
    fleet_pch_warnings(${target})
endfunction()

function(fleet_pch_warnings target)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT CMAKE_DISABLE_PRECOMPILE_HEADERS)
        # GCC 12 loses the system-header status of libstdc++ inlined from a
        # precompiled header, so its known false positives of std::string at
        # -O2 (GCC bugs 105329, 105651) were reported against our files.
        # Clang's sanitizer build keeps these checks.
        target_compile_options(${target} PRIVATE -Wno-restrict -Wno-stringop-overflow
                                                 -Wno-array-bounds -Wno-stringop-overread)
    endif()
endfunction()
