#!/usr/bin/env bash
# Build FleetPlanner and run every test (QtTest executables through CTest,
# GUI tests on Qt's offscreen platform: no display needed).
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/deps.sh"
fleet_ensure_deps
fleet_build
ctest --test-dir "$top/build" --output-on-failure --parallel 2 --timeout 600
