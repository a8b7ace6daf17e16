# macOS disk image (DragNDrop). UNTESTED: it cannot be built on the Debian
# machines this project is built and checked on. Before it is used: the app
# target must be a MACOSX_BUNDLE with an Info.plist that declares the
# .fleetplan document type (CFBundleDocumentTypes, UTI org.fleetplanner.project),
# an .icns icon made from resources/icons/fleetplanner.svg, and macdeployqt run
# on the bundle to copy Qt's frameworks and plugins.
set(CPACK_GENERATOR DragNDrop)
set(CPACK_DMG_VOLUME_NAME "FleetPlanner ${PROJECT_VERSION}")
set(CPACK_DMG_FORMAT UDZO)
# set(CPACK_PACKAGE_ICON "${CMAKE_CURRENT_LIST_DIR}/fleetplanner.icns")  # still to be made
