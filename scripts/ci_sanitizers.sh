#!/usr/bin/env bash
# CI step: the sanitizer build (ASan + UBSan, clang-14) and its tests — core,
# store, CLI and the fuzz inputs' replays; the GUI tests too with
# FLEET_ASAN_GUI_TESTS=1. A sanitizer report fails its test (UBSan halts on
# the first one). Prints the build and test times and ctest's summary line.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/scripts/asan_build.sh"

fleet_asan_configure
mapfile -t targets < <(fleet_asan_targets)
build_start=$(date +%s)
fleet_asan_build "${targets[@]}"
build_seconds=$(($(date +%s) - build_start))

tests=("${FLEET_ASAN_TESTS[@]}")
if [ "${FLEET_ASAN_GUI_TESTS:-0}" = 1 ]; then
  tests+=("${FLEET_ASAN_GUI_TESTS_LIST[@]}")
fi
regex="^($(IFS='|'; echo "${tests[*]}"))\$"
# Thousands of random projects run in the normal build; 50 of them (shard 0
# of 200) under the sanitizers, where each costs several times as much.
export FLEET_PROPERTY_PROJECTS=${FLEET_ASAN_PROPERTY_PROJECTS:-200}
test_start=$(date +%s)
status=0
echo "+ ctest --test-dir $FLEET_ASAN_DIR -R '$regex' --output-on-failure --parallel 2 --timeout 1200"
ctest --test-dir "$FLEET_ASAN_DIR" -R "$regex" --output-on-failure --parallel 2 --timeout 1200 ||
  status=$?
test_seconds=$(($(date +%s) - test_start))

echo
echo "Sanitizer build (clang-14, ASan + UBSan): ${#targets[@]} targets built in ${build_seconds} s;" \
     "${#tests[@]} tests run in ${test_seconds} s."
exit $status
