#!/usr/bin/env bash
# CI step: every C++ file of src/ and tests/ must match .clang-format
# (clang-format 14). Lists the files that do not and fails; fix them with
#   clang-format-14 -i FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
fleet_ensure_packages clang-format-14

mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 2>/dev/null ||
                     find src tests -name '*.cpp' -o -name '*.h')
echo "+ clang-format-14 --dry-run --Werror (${#files[@]} files of src/ and tests/)"
# Fifty files a process, two processes at a time; only when that fails is
# each file checked alone, to name the ones to fix.
if printf '%s\0' "${files[@]}" | xargs -0 -n 50 -P 2 clang-format-14 --dry-run --Werror \
     >/dev/null 2>&1; then
  echo "clang-format: all ${#files[@]} files formatted."
  exit 0
fi
failing=()
for file in "${files[@]}"; do
  if ! clang-format-14 --dry-run --Werror "$file" >/dev/null 2>&1; then
    failing+=("$file")
  fi
done
if [ ${#failing[@]} -eq 0 ]; then
  echo "clang-format: all ${#files[@]} files formatted."
  exit 0
fi
printf '  not formatted: %s\n' "${failing[@]}"
echo "clang-format: ${#failing[@]} of ${#files[@]} files not formatted (clang-format-14 -i them)."
exit 1
