#!/usr/bin/env bash
# Builds FleetPlanner and its Debian package: build/FleetPlanner-<version>-Linux.deb.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/deps.sh"
fleet_ensure_deps
fleet_build
cmake --build "$top/build" --target package
ls "$top"/build/FleetPlanner-*.deb
