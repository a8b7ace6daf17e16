#!/usr/bin/env bash
# Build FleetPlanner and run its benchmarks; each prints its median against its goal.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
source "$top/scripts/deps.sh"
fleet_ensure_deps
fleet_build benchmarks fleetplanner-cli
echo "Engine: evaluate the sample project after one changed input (goal: median ≤ 2 ms)"
"$top/build/tests/bench_engine" --benchmark_min_time=0.2 "$@"
echo
echo "Ranges: the Monte Carlo over the sample's input ranges, 1,000 draws on every core (goal: ≥ 1,000 draws of the sample in ≤ 5 s, median);"
echo "200 draws on one core (draws_per_s: one core's rate)"
"$top/build/tests/bench_ranges" "$@"
echo
echo "Project files: save and open a project of 10,000 workloads (goal: median ≤ 300 ms each)"
"$top/build/tests/bench_store" "$@"
echo
echo "Optimizer: the sample exact (goal ≤ 200 ms) and by the fast path (≤ 10 ms); generated instances"
echo "of 10, 100 and 1,000 workloads over every catalog GPU to a 1 % gap (goal for 1,000: ≤ 10 s)"
"$top/build/tests/bench_optimizer" "$@"
echo
echo "Scale: evaluate at 100 / 1,000 / 10,000 workloads (goal at 1,000: ≤ 1 s; growth exponent ≤ 1.3) and"
echo "solve to 1 % at 1,000 (goal ≤ 2 s) and 10,000 (goal ≤ 10 s, ≤ 1 GB), on scripts/scaled_project.py's projects"
mkdir -p "$top/build/bench-data"
for n in 100 1000 10000; do
  f="$top/build/bench-data/scaled-$n.fleetplan.json"
  [ -f "$f" ] || python3 "$top/scripts/scaled_project.py" "$n" -o "$f" --cli "$top/build/src/cli/fleetplanner-cli" >/dev/null
done
FLEET_SCALED_DIR="$top/build/bench-data" "$top/build/tests/bench_scale" "$@"
echo
echo "Simulator: events per second on one core (goal ≥ 2 million); the sample's three-policy frontier (goal ≤ 2 s)"
"$top/build/tests/bench_simulator" "$@"
echo
echo "Simulate at scale: \`fleetplanner-cli simulate PROJECT\` on property project 1825 (12,589 GPUs, 120 months,"
echo "its job work 19.6 × its job GPUs) and on the 1,000- and 10,000-workload projects (goal ≤ 10 s CPU, ≤ 1 GB each)"
FLEET_SCALED_DIR="$top/build/bench-data" "$top/build/tests/bench_simulate_scale" "$@"
echo
echo "App: one slider change on the sample project to charts redrawn (goal: median ≤ 16 ms, offscreen)"
"$top/build/tests/bench_gui" "$@"
echo
echo "App: one cell edit in a Workloads table to KPIs and chart updated (goals: median ≤ 16 ms on the sample, ≤ 50 ms with 1,000 workloads)"
"$top/build/tests/bench_gui_edit" "$@"
echo
echo "App at a customer's size, 1,000 and 10,000 workloads (the scaled projects above): open to first KPIs (goal ≤ 1 s; settled ≤ 2 s), one cell edit to KPIs (goal ≤ 50 ms), the longest GUI-thread stall during it (goal ≤ 100 ms), a what-if slider moved (growth: every inference service; GPU prices), growth exponent (goal ≤ 1.3)"
FLEET_SCALED_DIR="$top/build/bench-data" "$top/build/tests/bench_gui_scale" "$@"
echo
echo "App: the results shown completed on 1,000 workloads with ranges: the results' copy, and on the GUI thread setBands (the charts' fans), setPacking (a packing replay) and the optimizer's answer arriving after the results shown changed (goal ≤ 2 ms each)"
"$top/build/tests/bench_results_copy" "$@"
echo
echo "Packing: one seed of the openb default trace per policy on one core (goals: best_fit ≤ 100 ms, fgd ≤ 300 ms)"
"$top/build/tests/bench_pack" "$@"
