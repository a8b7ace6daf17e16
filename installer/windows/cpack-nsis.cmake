# Windows installer (NSIS). UNTESTED: it cannot be built on the Debian machines
# this project is built and checked on. Before it is used: the POSIX-only
# atomic save (src/core/io/atomic_file.cpp uses fsync and kill) needs a
# Windows implementation (FlushFileBuffers, MoveFileEx), and windeployqt must
# copy the Qt DLLs and plugins into the install tree.
set(CPACK_GENERATOR NSIS)
set(CPACK_NSIS_DISPLAY_NAME "FleetPlanner")
set(CPACK_NSIS_PACKAGE_NAME "FleetPlanner ${PROJECT_VERSION}")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\fleetplanner.exe")
# An .ico made from resources/icons/fleetplanner.svg is still to be added:
# set(CPACK_NSIS_MUI_ICON "${CMAKE_CURRENT_LIST_DIR}/fleetplanner.ico")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_PACKAGE_EXECUTABLES "fleetplanner" "FleetPlanner")
set(CPACK_CREATE_DESKTOP_LINKS "fleetplanner")
# .fleetplan files open with FleetPlanner on a double-click.
set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS [=[
  WriteRegStr HKCR ".fleetplan" "" "FleetPlanner.Project"
  WriteRegStr HKCR "FleetPlanner.Project" "" "FleetPlanner project"
  WriteRegStr HKCR "FleetPlanner.Project\\shell\\open\\command" "" '"$INSTDIR\\bin\\fleetplanner.exe" "%1"'
]=])
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS [=[
  DeleteRegKey HKCR ".fleetplan"
  DeleteRegKey HKCR "FleetPlanner.Project"
]=])
