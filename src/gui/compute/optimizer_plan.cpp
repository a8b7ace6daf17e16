#include "compute/optimizer_plan.h"

#include "engine/chart_data.h"
#include "optimize/plan_gpu_counts.h"
#include "optimize/regime_mix.h"

namespace fleet::gui {

void solveOptimizerPlan(PlanResults& results, const OptimizeOptions& options)
{
    results.optimizer.reset();
    results.optimizerRefusal.clear();
    OptimizeOptions solving = options;
    solving.evaluation = &results.evaluation; // of results.project: its options, built once
    auto solved = optimizeRegimeMix(results.project, solving);
    if (solved)
        results.optimizer = std::move(solved).value();
    else
        results.optimizerRefusal = solved.error().toString();
    results.optimizerCurrent = true;
}

bool hasOptimizerAnswer(const PlanResults& results)
{
    return results.optimizer.has_value() || !results.optimizerRefusal.empty();
}

OptimizerMix optimizerMix(const PlanResults& results)
{
    OptimizerMix mix;
    mix.months = results.regimeMix.months;
    if (!results.optimizer)
        return mix;
    // Counted as the engine's plan is (engine/gpu_counts.h): GPUs held by
    // regime, then those paid but not held.
    const GpuCounts counts = planGpuCounts(results.project, results.evaluation, *results.optimizer);
    for (auto& [name, values] : mixSeries(regimeMixOf(counts, mix.months))) {
        mix.series.push_back(std::move(name));
        mix.gpus.push_back(std::move(values));
    }
    return mix;
}

} // namespace fleet::gui
