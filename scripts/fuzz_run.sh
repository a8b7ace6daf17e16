#!/usr/bin/env bash
# Runs the libFuzzer targets of build-asan/ (tests/fuzz/README.md). Sourced by
# ./fuzz.sh and scripts/ci_fuzz.sh.

source "$(dirname "${BASH_SOURCE[0]}")/asan_build.sh"

FLEET_FUZZ_TARGETS=(project_json project_sqlite catalog trace job_log exports sweep typed_input references)
FLEET_FUZZ_SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tests/fuzz"

# fleet_fuzz_run SECONDS OUTDIR TARGET: fuzzes one target for SECONDS.
# New inputs go to OUTDIR/TARGET/corpus (the checked-in corpus is read, never
# written); crashes, timeouts (-timeout) and runaway memory (-rss_limit_mb) to
# OUTDIR/TARGET/findings/. One fork keeps fuzzing after a finding, so a known
# bug does not hide the others. Prints one summary line; sets FLEET_FUZZ_FOUND
# to the number of findings.
fleet_fuzz_run() {
  local seconds=$1 out=$2 target=$3
  local bin="$FLEET_ASAN_DIR/tests/fuzz/fuzz_$target"
  local dir="$out/$target"
  mkdir -p "$dir/corpus" "$dir/findings"
  local scratch
  scratch=$(mktemp -d "${FLEET_FUZZ_SCRATCH:-/tmp}/fleet-fuzz-$target.XXXXXX")
  local args=(
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
    -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -malloc_limit_mb=2048
    -artifact_prefix="$dir/findings/"
  )
  [ -f "$FLEET_FUZZ_SOURCE/$target.dict" ] && args+=(-dict="$FLEET_FUZZ_SOURCE/$target.dict")
  echo "+ fuzz_$target ${args[*]} $dir/corpus tests/fuzz/corpus/$target tests/fuzz/regressions/$target"
  local start=$SECONDS
  touch "$dir/log.start"
  # TMPDIR: fuzz_project_sqlite writes its inputs there; removed afterwards.
  TMPDIR="$scratch" \
  ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:${ASAN_OPTIONS:-}" \
  UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$FLEET_FUZZ_SOURCE/../sanitizers/ubsan.supp" \
  LSAN_OPTIONS="suppressions=$FLEET_FUZZ_SOURCE/../sanitizers/lsan.supp:print_suppressions=0" \
    "$bin" "${args[@]}" "$dir/corpus" "$FLEET_FUZZ_SOURCE/corpus/$target" \
      "$FLEET_FUZZ_SOURCE/regressions/$target" >"$dir/log" 2>&1 || true
  rm -rf "$scratch"
  local elapsed=$((SECONDS - start))
  # Fork mode's progress lines: "#EXECS: cov: C ft: F corp: N exec/s: E oom/timeout/crash: O/T/C time: S ...".
  local last
  last=$(grep -E '^#[0-9]+: cov:' "$dir/log" | tail -1)
  local execs cov ft rate=""
  execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$last")
  cov=$(sed -E 's/.* cov: ([0-9]+) .*/\1/' <<<"$last")
  ft=$(sed -E 's/.* ft: ([0-9]+) .*/\1/' <<<"$last")
  # The average over the run (fork mode's own exec/s is per job).
  [ -n "$execs" ] && [ "$elapsed" -gt 0 ] && rate=$((execs / elapsed))
  FLEET_FUZZ_FOUND=$(find "$dir/findings" -type f \( -name 'crash-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'leak-*' -o -name 'slow-unit-*' \) -newer "$dir/log.start" 2>/dev/null | wc -l)
  printf 'fuzz_%-15s %4d s  %9s execs  %6s exec/s  cov %5s  ft %6s  findings %d  (log: %s)\n' \
    "$target" "$elapsed" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$FLEET_FUZZ_FOUND" "$dir/log"
}

# fleet_fuzz_list_findings OUTDIR TARGET: each finding with its sanitizer's verdict.
fleet_fuzz_list_findings() {
  local out=$1 target=$2 f
  for f in "$out/$target/findings"/*; do
    [ -f "$f" ] || continue
    echo "  $f"
  done
  grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|fuzz property broken|ERROR: libFuzzer)' \
    "$out/$target/log" | sort | uniq -c | sort -rn | head -20 | sed 's/^/    /' || true
}
