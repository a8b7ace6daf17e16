#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-14, ASan + UBSan, in build-asan/) and
# fuzzes each for longer than CI does:
#
#   ./fuzz.sh                      every target, 10 minutes each
#   ./fuzz.sh 3600 project_sqlite  one target for an hour
#
# Targets: project_json, project_sqlite, catalog, trace, job_log, exports, sweep,
# typed_input, references. New inputs collect in
# build-asan/fuzz/TARGET/corpus across runs; findings (crash-*, timeout-*,
# oom-*, leak-*) in build-asan/fuzz/TARGET/findings/. Keep each finding as
# tests/fuzz/known/TARGET/NAME; once fixed it moves to regressions/
# (tests/fuzz/README.md).
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/fuzz_run.sh"

seconds=600
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${FLEET_FUZZ_TARGETS[@]}")
for target in "${targets[@]}"; do
  if [[ ! " ${FLEET_FUZZ_TARGETS[*]} " =~ " $target " ]]; then
    echo "Unknown fuzz target '$target'; the targets are: ${FLEET_FUZZ_TARGETS[*]}" >&2
    exit 1
  fi
done

fleet_asan_configure
fleet_asan_build $(printf 'fuzz_%s ' "${targets[@]}")
out="$FLEET_ASAN_DIR/fuzz"
for target in "${targets[@]}"; do
  fleet_fuzz_run "$seconds" "$out" "$target"
done
echo
for target in "${targets[@]}"; do
  if compgen -G "$out/$target/findings/*" >/dev/null; then
    echo "Findings of fuzz_$target (all runs):"
    fleet_fuzz_list_findings "$out" "$target"
  fi
done
