#!/usr/bin/env bash
# The main job: build FleetPlanner and open it. Without a display, run the
# headless equivalent and say where its output went.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/deps.sh"
fleet_ensure_deps
fleet_build fleetplanner fleetplanner-cli

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$top/build/src/app/fleetplanner" "$@"
fi

echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): running the headless equivalent."
cli="$top/build/src/cli/fleetplanner-cli"
mkdir -p "$top/out"
# The sample ships with the knee of its scheduler policy measured by the
# simulator (fleetplanner-cli measure-ceiling), and is planned on it, as the
# app plans it (docs/MODEL.md, "Planning on the measured knee").
sample=:sample
echo "The bundled sample project, planned on the utilization ceiling the simulator"
echo "measured for it. Evaluated by the engine (fleetplanner-cli evaluate :sample):"
echo
"$cli" evaluate "$sample"
echo
echo "Its utilization frontier per scheduling policy (fleetplanner-cli simulate :sample):"
"$cli" simulate "$sample"
echo
for kind in cost-per-token cost-per-training-token cost-curve frontier regime-mix break-even \
            tornado scenarios compute-price optimizer-mix; do
  "$cli" chart "$sample" --kind "$kind" --slide --scale 2 -o "$top/out/$kind.png" | head -1
done
echo
echo "Every chart of the app, as 16:9 slides, is in $top/out/ (PDF or SVG: --format pdf|svg)."
echo "On a desktop, ./run.sh opens the window instead (./run.sh --present for a demo)."
