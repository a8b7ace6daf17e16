#!/usr/bin/env bash
# Builds FleetPlanner and its Debian package: build/FleetPlanner-<version>-Linux.deb.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/deps.sh"
fleet_ensure_deps
# What the package installs (the app, the CLI, the rendered icons); the
# tests are not built for it (CMAKE_SKIP_PACKAGE_ALL_DEPENDENCY in CMakeLists.txt).
fleet_build fleetplanner fleetplanner-cli fleet_icons
cmake --build "$top/build" --target package
ls "$top"/build/FleetPlanner-*.deb
