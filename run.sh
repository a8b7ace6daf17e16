#!/usr/bin/env bash
# The main job: build FleetPlanner and open it. Without a display, run the
# headless equivalent and say where its output went.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/deps.sh"
fleet_ensure_deps
fleet_build

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$top/build/src/app/fleetplanner" "$@"
fi

echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): running the headless equivalent."
echo "The bundled sample project, evaluated by the engine (fleetplanner-cli evaluate :sample):"
echo
"$top/build/src/cli/fleetplanner-cli" evaluate :sample
echo
mkdir -p "$top/out"
for book in example-2024 market-2026; do
  "$top/build/src/cli/fleetplanner-cli" chart --kind compute-price --price-book "$book" \
    -o "$top/out/compute-price-$book.png"
done
echo
echo "Charts of USD per dense PFLOP-hour for each price book are in $top/out/."
echo "The GPU catalog: $top/build/src/cli/fleetplanner-cli catalog"
echo "On a desktop, ./run.sh opens the window instead."
