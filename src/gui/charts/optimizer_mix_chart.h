#pragma once

// Chart: the regime-mix optimizer's plan — GPUs held by month, stacked by
// regime (and "paid, not held": engine/gpu_counts.h) — titled with how it was found (the fast
// path while inputs move, the exact solve once they settle), its status and
// gap. The engine's per-workload choice is the regime-mix chart.

#include "compute/plan_results.h"

#include <QString>

class QChart;

namespace fleet::gui {

QChart* createOptimizerMixChart(const PlanResults& results);

/// "Exact solve: optimal, gap 0.0 %", "Fast path (LP rounded): feasible,
/// gap 2.1 %", "Solving: …", "No plan: <reason>"; "of an earlier state" added
/// while the plan is not yet of the inputs shown.
QString optimizerPlanStatus(const PlanResults& results);

} // namespace fleet::gui
