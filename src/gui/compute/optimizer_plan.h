#pragma once

// The regime-mix optimizer's plan for exports: solved synchronously (the
// command line, where no recompute service runs it), and its GPUs held per
// month by regime — the one table the optimizer's chart and the workbook's
// sheet and chart are drawn from.

#include "compute/plan_results.h"

#include <string>
#include <vector>

namespace fleet::gui {

/// Runs the solve on `results.project` with `options` (by default those of
/// `fleetplanner-cli solve`: the exact solve, cost objective, 10 s, gap 1e-4)
/// and sets `optimizer` (current) or, when the model is refused,
/// `optimizerRefusal`.
void solveOptimizerPlan(PlanResults& results, const OptimizeOptions& options = {});

/// Whether the optimizer ran on these results (a plan or a refusal).
bool hasOptimizerAnswer(const PlanResults& results);

/// GPUs the optimizer's plan holds, by regime and month, whatever their
/// model and plan, counted as the engine's plan is (optimize/plan_gpu_counts.h):
/// regimes in their usual order, then GPUs paid but not held that month
/// (committed GPUs not set up). Empty `series` when there is no plan.
struct OptimizerMix
{
    std::vector<std::string> months;       ///< the horizon's months, as the regime mix names them
    std::vector<std::string> series;       ///< "Bare metal", …, "Paid, not held"
    std::vector<std::vector<double>> gpus; ///< [series][month]
};
OptimizerMix optimizerMix(const PlanResults& results);

} // namespace fleet::gui
